// The learn mode (issue 22 §2): the lessons' routes answered alike by the server and the page's
// local engine (every move of every lesson), and in Chromium (playwright-core, Debian's
// chromium) one lesson of each game completed in the page, a wrong move refused with its
// explanation, on the local engine and on the server (?engine=server); axe-core on the view.
// Which move is right is taken from the lessons' own texts (what each asks for), not from the
// check's answers.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');
const W = require('./wasm');

const { createLocalBackend } = require(path.join(W.ROOT, 'web', 'local.js'));
const AXE = require.resolve('axe-core/axe.min.js');
const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1

// One lesson of each game, its right move and a wrong one, as the instruction asks (by hand).
const PLAN = {
  sadeqa: { id: 'sadeqa-capture', right: 'B', wrong: 'D', says: 'No capture' },
  qelat: { id: 'qelat-ekwarna', right: 'F', wrong: 'C', says: 'No ekwarna' },
  akil: { id: 'akil-chain', right: 'F', wrong: 'A', says: 'Fewer than 8' },
  bulto: { id: 'bulto-refuse', right: 'J~1', wrong: 'J', says: 'J~1' },
};

let srv, browser;
test.before(async () => {
  srv = await startServer(['--game-rate', '0']);
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

const remote = async (method, p, body) => {
  const headers = method === 'GET' ? {} : { 'Content-Type': 'application/json' };
  const res = await fetch(srv.base + p, { method, body, headers });
  return { status: res.status, body: await res.text() };
};

test('the local engine answers the lessons as the server does: every move of every lesson', async () => {
  const M = await W.loadNode();
  const local = createLocalBackend(M, { seed: 1 });
  const same = async (method, p, body) => {
    const a = await remote(method, p, body);
    const b = local.handle(method, p, body);
    assert.equal(b.status, a.status, `${method} ${p} ${body || ''}: status`);
    assert.deepEqual(JSON.parse(b.body), JSON.parse(a.body), `${method} ${p} ${body || ''}`);
    return JSON.parse(a.body);
  };
  let lessons = 0, right = 0;
  for (const v of ['sadeqa', 'qelat', 'akil', 'bulto']) {
    const list = await same('GET', `/api/lessons/${v}`);
    assert.equal(list.variant, v);
    assert.ok(list.lessons.length >= 2, `${v} has lessons`);
    for (const l of list.lessons) {
      lessons++;
      assert.ok(l.instruction && l.title && l.position.startsWith(v) && l.moves.length >= 2);
      assert.ok(l.rules.length >= 1 && l.rules.every((r) => r.text && r.ruling), `${l.id}: its rules`);
      for (const m of l.moves) {
        const a = await same('POST', `/api/lessons/${v}/${l.id}`, JSON.stringify({ move: m.text }));
        assert.equal(a.move, m.text);
        assert.ok(a.explanation.length > 10 && a.state && a.trace);
        right += a.right;
      }
    }
  }
  assert.ok(lessons >= 10 && right >= lessons);
  // bad requests: the same errors
  await same('GET', '/api/lessons/chess');
  await same('POST', '/api/lessons/sadeqa/nope', '{"move":"B"}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":"A"}'); // empty: 422
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":"??"}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"mov":"B"}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":""}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":5}');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '[]');
  await same('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":"B","x":1}');
  await same('POST', `/api/lessons/sadeqa/${'y'.repeat(200)}`, '{"move":"B"}');
  await same('GET', `/api/lessons/${'x'.repeat(100)}`);
  // (the JSON parsers' own words differ: the status is the same)
  const bad = await remote('POST', '/api/lessons/sadeqa/sadeqa-capture', 'not json');
  assert.equal(local.handle('POST', '/api/lessons/sadeqa/sadeqa-capture', 'not json').status, bad.status);
  assert.equal(bad.status, 400);
  await same('GET', '/api/lessons/sadeqa/sadeqa-capture');
  await same('POST', '/api/lessons/sadeqa');
  const r = await remote('POST', '/api/lessons/sadeqa/sadeqa-capture', '{"move":"A"}');
  assert.equal(r.status, 422);
  assert.match(JSON.parse(r.body).error, /empty/);
});

async function openLearn(engine, size) {
  const ctx = await browser.newContext({ viewport: size || { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(`${srv.base}/${engine === 'server' ? '?engine=server' : ''}#learn`);
  await page.waitForSelector('#learn:not([hidden]) #learn-board .learn-hole');
  assert.equal(await page.evaluate(() => document.body.dataset.engine), engine);
  return page;
}

async function lessonOf(page, variant, id) {
  await page.click(`#learn-games button[data-variant="${variant}"]`);
  await page.waitForSelector(`#learn-list button[data-lesson="${id}"]`);
  await page.click(`#learn-list button[data-lesson="${id}"]`);
  await page.waitForSelector(`#learn-list button[data-lesson="${id}"][aria-current="step"]`);
}

// A move as a player makes it: its hole, then (a hole with several moves) the move's button.
async function play(page, lessonMoves, move) {
  const m = lessonMoves.find((x) => x.text === move);
  assert.ok(m, `${move} is a move of the lesson`);
  await page.click(`#learn-board button[data-hole="${m.hole}"]`);
  if (lessonMoves.filter((x) => x.hole === m.hole).length > 1) await page.click(`#learn-choices button[data-move="${move}"]`);
  await page.waitForFunction(() => /\b(right|wrong)\b/.test(document.getElementById('learn-feedback').className));
}

for (const engine of ['local', 'server']) {
  test(`a lesson of each game in the page (${engine} engine): a wrong move refused, the right one accepted`, async () => {
    const page = await openLearn(engine);
    for (const [v, p] of Object.entries(PLAN)) {
      await lessonOf(page, v, p.id);
      const lesson = await page.evaluate(() => learn.lessons[learn.index]);
      assert.equal(lesson.id, p.id);
      // "why?" opens the rule as the game's rules text says it
      await page.click('#learn-why summary');
      assert.ok((await page.$$eval('#learn-rules li', (li) => li.length)) >= 1, `${p.id}: the rule behind "why?"`);
      await page.click('#learn-why summary');
      await play(page, lesson.moves, p.wrong);
      assert.match(await page.getAttribute('#learn-feedback', 'class'), /wrong/);
      const said = await page.textContent('#learn-feedback');
      assert.ok(said.includes(p.says), `${p.id}: "${said}" explains`);
      assert.ok(await page.isVisible('#learn-retry'));
      assert.ok(!(await page.isVisible('#learn-next')));
      await page.click('#learn-retry');
      await play(page, lesson.moves, p.right);
      assert.match(await page.getAttribute('#learn-feedback', 'class'), /right/);
      assert.match(await page.textContent('#learn-feedback'), new RegExp(`^✓ You played ${p.right}\\. Right: `));
      assert.ok(await page.isVisible('#learn-next'));
      assert.equal(await page.textContent(`#learn-list button[data-lesson="${p.id}"] .learn-check`), '✓');
      if (engine === 'local') await page.screenshot({ path: path.join(SHOTS, `learn-${v}.png`) });
    }
    // progress is kept: a new page shows the lessons done
    const done = await page.evaluate(() => JSON.parse(localStorage.getItem('gabata.learn')));
    for (const p of Object.values(PLAN)) assert.equal(done[p.id], true);
    await page.reload();
    await page.waitForSelector('#learn:not([hidden]) #learn-board .learn-hole');
    await lessonOf(page, 'bulto', 'bulto-refuse');
    assert.equal(await page.textContent('#learn-list button[data-lesson="bulto-refuse"] .learn-check'), '✓');
    // "next lesson" moves on to one not yet done
    await page.click('#learn-games button[data-variant="sadeqa"]');
    await page.waitForSelector('#learn-list button[data-lesson="sadeqa-relay"][aria-current="step"]');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('axe-core finds no violation on the learn view, at 360 px and on a desktop', async () => {
  for (const size of [{ width: 360, height: 740 }, { width: 1366, height: 768 }]) {
    const page = await openLearn('local', size);
    await lessonOf(page, 'bulto', 'bulto-mine');
    // the 2x10 board fits the screen's width
    const box = await page.$eval('#learn-board', (e) => e.getBoundingClientRect().right);
    assert.ok(box <= size.width, `the board fits ${size.width} px (right edge ${box})`);
    await page.evaluate(fs.readFileSync(AXE, 'utf8'));
    const run = () => page.evaluate(async () => {
      const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
    });
    assert.deepEqual(await run(), [], `axe-core, a lesson at ${size.width}`);
    const lesson = await page.evaluate(() => learn.lessons[learn.index]);
    await play(page, lesson.moves, 'J');
    assert.deepEqual(await run(), [], `axe-core, an answer at ${size.width}`);
    if (size.width === 360) await page.screenshot({ path: path.join(SHOTS, 'learn-phone360.png'), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
