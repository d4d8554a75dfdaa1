// The browser game end to end: Playwright (playwright-core) drives Debian's chromium, headless.
// For every game the server lists: start it against the computer, play a whole game by clicking
// holes (and the controls for choices inside a move, passes and layouts), check the board and the
// move list against the API after each move, check that an illegal click is refused politely,
// and save a screenshot to tests/web/out/ (see shots.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { launchPersistent } = require('./browser');

const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1

let srv;
let ctx;
let profile;
let variants;

test.before(async () => {
  srv = await startServer(['--ai-rate', '0']); // (clicks come faster than a person's: no limit on computer moves)
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-chromium-'));
  ctx = await launchPersistent(profile, {
    viewport: { width: 1280, height: 900 },
  });
  variants = (await (await fetch(`${srv.base}/api/variants`)).json()).variants;
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.after(async () => {
  if (ctx) await ctx.close();
  if (srv) await srv.stop();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

// a small deterministic random source, so a failing game can be replayed
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; };
}

async function apiView(page) {
  const id = await page.getAttribute('body', 'data-game-id');
  return (await fetch(`${srv.base}/api/games/${id}`)).json();
}

// wait until the page has shown every move and it is the person's turn, or the game is over
async function idle(page, side = 'S') {
  await page.waitForFunction((me) => {
    const s = document.getElementById('status');
    return document.body.dataset.busy === 'false' && (s.dataset.over === 'true' || s.dataset.toMove === me);
  }, side, { timeout: 60000 });
}

// the board and the move list on the page are the API's
async function checkPage(page, view) {
  const shown = await page.evaluate(() => ({
    holes: [...document.querySelectorAll('#board .hole')].map((g) => [Number(g.dataset.hole), Number(g.dataset.count), g.dataset.owner, g.dataset.mark]),
    stores: [...document.querySelectorAll('#board .store')].map((g) => [g.dataset.store, Number(g.dataset.count)]),
    moves: [...document.querySelectorAll('#movelist li')].map((li) => [li.dataset.by, li.dataset.move]),
    over: document.getElementById('status').dataset.over,
    status: document.getElementById('status').textContent,
  }));
  const st = view.state;
  assert.equal(shown.holes.length, 2 * view.rows);
  for (const [h, count, owner, mark] of shown.holes) {
    assert.equal(count, st.holes[h], `hole ${view.labels[h]} shows ${count}, the game has ${st.holes[h]}`);
    assert.equal(owner, st.owner[h]);
    assert.equal(mark, st.mark[h] || '');
  }
  assert.deepEqual(Object.fromEntries(shown.stores), st.stores);
  assert.deepEqual(shown.moves, view.history.map((h) => [h.by, h.move]));
  assert.equal(shown.over, st.over ? 'true' : 'false');
  return shown;
}

// the setup is folded away while a game runs: "New game" unfolds it
async function openSetup(page) {
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
}

async function startGame(page, variant, opts, side = 'S') {
  await page.goto(srv.base + '/?engine=server'); // this test follows the game through the server's API
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  await openSetup(page);
  await page.selectOption('#variant', variant.name);
  await page.click('#options-box summary');
  for (const [k, v] of Object.entries(opts)) {
    const sel = `#options [data-key="${k}"]`;
    if (!(await page.$(sel))) continue;
    const tag = await page.$eval(sel, (e) => e.tagName);
    if (tag === 'SELECT') await page.selectOption(sel, v); else await page.fill(sel, v);
  }
  await page.selectOption('#opponent', 'ai:1');
  await page.selectOption('#side', side);
  await page.$eval('#speed', (e) => { e.value = '0'; });
  await page.click('#start');
  await idle(page, side);
}

test('the page serves and shows the rules of each game', async () => {
  const page = await ctx.newPage();
  await page.goto(srv.base + '/?engine=server');
  await page.waitForSelector('#board .hole');
  await openSetup(page);
  const names = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
  assert.deepEqual(names, variants.map((v) => v.name));
  for (const v of variants) {
    await page.selectOption('#variant', v.name);
    const rules = await page.textContent('#rules');
    assert.ok(rules.includes(v.title));
    if (v.rules) assert.ok(rules.includes(v.rules.where.slice(0, 30)));
  }
  await page.close();
});

test("in play, the rules panel gives every rule for the game's options (issue 22 §2)", async () => {
  // RULINGS A3: with starter=chooser the chooser sows first whether he keeps or turns
  const page = await ctx.newPage();
  const akil = variants.find((v) => v.name === 'akil');
  await startGame(page, akil, { starter: 'chooser' });
  const lines = await page.$$eval('#rules li', (ls) => ls.map((l) => [l.textContent, l.dataset.ruling]));
  assert.ok(lines.some(([t, r]) => /the chooser sows first/.test(t) && /\bA3\b/.test(r)), JSON.stringify(lines));
  assert.ok(!lines.some(([t]) => /\([STQAB]\d/.test(t)), 'no ruling id in the text');
  await page.close();
});

test('an illegal click is refused politely and changes nothing', async () => {
  const page = await ctx.newPage();
  const sadeqa = variants.find((v) => v.name === 'sadeqa') || variants[0];
  await startGame(page, sadeqa, {});
  const before = await apiView(page);
  assert.equal(before.state.to_move, 'S');
  // a hole of North's row, while South is to move
  const northHole = before.rows; // ring n: North's first hole
  // (aria-disabled: Playwright would wait for it to be enabled; a person can still tap it)
  await page.click(`#board .hole[data-hole="${northHole}"]`, { force: true });
  await idle(page);
  const msg = await page.textContent('#message');
  assert.match(msg, /not allowed/i);
  assert.match(msg, /own row|not among the legal moves|not yours/i);
  const after = await apiView(page);
  assert.deepEqual(after.state, before.state);
  await checkPage(page, after);
  await page.close();
});

test('a reload goes on with the same game: its id in the address, its token in localStorage', async () => {
  const page = await ctx.newPage();
  const sadeqa = variants.find((v) => v.name === 'sadeqa') || variants[0];
  await startGame(page, sadeqa, {});
  const start = await apiView(page);
  await page.click(`#board .hole[data-hole="${start.moves[0].hole}"]`);
  await idle(page);
  const played = await apiView(page);
  assert.ok(played.history.length >= 2, 'South moved and the computer answered');
  assert.equal(new URL(page.url()).hash, `#game=${played.id}`, 'the address names the game, no token (hardening 5)'); // (web/app.js remember())
  assert.match(await page.evaluate((id) => JSON.parse(localStorage.getItem('gabata.seats'))[id].token, played.id), /^[0-9a-f]{64}$/);
  await page.reload();
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  await idle(page);
  assert.equal(await page.getAttribute('body', 'data-game-id'), played.id, 'the same game');
  await checkPage(page, played);
  // and the token came back with it: the next move is accepted
  const now = await apiView(page);
  await page.click(`#board .hole[data-hole="${now.moves[0].hole}"]`);
  await idle(page);
  assert.ok((await apiView(page)).history.length > played.history.length);
  await page.close();
});

test('a move is animated lap by lap', async () => {
  const page = await ctx.newPage();
  const sadeqa = variants.find((v) => v.name === 'sadeqa');
  if (!sadeqa) return;
  await startGame(page, sadeqa, {});
  await page.$eval('#speed', (e) => { e.value = '100'; });
  const C = 2;
  await page.click(`#board .hole[data-hole="${C}"]`);
  // while the sowing is shown, the lap line names the laps (C from the start has 5: see api.test.js)
  await page.waitForFunction(() => /lap 2 of 5/.test(document.getElementById('lap').textContent), null, { timeout: 20000 });
  await page.screenshot({ path: path.join(SHOTS, 'sadeqa-sowing.png') });
  await page.waitForFunction(() => /lap 5 of 5: .*captures 8 from b/.test(document.getElementById('lap').textContent), null, { timeout: 20000 });
  await idle(page);
  await checkPage(page, await apiView(page));
  await page.screenshot({ path: path.join(SHOTS, 'sadeqa-after-C.png') });
  await page.close();
});

test('hint, undo and the record download', async () => {
  const page = await ctx.newPage();
  const sadeqa = variants.find((v) => v.name === 'sadeqa') || variants[0];
  await startGame(page, sadeqa, {});
  const start = await apiView(page);
  await page.click('#hint');
  await page.waitForSelector('#board .hole.hint');
  const msg = await page.textContent('#message');
  const hinted = msg.match(/Hint: (\S+) /)[1];
  assert.ok(start.moves.some((m) => m.text === hinted), `the hint ${hinted} is a legal move`);
  assert.deepEqual(await apiView(page), start, 'asking for a hint changes nothing');
  const hole = await page.getAttribute('#board .hole.hint', 'data-hole');
  assert.equal(start.labels[Number(hole)], hinted.replace(/~.*/, ''));
  // play it; the computer answers; undo takes back both
  await page.click('#board .hole.hint');
  await idle(page);
  const after = await apiView(page);
  assert.equal(after.history[0].move, hinted);
  assert.ok(after.history.length >= 2 || after.state.over);
  await checkPage(page, after);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#movelist li').length === 0);
  await idle(page);
  const undone = await apiView(page);
  assert.deepEqual(undone.state, start.state);
  await checkPage(page, undone);
  // the record link downloads the game's record
  await page.click('#board .hole[data-hole="2"]');
  await idle(page);
  const href = await page.getAttribute('#record', 'href');
  const rec = await (await fetch(new URL(href, srv.base))).text();
  assert.match(rec, /\[Variant "sadeqa"\]/);
  assert.match(rec, /\n1\. C /);
  await page.close();
});

for (const name of (process.env.GABATA_VARIANTS || '').split(',').filter(Boolean).length
  ? process.env.GABATA_VARIANTS.split(',') : [null]) {
  // one test that loops over the variants the server lists (or GABATA_VARIANTS)
  test(`a whole game of ${name || 'each listed game'} against the computer, by clicking`, async () => {
    const list = name ? variants.filter((v) => v.name === name) : variants;
    assert.ok(list.length > 0);
    for (const [v, side] of list.flatMap((x) => [[x, 'S'], [x, 'N']])) {
      const page = await ctx.newPage();
      // bounded: a single round where the game has rounds, and a ply cap; the person plays
      // South (moving first) in one game and North in the other
      await startGame(page, v, { rounds: '1', 'max-plies': '400' }, side);
      const rand = rng(v.name.length * 7919 + (side === 'S' ? 1 : 2));
      let view = await apiView(page);
      let clicks = 0;
      const used = { hole: 0, choice: 0, button: 0, form: 0 };
      // on a failure, keep the game's record beside the screenshots, to replay it
      const keepRecord = async (e) => {
        const rec = await (await fetch(`${srv.base}/api/games/${view.id}/record`)).text();
        fs.writeFileSync(path.join(SHOTS, `${v.name}-${side}-failed.rec`), rec);
        await page.screenshot({ path: path.join(SHOTS, `${v.name}-${side}-failed.png`), fullPage: true });
        throw e;
      };
      try {
        while (!view.state.over) {
          assert.ok(clicks++ < 1200, `${v.name}: the game did not end`);
          await checkPage(page, view);
          const before = view.history.length;
          if (view.free_move) {
            await page.click('#free-move-submit');
            used.form++;
          } else {
            const onHoles = view.moves.filter((m) => m.hole !== null && m.hole !== undefined);
            const loose = view.moves.filter((m) => m.hole === null || m.hole === undefined);
            const all = [...onHoles, ...loose];
            assert.ok(all.length > 0, `${v.name}: no move offered while the game goes on`);
            // a hole with several moves (a refusal, a feed): take one of its choices the first
            // times it comes, so that the choice control is used whenever a game has one
            const shared = onHoles.filter((x) => onHoles.filter((y) => y.hole === x.hole).length > 1);
            const m = shared.length && used.choice < 3 ? shared[shared.length - 1]
              : all[Math.floor(rand() * all.length)];
            if (m.hole !== null && m.hole !== undefined) {
              await page.click(`#board .hole[data-hole="${m.hole}"]`);
              if (view.moves.filter((x) => x.hole === m.hole).length > 1) {
                await page.waitForSelector('#choices:not([hidden])');
                await page.click(`#choices button.choice[data-move="${m.text}"]`);
                used.choice++;
              } else {
                used.hole++;
              }
            } else {
              await page.click(`#phase-controls button[data-move="${m.text}"]`);
              used.button++;
            }
          }
          await idle(page, side);
          const msg = await page.textContent('#message');
          assert.ok(!/not allowed|Sorry|could not/i.test(msg), `${v.name}: ${msg}`);
          view = await apiView(page);
          assert.ok(view.history.length > before, `${v.name}: the move was not played`);
        }
      } catch (e) {
        await keepRecord(e);
      }
      const shown = await checkPage(page, view);
      assert.match(shown.status, /^Game over: /);
      console.log(`${v.name}, the person playing ${side === 'S' ? 'South' : 'North'}: ${view.history.length} moves; clicked ${used.hole} holes, ${used.choice} choices ` +
        `inside a move, ${used.button} move buttons, ${used.form} layout forms; ${view.state.end_reason}`);
      await page.screenshot({ path: path.join(SHOTS, `${v.name}-${side}-game-over.png`), fullPage: true });
      await page.close();
    }
  });
}
