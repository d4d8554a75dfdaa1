// What the WebAssembly tests share: where the build is, the native program's figures (run here,
// never pasted), and the same figures from the WebAssembly engine, computed by the same code in
// node (wasm.test.js) and in Chromium (wasm_browser.test.js, which sends this file to the page).
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { gabataBinary } = require('./server');

const ROOT = path.resolve(__dirname, '..', '..');

// The folder with gabata.js and gabata.wasm (scripts/build-wasm): GABATA_WASM, else build-wasm/.
function wasmDir() {
  const dir = process.env.GABATA_WASM || path.join(ROOT, 'build-wasm');
  if (!fs.existsSync(path.join(dir, 'gabata.wasm'))) {
    throw new Error(`no WebAssembly build in ${dir}: run scripts/build-wasm (or set GABATA_WASM)`);
  }
  return dir;
}

function loadNode() {
  const dir = wasmDir();
  // gabata.js is emscripten's loader, a factory; given the module's bytes it does not try to
  // fetch() them (node 20's fetch takes no file path)
  const createGabata = require(path.join(dir, 'gabata.js'));
  return createGabata({ wasmBinary: fs.readFileSync(path.join(dir, 'gabata.wasm')) });
}

// ---- the native program ----
const run = (args, input) => execFileSync(gabataBinary(), args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });

// `gabata perft V D [opts] [--position P]`: the count at depth D
function nativePerft(variant, depth, opts, position) {
  const args = ['perft', variant, String(depth), ...(opts ? opts.split(' ') : [])];
  if (position) args.push('--position', position);
  const lines = run(args).trim().split('\n');
  const m = lines[lines.length - 1].match(/^perft (\d+) (\d+)/);
  if (!m || Number(m[1]) !== depth) throw new Error(`perft output: ${lines.join(' / ')}`);
  return Number(m[2]);
}

// `gabata bench V --games 10 --seed S`: its statistics. Its ten slices of one game each go on on
// one random source (gb_random_playouts_next, cli/main.c): the ten games of gb_random_playouts
// from S. Plies/game at one decimal gives the exact total.
function nativeBench(variant, seed) {
  const out = run(['bench', variant, '--games', '10', '--seed', String(seed)]);
  const pg = out.match(/plies\/game\s+([\d.]+)\s+\(min (\d+), max (\d+)\)/);
  const lp = out.match(/laps\/ply\s+([\d.]+)/);
  const rs = out.match(/results\s+South ([\d.]+)%\s+North ([\d.]+)%\s+draw ([\d.]+)%/);
  const er = out.match(/end reasons\s+rule (\d+)\s+repetition (\d+)\s+cap (\d+)\s+endless (\d+)/);
  const ps = out.match(/plies\/s\s+(\d+)/);
  if (!pg || !lp || !rs || !er) throw new Error(`bench output: ${out}`);
  return {
    plies: Math.round(Number(pg[1]) * 10), min: Number(pg[2]), max: Number(pg[3]),
    lapsPerPly: Number(lp[1]), wins: [rs[1], rs[2], rs[3]].map((x) => Math.round(Number(x) / 10)),
    reasons: [er[1], er[2], er[3], er[4]].map(Number), pliesPerSec: Number(ps[1]),
  };
}

// The engine protocol's first `go depth D` after `seed S` and `new V` (or `position P`): the
// last info line and the best move.
function nativeSearch(variant, depth, seed, position) {
  // no quit at the end: read ahead, a quit stops the go under way (docs/protocol.md); the end of
  // the input lets a finite go finish, then ends the session
  const script = `seed ${seed}\n${position ? `position ${position}` : `new ${variant}`}\ngo depth ${depth}\n`;
  const out = run(['engine'], script);
  const infos = out.split('\n').filter((l) => l.startsWith('info '));
  const best = out.match(/^bestmove (\S+)$/m);
  if (!infos.length || !best) throw new Error(`engine output: ${out}`);
  const m = infos[infos.length - 1].match(/^info depth (\d+) score (cs|win) (-?\d+) nodes (\d+) .* pv ?(.*)$/);
  return { best: best[1], depth: Number(m[1]), score: `${m[2]} ${m[3]}`, nodes: Number(m[4]),
    pv: m[5].trim().split(/\s+/).filter(Boolean) };
}

// ---- the same from the WebAssembly engine: one function of the module M, self-contained so that
// the browser test can send its text to the page and run it there ----
function wasmFigures(M, job) {
  const W = 1000000; // GB_SCORE_WIN
  const c = {
    create: M.cwrap('gbw_new', 'number', ['string', 'string', 'string']),
    del: M.cwrap('gbw_delete', null, ['number']),
    play: M.cwrap('gbw_play', 'number', ['number', 'string']),
    view: M.cwrap('gbw_view', 'string', ['number']),
    perft: M.cwrap('gbw_perft', 'number', ['number', 'number']),
    playouts: M.cwrap('gbw_playouts', 'string', ['number', 'number', 'string']),
    search: M.cwrap('gbw_search', 'string', ['number', 'number', 'number', 'string', 'number']),
    error: M.cwrap('gbw_error', 'string', []),
  };
  const game = (variant, opts, seed, moves) => {
    const h = c.create(variant, opts || '', String(seed));
    if (!h) throw new Error(`gbw_new ${variant}: ${c.error()}`);
    for (const mv of moves || []) if (c.play(h, mv) !== 0) throw new Error(`${mv}: ${c.error()}`);
    return h;
  };
  if (job.kind === 'perft') {
    const h = game(job.variant, job.opts, 1, job.moves);
    const n = c.perft(h, job.depth);
    const position = JSON.parse(c.view(h)).position;
    c.del(h);
    return { count: n, position };
  }
  if (job.kind === 'bench') { // as `gabata bench --games 10 --seed S`: one call of ten games from S
    const h = game(job.variant, '', job.seed);
    const sum = { plies: 0, laps: 0, wins: [0, 0, 0], reasons: [0, 0, 0, 0, 0], min: -1, max: 0 };
    const t0 = Date.now();
    for (let i = 0; i < 1; i++) {
      const st = JSON.parse(c.playouts(h, 10, String(job.seed)));
      sum.plies += st.plies;
      sum.laps += st.laps;
      st.wins.forEach((w, k) => { sum.wins[k] += w; });
      st.reasons.forEach((r, k) => { sum.reasons[k] += r; });
      if (sum.min < 0 || st.min_plies < sum.min) sum.min = st.min_plies;
      sum.max = Math.max(sum.max, st.max_plies);
    }
    sum.ms = Date.now() - t0;
    c.del(h);
    return sum;
  }
  if (job.kind === 'speed') { // random playouts for about job.ms milliseconds: plies a second
    const h = game(job.variant, '', 1);
    let plies = 0, games = 0, seed = 1;
    const cpu0 = typeof process !== 'undefined' && process.cpuUsage ? process.cpuUsage() : null;
    const t0 = performance.now();
    let t = 0;
    while ((t = performance.now() - t0) < job.ms) {
      const st = JSON.parse(c.playouts(h, job.batch, String(seed++)));
      plies += st.plies;
      games += st.games;
    }
    c.del(h);
    // node: the process's CPU time as well (the native bench counts its thread's CPU time)
    const cpu = cpu0 ? process.cpuUsage(cpu0) : null;
    const cpuSec = cpu ? (cpu.user + cpu.system) / 1e6 : null;
    return { plies, games, seconds: t / 1000, pliesPerSec: plies / (t / 1000),
      pliesPerCpuSec: cpuSec ? plies / cpuSec : null };
  }
  if (job.kind === 'search') {
    const h = job.position ? null : game(job.variant, '', job.seed);
    let g = h;
    if (job.position) {
      // the engine's `position` with its seed: a game made from the string
      g = M.ccall('gbw_from_position', 'number', ['string', 'string'], [job.position, String(job.seed)]);
      if (!g) throw new Error(`position: ${c.error()}`);
    }
    const r = JSON.parse(c.search(g, job.depth, 0, String(job.seed), 32));
    c.del(g);
    const win = Math.abs(r.score) > W - 1000;
    return { best: r.best, depth: r.depth, nodes: r.nodes, pv: r.pv,
      score: win ? `win ${r.score > 0 ? W - r.score : -(W + r.score)}` : `cs ${r.score}` };
  }
  throw new Error(`unknown job ${job.kind}`);
}

// The jobs: perft to depth 5 from the start of every game (L'ab al-Akil from just after its
// layout, since a layout's moves cannot be counted), with a few options; bench statistics for two
// seeds; a search to a fixed depth with a seed from the start and from a position along a game.
const AKIL_LAYOUT = 'layout:6,6,6,6,6,6,6,6,6,6,6,6';
const PERFT_JOBS = [
  { variant: 'sadeqa' }, { variant: 'sadeqa', opts: 'seeds=4 skip-origin=yes' },
  { variant: 'qelat' }, { variant: 'qelat', opts: 'enemy=row after-eat=end' },
  { variant: 'akil', moves: [AKIL_LAYOUT] }, { variant: 'akil', opts: 'chain=unlimited', moves: ['layout:2,10,4,8,6,6,6,6,8,4,10,2'] },
  { variant: 'bulto' }, { variant: 'bulto', opts: 'right-rule=none' },
].map((j) => Object.assign({ kind: 'perft', depth: 5 }, j));
const BENCH_SEEDS = [3, 20261201];
const SEARCH_DEPTH = { sadeqa: 6, qelat: 6, akil: 5, bulto: 6 };

module.exports = { wasmDir, loadNode, nativePerft, nativeBench, nativeSearch, wasmFigures,
  PERFT_JOBS, BENCH_SEEDS, SEARCH_DEPTH, AKIL_LAYOUT, ROOT };
