// The page in the players' languages (issue 22 §3, docs/web.md): ?lang= for each language sets
// <html lang dir> (Arabic right to left, its board drawn left to right as in every language);
// the selector switches the language, is kept (localStorage) and chosen again at the next load;
// the browser's language is followed; a control of the page whose English text the catalog
// translates never shows that English; axe-core stays clean in each language; a screenshot of
// each at 360×640 goes to tests/web/out/ (see shots.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');

const { SHOTS } = require('./shots'); // untracked unless UPDATE_SCREENSHOTS=1
const AXE = require.resolve('axe-core/axe.min.js');
const PO = path.join(__dirname, '..', '..', 'po');
const LANGS = { en: 'ltr', ar: 'rtl', am: 'ltr', ti: 'ltr', om: 'ltr' };
// the page's main controls: what a player reads before and while playing
const CONTROLS = 'header, nav, #setup, #status, #message, #board-wrap, #controls, button, label, summary, select, h2, h3';

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

async function newPage(opts) {
  const ctx = await browser.newContext(Object.assign({ viewport: { width: 360, height: 640 } }, opts || {}));
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}
async function open(page, query) {
  await page.goto(`${srv.base}/${query || ''}`);
  await page.waitForFunction(() => typeof i18n !== 'undefined' && document.getElementById('lang-select'));
  await page.evaluate(() => i18n.ready);
}
async function closePage(page) {
  assert.deepEqual(page.errors, [], 'no script error on the page');
  await page.context().close();
}

// The English texts a catalog translates (from the file itself, read here as the page would not:
// by gettext's own msgfmt, into msgid -> msgstr, plurals left out).
function translated(lang) {
  if (lang === 'en') return new Map();
  const src = fs.readFileSync(path.join(PO, `${lang}.po`), 'utf8');
  const out = new Map();
  for (const block of src.split(/\n\n+/)) {
    if (/^#, .*fuzzy/m.test(block) || /^msgid_plural/m.test(block)) continue;
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id || !str) continue;
    const join = (s) => s.trim().split('\n').map((l) => JSON.parse(l)).join('');
    const k = join(id[1]), v = join(str[1]);
    if (k && v) out.set(k, v);
  }
  return out;
}

async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(fs.readFileSync(AXE, 'utf8'));
  const r = await page.evaluate(async () => {
    const res = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return res.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(r, [], `axe-core (${what})`);
}

test('?lang= sets the language, <html lang dir>, the selector; no translated English is left; axe is clean', async () => {
  for (const [lang, dir] of Object.entries(LANGS)) {
    const page = await newPage();
    await open(page, `?lang=${lang}`);
    const got = await page.evaluate(() => ({
      lang: document.documentElement.lang, dir: document.documentElement.dir, i18n: i18n.lang,
      select: document.getElementById('lang-select').value,
      boardDir: getComputedStyle(document.getElementById('board')).direction,
      label: document.getElementById('lang-select').getAttribute('aria-label'),
    }));
    assert.deepEqual({ lang: got.lang, dir: got.dir, i18n: got.i18n, select: got.select },
      { lang, dir, i18n: lang, select: lang }, `?lang=${lang}`);
    assert.equal(got.boardDir, 'ltr', `${lang}: the board is drawn left to right (sowing as drawn)`);
    // a right-to-left page says under the rules that its board is not mirrored
    const note = await page.evaluate(() => { const n = document.getElementById('board-direction'); return n && !n.hidden ? n.textContent : null; });
    if (dir === 'rtl') assert.ok(note && note.length > 20, `${lang}: the note that the board is not mirrored`);
    else assert.equal(note, null, `${lang}: no note on the board's direction`);
    const cat = translated(lang);
    if (cat.has('Language')) assert.equal(got.label, cat.get('Language'), `${lang}: the selector's label`);
    // every control's own text (and its label attributes) that the catalog translates is shown translated
    const texts = await page.evaluate((sel) => {
      const out = [];
      for (const el of document.querySelectorAll(sel)) {
        if (!el.offsetParent && el.tagName !== 'HEADER') continue; // not shown
        for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
        for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
      }
      return out;
    }, CONTROLS);
    const english = texts.filter((s) => cat.has(s) && cat.get(s) !== s);
    assert.deepEqual(english, [], `${lang}: texts shown in English though the catalog translates them`);
    await axe(page, `?lang=${lang}`);
    await page.screenshot({ path: path.join(SHOTS, `i18n-${lang}-360.png`) });
    await closePage(page);
  }
});

// the selector sits in the header's Settings (a <details>): a player opens it, then chooses
async function chooseLang(page, code) {
  await page.evaluate(() => { const d = document.getElementById('settings'); if (d) d.open = true; });
  await page.selectOption('#lang-select', code);
}

test('the selector switches the language, fires gabata-lang, and is kept for the next visit', async () => {
  const page = await newPage();
  await open(page, '');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.evaluate(() => { window.langEvents = []; document.addEventListener('gabata-lang', (e) => window.langEvents.push(e.detail)); });
  await chooseLang(page, 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.evaluate(() => i18n.ready);
  assert.deepEqual(await page.evaluate(() => window.langEvents), [{ lang: 'ar', dir: 'rtl' }]);
  assert.equal(await page.evaluate(() => localStorage.getItem('gabata.lang')), 'ar');
  await open(page, ''); // kept
  assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar', 'rtl']);
  await open(page, '?lang=om'); // the address wins over the kept choice
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'om');
  await chooseLang(page, 'en'); // and follows a new choice
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(page.url(), /[?&]lang=en\b/);
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  await closePage(page);
});

test("the browser's language is followed when nothing was chosen; an unknown one is English", async () => {
  for (const [locale, want] of [['am-ET', 'am'], ['ar-EG', 'ar'], ['fr-FR', 'en']]) {
    const page = await newPage({ locale });
    await open(page, '');
    assert.equal(await page.evaluate(() => i18n.lang), want, locale);
    await closePage(page);
  }
});

test('the PO reader: escapes, continued strings, plurals by each language\'s rule, fuzzy left out', async () => {
  const page = await newPage();
  await open(page, '');
  const r = await page.evaluate(() => {
    const c = i18nParsePo([
      'msgid ""', 'msgstr ""', '"Plural-Forms: nplurals=6;\\n"', '',
      '#, fuzzy', 'msgid "Guess"', 'msgstr "tahmin"', '',
      'msgid "a \\"b\\"\\n"', '"c"', 'msgstr "x \\"y\\"\\n"', '"z"', '',
      'msgid "one stone"', 'msgid_plural "{n} stones"',
      'msgstr[0] "z{n}"', 'msgstr[1] "o{n}"', 'msgstr[2] "t{n}"', 'msgstr[3] "f{n}"', 'msgstr[4] "m{n}"', 'msgstr[5] "r{n}"', '',
      'msgid "Empty"', 'msgstr ""', ''].join('\n'));
    i18n.catalog = c;
    i18n.lang = 'ar';
    const ar = [0, 1, 2, 3, 10, 11, 99, 100, 102, 111].map((n) => tn(n, 'one stone', '{n} stones'));
    i18n.lang = 'en';
    return { keys: Object.keys(c), esc: c['a "b"\nc'], ar, empty: t('Empty'), fuzzy: t('Guess') };
  });
  assert.deepEqual(r.keys, ['a "b"\nc', 'one stone']);
  assert.equal(r.esc, 'x "y"\nz');
  // CLDR's Arabic: 0 zero, 1 one, 2 two, n%100 3..10 few, 11..99 many, else other
  assert.deepEqual(r.ar, ['z0', 'o1', 't2', 'f3', 'f10', 'm11', 'm99', 'r100', 'r102', 'm111']);
  assert.equal(r.empty, 'Empty');
  assert.equal(r.fuzzy, 'Guess');
  await closePage(page);
});

// Every label attribute written in index.html is marked for translation (data-i18n-attrs names
// it), so tools/i18n-update takes it into the catalogs and the page translates it: a screen
// reader in Arabic hears "Screens" and "Rules" in Arabic too (issue 22 §3).
test("index.html: every aria-label, title, placeholder and alt is marked for translation", () => {
  const html = fs.readFileSync(path.join(__dirname, '..', '..', 'web', 'index.html'), 'utf8');
  const unmarked = [];
  for (const [tag] of html.matchAll(/<[a-z][^<>]*>/gi)) {
    const marked = ((/\sdata-i18n-attrs="([^"]*)"/.exec(tag) || [])[1] || '').split(/\s+/);
    for (const [, name, value] of tag.matchAll(/\s(aria-label|title|placeholder|alt)="([^"]*)"/g)) {
      if (value.trim() && !marked.includes(name)) unmarked.push(`${name}="${value}" in ${tag.slice(0, 60)}`);
    }
  }
  assert.deepEqual(unmarked, [], 'attributes a player hears or reads, not marked with data-i18n-attrs');
});

// A text that counts agrees with its number in every language (issue 22 §3): a count ({n}, {k},
// {count}, {s}) followed by an English plural is tn()'s, never t()'s; and Arabic's forms are
// chosen by the count (CLDR: 2 is the dual, 3..10 a few, 11..99 many).
test('texts that count go through tn(), and agree in Arabic', async () => {
  const web = path.join(__dirname, '..', '..', 'web');
  const bad = [];
  for (const f of fs.readdirSync(web).filter((x) => x.endsWith('.js'))) {
    const src = fs.readFileSync(path.join(web, f), 'utf8');
    for (const m of src.matchAll(/(?<![\w.])t\((['`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
      if (/\{(n|k|count|s)\} [a-z]+s\b/.test(m[2])) bad.push(`${f}: t('${m[2]}')`);
    }
  }
  assert.deepEqual(bad, [], 'texts that count with t() instead of tn()');
  const page = await newPage();
  await open(page, '?lang=ar');
  const got = await page.evaluate(() => [2, 3, 12].map((n) =>
    tn(n, 'Hole {label} offers one move; choose it:', 'Hole {label} offers {n} moves; choose one:', { label: 'C' })));
  assert.deepEqual(got, ['للحفرة C نقلتان؛ اختر إحداهما:', 'للحفرة C 3 نقلات؛ اختر واحدة منها:', 'للحفرة C 12 نقلة؛ اختر واحدة منها:']);
  await closePage(page);
});

// A phase's word (the page's phaseWord, as the library's gb_phase_word): the catalog's
// "phase:NAME" entry without its "phase:" in each language, read here from the .po files; a
// phase the catalog lacks is its own name, never "phase:…"; an over-long entry is not taken.
test("a phase's word is the catalog's, in every language", async () => {
  const page = await newPage();
  for (const lang of Object.keys(LANGS)) {
    await open(page, `?lang=${lang}`);
    const cat = translated(lang);
    for (const phase of ['layout', 'sowing', 'choice', 'miné']) {
      const entry = cat.get(`phase:${phase}`);
      const want = entry && entry.startsWith('phase:') ? entry.slice('phase:'.length) : phase;
      assert.equal(await page.evaluate((p) => phaseWord(p), phase), want, `${lang}: phase ${phase}`);
    }
    assert.equal(await page.evaluate(() => phaseWord('no-such-phase')), 'no-such-phase', `${lang}: an unknown phase`);
  }
  const am = translated('am').get('phase:layout');
  assert.ok(am && am !== 'phase:layout', 'Amharic translates the layout phase (the check above compares something)');
  await closePage(page);
});
