// The engine's texts in the page's language (issue 22 §3): web/i18n.js's tlib reads a text of the
// library (the page's WebAssembly engine and gabata serve write the same English) as the pieces
// the library composed it from, each a c-format text of the catalog, and gives it translated
// with its numbers and names filled in. The expected texts below are composed by hand from the
// catalogs' entries, as the library composes the English (src/core/words.c, src/games/*/text.c),
// not read from tlib; then every text the engine writes in a few games of each game (results,
// rounds, match summaries, errors, rules, options' help) is checked to keep no piece in English
// that its catalog translates.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { startServer } = require('./server');

const ROOT = path.join(__dirname, '..', '..');
const LANGS = ['ar', 'am', 'ti', 'om'];

// web/i18n.js in a context of its own, as the page's worker-free part runs it (no document)
function load() {
  const ctx = { console, URLSearchParams };
  vm.createContext(ctx);
  vm.runInContext(`${fs.readFileSync(path.join(ROOT, 'web', 'i18n.js'), 'utf8')}
    globalThis.api = { i18n, i18nParsePo, tlib };`, ctx);
  return ctx.api;
}
const I = load();
function use(lang, catalog) {
  I.i18n.catalog = catalog || (lang === 'en' ? null : I.i18nParsePo(fs.readFileSync(path.join(ROOT, 'po', `${lang}.po`), 'utf8')));
  I.i18n.lang = lang;
  return I.i18n.catalog;
}
// each language's plural form for a count n, by CLDR's rules as the catalogs' Plural-Forms say
// them (written here again, not read from web/i18n.js): Arabic 0, 1, 2, 3-10, 11-99, the rest
// (by n % 100); Amharic and Tigrinya the singular for 0 and 1; Afaan Oromoo for 1 only
const PLURAL = {
  ar: (n) => (n === 0 ? 0 : n === 1 ? 1 : n === 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5),
  am: (n) => (n > 1 ? 1 : 0),
  ti: (n) => (n > 1 ? 1 : 0),
  om: (n) => (n === 1 ? 0 : 1),
};
// printf as the library fills a format: each conversion in turn (a catalog keeps their order)
function fmt(format, values) {
  let k = 0;
  return format.replace(/%(?:l|ll|z)?[dusc]/g, () => String(values[k++]));
}

test('no catalog (English), and a text no catalog has: the text itself', () => {
  use('en');
  assert.equal(I.tlib('North wins 5–3: a position repeated (T2)'), 'North wins 5–3: a position repeated (T2)');
  use('ar');
  assert.equal(I.tlib('qwerty 12: zxcv'), 'qwerty 12: zxcv');
  assert.equal(I.tlib(''), '');
  assert.equal(I.tlib(undefined), '');
});

for (const lang of LANGS) {
  test(`${lang}: results, rounds, a match's summary and errors, composed as the library composes them`, () => {
    const cat = use(lang);
    const tr = (id) => (typeof cat[id] === 'string' ? cat[id] : id);
    // a plural entry's form for n (its msgid, the English singular)
    const trn = (id, n) => (Array.isArray(cat[id]) ? cat[id][PLURAL[lang](n)] : id);
    const N = tr('North'), S = tr('South');
    // the language's full stop where the library joins its sentences ("።" in Amharic, Tigrinya)
    const stop = tr('full-stop:.').replace(/^full-stop:/, '');
    assert.equal(stop, lang === 'am' || lang === 'ti' ? '\u1362' : '.');
    // and its colon before an explanation: the result line's "head: reason" ("፦ " in Amharic)
    const colon = tr('colon:: ').replace(/^colon:/, '');
    assert.equal(colon, lang === 'am' || lang === 'ti' ? '\u1366 ' : ': ');
    // and its list comma between the holes of a list ("، " in Arabic; the library's list is one value)
    const comma = tr('list-comma:, ').replace(/^list-comma:/, '');
    assert.equal(comma, { ar: '\u060c ', am: '\u1363 ', ti: '\u1363 ', om: ', ' }[lang]);
    // gb_result_line: result_head, ": ", the game's reason
    assert.equal(I.tlib('North wins 12–0: North\'s earnings of 48 in round 3 win all 12 holes (Q7, Q10)'),
      `${fmt(tr('%s wins %d–%d'), [N, 12, 0])}${colon}${fmt(tr("%s's earnings of %d in round %u win all 12 holes (Q7, Q10)"), [N, 48, 3])}`);
    assert.equal(I.tlib('A draw, 36–36: a position repeated (T2)'),
      `${fmt(tr('A draw, %d–%d'), [36, 36])}${colon}${tr('a position repeated (T2)')}`);
    // gb_fail's "illegal move: %s" around the rule's own reason
    assert.equal(I.tlib('illegal move: a move starts from a hole you own (Q2)'),
      fmt(tr('illegal move: %s'), [tr('a move starts from a hole you own (Q2)')]));
    assert.equal(I.tlib('illegal move: that hole is empty (Q2)'), fmt(tr('illegal move: %s'), [tr('that hole is empty (Q2)')]));
    // Qelat's round text: four pieces (src/games/qelat/text.c)
    assert.equal(I.tlib('Round 2: South wins the round 35–13 in earnings; no ball is left outside the ekwarna (Q6). South gains 4 holes from North (A, a, b, c; Q7, Q8)'),
      fmt(tr('Round %u: %s wins the round %d–%d in earnings; '), [2, S, 35, 13]) + tr('no ball is left outside the ekwarna (Q6)') + stop + ' '
      + fmt(trn('%s gains %d hole from %s (%s; Q7, Q8)', 4), [S, 4, N, ['A', 'a', 'b', 'c'].join(comma)]));
    // L'ab al-Akil's round line: a value that is itself a piece (" (a repetition, T2)")
    assert.equal(I.tlib('Round 1: South won 45–27, gain 9 (a repetition, T2); gains after it: South 9, North 0'),
      fmt(tr('Round %u: %s won %d–%d, gain %d'), [1, S, 45, 27, 9]) + fmt(tr('%s; gains after it: South %d, North %d'), [tr(' (a repetition, T2)'), 9, 0]));
    // a match's summary, line by line (gb_match_summary)
    const summary = '3 rounds: South won 1, North 2, 0 even; earnings in all: South 76, North 68.\n'
      + 'Round 1: North won 29–19; holes after it: South 5, North 7\n'
      + 'A draw, 6–6: the match ended at its 3-round limit (T3), each owning 6 holes.';
    assert.equal(I.tlib(summary), [
      `${fmt(trn('%d round', 3), [3])}${fmt(tr(': South won %d, North %d, %d even; %s in all: South %d, North %d'), [1, 2, 0, tr('earnings'), 76, 68])}${stop}`,
      fmt(tr('%s; holes after it: South %d, North %d'), [fmt(tr('Round %u: %s won %d–%d'), [1, N, 29, 19]), 5, 7]),
      `${fmt(tr('A draw, %d–%d'), [6, 6])}${colon}${fmt(tr('the match ended at its %d-round limit (T3), '), [3])}${tr('each owning 6 holes')}${stop}`,
    ].join('\n'));
    // a word of the catalog inside an English sentence it does not have stays English
    assert.match(I.tlib('It takes none, and the sowing zzz runs on'), /^It takes none, and/);
  });
}

test('a translation that reorders: numbered conversions (%2$d), and a lap phrase\'s %v, %o, %t by name', () => {
  use('xx', {
    '%s wins %d–%d': 'Z %3$d:%2$d (%1$s)',
    North: 'NN',
    ' (was empty): captures %v from %o': ' [%o → %v]',
    ': sows on from %t, %v stones': ': %v @ %t',
  });
  assert.equal(I.tlib('North wins 5–3'), 'Z 3:5 (NN)');
  assert.equal(I.tlib(' (was empty): captures 8 from b'), ' [b → 8]');
  assert.equal(I.tlib('last into d: sows on from C, 11 stones'), 'last into d: 11 @ C');
});

// A library text with a count (gb_text_addn, gb_failn: a plural entry, msgid and msgid_plural)
// in the reader's plural form. The Arabic below is written by the grammar, not read from the
// catalog: 1 the singular with "one" (واحدة), 2 the dual, 3-10 the plural, 11-99 the singular
// accusative with tanwin (حفرةً، حجرًا، جولةً), 100-102 the singular.
test('ar: a count\'s noun in the form of its number (2 the dual, 3-10 the plural, 11-99 the singular accusative)', () => {
  use('ar');
  const cases = [
    ['South gains 2 holes from North (a, b; Q7, Q8)', 'يكسب الجنوب حفرتين (2) من الشمال (a، b؛ Q7، Q8)'],
    ['South gains 3 holes from North (a, b, c; Q7, Q8)', 'يكسب الجنوب 3 حفر من الشمال (a، b، c؛ Q7، Q8)'],
    ['North gains 11 holes from South (A; Q7, Q8)', 'يكسب الشمال 11 حفرةً من الجنوب (A؛ Q7، Q8)'],
    // read by the singular msgid: n is 1
    ['North gains 1 hole from South (c; Q7, Q8)', 'يكسب الشمال حفرة واحدة (1) من الجنوب (c؛ Q7، Q8)'],
    // a match's summary begins with its rounds: the count alone, one and two in words
    ['2 rounds: South won 1, North 1, 0 even; earnings in all: South 50, North 46.',
      'جولتان: فاز الجنوب بـ1، والشمال بـ1، وتعادلا في 0؛ المكاسب في المجموع: الجنوب 50، الشمال 46.'],
    ['3 rounds: South won 1, North 2, 0 even; earnings in all: South 76, North 68.',
      '3 جولات: فاز الجنوب بـ1، والشمال بـ2، وتعادلا في 0؛ المكاسب في المجموع: الجنوب 76، الشمال 68.'],
    ['11 rounds: South won 5, North 6, 0 even; earnings in all: South 260, North 268.',
      '11 جولةً: فاز الجنوب بـ5، والشمال بـ6، وتعادلا في 0؛ المكاسب في المجموع: الجنوب 260، الشمال 268.'],
    // Qelat's standing: 7 to 12 holes
    ['North owns 8 holes, South 4', 'يملك الشمال 8 حفر، والجنوب 4'],
    ['South owns 12 holes, North 0', 'يملك الجنوب 12 حفرةً، والشمال 0'],
    // Sadeqa's end (S5): the verb and the adjective agree too
    ['South wins 50–46: the 2 stones left in holes go to North, who moved last (S5)',
      'يفوز الجنوب 50–46: الحجران (2) الباقيان في الحفر يذهبان إلى الشمال، الذي لعب آخرًا (S5)'],
    ['South wins 50–46: the 3 stones left in holes go to North, who moved last (S5)',
      'يفوز الجنوب 50–46: 3 أحجار باقية في الحفر تذهب إلى الشمال، الذي لعب آخرًا (S5)'],
    ['South wins 56–40: the 11 stones left in holes go to North, who moved last (S5)',
      'يفوز الجنوب 56–40: 11 حجرًا باقيًا في الحفر تذهب إلى الشمال، الذي لعب آخرًا (S5)'],
  ];
  for (const [english, arabic] of cases) assert.equal(I.tlib(english), arabic, english);
});

test('the count is the conversion before the English texts differ, not the first number: Bulto\'s offers (%ld)', () => {
  // a catalog made for the test: each form says which it is
  use('ar', I.i18nParsePo([
    'msgid "this move refuses %u bulto but only %ld is offered (B5)"',
    'msgid_plural "this move refuses %u bulto but only %ld are offered (B5)"',
    ...[0, 1, 2, 3, 4, 5].map((k) => `msgstr[${k}] "F${k} %u / %ld (B5)"`), ''].join('\n')));
  assert.equal(I.tlib('this move refuses 3 bulto but only 11 are offered (B5)'), 'F4 3 / 11 (B5)');
  assert.equal(I.tlib('this move refuses 11 bulto but only 3 are offered (B5)'), 'F3 11 / 3 (B5)');
  assert.equal(I.tlib('this move refuses 2 bulto but only 1 is offered (B5)'), 'F1 2 / 1 (B5)');
  assert.equal(I.tlib('this move refuses 5 bulto but only 102 are offered (B5)'), 'F5 5 / 102 (B5)');
  // in the real catalog: one and two in words, the count left out (it is the last)
  use('ar');
  assert.equal(I.tlib('illegal move: this move refuses 3 bulto but only 2 are offered (B5)'),
    'نقلة غير جائزة: هذه النقلة ترفض 3 bulto لكن المعروض اثنان فقط (B5)');
  // Amharic: the singular for 0 and 1, the plural from 2
  use('am');
  assert.equal(I.tlib('South gains 1 hole from North (a; Q7, Q8)'), 'ደቡብ 1 ጉድጓድ ያገኛል ከሰሜን (a፤ Q7፣ Q8)');
  assert.equal(I.tlib('South gains 2 holes from North (a, b; Q7, Q8)'), 'ደቡብ 2 ጉድጓዶች ያገኛል ከሰሜን (a፣ b፤ Q7፣ Q8)');
});

// ---- every text the engine writes, in a few games of each game ----

let texts = null;
test.before(async () => {
  const srv = await startServer(['--game-rate', '0']);
  try {
    const out = new Set();
    const add = (s) => { if (typeof s === 'string' && s) out.add(s); };
    let token = '';
    const call = async (method, p, body) => {
      const r = await fetch(srv.base + p, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
      return { status: r.status, body: await r.json() };
    };
    for (const v of (await call('GET', '/api/variants')).body.variants) {
      for (const o of v.options) add(o.help);
      if (v.rules) { add(v.rules.where); add(v.rules.terms); v.rules.lines.forEach(add); }
    }
    const plans = [['qelat', 'max-rounds=3'], ['akil', 'max-rounds=3'], ['sadeqa', ''], ['bulto', ''], ['qelat', 'rounds=1'], ['akil', 'rounds=1']];
    for (const [variant, options] of plans) {
      for (const seed of [1, 2]) {
        let r = await call('POST', '/api/games', { variant, options, seed, south: 'random', north: 'random' });
        assert.equal(r.status, 201, JSON.stringify(r.body));
        token = r.body.token;
        const id = r.body.id;
        r.body.rules.forEach((l) => add(l.text));
        add((await call('POST', `/api/games/${id}/moves`, { move: 'Z' })).body.error);
        for (let n = 0; !r.body.state.over && n < 3000; n++) {
          const next = await call('POST', `/api/games/${id}/computer`);
          assert.equal(next.status, 200, JSON.stringify(next.body));
          r = next;
          const st = r.body.state;
          if (st.last_round) { add(st.last_round.text); add(st.last_round.standing); }
          if (n === 4) {
            const empty = r.body.labels.find((l, i) => !r.body.moves.some((m) => m.hole === i));
            if (empty) add((await call('POST', `/api/games/${id}/moves`, { move: empty })).body.error);
          }
        }
        add(r.body.state.result_line);
        add(r.body.state.match_summary);
      }
    }
    texts = [...out];
  } finally {
    await srv.stop();
  }
});

for (const lang of LANGS) {
  test(`${lang}: no piece of an engine text left in English when the catalog translates it`, () => {
    assert.ok(texts && texts.length > 60, `texts harvested: ${texts && texts.length}`);
    const cat = use(lang);
    // each translated text of the catalog, as a regex that finds it inside a longer text
    const pieces = [];
    // a plural entry by either English text, with all its forms
    const all = [];
    for (const [id, str] of Object.entries(cat)) {
      if (typeof str === 'string') all.push([id, str]);
      else if (Array.isArray(str) && str.plural) all.push([id, str.join('\n')], [str.plural, str.join('\n')]);
    }
    for (const [id, str] of all) {
      const lits = id.split(/%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?(?:hh|h|ll|l|z)?[diuxXcs]|%[vot]/);
      const words = lits.filter((x) => (x.match(/[A-Za-z]{2,}/g) || []).length >= 3 && !str.includes(x.trim()));
      if (!words.length) continue;
      const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      pieces.push({ id, words, re: new RegExp(lits.map(esc).join('.+?')) });
    }
    const left = [];
    for (const text of texts) {
      const out = I.tlib(text);
      for (const line of text.split('\n')) {
        for (const p of pieces) {
          if (!p.re.test(line)) continue;
          const w = p.words.find((x) => out.includes(x.trim()));
          if (w) left.push(`${JSON.stringify(p.id)} in ${JSON.stringify(out)}`);
        }
      }
    }
    assert.deepEqual(left, []);
  });
}
