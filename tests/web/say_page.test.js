// Quick phrases on the page (docs/web.md, "Quick phrases"): two browser contexts (two machines)
// play an online game, one in English on a 320×568 phone, the other in Arabic. "Say…" opens the
// eight phrases (44 px, from the keyboard too, over the page without moving the board); English
// says "Good game!" and the Arabic page shows it in Arabic, in a polite live region; a spectator
// sees it with no control of his own; the Arabic player mutes the opponent's phrases (kept across
// a reload) and sees none of them until he unmutes. The sheet fits the phone in every language.
// Run: GABATA=build/gabata node --test say_page.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');

const PHONE320 = { width: 320, height: 568 };
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE_SOURCE);
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(r, [], `axe-core (${what})`);
}
let srv, browser;
test.before(async () => {
  // --say-every 0: a phrase may follow another at once (the 2 s are tested in say.test.js)
  srv = await startServer(['--game-rate', '0', '--games-per-ip', '0', '--say-every', '0']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});

async function machine(viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}
// every text #said showed, in order (the phrase stays a few seconds: none is missed)
const logSaid = (page) => page.evaluate(() => {
  window.saidLog = [];
  new MutationObserver(() => { const s = document.getElementById('said').textContent; if (s) window.saidLog.push(s); })
    .observe(document.getElementById('said'), { childList: true, characterData: true, subtree: true });
});
// the Arabic catalog's text for an English one
function arabic(msgid) {
  const po = fs.readFileSync(path.join(__dirname, '..', '..', 'po', 'ar.po'), 'utf8');
  const m = po.match(new RegExp(`\\nmsgid ${JSON.stringify(msgid).replace(/[.?!()]/g, '\\$&')}\\nmsgstr (".*")\\n`));
  assert.ok(m && JSON.parse(m[1]), `ar.po translates ${msgid}`);
  return JSON.parse(m[1]);
}
const rect = (page, sel) => page.$eval(sel, (e) => { const b = e.getBoundingClientRect(); return { top: b.top, left: b.left, w: b.width, h: b.height, bottom: b.bottom, right: b.right }; });

test('quick phrases: English says "Good game!", the Arabic page shows it in Arabic, a spectator too; mute kept', async () => {
  const a = await machine(PHONE320);
  const b = await machine({ width: 1280, height: 800 });
  let c;
  try {
    await a.goto(`${srv.base}/`);
    await a.waitForSelector('body[data-busy="false"] #board .hole');
    if (!(await a.$eval('#setup-box', (d) => d.open))) await a.click('#new-game');
    await a.selectOption('#variant', 'sadeqa');
    await a.selectOption('#opponent', 'online');
    await a.click('#start');
    await a.waitForSelector('body[data-online="S"] #invite:not([hidden])');
    assert.equal(await a.isVisible('#say-open'), false, 'no phrase before the opponent has joined');
    const link = new URL(await a.inputValue('#invite-link'));
    await b.goto(`${srv.base}/?lang=ar${link.hash}`);
    await b.waitForFunction(() => document.documentElement.lang === 'ar');
    await b.waitForSelector('body[data-online="N"][data-busy="false"] #board .hole');
    await a.waitForSelector('#online-status[data-opponent="connected"]');
    const id = await a.evaluate(() => app.view.id);
    c = await machine({ width: 1280, height: 800 });
    await c.goto(`${srv.base}/#watch=${id}`);
    await c.waitForSelector('body[data-online="watch"] #board .hole');
    assert.equal(await c.isVisible('#say-open'), false, 'a spectator has no "Say…"');
    for (const p of [a, b, c]) await logSaid(p);
    assert.equal(await b.getAttribute('#said', 'aria-live'), 'polite');

    // the phone: "Say…" is a 44 px button; the sheet covers the page's bottom and moves nothing
    await a.waitForSelector('#say-open:not([hidden])');
    const sb = await rect(a, '#say-open');
    assert.ok(sb.h >= 43.5 && sb.w >= 43.5, `"Say…" 44 px (${JSON.stringify(sb)})`);
    await a.focus('#say-open'); // (under the board on a phone, as Resign: the page scrolls to it)
    const board = await rect(a, '#board');
    await a.keyboard.press('Enter');
    await a.waitForSelector('#say-menu:not([hidden])');
    assert.equal(await a.getAttribute('#say-open', 'aria-expanded'), 'true');
    assert.equal(await a.evaluate(() => document.activeElement.dataset.phrase), 'hello', 'the focus on the first phrase');
    assert.deepEqual(await rect(a, '#board'), board, 'the board did not move');
    const buttons = await a.$$eval('#say-menu button', (bs) => bs.map((e) => { const r = e.getBoundingClientRect(); return { t: e.textContent, top: r.top, left: r.left, bottom: r.bottom, right: r.right, w: r.width, h: r.height }; }));
    assert.equal(buttons.length, 10, 'eight phrases, mute and close');
    for (const x of buttons) {
      assert.ok(x.w >= 43.5 && x.h >= 43.5, `${x.t}: 44 px (${x.w}×${x.h})`);
      assert.ok(x.top >= 0 && x.left >= 0 && x.bottom <= 568 && x.right <= 320, `${x.t}: on the 320×568 screen (${JSON.stringify(x)})`);
    }
    await axe(a, 'the phrases open, 320×568');
    await a.keyboard.press('Escape');
    await a.waitForSelector('#say-menu', { state: 'hidden' });
    assert.equal(await a.evaluate(() => document.activeElement.id), 'say-open', 'Escape gives the focus back');
    // from the keyboard: open, Tab to "Good game!", Enter
    await a.keyboard.press('Enter');
    await a.waitForSelector('#say-menu:not([hidden])');
    for (let i = 0; i < 4; i++) await a.keyboard.press('Tab');
    assert.equal(await a.evaluate(() => document.activeElement.textContent), 'Good game!');
    await a.keyboard.press('Enter');
    await a.waitForSelector('#say-menu', { state: 'hidden' });

    const line = (who, phrase) => arabic('{who}: {phrase}').replace('{who}', arabic(who)).replace('{phrase}', arabic(phrase));
    await b.waitForFunction(() => document.getElementById('said').dataset.phrase === 'good-game');
    assert.equal(await b.textContent('#said'), line('South', 'Good game!'), 'in Arabic');
    await axe(b, 'a phrase shown, Arabic');
    assert.notEqual(arabic('Good game!'), 'Good game!');
    await a.waitForFunction(() => document.getElementById('said').dataset.phrase === 'good-game');
    assert.equal(await a.textContent('#said'), 'South: Good game!');
    await c.waitForFunction(() => document.getElementById('said').dataset.phrase === 'good-game');
    assert.equal(await c.textContent('#said'), 'South: Good game!', 'the spectator sees it');

    // the Arabic player mutes South's phrases: kept in localStorage, across a reload
    await b.click('#say-open');
    await b.click('#say-mute');
    assert.equal(await b.getAttribute('#say-mute', 'aria-pressed'), 'true');
    await b.click('#say-close');
    await b.reload();
    await b.waitForSelector('body[data-online="N"][data-busy="false"] #board .hole');
    await b.waitForSelector('#say-open:not([hidden])');
    await a.waitForSelector('#online-status[data-opponent="connected"]');
    await logSaid(b);
    await a.click('#say-open');
    await a.click('#say-phrases button[data-phrase="thanks"]');
    await a.waitForFunction(() => document.getElementById('said').dataset.phrase === 'thanks');
    // North's own phrase comes after South's on the same stream: when it is shown, South's was read
    await b.click('#say-open');
    assert.equal(await b.getAttribute('#say-mute', 'aria-pressed'), 'true', 'muted after the reload');
    await b.click('#say-phrases button[data-phrase="hello"]');
    await b.waitForFunction(() => document.getElementById('said').dataset.phrase === 'hello');
    assert.deepEqual(await b.evaluate(() => window.saidLog), [line('North', 'Hello!')],
      'the muted player saw his own phrase and none of South\'s');
    await a.waitForFunction(() => document.getElementById('said').dataset.phrase === 'hello');
    // unmuted: South's next one is shown
    await b.click('#say-open');
    await b.click('#say-mute');
    assert.equal(await b.getAttribute('#say-mute', 'aria-pressed'), 'false');
    await b.click('#say-close');
    await a.click('#say-open');
    await a.click('#say-phrases button[data-phrase="bye"]');
    await b.waitForFunction(() => document.getElementById('said').dataset.phrase === 'bye');
    assert.match(await b.textContent('#said'), new RegExp(arabic('Goodbye!').replace(/[.?!]/g, '\\$&')));
    assert.ok((await c.evaluate(() => window.saidLog)).includes('South: Thank you!'), 'the spectator is not muted by another machine');
    // the sheet on the 320×568 phone in every language: the ten buttons on the screen, 44 px,
    // none over another, the board where it was
    for (const lang of ['am', 'ar', 'om', 'ti']) {
      await a.evaluate((l) => localStorage.setItem('gabata.lang', l), lang);
      await a.reload();
      await a.waitForFunction((l) => document.documentElement.lang === l, lang);
      await a.waitForSelector('body[data-online="S"][data-busy="false"] #say-open:not([hidden])');
      await a.focus('#say-open');
      const at = await rect(a, '#board');
      await a.keyboard.press('Enter');
      await a.waitForSelector('#say-menu:not([hidden])');
      assert.deepEqual(await rect(a, '#board'), at, `${lang}: the board did not move`);
      const bs = await a.$$eval('#say-menu button', (xs) => xs.map((e) => { const r = e.getBoundingClientRect(); return { t: e.textContent, top: r.top, left: r.left, bottom: r.bottom, right: r.right, w: r.width, h: r.height }; }));
      assert.equal(bs.length, 10);
      for (const [i, x] of bs.entries()) {
        assert.ok(x.w >= 43.5 && x.h >= 43.5, `${lang}: ${x.t}: 44 px (${x.w}×${x.h})`);
        assert.ok(x.top >= 0 && x.left >= 0 && x.bottom <= 568 && x.right <= 320, `${lang}: ${x.t}: on the 320×568 screen (${JSON.stringify(x)})`);
        for (const y of bs.slice(i + 1)) assert.ok(x.right <= y.left || y.right <= x.left || x.bottom <= y.top || y.bottom <= x.top, `${lang}: ${x.t} apart from ${y.t}`);
      }
      assert.notEqual(bs[4].t, 'Good game!', `${lang}: translated`);
      await a.keyboard.press('Escape');
      await a.waitForSelector('#say-menu', { state: 'hidden' });
    }
    for (const p of [a, b, c]) assert.deepEqual(p.errors, [], 'no script error');
  } finally {
    await a.context().close();
    await b.context().close();
    if (c) await c.context().close();
  }
});
