// The WebAssembly engine's speed against native (docs/performance.md): random playouts, plies per
// second, per game, natively (`gabata bench`: CPU time of its thread), in node (CPU time of the
// process) and in Chromium (CPU time of the page's main thread, from the DevTools protocol's
// Performance metrics in thread ticks), each a run of about SECONDS after a warm-up, alternated
// ROUNDS times; prints the medians and the ratios, and the wall-time figures beside them (on a
// loaded machine the wall clock counts other programs' time too). Then perft from the start of
// every game (L'ab al-Akil's after its layout) to the depth PERFT_DEPTH gives, as nodes per CPU
// second: native `gabata perft` (the process's CPU time, clock()) against the engine in node and
// in Chromium, alternated ROUNDS times too. Figures only.
//   GABATA=build-rel/gabata GABATA_WASM=build-wasm node tests/web/wasm_speed.js [ROUNDS] [SECONDS]
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { chromium } = require('playwright-core');
const W = require('./wasm');
const { gabataBinary } = require('./server');

const ROUNDS = Number(process.argv[2] || 3);
const SECONDS = Number(process.argv[3] || 2);
const GAMES = ['sadeqa', 'qelat', 'akil', 'bulto'];
const BENCH_GAMES = { sadeqa: 20000, qelat: 600, akil: 6000, bulto: 12000 };
const PERFT_DEPTH = { sadeqa: 8, qelat: 10, akil: 11, bulto: 7 };
const AKIL_START = 'akil board=6,6,6,6,6,6/6,6,6,6,6,6 stores=0,0 turn=N phase=choice ply=1';
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function native(variant) {
  const out = execFileSync(gabataBinary(), ['bench', variant, '--games', String(BENCH_GAMES[variant])], { encoding: 'utf8' });
  return Number(out.match(/plies\/s\s+(\d+)/)[1]);
}

// native perft: the count, and the CPU seconds gabata perft prints for the last depth
function nativePerft(variant) {
  const d = PERFT_DEPTH[variant];
  const args = variant === 'akil' ? ['perft', 'akil', String(d), '--position', AKIL_START] : ['perft', variant, String(d)];
  const last = execFileSync(gabataBinary(), args, { encoding: 'utf8' }).trim().split('\n').pop();
  const m = last.match(/^perft \d+ (\d+)\s+\(([\d.]+) s\)/);
  return { count: Number(m[1]), seconds: Number(m[2]) };
}
const perftJob = (variant) => ({ kind: 'perft', variant, depth: PERFT_DEPTH[variant], moves: variant === 'akil' ? [W.AKIL_LAYOUT] : [] });

async function main() {
  const M = await W.loadNode();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-speed-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  await page.setContent('<!doctype html><title>speed</title>');
  await page.addScriptTag({ path: path.join(W.wasmDir(), 'gabata.js') });
  const bytes = fs.readFileSync(path.join(W.wasmDir(), 'gabata.wasm')).toString('base64');
  await page.evaluate(async ([b64, src]) => {
    const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    window.M = await window.createGabata({ wasmBinary: bin });
    window.figures = new Function(`return ${src}`)();
  }, [bytes, W.wasmFigures.toString()]);
  const job = (variant, ms) => ({ kind: 'speed', variant, ms, batch: variant === 'qelat' ? 1 : 10 });
  const res = {};
  for (const v of GAMES) { // warm up: the engines compile the hot code in tiers
    W.wasmFigures(M, job(v, 500));
    await page.evaluate((j) => window.figures(window.M, j), job(v, 500));
    res[v] = { native: [], node: [], chromium: [], nodeWall: [], chromiumWall: [] };
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of GAMES) {
      res[v].native.push(native(v));
      const a = W.wasmFigures(M, job(v, SECONDS * 1000));
      res[v].node.push(a.pliesPerCpuSec);
      res[v].nodeWall.push(a.pliesPerSec);
      const t0 = await taskSeconds();
      const c = await page.evaluate((j) => window.figures(window.M, j), job(v, SECONDS * 1000));
      const cpu = (await taskSeconds()) - t0;
      res[v].chromium.push(c.plies / cpu);
      res[v].chromiumWall.push(c.pliesPerSec);
    }
  }
  const perft = {};
  for (const v of GAMES) perft[v] = { native: [], node: [], chromium: [], count: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    for (const v of GAMES) {
      const n = nativePerft(v);
      perft[v].native.push(n.count / n.seconds);
      const cpu0 = process.cpuUsage();
      const a = W.wasmFigures(M, perftJob(v));
      const cpu = process.cpuUsage(cpu0);
      perft[v].node.push(a.count / ((cpu.user + cpu.system) / 1e6));
      const t0 = await taskSeconds();
      const c = await page.evaluate((j) => window.figures(window.M, j), perftJob(v));
      perft[v].chromium.push(c.count / ((await taskSeconds()) - t0));
      if (a.count !== n.count || c.count !== n.count) throw new Error(`${v}: perft ${n.count}, node ${a.count}, Chromium ${c.count}`);
      perft[v].count = n.count;
    }
  }
  await ctx.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log(`random playouts, plies per CPU second, medians of ${ROUNDS} alternated runs (${os.cpus()[0].model}, load ${os.loadavg()[0].toFixed(1)})`);
  console.log('| game | native | WebAssembly, node | WebAssembly, Chromium | node/native | Chromium/native | wall: node, Chromium |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const f = (x) => Math.round(x).toLocaleString('en-US');
  for (const v of GAMES) {
    const n = median(res[v].native), a = median(res[v].node), c = median(res[v].chromium);
    console.log(`| ${v} | ${f(n)} | ${f(a)} | ${f(c)} | ${(a / n).toFixed(2)} | ${(c / n).toFixed(2)} | ${f(median(res[v].nodeWall))}, ${f(median(res[v].chromiumWall))} |`);
  }
  console.log(`\nperft, nodes per CPU second, medians of ${ROUNDS} alternated runs`);
  console.log('| game, depth (count) | native | WebAssembly, node | WebAssembly, Chromium | node/native | Chromium/native |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const v of GAMES) {
    const n = median(perft[v].native), a = median(perft[v].node), c = median(perft[v].chromium);
    console.log(`| ${v}, ${PERFT_DEPTH[v]} (${f(perft[v].count)}) | ${f(n)} | ${f(a)} | ${f(c)} | ${(a / n).toFixed(2)} | ${(c / n).toFixed(2)} |`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
