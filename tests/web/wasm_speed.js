// The WebAssembly engine's speed against native (docs/performance.md): random playouts, plies per
// second, per game, natively (`gabata bench`: CPU time of its thread), in node (CPU time of the
// process) and in Chromium (CPU time of the page's main thread, from the DevTools protocol's
// Performance metrics in thread ticks), each a run of about SECONDS after a warm-up, alternated
// ROUNDS times; prints the medians and the ratios, and the wall-time figures beside them (on a
// loaded machine the wall clock counts other programs' time too). Figures only.
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
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function native(variant) {
  const out = execFileSync(gabataBinary(), ['bench', variant, '--games', String(BENCH_GAMES[variant])], { encoding: 'utf8' });
  return Number(out.match(/plies\/s\s+(\d+)/)[1]);
}

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
}

main().catch((e) => { console.error(e); process.exit(1); });
