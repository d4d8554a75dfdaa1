// The page for players (issue 13): phone-first layout, forced passes played for the player, the
// sowing skipped, the last move marked, review, reload, keyboard play and an axe-core audit.
// Playwright (playwright-core) drives Debian's chromium at 360×740, 390×844 and 1280×800;
// screenshots go to tests/web/out/ (see shots.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');

const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = { phone360: { width: 360, height: 740 }, phone390: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

let srv, browser, variants;

test.before(async () => {
  // (these tests start some 30 games from one address within a minute, at the edge of the
  // default --game-rate of 30: the rates are tested in hardening.test.js, not here)
  srv = await startServer(['--game-rate', '0']);
  browser = await launch();
  variants = (await (await fetch(`${srv.base}/api/variants`)).json()).variants;
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.after(async () => {
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

async function newPage(size) {
  const ctx = await browser.newContext({ viewport: SIZES[size] });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}
async function closePage(page) {
  assert.deepEqual(page.errors, [], 'no script error on the page');
  await page.context().close();
}

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}

// The game's view as the page's own transport answers it: the WebAssembly engine in the page for
// a game against the computer (issue 13), the server for the rest.
async function apiView(page) {
  const id = await page.getAttribute('body', 'data-game-id');
  return page.evaluate((gid) => api('GET', `/api/games/${gid}`), id);
}

// idle: nothing being shown, and a person has a real choice (or the game is over)
async function idle(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById('status');
    return document.body.dataset.busy === 'false' && s.dataset.toMove !== undefined;
  }, null, { timeout: 120000 });
}

async function startGame(page, variant, { opts = {}, side = 'S', opponent = 'ai:1', speed = '0', seed } = {}) {
  await page.goto(srv.base + (seed === undefined ? '/' : `/?seed=${seed}`));
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
  await page.selectOption('#variant', variant);
  if (Object.keys(opts).length) {
    await page.click('#options-box summary');
    for (const [k, v] of Object.entries(opts)) {
      const sel = `#options [data-key="${k}"]`;
      const tag = await page.$eval(sel, (e) => e.tagName);
      if (tag === 'SELECT') await page.selectOption(sel, v); else await page.fill(sel, v);
    }
  }
  await page.selectOption('#opponent', opponent);
  await page.selectOption('#side', side);
  await page.$eval('#speed', (e, v) => { e.value = v; }, speed);
  await page.click('#start');
  await idle(page);
  assert.equal(await page.$eval('#setup-box', (d) => d.open), false, 'the setup folds away once a game runs');
}

// the board and the move list on the page are the API's
async function checkBoard(page, state, history) {
  const shown = await page.evaluate(() => ({
    holes: [...document.querySelectorAll('#board .hole')].map((g) => [Number(g.dataset.hole), Number(g.dataset.count), g.dataset.owner, g.dataset.mark]),
    stores: Object.fromEntries([...document.querySelectorAll('#board .store')].map((g) => [g.dataset.store, Number(g.dataset.count)])),
    moves: [...document.querySelectorAll('#movelist li')].map((li) => [li.dataset.by, li.dataset.move]),
  }));
  assert.equal(shown.holes.length, state.holes.length);
  for (const [h, count, owner, mark] of shown.holes) {
    assert.equal(count, state.holes[h], `hole ${h}`);
    assert.equal(owner, state.owner[h]);
    assert.equal(mark, state.mark[h] || '');
  }
  assert.deepEqual(shown.stores, state.stores);
  if (history) assert.deepEqual(shown.moves, history.map((h) => [h.by, h.move]));
}

// the phone rules: no sideways scroll, holes at least 44 px, counts at least 14 px
async function checkFits(page, phone) {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: innerWidth,
    pit: Math.min(...[...document.querySelectorAll('#board .hole .pit')].map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))),
    count: Math.min(...[...document.querySelectorAll('#board .count')].map((e) => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a)),
    buttons: [...document.querySelectorAll('button, select, summary, input:not([type=range]):not([type=file])')]
      .filter((e) => e.offsetParent !== null && !e.closest('#movelist'))
      .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect().height]),
    boardTop: document.getElementById('board').getBoundingClientRect().top,
  }));
  assert.ok(m.scroll <= m.width, `no sideways scroll: ${m.scroll} > ${m.width}`);
  if (phone) {
    assert.ok(m.pit >= 44, `holes at least 44 px (${m.pit.toFixed(1)})`);
    assert.ok(m.count >= 14, `counts at least 14 px (${m.count.toFixed(1)})`);
    for (const [name, h] of m.buttons) assert.ok(h >= 44, `${name}: ${h} px tall`);
    assert.ok(m.boardTop < 0.3 * SIZES.phone360.height, `the board near the top (${m.boardTop})`);
  }
  return m;
}

async function axe(page, what) {
  // (evaluated, not a script tag: the page's Content-Security-Policy allows no inline script)
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(r, [], `axe-core (${what})`);
}

// one move by the person: a legal hole (a choice when the hole offers several), or the layout form
async function playOne(page, view, rand) {
  if (view.free_move) { await page.click('#free-move-submit'); return 'form'; }
  const onHoles = view.moves.filter((m) => m.hole !== null && m.hole !== undefined);
  const loose = view.moves.filter((m) => m.hole === null || m.hole === undefined);
  assert.ok(onHoles.length + loose.length > 1, 'a person is asked only when there is a choice');
  const all = [...onHoles, ...loose];
  const m = all[Math.floor(rand() * all.length)];
  if (m.hole === null || m.hole === undefined) {
    assert.notEqual(m.kind, 'pass', 'never a pass button');
    await page.click(`#phase-controls button[data-move="${m.text}"]`);
    return 'button';
  }
  await page.click(`#board .hole[data-hole="${m.hole}"]`);
  if (view.moves.filter((x) => x.hole === m.hole).length > 1) {
    await page.waitForSelector('#choices:not([hidden])');
    await page.click(`#choices button.choice[data-move="${m.text}"]`);
    return 'choice';
  }
  return 'hole';
}

test('phone first: each game fits 360×740, 390×844 and 1280×800', async () => {
  for (const size of Object.keys(SIZES)) {
    const page = await newPage(size);
    for (const v of variants) {
      await startGame(page, v.name, { opponent: 'ai:1' });
      const m = await checkFits(page, size !== 'desktop');
      if (size !== 'desktop') assert.equal(await page.getAttribute('#board', 'data-upright'), 'true', 'upright on a narrow portrait screen');
      else assert.equal(await page.getAttribute('#board', 'data-upright'), 'false');
      await page.screenshot({ path: path.join(SHOTS, `page-${v.name}-${size}.png`) });
      console.log(`${v.name} at ${size}: smallest hole ${m.pit.toFixed(1)} px, smallest count ${m.count.toFixed(1)} px`);
    }
    await closePage(page);
  }
});

test('a whole game of each game against the computer; forced passes are played for the player', async () => {
  for (const v of variants) {
    const page = await newPage('phone390');
    // Qelat: a match (passes come often), bounded to 3 rounds; the others a single round, all
    // with a ply cap
    const opts = v.name === 'qelat' ? { 'max-plies': '400', 'max-rounds': '3' } : { 'max-plies': '300' };
    if (v.name !== 'qelat' && v.options.some((o) => o.key === 'rounds')) opts.rounds = '1';
    // a seeded game (the computer's random moves, Qelat's lots): the same match every run, so
    // that whether it has a pass for the player is not left to chance
    await startGame(page, v.name, { opts, opponent: 'random', seed: 7 });
    // the network watched: once the page and its files have loaded, a game against the computer
    // asks the server nothing (the engine runs in the page, issue 13), when the build has it
    const local = (await page.getAttribute('body', 'data-engine')) === 'local';
    if (process.env.GABATA_WASM) assert.ok(local, 'the page runs its own engine (GABATA_WASM is set)');
    const asked = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(r.url()); });
    const rand = rng(v.name.length * 31 + 7);
    let view = await apiView(page);
    const used = { hole: 0, choice: 0, button: 0, form: 0 };
    let steps = 0;
    while (!view.state.over) {
      assert.ok(steps++ < 3000, `${v.name}: the game did not end`);
      await checkBoard(page, view.state, view.history);
      if (steps % 40 === 1) await checkFits(page, true);
      const before = view.history.length;
      used[await playOne(page, view, rand)]++;
      await idle(page);
      const msg = await page.textContent('#message');
      assert.ok(!/not allowed|Sorry|could not/i.test(msg), `${v.name}: ${msg}`);
      view = await apiView(page);
      assert.ok(view.history.length > before, `${v.name}: the move was not played`);
    }
    await checkBoard(page, view.state, view.history);
    assert.match(await page.textContent('#status'), /^Game over: /);
    if (local) assert.deepEqual(asked, [], `${v.name}: requests to the server during a game in the page`);
    const forced = Number(await page.getAttribute('body', 'data-forced') || 0);
    const passes = view.history.filter((h) => h.move === 'pass' && view.players[h.by] === 'human').length;
    console.log(`${v.name}: ${view.history.length} moves, rounds ${view.state.round}; clicked ${used.hole} holes, ${used.choice} choices, ${used.button} buttons, ` +
      `${used.form} layouts; ${forced} forced moves played for the player, ${passes} of them passes, no pass clicked`);
    if (v.name === 'qelat') assert.ok(passes > 0, 'the Qelat match had passes (played for the player)');
    assert.ok(forced >= passes);
    await page.screenshot({ path: path.join(SHOTS, `page-${v.name}-game-over-390.png`), fullPage: true });
    await closePage(page);
  }
});

test('the sowing can be skipped, and the last move stays marked', async () => {
  const page = await newPage('phone360');
  await startGame(page, 'sadeqa', { speed: '100' });
  await page.click('#board .hole[data-hole="2"]'); // C: 5 laps from the start (api.test.js)
  await page.waitForFunction(() => /lap 1 of 5/.test(document.getElementById('lap').textContent));
  await page.screenshot({ path: path.join(SHOTS, 'page-sowing-360.png') });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => /shown at once/.test(document.getElementById('lap').textContent), null, { timeout: 5000 });
  // the computer's answer: a tap on the board skips it too
  await page.waitForFunction(() => document.getElementById('skip').hidden === false || document.body.dataset.busy === 'false', null, { timeout: 20000 });
  if (!(await page.$eval('#skip', (b) => b.hidden))) await page.click('#board', { position: { x: 5, y: 5 } });
  await idle(page);
  const view = await apiView(page);
  await checkBoard(page, view.state, view.history);
  const laps = view.last.trace.laps;
  const from = await page.$$eval('#board .hole.last-from', (gs) => gs.map((g) => Number(g.dataset.hole)));
  assert.deepEqual(from, [laps[0].from]);
  const path_ = new Set(laps.flatMap((l) => l.sown));
  const shownPath = await page.$$eval('#board .hole.last-path', (gs) => gs.map((g) => Number(g.dataset.hole)));
  assert.deepEqual(new Set(shownPath), path_);
  const caps = laps.filter((l) => l.event === 'capture' && l.value).map((l) => l.other)
    .concat(laps.filter((l) => l.event === 'eat' && l.value).map((l) => l.to));
  assert.deepEqual(new Set(await page.$$eval('#board .hole.last-capture', (gs) => gs.map((g) => Number(g.dataset.hole)))), new Set(caps));
  await page.screenshot({ path: path.join(SHOTS, 'page-last-move-360.png') });
  await closePage(page);
});

test('the board is drawn from the seat of the player, with a flip button; hot-seat turns it', async () => {
  const page = await newPage('desktop');
  await startGame(page, 'qelat', { side: 'N' });
  assert.equal(await page.getAttribute('#board', 'data-seat'), 'N');
  // the legend shows the holes' owners; an ekwarna's balls are its maker's, whoever owns the hole
  // (Q4, Q-C8), in the words of the rules text
  assert.match(await page.textContent('#legend'), /ekwarna \(a captured hole: the balls that fall into it are its maker's\)/);
  // North's row at the bottom: its holes lower on the screen than South's
  const y = async (h) => page.$eval(`#board .hole[data-hole="${h}"] .pit`, (e) => e.getBoundingClientRect().top);
  assert.ok((await y(6)) > (await y(0)));
  await page.click('#flip');
  assert.equal(await page.getAttribute('#board', 'data-seat'), 'S');
  assert.ok((await y(6)) < (await y(0)));
  await startGame(page, 'sadeqa', { opponent: 'human' });
  assert.equal(await page.getAttribute('#board', 'data-seat'), 'S');
  await page.click('#board .hole[data-hole="2"]');
  await idle(page);
  assert.equal(await page.getAttribute('#board', 'data-seat'), 'N', 'hot-seat: drawn from the side to move');
  await page.screenshot({ path: path.join(SHOTS, 'page-hotseat-north-1280.png') });
  await closePage(page);
});

test('a game survives a reload', async () => {
  const page = await newPage('phone390');
  await startGame(page, 'bulto');
  const rand = rng(5);
  for (let i = 0; i < 4; i++) {
    const view = await apiView(page);
    if (view.state.over) break;
    await playOne(page, view, rand);
    await idle(page);
  }
  const before = await apiView(page);
  assert.match(page.url(), new RegExp(`#game=${before.id}`));
  await page.reload();
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  await idle(page);
  // a game on the server comes back by its id; a game of the page's own engine (its worker ended
  // with the page) is played again from the moves the page kept, into a new game
  const local = (await page.getAttribute('body', 'data-engine')) === 'local';
  if (!local) assert.equal(await page.getAttribute('body', 'data-game-id'), before.id);
  const after = await apiView(page);
  assert.deepEqual(after.history, before.history);
  assert.deepEqual(after.state, before.state);
  assert.deepEqual(after.players, before.players);
  await checkBoard(page, after.state, after.history);
  // localStorage alone brings it back too (the fragment gone)
  await page.goto(srv.base + '/');
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  if (!local) assert.equal(await page.getAttribute('body', 'data-game-id'), before.id);
  assert.deepEqual((await apiView(page)).history, before.history);
  await page.screenshot({ path: path.join(SHOTS, 'page-reloaded-390.png') });
  await closePage(page);
});

test('review: step back and forth through a finished game without changing it, and load its record', async () => {
  const page = await newPage('phone360');
  await startGame(page, 'qelat', { opts: { rounds: '1', 'max-plies': '60' }, opponent: 'random' });
  const rand = rng(11);
  let view = await apiView(page);
  while (!view.state.over) { await playOne(page, view, rand); await idle(page); view = await apiView(page); }
  const n = view.history.length;
  // the states after each move, by a second route: replaying the moves in a new game by the API
  const json = { 'Content-Type': 'application/json' };
  const g = await (await fetch(`${srv.base}/api/games`, { method: 'POST', headers: json, body: JSON.stringify({ variant: 'qelat', options: view.state.options, south: 'human', north: 'human' }) })).json();
  const states = [g.state];
  for (const h of view.history) states.push((await (await fetch(`${srv.base}/api/games/${g.id}/moves`, { method: 'POST', headers: { ...json, Authorization: `Bearer ${g.token}` }, body: JSON.stringify({ move: h.move }) })).json()).state);
  assert.deepEqual(states[n].holes, view.state.holes);
  await page.click('#review-start');
  await page.waitForSelector('#review:not([hidden])');
  await checkBoard(page, states[n]);
  await page.click('#review-first');
  await checkBoard(page, states[0]);
  await page.click('#review-next');
  await checkBoard(page, states[1]);
  await page.keyboard.press('ArrowRight');
  await checkBoard(page, states[2]);
  await page.keyboard.press('ArrowLeft');
  await checkBoard(page, states[1]);
  // a move in the list shows the board after it
  const k = Math.floor(n / 2);
  await page.click(`#movelist li[data-ply="${k}"] button`);
  await page.waitForFunction((k) => document.getElementById('status').dataset.review === String(k), k);
  await checkBoard(page, states[k]);
  assert.equal(await page.$$eval('#movelist h3', (hs) => hs.length >= 1 && hs[0].textContent), 'Round 1');
  await checkFits(page, true);
  await page.screenshot({ path: path.join(SHOTS, 'page-review-360.png') });
  await axe(page, 'review');
  assert.deepEqual((await apiView(page)).history, view.history, 'looking back changes nothing');
  await page.click('#review-exit');
  await checkBoard(page, view.state, view.history);
  // the record, loaded from a file: the same game, reviewed from its end
  const rec = await page.evaluate((gid) => api('GET', `/api/games/${gid}/record`), view.id);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-rec-')), 'game.rec');
  fs.writeFileSync(file, rec);
  await page.setInputFiles('#load-record', file);
  await page.waitForFunction((n) => document.getElementById('status').dataset.review === String(n), n, { timeout: 60000 });
  assert.notEqual(await page.getAttribute('body', 'data-game-id'), view.id);
  await checkBoard(page, view.state, view.history);
  await page.click('#review-first');
  await checkBoard(page, states[0]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  await closePage(page);
});

test('keyboard: only the playable holes are tab stops; a typed label plays', async () => {
  const page = await newPage('desktop');
  await startGame(page, 'sadeqa');
  const view = await apiView(page);
  const stops = await page.$$eval('#board .hole', (gs) => gs.filter((g) => g.getAttribute('tabindex') === '0').map((g) => Number(g.dataset.hole)));
  assert.deepEqual(stops.sort((a, b) => a - b), [...new Set(view.moves.map((m) => m.hole))].sort((a, b) => a - b));
  assert.equal(await page.$$eval('#board .hole[aria-disabled="true"]', (gs) => gs.length), 2 * view.rows - stops.length);
  await page.focus('#board .hole.legal');
  const ring = await page.$eval('#board .hole.legal:focus .focus-ring', (e) => getComputedStyle(e).stroke);
  assert.notEqual(ring, 'none', 'a visible focus ring');
  await page.keyboard.press('C');
  await idle(page);
  const after = await apiView(page);
  assert.equal(after.history[0].move, 'C');
  await page.fill('#move-input', 'a');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /not allowed|did you mean/i.test(document.getElementById('message').textContent));
  await closePage(page);
});

test('axe-core finds no violation: play, layout form, game over, phone and desktop', async () => {
  for (const size of ['phone360', 'desktop']) {
    const page = await newPage(size);
    await startGame(page, 'sadeqa');
    await page.click('#board .hole[data-hole="2"]');
    await idle(page);
    await axe(page, `sadeqa at ${size}`);
    await startGame(page, 'akil', { opts: { rounds: '1' } });
    await page.waitForSelector('#free-move');
    // the layout is made on the board (issue 22): a tap on A adds a stone to the even layout
    await page.click('#board .hole[data-hole="0"]');
    assert.match(await page.textContent('#layout-sum'), /73 of 72 placed: 1 too many/);
    await checkFits(page, size !== 'desktop');
    await page.screenshot({ path: path.join(SHOTS, `page-layout-${size}.png`), fullPage: true });
    await axe(page, `layout at ${size}`);
    await page.click('#new-game');
    await page.click('#options-box summary');
    await axe(page, `setup open at ${size}`);
    await closePage(page);
  }
});

// The setup's rules are those of the options chosen, before the game starts (issue 22 §2; S1:
// four seeds a hole make 2×8×4 = 64 stones, six 96; Q9: next-starter=alternate), and a game's
// number typed out of range says so instead.
test('the setup shows the rules for the options chosen, before the game starts', async () => {
  const page = await newPage('phone360');
  await page.goto(srv.base + '/');
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
  const rules = () => page.$$eval('#rules li', (ls) => ls.map((l) => l.textContent).join('\n'));
  await page.selectOption('#variant', 'sadeqa');
  assert.match(await rules(), /6 daga in each \(96 stones\)/);
  await page.click('#options-box summary');
  await page.selectOption('#options [data-key="seeds"]', '4');
  await page.waitForFunction(() => /4 daga in each \(64 stones/.test(document.getElementById('rules').textContent));
  assert.doesNotMatch(await rules(), /96 stones/);
  assert.match(await page.textContent('#rules .in-force'), /as chosen in the setup/);
  await page.selectOption('#options [data-key="seeds"]', '6');
  await page.waitForFunction(() => /\(96 stones\)/.test(document.getElementById('rules').textContent));
  await page.fill('#options [data-key="max-plies"]', '0');
  await page.waitForFunction(() => /cannot be played/.test(document.querySelector('#rules .in-force').textContent));
  await page.fill('#options [data-key="max-plies"]', '300');
  await page.waitForFunction(() => /as chosen in the setup/.test(document.querySelector('#rules .in-force').textContent));
  await page.selectOption('#variant', 'qelat');
  await page.selectOption('#options [data-key="next-starter"]', 'alternate');
  await page.waitForFunction(() => /start the rounds in turn/.test(document.getElementById('rules').textContent));
  // the game started has the options chosen, and its rules stay those
  await page.selectOption('#opponent', 'ai:1');
  await page.click('#start');
  await idle(page);
  assert.match(await page.textContent('#rules'), /start the rounds in turn/);
  await closePage(page);
});
