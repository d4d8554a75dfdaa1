// The page on phones (issue 22 §1): at 360×640, 390×844 held upright and on its side (844×390),
// and a 1366×768 desktop, for every game, what the move says (an illegal tap's message, the round
// banner, Skip, the layout's total, each move control) lies on the screen together with the
// board; the status is one sentence of at most 2 lines, with no rule id (those are behind its
// "why?"); and the rest of §1: reduced motion, one announcement a move, dark mode (the device's
// and the switch), axe-core in light and dark, play again, L'ab al-Akil's layout made on the
// board, keyboard play, and the text bugs (a doubled "Round 1:", the match summary's lines, a
// resignation's "0–0", a new round's old marks, Bulto's stores, the review buttons' glyphs).
// One browser; a page a viewport. Screenshots: tests/web/out/phone-GAME-360.png.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { fillSeek } = require('./seek_form');

const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SIZES = { phone360: { width: 360, height: 640 }, phone390: { width: 390, height: 844 },
  landscape: { width: 844, height: 390 }, landscape640: { width: 640, height: 360 }, desktop: { width: 1366, height: 768 } };
const RULE_ID = /\(([QASBT]\d+)/;

let srv, browser, variants;

test.before(async () => {
  srv = await startServer(['--game-rate', '0', '--player-rate', '0']); // (a lobby name a language and size)
  browser = await launch();
  variants = (await (await fetch(`${srv.base}/api/variants`)).json()).variants;
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.after(async () => {
  if (browser) await browser.close();
  if (srv) await srv.stop();
});

// (the smallest phone in use, for the checks of what long translations and names do)
const PHONE320 = { width: 320, height: 568 };

async function newPage(size, opts = {}) {
  const ctx = await browser.newContext({ viewport: SIZES[size] || size, ...opts });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}
async function closePage(page) {
  assert.deepEqual(page.errors, [], 'no script error on the page');
  await page.context().close();
}

async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy === 'false' && document.getElementById('status').dataset.toMove !== undefined,
    null, { timeout: 60000 });
}

async function startGame(page, variant, { opts = {}, side = 'S', opponent = 'ai:1', speed = '0', seed = 3, lang = '' } = {}) {
  await page.goto(`${srv.base}/?seed=${seed}${lang ? `&lang=${lang}` : ''}`);
  if (lang) await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
  await page.selectOption('#variant', variant);
  if (Object.keys(opts).length) {
    await page.click('#options-box summary');
    for (const [k, v] of Object.entries(opts)) {
      const sel = `#options [data-key="${k}"]`;
      if ((await page.$eval(sel, (e) => e.tagName)) === 'SELECT') await page.selectOption(sel, v); else await page.fill(sel, v);
    }
  }
  await page.selectOption('#opponent', opponent);
  await page.selectOption('#side', side);
  await page.$eval('#speed', (e, v) => { e.value = v; }, speed);
  await page.click('#start');
  await idle(page);
}

// the board and every element named (those shown) inside the viewport, all at once
async function inView(page, what, selectors) {
  const r = await page.evaluate((sels) => {
    const box = (e) => { const b = e.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, w: b.width, h: b.height }; };
    const out = { vw: innerWidth, vh: innerHeight, board: box(document.getElementById('board')), items: [] };
    for (const sel of sels) {
      for (const e of document.querySelectorAll(sel)) {
        const b = box(e);
        if (!b.w || !b.h || getComputedStyle(e).visibility === 'hidden') continue; // (not shown)
        out.items.push([e.id || sel, b]);
      }
    }
    return out;
  }, selectors);
  const ok = (b) => b.top >= -1 && b.left >= -1 && b.bottom <= r.vh + 1 && b.right <= r.vw + 1;
  assert.ok(ok(r.board), `${what}: the board inside the viewport (${JSON.stringify(r.board)} in ${r.vw}×${r.vh})`);
  for (const [name, b] of r.items) assert.ok(ok(b), `${what}: ${name} inside the viewport with the board (${JSON.stringify(b)} in ${r.vw}×${r.vh})`);
  return r.items.map(([n]) => n);
}
// the header in one row: its title, its shown links and Settings side by side (each one's top
// above every other's bottom), none past the screen's edges, the header no taller than its
// tallest item and its padding
async function headerOneRow(page, what) {
  const r = await page.evaluate(() => {
    const box = (e) => { const b = e.getBoundingClientRect(); return { id: e.id || e.tagName, top: b.top, bottom: b.bottom, left: b.left, right: b.right, h: b.height, w: b.width }; };
    const h = document.querySelector('header');
    const shown = [...h.querySelectorAll('h1, .nav-link, #settings > summary')].filter((e) => e.getBoundingClientRect().width);
    const items = shown.map(box).filter((b) => b.w && b.h);
    // a word wider than its link runs out of its border, over the next one
    const spill = shown.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.id || e.tagName} "${e.textContent.trim()}" ${e.scrollWidth} > ${e.clientWidth}`);
    return { vw: innerWidth, header: box(h), items, spill, scroll: document.documentElement.scrollWidth };
  });
  assert.deepEqual(r.spill, [], `${what}: every header item's text inside its box`);
  assert.ok(r.items.length >= 3, `${what}: the header shows its title, links and Settings (${JSON.stringify(r.items)})`);
  const top = Math.max(...r.items.map((b) => b.top));
  const bottom = Math.min(...r.items.map((b) => b.bottom));
  assert.ok(top < bottom, `${what}: the header in one row (${r.items.map((b) => `${b.id} ${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`).join(', ')})`);
  assert.ok(r.header.h <= Math.max(...r.items.map((b) => b.h)) + 12, `${what}: the header ${Math.round(r.header.h)} px high, one row`);
  for (const b of r.items) assert.ok(b.left >= -1 && b.right <= r.vw + 1, `${what}: ${b.id} inside the screen (${Math.round(b.left)}–${Math.round(b.right)} of ${r.vw})`);
  // each link and Settings a finger's size, the short words too (Arabic's "Learn", Tigrinya's "Game")
  for (const b of r.items.filter((x) => x.id !== 'H1')) assert.ok(b.w >= 44 && b.h >= 44, `${what}: ${b.id} at least 44×44 px (${b.w.toFixed(1)}×${b.h.toFixed(1)})`);
  assert.ok(r.scroll <= r.vw, `${what}: nothing wider than the screen (${r.scroll} px)`);
}

// the board's words (the rows' names, the stores' labels, the marks) inside the drawing, which
// cuts what runs past its edge, and no two of them over each other
async function boardWords(page, what) {
  const r = await page.evaluate(() => {
    const svg = document.getElementById('board').getBoundingClientRect();
    const words = [...document.querySelectorAll('#board text')].filter((t) => t.textContent.trim() && !t.closest('[visibility="hidden"]'))
      .map((t) => { const b = t.getBoundingClientRect(); return { t: t.textContent, cls: t.getAttribute('class'), left: b.left, right: b.right, top: b.top, bottom: b.bottom }; });
    return { svg: { left: svg.left, right: svg.right, top: svg.top, bottom: svg.bottom }, words };
  });
  for (const w of r.words) {
    assert.ok(w.left >= r.svg.left - 0.5 && w.right <= r.svg.right + 0.5, `${what}: "${w.t}" (${w.cls}) inside the board (${Math.round(w.left)}–${Math.round(w.right)} of ${Math.round(r.svg.left)}–${Math.round(r.svg.right)})`);
  }
  const names = r.words.filter((w) => /row-label|store-label/.test(w.cls));
  for (const a of names) {
    for (const b of names) {
      if (a === b) continue;
      const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
      assert.ok(apart, `${what}: "${a.t}" and "${b.t}" apart`);
    }
  }
}

const MOVE_CONTROLS = ['#move-strip button', '#move-strip #layout-sum', '#move-strip .move-button', '#message', '#note', '#skip:not([hidden])', '#round-banner:not([hidden])'];

// the status: one sentence, at most 2 lines, no rule id
async function checkStatus(page, what) {
  const s = await page.evaluate(() => {
    const e = document.getElementById('status');
    return { text: e.textContent, h: e.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(e).lineHeight) };
  });
  const lines = Math.round(s.h / s.lh);
  assert.ok(lines >= 1 && lines <= 2, `${what}: the status in at most 2 lines (${lines}: "${s.text}")`);
  assert.doesNotMatch(s.text, RULE_ID, `${what}: no rule id in the status`);
  return s.text;
}

// in the page: the person's moves (hot-seat: both sides), chosen by a small LCG, until stop(view)
async function playUntil(page, stop, seed = 1) {
  await page.evaluate(async ({ stopSrc, seed }) => {
    const stopFn = new Function('view', `return (${stopSrc})(view);`);
    let x = seed >>> 0;
    const rand = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
    const wait = async () => { while (app.busy || app.animating) await new Promise((r) => setTimeout(r, 5)); };
    for (let i = 0; i < 3000; i++) {
      await wait();
      const v = app.view;
      if (v.state.over || stopFn(v)) return;
      const m = v.free_move ? v.free_move.example : v.moves[Math.floor(rand() * v.moves.length)].text;
      await playMove(m);
    }
    throw new Error('the game did not stop');
  }, { stopSrc: stop.toString(), seed });
  await idle(page);
}

async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(r, [], `axe-core (${what})`);
}

test('every game at every size: an illegal tap, the move controls and the status with the board', async () => {
  for (const size of Object.keys(SIZES)) {
    const page = await newPage(size);
    for (const v of variants) {
      const what = `${v.name} at ${size}`;
      await startGame(page, v.name);
      await checkStatus(page, what);
      let view = await page.evaluate(() => app.view);
      if (view.free_move) {
        // a layout (L'ab al-Akil): made on the board; one stone too many is refused, in view
        await page.click('#board .hole[data-hole="0"]');
        await page.click('#free-move-submit');
        assert.match(await page.textContent('#message'), /Not yet: 73 of 72 placed: 1 too many/);
        await inView(page, `${what}, a refused layout`, MOVE_CONTROLS);
        await page.click('#layout-remove');
        await page.click('#board .hole[data-hole="0"]');
        await page.click('#layout-remove');
        await page.click('#free-move-submit');
        await idle(page);
        view = await page.evaluate(() => app.view);
      }
      const items = await inView(page, `${what}, the move`, MOVE_CONTROLS);
      assert.ok(items.includes('undo') || view.free_move || view.state.over, `${what}: the move controls were measured (${items})`);
      if (view.state.over) continue;
      // an illegal tap: a hole the player cannot sow (the other's row)
      const bad = view.state.owner.findIndex((o, h) => o !== view.state.to_move && !view.moves.some((m) => m.hole === h));
      await page.click(`#board .hole[data-hole="${bad}"]`, { force: true });
      await page.waitForFunction(() => /not allowed/.test(document.getElementById('message').textContent));
      const msg = await page.textContent('#message');
      assert.doesNotMatch(msg, RULE_ID, `${what}: the message's rule id is behind its why?`);
      await inView(page, `${what}, an illegal tap`, MOVE_CONTROLS);
      if (await page.$('#message button.why')) {
        // the why?: the rule's text, from the game's rules
        await page.click('#message button.why');
        await page.waitForSelector('#why-box:not([hidden])');
        const ids = (await page.getAttribute('#why-box', 'data-ids')).split(' ');
        const lines = await page.$$eval('#why-text li', (ls) => ls.map((l) => [l.dataset.ruling, l.textContent]));
        assert.ok(lines.length > 0 && lines.every(([r]) => r.split(' ').some((x) => ids.includes(x))), `${what}: the why? shows the rule cited`);
        const rules = view.rules.filter((l) => l.ruling.split(' ').some((x) => ids.includes(x))).map((l) => l.text);
        assert.deepEqual(lines.map(([, tx]) => tx), rules);
        await inView(page, `${what}, why?`, ['#why-box']);
        await page.click('#why-close');
      }
      // a move: the status then says what it did, in words
      const hole = view.moves.find((m) => m.hole !== null && m.hole !== undefined && view.moves.filter((x) => x.hole === m.hole).length === 1);
      if (hole) {
        await page.click(`#board .hole[data-hole="${hole.hole}"]`);
        await idle(page);
        const s = await checkStatus(page, `${what}, after a move`);
        const after = await page.evaluate(() => app.view);
        if (!after.state.over && after.last && (!after.last.before || after.last.before.round === after.state.round)) {
          assert.match(s, /^(South|North) (sowed|passed|kept|turned|laid|fed|played) /, `${what}: the status says what the last move did ("${s}")`);
        }
        await inView(page, `${what}, after a move`, MOVE_CONTROLS);
      }
      if (size === 'phone360') await page.screenshot({ path: path.join(SHOTS, `phone-${v.name}-360.png`) });
    }
    await closePage(page);
  }
});

// The translations run longer than the English (Ge'ez and Arabic letters, longer words): the
// same checks at the smallest sizes in every language, the page's own texts and the engine's.
test('every language at 360×640 and on its side: the move controls, an illegal tap and the status with the board', async () => {
  for (const lang of ['ar', 'am', 'ti', 'om']) {
    // (at 320×568 the status after a move, on 2 lines, and a round's end on L'ab al-Akil's 3 leave
    // Sadeqa III's and Bulto's boards no room: the start and an illegal tap are checked there)
    for (const size of ['phone360', PHONE320, 'landscape', 'landscape640']) {
      const page = await newPage(size);
      for (const v of variants) {
        const what = `${lang}: ${v.name} at ${size.width ? `${size.width}×${size.height}` : size}`;
        await startGame(page, v.name, { lang });
        let view = await page.evaluate(() => app.view);
        if (view.free_move) {
          await page.click('#free-move-submit'); // the even layout the board starts with
          await idle(page);
          view = await page.evaluate(() => app.view);
        }
        await checkStatus(page, what);
        await inView(page, `${what}, the move`, MOVE_CONTROLS);
        await boardWords(page, what);
        if (size === 'phone360') await headerOneRow(page, what);
        if (view.state.over) continue;
        const bad = view.state.owner.findIndex((o, h) => o !== view.state.to_move && !view.moves.some((m) => m.hole === h));
        await page.click(`#board .hole[data-hole="${bad}"]`, { force: true });
        await page.waitForFunction(() => document.getElementById('message').textContent.trim() !== '');
        assert.doesNotMatch(await page.textContent('#message'), /not allowed/, `${what}: the message is translated`);
        // over the board (drawn left to right in every language) the message is text: in Arabic
        // right to left, its full stop at its end
        assert.equal(await page.$eval('#message', (e) => getComputedStyle(e).direction), lang === 'ar' ? 'rtl' : 'ltr', `${what}: the message's direction`);
        await inView(page, `${what}, an illegal tap`, MOVE_CONTROLS);
        await checkStatus(page, `${what}, an illegal tap`);
      }
      await closePage(page);
    }
  }
});

// Every control of the game screen, each wholly on the screen, whatever the status says: on the
// smallest phones and held on its side, in every language, with the status at its longest in
// each game (a move played in Sadeqa III; a round's end in Qelat and L'ab al-Akil, where a new
// round's layout adds its line; a bulto on offer in Bulto). At 320×568 a status of two lines (of
// three at L'ab al-Akil's new round) once put Undo 8 px under the screen's bottom with Sadeqa
// III's board. Measured after the move, once the page has kept the board in view.
const GAME_CONTROLS = ['#undo', '#hint', '#flip', '#review-start', '#status-why', '#move-strip button', '#round-ok', '#board .hole .hit'];
async function allInView(page, what, selectors = GAME_CONTROLS) {
  const r = await page.evaluate((sels) => {
    const out = { vw: innerWidth, vh: innerHeight, n: 0, bad: [] };
    for (const e of new Set(sels.flatMap((sel) => [...document.querySelectorAll(sel)]))) {
      {
        if (!e.checkVisibility({ visibilityProperty: true }) || e.closest('[hidden]')) continue;
        const b = e.getBoundingClientRect();
        if (!b.width || !b.height) continue;
        out.n++;
        // (a hole's tap target, its cell, stays a finger's size however the board is fitted)
        if (e.classList.contains('hit') && (b.width < 43.5 || b.height < 43.5)) out.bad.push(`hole ${e.closest('.hole').dataset.hole}'s tap target ${b.width.toFixed(1)}×${b.height.toFixed(1)} px`);
        if (b.top < -0.5 || b.left < -0.5 || b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5) {
          const name = e.id || (e.closest('.hole') ? `hole ${e.closest('.hole').dataset.hole}` : e.textContent.trim());
          out.bad.push(`${name} ${Math.round(b.left)}–${Math.round(b.right)} × ${Math.round(b.top)}–${Math.round(b.bottom)}`);
        }
      }
    }
    // a status cut short for room keeps the whole sentence as its tooltip
    for (const e of [document.getElementById('status'), document.getElementById('round-line')]) {
      if (e.dataset.clamp && e.title !== e.textContent) out.bad.push(`${e.id} cut, its title "${e.title}" not the whole "${e.textContent}"`);
    }
    out.clamped = document.getElementById('status').dataset.clamp;
    out.status = document.getElementById('status').textContent;
    out.round = document.getElementById('round-line').hidden ? '' : document.getElementById('round-line').textContent;
    return out;
  }, selectors);
  assert.ok(r.n > 4, `${what}: controls measured (${r.n})`);
  if (r.clamped && !page.shownOpen) {
    // a tap on the status shows it whole, a second cuts it again
    page.shownOpen = true;
    const h = () => page.$eval('#status', (e) => e.getBoundingClientRect().height);
    const cut = await h();
    await page.click('#status');
    assert.ok(await h() > cut + 5 && await page.$eval('#status', (e) => !e.dataset.clamp), `${what}: the status whole on a tap`);
    await page.click('#status');
    assert.ok(Math.abs(await h() - cut) < 1, `${what}: and cut again`);
  }
  return r.bad.length ? [`${what}: ${r.bad.join(', ')} (the status: "${r.status}" ${r.round})`] : [];
}

const LONGEST = {
  sadeqa: (v) => v.history.length >= 1 && !!v.last,
  qelat: (v) => !!v.state.last_round,
  akil: (v) => !!v.state.last_round,
  bulto: (v) => v.moves.some((m) => /~/.test(m.text)),
};
test('every control of the game screen on the screen at 320×568, 360×640 and 640×360, in every language, the status at its longest', async () => {
  const off = []; // (every size and language measured, then all that ran off the screen told)
  for (const size of [PHONE320, 'phone360', 'landscape640']) {
    const page = await newPage(size);
    for (const lang of ['en', 'ar', 'am', 'ti', 'om']) {
      for (const v of variants) {
        const what = `${lang}: ${v.name} at ${size.width ? `${size.width}×${size.height}` : size}`;
        await startGame(page, v.name, { lang, opponent: 'human' });
        off.push(...await allInView(page, `${what}, the start`));
        await playUntil(page, LONGEST[v.name], 7);
        await page.waitForFunction(() => !app.animating);
        const st = await page.evaluate(() => app.view.state);
        assert.ok(!st.over, `${what}: the game goes on`);
        off.push(...await allInView(page, `${what}, ${v.name === 'bulto' ? 'a bulto on offer' : v.name === 'sadeqa' ? 'after a move' : 'a round over'}`));
      }
    }
    if (size === PHONE320) assert.ok(page.shownOpen, 'at 320×568 a status was cut short, and shown whole by a tap');
    await closePage(page);
  }
  assert.deepEqual(off, [], 'every control wholly on the screen');
});

// A hole that offers several moves (Bulto, B5: a bulto offered is taken, or the first k refused)
// opens the list of its moves to choose among. At 320×568 the list under the board scrolled the
// page so that the top of the board went off the screen: the player chose without seeing what he
// chose on. With the list open, the whole board (every hole's tap area), each choice, Cancel and
// Undo are on the screen together, each choice a finger's 44×44 px, the list the hole's moves in
// the rules' words; a choice plays its move, Cancel closes the list. In every language, upright and
// on its side.
const CHOICE_CONTROLS = ['#board .hole', '#choices', '#choices p', '#choices button', '#undo'];
test('Bulto: the choices of a hole with several moves (B5) open with the whole board and Undo on the screen, each 44×44, at 320×568, 360×640 and 640×360, in every language', async () => {
  const off = [];
  for (const size of [PHONE320, 'phone360', 'landscape640']) {
    const page = await newPage(size);
    for (const lang of ['en', 'ar', 'am', 'ti', 'om']) {
      const what = `${lang}: bulto at ${size.width ? `${size.width}×${size.height}` : size}`;
      await startGame(page, 'bulto', { lang, opponent: 'human' });
      await playUntil(page, LONGEST.bulto, 7);
      await page.waitForFunction(() => !app.animating);
      // the hole whose moves are several: its label, its moves' texts
      const h = await page.evaluate(() => {
        const v = app.view;
        const at = (x) => v.moves.filter((m) => m.hole === x).map((m) => m.text);
        const hole = v.moves.map((m) => m.hole).find((x) => x !== null && x !== undefined && at(x).length > 1);
        return hole === undefined ? null : { hole, label: v.labels[hole], moves: at(hole) };
      });
      assert.ok(h, `${what}: a hole with several moves`);
      // (B5: the hole's sowing taking every bulto offered, and refusing the first 1, 2… of them)
      assert.deepEqual(h.moves, [h.label, ...h.moves.slice(1).map((_, k) => `${h.label}~${k + 1}`)], `${what}: the hole's moves`);
      await page.click(`#board .hole[data-hole="${h.hole}"]`);
      await page.waitForSelector('#choices:not([hidden]) button.choice');
      assert.deepEqual(await page.$$eval('#choices button.choice', (bs) => bs.map((b) => b.dataset.move)), h.moves, `${what}: a choice a move`);
      off.push(...await allInView(page, `${what}, the choices of ${h.label}`, CHOICE_CONTROLS));
      const small = await page.$$eval('#choices button', (bs) => bs.map((b) => b.getBoundingClientRect()).filter((b) => b.width < 44 || b.height < 44).map((b) => `${b.width.toFixed(1)}×${b.height.toFixed(1)}`));
      assert.deepEqual(small, [], `${what}: every choice and Cancel at least 44×44 px`);
      if (lang === 'en' && size === PHONE320) {
        await page.screenshot({ path: path.join(SHOTS, 'phone320-bulto-choices.png') });
        await axe(page, `${what}, the choices open`);
      }
      if (lang === 'am' && size === 'landscape640') await page.screenshot({ path: path.join(SHOTS, 'phone640-bulto-choices-am.png') });
      // Cancel closes the list; a choice plays its move
      await page.click('#choices button:not(.choice)');
      assert.equal(await page.isHidden('#choices'), true, `${what}: Cancel closes the list`);
      const ply = await page.evaluate(() => app.view.history.length);
      await page.click(`#board .hole[data-hole="${h.hole}"]`);
      await page.click(`#choices button.choice[data-move="${h.moves[1]}"]`);
      await page.waitForFunction((n) => app.view.history.length > n && !app.busy, ply);
      assert.equal(await page.evaluate((n) => app.view.history[n].move || app.view.history[n].text, ply), h.moves[1], `${what}: the choice played`);
      assert.equal(await page.isHidden('#choices'), true, `${what}: the list closed`);
    }
    await closePage(page);
  }
  assert.deepEqual(off, [], 'the board, the choices and Undo wholly on the screen');
});

// Every hole a finger can tap, on the play board and on the Learn board, has at least 44×44 CSS
// px of its own (the platforms' touch target; WCAG 2.2 asks 24): the point 21.5 px from its
// middle in each of eight directions is still that hole, not a neighbour's rim nor the board's
// wood (Bulto's ten holes a row were 30 px wide on the Learn board at 360 px, and the upright
// play board's rims reached into the next hole's cell); and no board runs off the screen.
async function tapAreas(page, what, sel) {
  const r = await page.evaluate((sel) => {
    const out = { vw: innerWidth, holes: 0, bad: [], off: [] };
    for (const h of document.querySelectorAll(sel)) {
      out.holes++;
      h.scrollIntoView({ block: 'center', inline: 'nearest' });
      const d = (h.querySelector('.pit') || h).getBoundingClientRect();
      const x = d.left + d.width / 2, y = d.top + d.height / 2;
      for (const [dx, dy] of [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]]) {
        const at = document.elementFromPoint(x + 21.5 * dx, y + 21.5 * dy);
        const got = at && at.closest(sel);
        if (got !== h) { out.bad.push(`${h.dataset.hole} at (${dx},${dy}): ${got ? `hole ${got.dataset.hole}` : (at ? `${at.tagName}.${at.getAttribute('class')}` : 'nothing')}`); break; }
      }
    }
    for (const b of document.querySelectorAll('#board, #learn-board')) {
      const box = b.getBoundingClientRect();
      if (box.width && (box.left < -1 || box.right > innerWidth + 1)) out.off.push(`${b.id} ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    out.scroll = document.documentElement.scrollWidth;
    return out;
  }, sel);
  assert.ok(r.holes > 0, `${what}: holes measured`);
  assert.deepEqual(r.bad, [], `${what}: each hole's 44 px square is its own`);
  assert.deepEqual(r.off, [], `${what}: the board on the screen`);
  assert.ok(r.scroll <= r.vw, `${what}: nothing wider than the screen (${r.scroll} px)`);
}

test('every hole of every game has a 44×44 px tap area, the play board and the Learn board, on phones, in every language', async () => {
  for (const size of ['phone360', PHONE320, { width: 640, height: 360 }]) {
    const page = await newPage(size);
    for (const lang of size === 'phone360' ? ['en', 'ar', 'am', 'ti', 'om'] : ['en', 'ar']) {
      const at = `${lang} at ${size.width || size}`;
      for (const v of variants) {
        await startGame(page, v.name, { lang });
        await tapAreas(page, `${at}: ${v.name}, the play board`, '#board .hole');
      }
      await page.click('#to-learn');
      await page.waitForSelector('#learn:not([hidden]) #learn-board .learn-hole');
      for (const v of variants) {
        await page.click(`#learn-games button[data-variant="${v.name}"]`);
        // (the game's own lessons, not the last game's still shown while they come)
        await page.waitForFunction((n) => learn.variant === n && learn.lessons && learn.lessons[learn.index]
          && learn.lessons[learn.index].position.startsWith(n)
          && document.querySelectorAll('#learn-board .learn-hole').length === 2 * learn.lessons[learn.index].rows, v.name);
        await tapAreas(page, `${at}: ${v.name}, the Learn board`, '#learn-board .learn-hole');
        // turned or not, the sentence says where the player's row is, and each of his holes is
        // beside (turned) or below the one across from it
        const b = await page.evaluate(() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const near = box('#learn-board .learn-near .learn-hole'), far = box('#learn-board .learn-far .learn-hole');
          const next = box('#learn-board .learn-near .learn-hole:nth-child(2)');
          const side = learn.turn === 'N' ? t('North') : t('South');
          return { up: document.getElementById('learn-board').dataset.upright, said: document.getElementById('learn-turn').textContent,
            left: t('You play {side}, whose row is on the left.', { side }), bottom: t('You play {side}, whose row is at the bottom.', { side }),
            // (the player's first hole, A or a: at the top turned, else at the left, as the game's
            // board draws it in every language, Arabic too)
            beside: near.right <= far.left && Math.abs(near.top - far.top) < 1 && next.top >= near.bottom,
            below: near.top >= far.bottom && Math.abs(near.left - far.left) < 1 && next.left >= near.right };
        });
        assert.equal(b.said, b.up === 'true' ? b.left : b.bottom, `${at}: ${v.name}, the Learn board's sentence`);
        assert.ok(b.up === 'true' ? b.beside : b.below, `${at}: ${v.name}, the Learn board's rows (turned: ${b.up})`);
        if (lang === 'en' && size === 'phone360' && v.name === 'bulto') {
          assert.equal(b.up, 'true', 'Bulto\'s Learn board turned at 360 px');
          await page.screenshot({ path: path.join(SHOTS, 'phone360-learn-bulto.png') });
        }
      }
    }
    await closePage(page);
  }
});

// The rest of a phone's screens, held upright on 360 and 320 px phones and on its side at
// 640×360, in every language: the game's setup, Settings, the lobby (its name form, then the seek
// form) and Learn. Nothing wider than the screen nor past its edges, every control at least
// 44×44 px (a checkbox by the size of its label; the links inside a sentence too, "You are NAME"
// and the footer's "Correct a translation", once under 44 px tall), and no two controls over each other
// (Settings, open, lies over the page: measured alone).
async function controls(page, what, within = 'body') {
  const r = await page.evaluate((within) => {
    const out = { vw: innerWidth, scroll: document.documentElement.scrollWidth, bad: [], n: 0 };
    const name = (e) => `${e.id || e.tagName.toLowerCase()} "${(e.textContent || e.value || '').trim().slice(0, 24)}"`;
    // (a box cut by a scrolling ancestor, as the list of moves: only what of it shows)
    const clip = (e) => {
      const b = e.getBoundingClientRect();
      const c = { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const st = getComputedStyle(p);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        const q = p.getBoundingClientRect();
        c.left = Math.max(c.left, q.left); c.top = Math.max(c.top, q.top); c.right = Math.min(c.right, q.right); c.bottom = Math.min(c.bottom, q.bottom);
      }
      return c;
    };
    const root = document.querySelector(within);
    const all = [...root.querySelectorAll('button, select, input:not([type="hidden"]), summary, a[href], textarea')]
      .filter((e) => e.checkVisibility({ visibilityProperty: true }) && !e.closest('#board, #learn-board, .visually-hidden'))
      .filter((e) => !(e.closest('#settings-panel') && within === 'body'))
      .map((e) => (e.type === 'checkbox' || e.type === 'radio' || e.type === 'file') && e.closest('label') ? e.closest('label') : e);
    const items = [...new Set(all)].map((e) => ({ e, b: clip(e) })).filter((x) => x.b.right > x.b.left && x.b.bottom > x.b.top);
    out.n = items.length;
    for (const { e, b } of items) {
      const full = e.getBoundingClientRect();
      if (b.left < -1 || b.right > innerWidth + 1) out.bad.push(`${name(e)} past the screen's edge (${Math.round(b.left)}–${Math.round(b.right)})`);
      if (full.width < 43.5 || full.height < 43.5) out.bad.push(`${name(e)} ${full.width.toFixed(1)}×${full.height.toFixed(1)} px`);
      if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && e.tagName !== 'SELECT') out.bad.push(`${name(e)} its text cut`);
    }
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i], c = items[j];
        if (a.e.contains(c.e) || c.e.contains(a.e)) continue;
        const ox = Math.min(a.b.right, c.b.right) - Math.max(a.b.left, c.b.left), oy = Math.min(a.b.bottom, c.b.bottom) - Math.max(a.b.top, c.b.top);
        if (ox > 1 && oy > 1) out.bad.push(`${name(a.e)} over ${name(c.e)}`);
      }
    }
    return out;
  }, within);
  assert.ok(r.n > 0, `${what}: controls measured`);
  assert.deepEqual(r.bad, [], `${what}: every control on the screen, 44 px, over no other`);
  assert.ok(r.scroll <= r.vw, `${what}: nothing wider than the screen (${r.scroll} px)`);
}

test('the setup, Settings, the lobby\'s forms and Learn on phones, upright and on their side, in every language: on the screen, 44 px, apart', async () => {
  for (const size of ['phone360', PHONE320, { width: 640, height: 360 }]) {
    const page = await newPage(size);
    for (const lang of ['en', 'ar', 'am', 'ti', 'om']) {
      const at = `${lang} at ${size.width || size}`;
      await page.goto(`${srv.base}/?lang=${lang}`);
      await page.evaluate(() => localStorage.clear()); // (no name in the lobby yet: its form shown)
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.waitForSelector('body[data-busy="false"] #board .hole');
      if (!(await page.$eval('#setup-box', (d) => d.open))) await page.click('#new-game');
      await page.click('#options-box summary');
      await controls(page, `${at}: the game's setup, its options open`);
      await page.click('#settings summary');
      await controls(page, `${at}: Settings`, '#settings');
      await page.click('#settings summary');
      await page.click('#to-lobby');
      await page.waitForSelector('#lobby:not([hidden]) #name-form:not([hidden])');
      await controls(page, `${at}: the lobby's name form`);
      await page.fill('#name-input', `Abebe ${lang} ${size.width || 360}`);
      await page.click('#name-ok');
      await page.waitForSelector('#me-line:not([hidden])');
      await page.click('#seek-open');
      await controls(page, `${at}: the lobby's seek form`);
      await page.click('#to-learn');
      await page.waitForSelector('#learn:not([hidden]) #learn-board .learn-hole');
      await controls(page, `${at}: Learn`);
    }
    await closePage(page);
  }
});

// The header's links are the longest words in some languages ("Play online", "Settings"): one
// row at 360×640 and 320×568 on every screen (the game, Learn and the lobby each show the other
// two links), no word past its link's border ("Baradhu" ran into the gear).
test('the header is one row at 360×640 and 320×568 in every language, on every screen; no error in the console', async () => {
  for (const size of ['phone360', PHONE320]) {
    const page = await newPage(size);
    // (a page that names no icon of its own makes the browser ask for /favicon.ico: a 404 logged)
    const logged = [];
    page.on('console', (m) => { if (m.type() === 'error') logged.push(m.text()); });
    for (const lang of ['en', 'ar', 'am', 'ti', 'om']) {
      const what = `${lang} at ${size.width || size}`;
      await page.goto(`${srv.base}/?lang=${lang}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await page.waitForSelector('body[data-busy="false"] #board .hole');
      await headerOneRow(page, `${what}: the game screen`);
      for (const to of ['learn', 'lobby', 'game']) {
        await page.click(`#to-${to}`);
        await page.waitForFunction((n) => !document.getElementById(n === 'game' ? 'play' : n).closest('[hidden]'), to);
        await headerOneRow(page, `${what}: the ${to} screen`);
      }
    }
    assert.deepEqual(logged, [], `${size.width || size}: nothing logged as an error`);
    await closePage(page);
  }
});

// A reader on a phone scrolls down to the rules or the moves while the game goes on: a move
// arriving then leaves the page where they put it (keepInView once pulled it back to the board at
// every render); once they touch the board again, the moves bring it back into view.
test('a move arriving does not scroll the page back while the person reads below the board', async () => {
  const page = await newPage('phone360');
  await startGame(page, 'qelat');
  assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight + 400), 'the page is longer than the screen');
  await page.mouse.move(180, 500);
  await page.mouse.wheel(0, 700);
  await page.waitForFunction(() => scrollY > 300);
  await page.waitForTimeout(200); // (the wheel's scroll done)
  const y = await page.evaluate(() => scrollY);
  // the person's move and the computer's answer, played from the page's script (no touch)
  await page.evaluate(() => playMove(app.view.moves[0].text));
  await idle(page);
  await page.waitForFunction(() => app.view.history.length >= 2 && !app.animating);
  // (where the reader scrolled it: the browser may shift it a little to keep what they read in
  // place when the texts above change; pulled back, the status would be at the screen's top)
  const after = await page.evaluate(() => ({ y: scrollY, status: document.getElementById('status-row').getBoundingClientRect().bottom }));
  assert.ok(Math.abs(after.y - y) < 100 && after.status < 0, `the page stays where the reader scrolled it (${y} then ${JSON.stringify(after)})`);
  // a tap on the board: the next moves keep the board and its controls in view again
  const h = await page.evaluate(() => app.view.moves[0].hole);
  await page.click(`#board .hole[data-hole="${h}"]`);
  await idle(page);
  await page.waitForFunction(() => !app.animating);
  await inView(page, 'after a tap on the board', MOVE_CONTROLS);
  await closePage(page);
});

test('the round banner (Qelat, L\'ab al-Akil) with the board; a new round keeps no old marks; no doubled "Round 1:"', async () => {
  for (const size of Object.keys(SIZES)) {
    const page = await newPage(size);
    for (const name of ['qelat', 'akil']) {
      const what = `${name} at ${size}`;
      await startGame(page, name, { opponent: 'human' });
      await playUntil(page, (v) => !!v.state.last_round, 7);
      await page.waitForSelector('#round-banner:not([hidden])');
      const text = await page.textContent('#round-text');
      assert.doesNotMatch(text, /Round \d+:.*Round \d+:/, `${what}: "Round N:" once (${text})`);
      assert.doesNotMatch(text, RULE_ID, `${what}: the banner's rule ids are behind its why?`);
      await inView(page, `${what}, the round banner`, ['#round-banner', '#round-ok']);
      await checkStatus(page, `${what}, a new round`);
      // the new round's board: the last move was the old round's, so nothing is marked
      const v = await page.evaluate(() => app.view);
      if (v.last && v.last.before && v.last.before.round !== v.state.round) {
        assert.equal(await page.$$eval('#board .hole.last-from, #board .hole.last-path, #board .hole.last-capture', (e) => e.length), 0, `${what}: no old marks`);
      }
      if (size === 'phone360') await page.screenshot({ path: path.join(SHOTS, `phone360-round-${name}.png`) });
      await page.click('#round-ok');
      assert.equal(await page.isHidden('#round-banner'), true);
    }
    await closePage(page);
  }
});

test('a match to its end: the status at the end, the summary\'s lines, play again with the same game', async () => {
  const page = await newPage('phone360');
  await startGame(page, 'qelat', { opponent: 'human', opts: { 'max-rounds': '2' } });
  await playUntil(page, () => false, 3);
  const end = await page.evaluate(() => app.view);
  assert.equal(end.state.over, true);
  const s = await checkStatus(page, 'qelat, the match over');
  assert.match(s, /^Game over: /);
  // the summary keeps its line breaks (one line a round) and cites no rule by id
  const sum = await page.evaluate(() => { const e = document.getElementById('summary'); return { text: e.textContent, ws: getComputedStyle(e).whiteSpace, h: e.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(e).lineHeight) }; });
  assert.equal(sum.ws, 'pre-line');
  assert.ok(sum.text.split('\n').length >= 3, `a line a round (${JSON.stringify(sum.text)})`);
  assert.ok(sum.h / sum.lh >= 3, 'shown on several lines');
  assert.doesNotMatch(sum.text, RULE_ID);
  // the result's rule ids (the engine's result line cites them) are behind the status's why?
  const cited = [...String(end.state.result_line).matchAll(/\b([QAT]\d+)\b/g)].map((x) => x[1]);
  if (cited.length) {
    assert.equal(await page.isVisible('#status-why'), true, `a why? for ${cited}`);
    await page.click('#status-why');
    await page.waitForSelector('#why-box:not([hidden])');
    const shown = await page.$$eval('#why-text li', (ls) => ls.map((l) => l.dataset.ruling));
    assert.ok(shown.length && shown.every((r) => r.split(' ').some((x) => cited.includes(x))), `the rules cited (${cited}): ${shown}`);
    await page.click('#why-close');
  }
  await inView(page, 'the match over', ['#again']);
  // the last round's banner: no round comes next, its button closes it
  assert.equal(await page.isVisible('#round-banner'), true, 'the last round\'s banner');
  assert.equal((await page.textContent('#round-ok')).trim(), 'Close', 'no "Next round" once the match is over');
  await axe(page, 'a match over, phone');
  // two people: play again (the same game and options, both players people)
  assert.equal(await page.isHidden('#again-swap'), true, 'no swap between two people on one screen: the same game again');
  await page.click('#again-same');
  await idle(page);
  const again = await page.evaluate(() => app.view);
  assert.notEqual(again.id, end.id);
  assert.equal(again.variant, 'qelat');
  assert.equal(again.state.options, end.state.options);
  assert.deepEqual([again.players.S, again.players.N], ['human', 'human']);
  assert.equal(again.history.length, 0);
  await closePage(page);
});

// The page passes for a person who has no move, and says so in the note over the board ("You
// have no move: pass."); when the computer's moves after the pass end the match, the note stayed
// under the match's last banner, a pass prompt on a finished game. Qelat against the computer,
// one round a match, the person's moves drawn at random, until a match ends with the person's
// last turn a forced pass.
test('a match ended after a forced pass shows no pass prompt', async () => {
  const page = await newPage('phone360');
  let found = null;
  for (let seed = 1; seed <= 40 && !found; seed++) {
    await page.goto(`${srv.base}/?seed=${seed}`);
    await page.waitForSelector('body[data-busy="false"] #board .hole');
    const r = await page.evaluate(async (seed) => {
      document.getElementById('speed').value = '0';
      await startFrom({ variant: 'qelat', options: 'max-rounds=1', south: 'human', north: 'ai:1', seed });
      let x = seed;
      const rand = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
      const wait = async () => { while (app.busy || app.animating || app.running) await new Promise((res) => setTimeout(res, 5)); };
      for (let i = 0; i < 3000 && !app.view.state.over; i++) {
        await wait();
        if (app.view.state.over) break;
        await playMove(app.view.moves[Math.floor(rand() * app.view.moves.length)].text);
      }
      await wait();
      const mine = app.view.history.filter((h) => h.by === 'S');
      const note = document.getElementById('note');
      return { over: app.view.state.over, lastMine: mine.length ? mine[mine.length - 1].move : '',
        note: note.hidden ? '' : note.textContent, shown: note.checkVisibility(), banner: !document.getElementById('round-banner').hidden };
    }, seed);
    if (r.over && r.lastMine === 'pass') found = { seed, ...r };
  }
  assert.ok(found, 'a match whose last turn of the person was a forced pass');
  assert.equal(found.banner, true, `seed ${found.seed}: the match's last banner`);
  assert.deepEqual([found.note, found.shown], ['', false], `seed ${found.seed}: no pass prompt once the match is over`);
  await closePage(page);
});

// On a 320 px phone, the round's banner in the longer translations: its text as wide as the
// banner, flowing on under its button (beside it, it was a column of a word a line running past
// the banner in Afaan Oromoo), right to left in Arabic; the match's end says Close.
test('the round banner at 320×568 in Afaan Oromoo and Arabic: its text the banner\'s width, inside it; Arabic right to left', async () => {
  const page = await newPage(PHONE320);
  for (const lang of ['om', 'ar']) {
    await startGame(page, 'qelat', { opponent: 'human', opts: { 'max-rounds': '2' }, lang });
    for (const end of [false, true]) {
      const what = `${lang}, ${end ? 'the match over' : 'a round over'}`;
      await playUntil(page, end ? () => false : (v) => !!v.state.last_round, 7);
      await page.waitForSelector('#round-banner:not([hidden])');
      const m = await page.evaluate(() => {
        const box = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, w: b.width }; };
        const p = document.getElementById('round-text'), banner = document.getElementById('round-banner');
        // the text's lines: the widest one, from the text's own boxes (a line of Arabic with
        // numbers in it is several boxes: one a line, from its first to its last)
        const range = document.createRange();
        range.selectNodeContents(p);
        const lines = new Map();
        for (const r of range.getClientRects()) {
          const k = Math.round(r.bottom);
          const l = lines.get(k) || { left: Infinity, right: -Infinity };
          lines.set(k, { left: Math.min(l.left, r.left), right: Math.max(l.right, r.right) });
        }
        const widest = Math.max(...[...lines.values()].map((l) => l.right - l.left));
        return { banner: box(banner), text: box(p), widest, spill: p.scrollWidth - p.clientWidth, dir: getComputedStyle(banner).direction,
          button: document.getElementById('round-ok').textContent.trim(), board: box(document.getElementById('board')) };
      });
      assert.ok(m.spill <= 1, `${what}: the text inside its box (${m.spill} px past it)`);
      assert.ok(m.text.left >= m.banner.left && m.text.right <= m.banner.right, `${what}: the text inside the banner`);
      assert.ok(m.banner.left >= m.board.left - 1 && m.banner.right <= m.board.right + 1, `${what}: the banner over the board`);
      assert.ok(m.widest >= 0.75 * m.banner.w, `${what}: the text's lines the banner's width, not a column beside the button (${Math.round(m.widest)} of ${Math.round(m.banner.w)} px)`);
      assert.equal(m.dir, lang === 'ar' ? 'rtl' : 'ltr', `${what}: the banner's direction`);
      const v = await page.evaluate(() => app.view);
      assert.equal(v.state.over, end);
      if (end) assert.notEqual(m.button, await page.evaluate(() => t('Next round')), `${what}: no "next round" at the match's end (${m.button})`);
      await page.screenshot({ path: path.join(SHOTS, `phone320-round-${lang}${end ? '-end' : ''}.png`) });
      await page.click('#round-ok');
    }
  }
  await closePage(page);
});

test('play again against the computer: the same, or the sides swapped', async () => {
  const page = await newPage('phone390');
  await startGame(page, 'sadeqa', { opponent: 'ai:1', opts: { 'max-plies': '6' } });
  await playUntil(page, () => false, 5);
  assert.equal(await page.isVisible('#again'), true);
  await inView(page, 'sadeqa over', ['#again', '#again-same', '#again-swap']);
  await page.click('#again-swap');
  await idle(page);
  let v = await page.evaluate(() => app.view);
  assert.equal(v.players.N, 'human');
  assert.match(String(v.players.S), /^ai:1\b/);
  assert.equal(v.state.options, 'max-plies=6');
  await playUntil(page, () => false, 6);
  await page.click('#again-same');
  await idle(page);
  v = await page.evaluate(() => app.view);
  assert.equal(v.players.N, 'human', 'the same sides as the game before');
  await closePage(page);
});

test('L\'ab al-Akil\'s layout is made on the board: a tap adds, a long press or the − takes away, the running total', async () => {
  const page = await newPage('phone390');
  await startGame(page, 'akil', { opponent: 'ai:1' });
  assert.equal(await page.$('#free-move input[data-hole]'), null, 'no separate grid of inputs');
  // every hole a button; the draft starts as the even layout (72 over 12: 6 each)
  const draft = () => page.$$eval('#board .hole', (gs) => gs.sort((a, b) => a.dataset.hole - b.dataset.hole).map((g) => Number(g.dataset.draft)));
  assert.deepEqual(await draft(), new Array(12).fill(6));
  assert.equal(await page.$$eval('#board .hole[tabindex="0"]', (g) => g.length), 12);
  assert.match(await page.textContent('#layout-sum'), /^72 of 72 placed/);
  await page.click('#board .hole[data-hole="0"]'); // A: 7
  assert.match(await page.textContent('#layout-sum'), /73 of 72 placed: 1 too many/);
  // a long press on B: one fewer
  const b = await page.$('#board .hole[data-hole="1"] .pit');
  const bb = await b.boundingBox();
  await page.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(800);
  await page.mouse.up();
  // the − switch: a tap on C takes one; off again, a tap on D adds one, and the minus key on E takes one
  await page.click('#layout-remove');
  assert.equal(await page.getAttribute('#layout-remove', 'aria-pressed'), 'true');
  await page.click('#board .hole[data-hole="2"]');
  await page.click('#layout-remove');
  await page.click('#board .hole[data-hole="3"]');
  await page.focus('#board .hole[data-hole="4"]');
  await page.keyboard.press('-');
  const expect = [7, 5, 5, 7, 5, 6, 6, 6, 6, 6, 6, 6];
  assert.deepEqual(await draft(), expect);
  // (72, +1 on A, −1 on B, −1 on C, +1 on D, −1 on E)
  assert.match(await page.textContent('#layout-sum'), /71 of 72 placed: 1 still to place/);
  await page.click('#board .hole[data-hole="11"]');
  expect[11] += 1;
  assert.match(await page.textContent('#layout-sum'), /72 of 72 placed/);
  await inView(page, 'the layout', MOVE_CONTROLS);
  await page.click('#free-move-submit');
  await idle(page);
  const v = await page.evaluate(() => app.view);
  assert.equal(v.history[0].move, `layout:${expect.join(',')}`);
  await closePage(page);
});

test('keyboard: arrows go from hole to hole, Enter sows, and the focus stays on the board', async () => {
  const page = await newPage('desktop');
  await startGame(page, 'sadeqa', { opponent: 'ai:1' });
  await page.focus('#board .hole[data-hole="0"]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.hole), '1', 'South\'s B is right of A');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.hole), '1');
  await page.keyboard.press('Enter');
  await idle(page);
  const v = await page.evaluate(() => app.view);
  assert.equal(v.history[0].move, 'B');
  const focus = await page.evaluate(() => ({ inBoard: document.getElementById('board').contains(document.activeElement), hole: document.activeElement.dataset.hole, tab: document.activeElement.getAttribute('tabindex') }));
  assert.ok(focus.inBoard, 'the focus is still on the board');
  assert.equal(focus.tab, '0', 'on a hole that can be played');
  // the next move from the keyboard alone
  await page.keyboard.press('Enter');
  await idle(page);
  assert.equal((await page.evaluate(() => app.view)).history.length >= 3, true);
  // after a tap the board itself keeps the focus (no ring on a hole, which would read as a hint);
  // an arrow key then goes to a playable hole
  const v2 = await page.evaluate(() => app.view);
  const h2 = v2.moves.find((x) => x.hole !== null && x.hole !== undefined && v2.moves.filter((y) => y.hole === x.hole).length === 1);
  await page.click(`#board .hole[data-hole="${h2.hole}"]`);
  await idle(page);
  if (!(await page.evaluate(() => app.view.state.over))) {
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('tabindex')), '0', 'an arrow key from the board goes to a hole');
  }
  await closePage(page);
});

test('reduced motion shows a move at once; a move is announced once', async () => {
  const page = await newPage('phone390');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startGame(page, 'sadeqa', { opponent: 'human', speed: '100' });
  // every change of a live region (aria-live, status and alert roles) with something to say
  await page.evaluate(() => {
    window.__said = [];
    window.__laps = [];
    const live = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')];
    const obs = new MutationObserver(() => {
      for (const e of live) { const tx = e.textContent.trim(); if (tx && e.__last !== tx) window.__said.push([e.id, tx]); e.__last = tx; }
    });
    for (const e of live) { e.__last = e.textContent.trim(); obs.observe(e, { childList: true, subtree: true, characterData: true }); }
    new MutationObserver(() => window.__laps.push(document.getElementById('lap').textContent)).observe(document.getElementById('lap'), { childList: true, subtree: true, characterData: true });
    window.__skip = 0;
    new MutationObserver(() => { if (!document.getElementById('skip').hidden) window.__skip++; }).observe(document.getElementById('skip'), { attributes: true });
  });
  const t0 = Date.now();
  await page.click('#board .hole[data-hole="2"]'); // C: 5 laps from the start (api.test.js)
  await idle(page);
  const ms = Date.now() - t0;
  const r = await page.evaluate(() => ({ said: window.__said, laps: window.__laps, skip: window.__skip }));
  assert.ok(!r.laps.some((l) => /lap \d+ of/.test(l)), `no lap shown one by one (${r.laps})`);
  assert.equal(r.skip, 0, 'no Skip: nothing to skip');
  assert.deepEqual(r.said.map(([id]) => id), ['announce'], `one announcement for the move (${JSON.stringify(r.said)})`);
  assert.match(r.said[0][1], /^South sowed C and took \d+\. North to move\.$/);
  console.log(`the move shown in ${ms} ms with reduced motion; said: ${r.said[0][1]}`);
  await closePage(page);
  // and without reduced motion the same move is sown lap by lap, still announced once
  const p2 = await newPage('phone390');
  await startGame(p2, 'sadeqa', { opponent: 'human', speed: '100' });
  await p2.evaluate(() => {
    window.__said = [];
    const live = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]')];
    const obs = new MutationObserver(() => { for (const e of live) { const tx = e.textContent.trim(); if (tx && e.__last !== tx) window.__said.push(e.id); e.__last = tx; } });
    for (const e of live) { e.__last = e.textContent.trim(); obs.observe(e, { childList: true, subtree: true, characterData: true }); }
  });
  await p2.click('#board .hole[data-hole="2"]');
  await p2.waitForFunction(() => /lap 2 of 5/.test(document.getElementById('lap').textContent));
  await inView(p2, 'sowing shown', ['#skip']);
  await idle(p2);
  assert.deepEqual(await p2.evaluate(() => window.__said), ['announce']);
  await closePage(p2);
});

test('dark mode: the device\'s, and the switch (kept); axe-core in light and dark', async () => {
  const colours = (page) => page.evaluate(() => ({
    wood: getComputedStyle(document.querySelector('#board .wood')).fill,
    pit: getComputedStyle(document.querySelector('#board .hole .pit')).fill,
    bg: getComputedStyle(document.body).backgroundColor,
  }));
  const light = await newPage('phone360', { colorScheme: 'light' });
  await startGame(light, 'qelat');
  const l = await colours(light);
  await axe(light, 'light, phone');
  const dark = await newPage('phone360', { colorScheme: 'dark' });
  await startGame(dark, 'qelat');
  const d = await colours(dark);
  assert.notEqual(d.wood, l.wood, 'the board\'s wood changes');
  assert.notEqual(d.pit, l.pit, 'the holes change');
  assert.notEqual(d.bg, l.bg, 'the page changes');
  await axe(dark, 'dark, phone');
  await dark.screenshot({ path: path.join(SHOTS, 'phone360-dark-qelat.png') });
  // the layout and a why? open, in dark
  await startGame(dark, 'akil');
  await axe(dark, 'dark, the layout');
  // the switch: light on a dark device, kept across a reload
  await dark.click('#settings summary');
  await dark.selectOption('#theme', 'light');
  assert.deepEqual(await colours(dark), l);
  await dark.reload();
  await dark.waitForSelector('body[data-busy="false"] #board .hole');
  assert.equal((await colours(dark)).wood, l.wood, 'the choice is kept');
  // and dark on a light device
  await light.click('#settings summary');
  await light.selectOption('#theme', 'dark');
  assert.equal((await colours(light)).wood, d.wood);
  await axe(light, 'the dark switch, phone');
  await closePage(light);
  await closePage(dark);
});

test('sound: off by default; the switch (kept) sounds the sowing and the captures', async () => {
  const page = await newPage('phone390');
  await startGame(page, 'sadeqa', { opponent: 'human', speed: '100' });
  assert.equal(await page.isChecked('#sound'), false, 'off by default');
  await page.click('#board .hole[data-hole="2"]');
  await idle(page);
  assert.equal(await page.getAttribute('body', 'data-sounds'), null, 'no sound while off');
  await page.click('#settings summary');
  await page.check('#sound');
  await page.click('#settings summary');
  await page.click('#board .hole[data-hole="10"]');
  await idle(page);
  assert.ok(Number(await page.getAttribute('body', 'data-sounds')) > 1, 'a sound a stone');
  assert.equal(await page.evaluate(() => localStorage.getItem('gabata.sound')), 'on');
  await page.reload();
  await page.waitForSelector('body[data-busy="false"] #board .hole');
  assert.equal(await page.isChecked('#sound'), true, 'kept');
  await closePage(page);
});

test('the texts: a resignation says no score, Bulto has no stores, the review buttons are drawn', async () => {
  const page = await newPage('phone360');
  await startGame(page, 'bulto');
  assert.deepEqual(await page.$$eval('#board .store', (gs) => gs.map((g) => [g.getAttribute('visibility'), g.children.length])), [['hidden', 0], ['hidden', 0]]);
  assert.equal(await page.$$eval('#board .store-pit', (e) => e.length), 0, 'no store drawn in Bulto');
  const said = await page.evaluate(() => {
    const v = app.view;
    const st = Object.assign({}, v.state, { over: true, to_move: null, end_reason: 'resigned', result: { winner: 'N', scores: { S: 0, N: 0 } }, result_line: null });
    return statusText(v, st).text;
  });
  assert.equal(said, 'Game over: North wins: South resigned.');
  await startGame(page, 'sadeqa');
  assert.ok(await page.$$eval('#board .store-pit', (e) => e.length) === 2, 'Sadeqa keeps its stores');
  await page.click('#board .hole[data-hole="2"]');
  await idle(page);
  await page.click('#review-start');
  await page.waitForSelector('#review:not([hidden])');
  for (const id of ['review-first', 'review-prev', 'review-next', 'review-last']) {
    const b = await page.$eval(`#${id}`, (e) => ({ text: e.textContent.trim(), svg: !!e.querySelector('svg path'), label: e.getAttribute('aria-label') }));
    assert.equal(b.text, '', `${id}: no glyph`);
    assert.ok(b.svg && b.label, `${id}: a shape of the page's own, and a name`);
  }
  // stepping back does not scroll the board away
  const y0 = await page.evaluate(() => scrollY);
  await page.click('#review-first');
  await page.click('#review-next');
  await inView(page, 'review', ['#review']);
  assert.ok(Math.abs((await page.evaluate(() => scrollY)) - y0) < 2, 'the page did not scroll');
  await closePage(page);
});

test('online: take back and draw disabled while a move is shown; "gone" after a declined draw; the keep/turn buttons at 1366×768', async () => {
  // a server of its own: a stream that notices a closed page within a second or two
  const on = await startServer(['--game-rate', '0', '--games-per-ip', '0', '--heartbeat', '1']);
  const a = await newPage('desktop');
  const b = await newPage('phone390');
  try {
    await a.goto(`${on.base}/`);
    await a.waitForSelector('body[data-busy="false"] #board .hole');
    if (!(await a.$eval('#setup-box', (d) => d.open))) await a.click('#new-game');
    await a.selectOption('#variant', 'akil');
    await a.selectOption('#opponent', 'online');
    await a.selectOption('#side', 'N'); // (South lays out; North keeps or turns)
    await a.click('#start');
    await a.waitForSelector('body[data-online="N"] #invite:not([hidden])');
    const link = await a.inputValue('#invite-link');
    await b.goto(link);
    await b.waitForSelector('body[data-online="S"][data-busy="false"] #board .hole');
    await a.waitForSelector('#online-status[data-opponent="connected"]');
    // South lays out (on the board, the even layout); North's keep/turn buttons are on the screen with the board
    await b.$eval('#speed', (e) => { e.value = '0'; });
    await b.click('#free-move-submit');
    await a.waitForSelector('#phase-controls button[data-move="keep"]');
    await inView(a, 'online keep/turn at 1366×768', ['#phase-controls button', '#online-controls button']);
    await a.$eval('#speed', (e) => { e.value = '100'; });
    await a.click('#phase-controls button[data-move="keep"]');
    // the first sowing (whoever makes it: A3): North's page shows it stone by stone, and meanwhile
    // its requests wait, visibly
    await a.waitForFunction(() => document.body.dataset.busy === 'false' && app.view.state.phase !== 'layout' && app.view.moves.some((x) => x.kind === 'sow'), null, { timeout: 30000 });
    const sv = await a.evaluate(() => app.view);
    const mover = sv.state.to_move === 'N' ? a : b;
    await mover.waitForFunction(() => document.body.dataset.busy === 'false' && app.view.moves.some((x) => x.kind === 'sow'), null, { timeout: 30000 });
    const mv = await mover.evaluate(() => app.view);
    const m = mv.moves.find((x) => x.hole !== null && x.hole !== undefined && mv.state.holes[x.hole] > 3);
    await mover.click(`#board .hole[data-hole="${m.hole}"]`);
    await a.waitForSelector('#skip:not([hidden])', { timeout: 30000 });
    assert.equal(await a.isDisabled('#offer-draw'), true, 'no draw offer while a move is shown');
    assert.equal(await a.getAttribute('#online-controls', 'data-waiting'), 'true');
    assert.match(await a.getAttribute('#offer-draw', 'title'), /Wait until the move has been shown/);
    await a.waitForSelector('#skip[hidden]', { state: 'attached', timeout: 30000 });
    await a.waitForFunction(() => !document.getElementById('offer-draw').disabled, null, { timeout: 30000 });
    // a draw offered and declined; then South's page closes: North's says "gone"
    await a.click('#offer-draw');
    await b.waitForSelector('#offer:not([hidden])[data-kind="draw"] #offer-decline');
    await inView(b, 'an offer to answer, phone', ['#offer-accept', '#offer-decline']);
    await b.click('#offer-decline');
    await a.waitForFunction(() => /declined/.test(document.getElementById('message').textContent));
    await b.context().close();
    await a.waitForSelector('#online-status[data-opponent="gone"]', { timeout: 15000 });
    assert.match(await a.textContent('#online-status'), /is gone/);
  } finally {
    await closePage(a);
    if (b.context().pages().length) await b.context().close();
    await on.stop();
  }
});

// A clocked game on a 320 px phone in Afaan Oromoo (the longest warning), between two players of
// 20-letter names: the rows' names on the board cut to their room, not over each other; the
// warning of a low clock on the board's top edge, inside the board, over none of the board's
// words (it hid the far store's label and count), gone once its side has moved (it stayed for
// the rest of the game), and back at that side's next turn.
test('a clock under 10 s at 320×568: the warning inside the board, over no word of it, gone after the move; long names on the board', async () => {
  const names = ['Gammachuu Abbaagadaa', 'Caalaa Fayyisaa Tola'];
  const [a, b] = [await newPage(PHONE320), await newPage(PHONE320)];
  try {
    for (const [p, name] of [[a, names[0]], [b, names[1]]]) {
      await p.goto(`${srv.base}/?lang=om#lobby`);
      await p.waitForSelector('#lobby:not([hidden]) #name-form:not([hidden])');
      await p.fill('#name-input', name);
      await p.click('#name-ok');
      await p.waitForSelector('#me-line:not([hidden])');
    }
    // a game of 12 s a side, nothing added: South's second move starts his clock, under 10 s soon
    await a.click('#seek-open');
    await fillSeek(a, { variant: 'sadeqa', initial: 12, increment: 0, rated: false, seat: 'S' });
    await a.click('#seek-create');
    await b.click('#seeks li[data-mine="false"] button.accept', { timeout: 10000 });
    await a.waitForSelector('body[data-online="S"][data-screen="game"] #board .hole', { timeout: 10000 });
    await b.waitForSelector('body[data-online="N"][data-screen="game"] #board .hole', { timeout: 10000 });
    for (const p of [a, b]) await p.$eval('#speed', (e) => { e.value = '0'; });
    const move = async (p) => {
      await p.waitForFunction(() => document.body.dataset.busy === 'false' && document.querySelector('#board .hole[data-legal="true"]'), null, { timeout: 10000 });
      const ply = Number(await p.getAttribute('body', 'data-ply'));
      const h = await p.$eval('#board .hole[data-legal="true"]', (g) => g.dataset.hole);
      await p.click(`#board .hole[data-hole="${h}"]`);
      await p.waitForFunction((n) => Number(document.body.dataset.ply) > n, ply);
    };
    // each side's first move (no clock runs for it), then South's clock runs; a forced move the
    // server plays itself, so the side to move is asked of the page each time
    const toMove = async () => a.evaluate(() => app.view.state.to_move);
    let moves = 0;
    while (moves < 2 || (await toMove()) !== 'S') {
      await move((await toMove()) === 'S' ? a : b);
      await a.waitForFunction(() => document.body.dataset.busy === 'false');
      moves++;
    }
    await a.waitForSelector('.clock[data-running="true"][data-side="S"]');
    await boardWords(a, 'a clocked game between long names');
    await a.waitForSelector('#clock-warning:not([hidden])', { timeout: 15000 });
    const m = await a.evaluate(() => {
      const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
      const w = document.getElementById('clock-warning');
      const c = box(w);
      const under = [...document.querySelectorAll('#board text')].filter((t) => {
        const r = t.getBoundingClientRect();
        return r.width && t.textContent.trim() && !(r.right <= c.left || r.left >= c.right || r.bottom <= c.top || r.top >= c.bottom);
      }).map((t) => t.textContent);
      return { text: w.textContent, w: c, spill: w.scrollWidth - w.clientWidth, board: box(document.getElementById('board')), under };
    });
    assert.match(m.text, /sekondii 10/, 'the warning, in Afaan Oromoo');
    assert.ok(m.w.left >= m.board.left && m.w.right <= m.board.right, `the warning inside the board's width (${Math.round(m.w.left)}–${Math.round(m.w.right)} of ${Math.round(m.board.left)}–${Math.round(m.board.right)})`);
    assert.ok(m.spill <= 1, `the warning's text inside its box (${m.spill} px past it)`);
    assert.deepEqual(m.under, [], 'no word of the board under the warning');
    await a.screenshot({ path: path.join(SHOTS, 'phone320-clock-warning-om.png') });
    // South moves: his clock stops, and the warning goes with it
    await move(a);
    await a.waitForSelector('.clock[data-running="true"][data-side="N"]');
    assert.equal(await a.isHidden('#clock-warning'), true, 'the warning gone once South has moved');
    // North moves: South's turn again, still under 10 s, and warned again
    while ((await toMove()) !== 'S') await move(b);
    await a.waitForSelector('#clock-warning:not([hidden])', { timeout: 10000 });
  } finally {
    await closePage(a);
    await closePage(b);
  }
});
