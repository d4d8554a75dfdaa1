// The engine's texts in the page's language (issue 22 §3), in the page itself: for each language,
// with the page's own WebAssembly engine and with the server (?engine=server), a Qelat and an
// L'ab al-Akil game played in the page by two people on one screen until a round ends: the rules
// panel, an illegal tap's message and the round's banner keep no piece of English that the
// language's catalog translates (each shown text is compared with the English the engine wrote,
// which the page's view holds: a catalog text found in that English must not be found in what is
// shown). tests/web/tlib.test.js checks the translation itself against texts composed by hand.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');

const PO = path.join(__dirname, '..', '..', 'po');
const LANGS = ['ar', 'am', 'ti', 'om'];

let srv, browser;
test.before(async () => {
  srv = await startServer(['--game-rate', '0']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

// the catalog's translated texts, each as a regex that finds it in an English text, and the
// English words of it that its translation does not keep (read with gettext's own msgunfmt-free
// rules: the blocks of the PO file, fuzzy and plural entries left out)
function pieces(lang) {
  const out = [];
  for (const block of fs.readFileSync(path.join(PO, `${lang}.po`), 'utf8').split(/\n\n+/)) {
    if (/^#, .*fuzzy/m.test(block) || /^msgid_plural/m.test(block) || /^#~/m.test(block)) continue;
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id || !str) continue;
    const join = (s) => s.trim().split('\n').map((l) => JSON.parse(l)).join('');
    const k = join(id[1]), v = join(str[1]);
    if (!k || !v) continue;
    const lits = k.split(/%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?(?:hh|h|ll|l|z)?[diuxXcs]|%[vot]|\{\w+\}/);
    const words = lits.filter((x) => (x.match(/[A-Za-z]{2,}/g) || []).length >= 3 && !v.includes(x.trim()));
    if (!words.length) continue;
    const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out.push({ id: k, words, re: new RegExp(lits.map(esc).join('[\\s\\S]+?')) });
  }
  return out;
}
function leftEnglish(cat, pairs) {
  const left = [];
  for (const { en, shown, what } of pairs) {
    for (const p of cat) {
      if (!p.re.test(en)) continue;
      const w = p.words.find((x) => shown.includes(x.trim()));
      if (w) left.push(`${what}: ${JSON.stringify(w.trim())} (of ${JSON.stringify(p.id.slice(0, 60))}) in ${JSON.stringify(shown.slice(0, 200))}`);
    }
  }
  return left;
}

async function play(page, lang, engine, variant, options) {
  await page.goto(`${srv.base}/?lang=${lang}&seed=5${engine === 'server' ? '&engine=server' : ''}`);
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  await page.evaluate(() => i18n.ready);
  assert.equal(await page.evaluate(() => document.body.dataset.engine), engine);
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
  await page.selectOption('#variant', variant);
  await page.click('#options-box summary');
  for (const [k, v] of Object.entries(options)) {
    const sel = `#options [data-key="${k}"]`;
    if ((await page.$eval(sel, (e) => e.tagName)) === 'SELECT') await page.selectOption(sel, v); else await page.fill(sel, v);
  }
  await page.selectOption('#opponent', 'human');
  await page.$eval('#speed', (e) => { e.value = '0'; });
  await page.click('#start');
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && app.view);
  const pairs = [];
  // the rules panel: the view's rules lines, for the options in force
  pairs.push(...await page.evaluate(() => {
    const lis = [...document.querySelectorAll('#rules li')];
    return app.view.rules.map((l, i) => ({ what: 'rules', en: l.text, shown: lis[i] ? lis[i].textContent : '' }));
  }));
  // moves until a round ends (a layout: its example), with an illegal tap on the way
  const r = await page.evaluate(async () => {
    let x = 7;
    const rand = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
    const wait = async () => { while (app.busy || app.animating) await new Promise((res) => setTimeout(res, 5)); };
    let tap = null;
    for (let i = 0; i < 4000; i++) {
      await wait();
      const v = app.view;
      if (v.state.last_round || v.state.over) break;
      if (!tap && i >= 2 && !v.free_move) {
        const bad = v.state.owner.findIndex((o, h) => o !== v.state.to_move && !v.moves.some((m) => m.hole === h));
        if (bad >= 0) {
          let en = '';
          try { await gameApi('POST', v.id, 'moves', withPly(v, { move: v.labels[bad] })); } catch (e) { en = e.message; }
          await playMove(v.labels[bad]);
          await wait();
          tap = { what: 'illegal tap', en, shown: document.getElementById('message').textContent };
          continue;
        }
      }
      await playMove(v.free_move ? v.free_move.example : v.moves[Math.floor(rand() * v.moves.length)].text);
    }
    await wait();
    const lr = app.view.state.last_round;
    return { tap, round: lr ? { what: 'round', en: `${lr.text} ${lr.standing || ''}`, shown: document.getElementById('round-text').textContent } : null,
      result: app.view.state.over ? { what: 'result', en: app.view.state.result_line || '', shown: document.getElementById('status').textContent + ' ' + document.getElementById('summary').textContent } : null };
  });
  assert.ok(r.tap && r.tap.en, `${lang} ${engine} ${variant}: an illegal tap was refused (${JSON.stringify(r.tap)})`);
  assert.ok(r.round || r.result, `${lang} ${engine} ${variant}: a round ended`);
  pairs.push(r.tap);
  if (r.round) pairs.push(r.round);
  if (r.result) pairs.push(r.result);
  return pairs;
}

for (const lang of LANGS) {
  test(`${lang}: the rules, an illegal tap and a round's end in the page, its own engine and the server's`, async () => {
    const cat = pieces(lang);
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const left = [];
    for (const engine of ['local', 'server']) {
      for (const [variant, options] of [['qelat', {}], ['akil', { 'max-plies': '60' }]]) {
        left.push(...leftEnglish(cat, await play(page, lang, engine, variant, options)));
      }
    }
    assert.deepEqual(left, [], `${lang}: English left where the catalog translates it`);
    assert.deepEqual(errors, [], 'no script error on the page');
    await ctx.close();
  });
}

// Screenshots of every language and game at phone size, mid-game (issue 22, "Done when"):
// tests/web/out/lang-<lang>-<game>.png. The same every run: a fixed seed, the same moves
// (by a fixed LCG, two people on one screen), no animation (reduced motion), light colours.
test('a screenshot of every language and every game at 360×640, mid-game', async () => {
  const shots = require('./shots').SHOTS; // untracked unless UPDATE_SCREENSHOTS=1
  fs.mkdirSync(shots, { recursive: true });
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, reducedMotion: 'reduce', colorScheme: 'light' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  for (const lang of ['en', ...LANGS]) {
    for (const variant of ['sadeqa', 'qelat', 'akil', 'bulto']) {
      await page.goto(`${srv.base}/?lang=${lang}&seed=11`);
      await page.waitForSelector('body[data-busy="false"] #board .hole');
      await page.evaluate(() => i18n.ready);
      if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
      await page.selectOption('#variant', variant);
      await page.selectOption('#opponent', 'human');
      await page.$eval('#speed', (e) => { e.value = '0'; });
      await page.click('#start');
      await page.waitForFunction(() => document.body.dataset.busy === 'false' && app.view);
      await page.evaluate(async () => {
        let x = 11;
        const rand = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
        const wait = async () => { while (app.busy || app.animating) await new Promise((res) => setTimeout(res, 5)); };
        for (let i = 0; i < 8; i++) {
          await wait();
          const v = app.view;
          if (v.state.over) break;
          // (a layout of its own: the view's example is drawn at random)
          await playMove(v.free_move ? 'layout:9,3,8,4,7,5,6,6,5,7,4,8' : v.moves[Math.floor(rand() * v.moves.length)].text);
        }
        await wait();
        if (document.activeElement) document.activeElement.blur();
        window.scrollTo(0, 0);
      });
      await page.screenshot({ path: path.join(shots, `lang-${lang}-${variant}.png`) });
    }
  }
  assert.deepEqual(errors, [], 'no script error on the page');
  await ctx.close();
});
