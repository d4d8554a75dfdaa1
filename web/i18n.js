/* gabata's page in the players' languages (issue 22 §3, docs/web.md, docs/translating.md).
 * Every string a player sees goes through t() or tn(), with its English text as the key (as
 * gettext's msgid), so that xgettext finds them and the page reads in English with no catalog.
 *   t('North sowed {hole} and took {n}', {hole: 'd', n: 6})
 *   tn(n, 'one stone', '{n} stones', {n})
 * Placeholders are {name}; a translation keeps every placeholder of its English text.
 * The language: ?lang=ar|am|ti|om|en, else the one last chosen in the selector (localStorage
 * gabata.lang), else the browser's (navigator.languages), else English. Its catalog is the
 * project's po/<lang>.po, read here as it is (a small PO reader, below); English needs none.
 * <html lang dir> follow the language; Arabic is laid out right to left, but the board is drawn
 * as in every language (sowing counter-clockwise as drawn), so the game's direction is kept. */
'use strict';

/* The languages, each named in itself for the selector; `plural` gives the index of a plural
 * form (msgstr[i]) for n, as each catalog's Plural-Forms header says (CLDR's rules: Arabic has
 * six forms; Amharic and Tigrinya use the singular for 0 and 1, Afaan Oromoo for 1 only). */
const I18N_LANGS = {
  en: { name: 'English', dir: 'ltr', plural: (n) => (n === 1 ? 0 : 1) },
  ar: { name: 'العربية', dir: 'rtl',
    plural: (n) => (n === 0 ? 0 : n === 1 ? 1 : n === 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5) },
  am: { name: 'አማርኛ', dir: 'ltr', plural: (n) => (n > 1 ? 1 : 0) },
  ti: { name: 'ትግርኛ', dir: 'ltr', plural: (n) => (n > 1 ? 1 : 0) },
  om: { name: 'Afaan Oromoo', dir: 'ltr', plural: (n) => (n !== 1 ? 1 : 0) },
};
/* Where a player sends a correction (the page's selector links to it). */
const I18N_CORRECTIONS = 'https://github.com/gabata/gabata/issues';

const i18n = {
  lang: 'en',
  dir: 'ltr',
  catalog: null,            // msgid -> msgstr (or [msgstr0, msgstr1, ...] for plurals)
  ready: Promise.resolve(), // resolves once the chosen language's catalog is in
  langs: Object.keys(I18N_LANGS),
};

function i18nFill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

function t(msgid, params) {
  const s = i18n.catalog && typeof i18n.catalog[msgid] === 'string' && i18n.catalog[msgid];
  return i18nFill(s || msgid, params);
}

function tn(n, singular, plural, params) {
  const p = Object.assign({ n }, params || {});
  const forms = i18n.catalog && i18n.catalog[singular];
  if (Array.isArray(forms)) {
    const s = forms[I18N_LANGS[i18n.lang].plural(Math.abs(Number(n)) || 0)];
    if (s) return i18nFill(s, p);
  }
  return i18nFill(n === 1 ? singular : plural, p);
}

/* ---- the engine's texts (tlib) ----
 * The library (the page's WebAssembly engine and gabata serve alike) writes its texts for players
 * in English, composed of the catalog's c-format texts: "North wins 5–3: a position repeated
 * (T2)" is "%s wins %d–%d", ": " and "a position repeated (T2)", each filled in by printf. tlib
 * gives such a text in the page's language without asking the engine: the text looked up whole,
 * else read as a sequence of catalog texts (each c-format msgid compiled once to a regex: %d a
 * number, %f and %g too (the server's seconds), %s any text, %c a character; a lap phrase's %v a
 * count, %o and %t holes), with what lies between them (": ", ".", a newline, a hole's label)
 * kept as it is; of the readings, the one that covers most of the English letters, then with the
 * fewest pieces. A piece's values go into its
 * translation in order (%1$s… by number, %v/%o/%t by name); a %s value is itself a text of the
 * library's ("North") and translated the same way. What no catalog text covers stays English.
 * A plural entry of the library (msgid "%s gains %d hole from %s…", msgid_plural "…%d holes…")
 * is read by either English text, and given msgstr[plural(n)], n being its count's value in
 * the English: the count is the last integer conversion before the first character where the
 * two English texts differ, as the library passes it (gb_plural_count_index, docs/translating.md
 * "Plurals"). */
const I18N_CONV = /%(?:(\d+)\$)?[-+ 0#]*\d*(?:\.\d+)?(?:hh|h|ll|l|z|j)?([diuxXcsfge%])|%([vot])/g;
const I18N_LETTER = /\p{L}/u;
const I18N_CONV_RE = { d: '-?\\d+', i: '-?\\d+', u: '\\d+', x: '[0-9a-f]+', X: '[0-9A-F]+', c: '[\\s\\S]',
  s: '[\\s\\S]+?', v: '\\d+', o: '\\S+?', t: '\\S+?',
  // the server's seconds (%.0f s, from %g to %g)
  f: '-?\\d+(?:\\.\\d+)?', g: '-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?', e: '-?\\d(?:\\.\\d+)?e[-+]\\d+' };
const i18nLibCache = { catalog: null, pieces: null, memo: new Map() };

/* A c-format text: its literal parts and conversions, or null when it has none. */
function i18nPieces(msgid) {
  const lits = [], convs = [];
  let at = 0, m, lit = '';
  I18N_CONV.lastIndex = 0;
  while ((m = I18N_CONV.exec(msgid))) {
    if (m[2] === '%') { lit += msgid.slice(at, m.index) + '%'; at = I18N_CONV.lastIndex; continue; }
    lits.push(lit + msgid.slice(at, m.index));
    lit = '';
    convs.push({ kind: m[3] || m[2], pos: m[1] ? Number(m[1]) : 0 });
    at = I18N_CONV.lastIndex;
  }
  if (!convs.length) return null;
  lits.push(lit + msgid.slice(at));
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let src = '^' + esc(lits[0]);
  convs.forEach((c, k) => { src += `(${I18N_CONV_RE[c.kind]})` + esc(lits[k + 1]); });
  const literal = lits.join('');
  return { msgid, lits, convs, re: new RegExp(src + '$'), literal,
    word0: I18N_LETTER.test(msgid.trimStart()[0] || ''), word1: I18N_LETTER.test(msgid.trimEnd().slice(-1)),
    words: [...literal].filter((ch) => I18N_LETTER.test(ch)).length };
}

/* Which conversion of a plural entry's English is its count: the last integer conversion (%d,
 * %u, %ld...) that ends before the first character where singular and plural differ; -1 when
 * none (tools/i18n-check's count_index, the library's gb_plural_count_index). */
function i18nCountIndex(singular, plural) {
  let k = 0;
  while (k < singular.length && k < plural.length && singular[k] === plural[k]) k++;
  let found = -1, i = 0, m;
  const re = new RegExp(I18N_CONV.source, 'g');
  while ((m = re.exec(singular))) {
    if (m[2] === '%') continue;
    if (re.lastIndex > k) break;
    if (!m[3] && 'diu'.includes(m[2])) found = i;
    i++;
  }
  return found;
}

function i18nLibIndex() {
  if (i18nLibCache.catalog === i18n.catalog) return i18nLibCache;
  const byPrefix = new Map(), open = [], exact = [];
  // a plural entry of the library: a piece for each English text, with the forms and the count
  const entries = [];
  for (const [msgid, msgstr] of Object.entries(i18n.catalog || {})) {
    if (typeof msgstr === 'string') entries.push([msgid, msgstr, null]);
    else if (Array.isArray(msgstr) && typeof msgstr.plural === 'string') {
      const count = i18nCountIndex(msgid, msgstr.plural);
      if (count < 0) continue;
      entries.push([msgid, msgstr, { forms: msgstr, count }]);
      entries.push([msgstr.plural, msgstr, { forms: msgstr, count }]);
    }
  }
  for (const [msgid, msgstr, plural] of entries) {
    const p = i18nPieces(msgid);
    if (plural) {
      if (!p || !p.words) continue;
      Object.assign(p, plural);
    }
    if (!p) {
      // a text with no conversion, as a piece of a longer one (whole ones are looked up first)
      const words = [...msgid].filter((ch) => I18N_LETTER.test(ch)).length;
      if (words) {
        exact.push({ msgid, lits: [msgid], convs: [], literal: msgid, words,
          word0: I18N_LETTER.test(msgid.trimStart()[0] || ''), word1: I18N_LETTER.test(msgid.trimEnd().slice(-1)) });
      }
      continue;
    }
    if (!p.words) continue;
    if (p.lits[0]) {
      const k = p.lits[0].slice(0, 2);
      if (!byPrefix.has(k)) byPrefix.set(k, []);
      byPrefix.get(k).push(p);
    } else {
      open.push(p);
    }
  }
  for (const e of exact) {
    const k = e.msgid.slice(0, 2);
    if (!byPrefix.has(k)) byPrefix.set(k, []);
    byPrefix.get(k).push(e);
  }
  Object.assign(i18nLibCache, { catalog: i18n.catalog, byPrefix, open, memo: new Map() });
  return i18nLibCache;
}

/* A piece's translation with the values read from the English filled in: a plural entry's form
 * for its count. */
function i18nFillPiece(p, values) {
  const rule = (I18N_LANGS[i18n.lang] || I18N_LANGS.en).plural;
  const str = p.forms ? p.forms[rule(Math.abs(Number(values[p.count])) || 0)] || p.forms[p.forms.length - 1]
    : i18n.catalog[p.msgid];
  if (!p.convs.length) return str;
  const byKind = {};
  p.convs.forEach((c, k) => { if ('vot'.includes(c.kind)) byKind[c.kind] = values[k]; });
  let next = 0;
  I18N_CONV.lastIndex = 0;
  return str.replace(I18N_CONV, (m, pos, kind, lap) => {
    if (kind === '%') return '%';
    if (lap) return lap in byKind ? byKind[lap] : m;
    const k = pos ? Number(pos) - 1 : next++;
    if (k >= values.length) return m;
    return p.convs[k].kind === 's' ? i18nList(tlib(values[k])) : values[k];
  });
}

/* A value that is a list of holes' labels ("A, a, b, c": Qelat's holes gained, which the library
 * joins with its list comma and hands over as one value) with the language's list comma, as the
 * catalog's "list-comma:, " says ("، " in Arabic, "፣ " in Amharic and Tigrinya). */
function i18nList(value) {
  if (!/^[A-Za-z]{1,2}(?:, [A-Za-z]{1,2})+$/.test(value)) return value;
  return value.split(', ').join(i18nPunct('list-comma:, '));
}

/* Where piece p, begun at i, may end: after each place its last literal is found, or (a text
 * that ends with a value) anywhere after. */
function i18nEnds(text, i, p) {
  if (!p.convs.length) return [i + p.msgid.length];
  const last = p.lits[p.lits.length - 1], ends = [];
  if (!last) {
    // a number ends where its digits do; a text or a hole anywhere
    const digits = 'duivxfge'.includes(p.convs[p.convs.length - 1].kind);
    for (let j = text.length; j > i + p.lits[0].length; j--) {
      if (!digits || (/\d/.test(text[j - 1]) && !/\d/.test(text[j] || ''))) ends.push(j);
    }
    return ends;
  }
  for (let k = text.indexOf(last, i + p.lits[0].length); k >= 0; k = text.indexOf(last, k + 1)) ends.push(k + last.length);
  return ends;
}

/* Is the first character from k on (step 1) or back (step -1), spaces skipped, a letter or a
 * digit? */
function i18nWordNear(text, k, step) {
  while (k >= 0 && k < text.length && /\s/.test(text[k])) k += step;
  return k >= 0 && k < text.length && /[\p{L}\p{N}]/u.test(text[k]);
}

/* A punctuation mark of the page's language, as the library's gb_full_stop and gb_clause_colon
 * read it: the catalog's "full-stop:." says which full stop ("full-stop:።" in Amharic and
 * Tigrinya), "colon:: " which colon before an explanation ("colon:፦ "). */
function i18nPunct(key) {
  const name = key.slice(0, key.indexOf(':') + 1), s = t(key);
  return s !== key && s.startsWith(name) && s.length > name.length && s.length <= name.length + 32
    ? s.slice(name.length) : key.slice(name.length);
}

function tlib(english) {
  const text = english === undefined || english === null ? '' : String(english);
  if (!i18n.catalog || !text) return text;
  const whole = i18n.catalog[text];
  if (typeof whole === 'string') return whole;
  // the library writes its lines one by one ("\n" a piece of its own): each line on its own
  if (text.includes('\n')) return text.split('\n').map(tlib).join('\n');
  return i18nRead(text).out;
}

/* The best reading of text: {words (the English letters its pieces cover, a value's own pieces
 * too), wild (the characters read as values: fewer is more specific), pieces, out}. */
function i18nRead(text) {
  const ix = i18nLibIndex();
  const known = ix.memo.get(text);
  if (known) return known;
  const L = text.length;
  const letter = (k) => k >= 0 && k < L && I18N_LETTER.test(text[k]);
  const whole = i18n.catalog[text];
  if (typeof whole === 'string') {
    let w = 0;
    for (let k = 0; k < L; k++) if (letter(k)) w++;
    return { words: w, wild: 0, pieces: 1, out: whole };
  }
  const best = new Array(L + 1);
  best[L] = { words: 0, wild: 0, pieces: 0, out: '' };
  const better = (a, b) => a.words !== b.words ? a.words > b.words
    : a.wild !== b.wild ? a.wild < b.wild : a.pieces < b.pieces;
  for (let i = L - 1; i >= 0; i--) {
    // a character kept as it is
    let b = { words: best[i + 1].words, wild: best[i + 1].wild, pieces: best[i + 1].pieces, next: i + 1 };
    // a piece begins only where a word does (not inside one)
    if (!letter(i - 1) || !letter(i)) {
      const cands = (ix.byPrefix.get(text.slice(i, i + 2)) || []).concat(ix.open);
      for (const p of cands) {
        if (!text.startsWith(p.lits[0], i)) continue;
        // a text that begins with a value: only where its first literal follows, and a number
        // not inside another ("11 rounds" is not "1" and "1 rounds")
        if (!p.lits[0] && text.indexOf(p.lits[1], i + 1) < 0) continue;
        if (!p.lits[0] && 'duivxfge'.includes(p.convs[0].kind) && /\d/.test(text[i - 1] || '')) continue;
        for (const j of i18nEnds(text, i, p)) {
          if (!best[j] || (letter(j - 1) && letter(j))) continue;
          // a piece that begins (ends) with a word begins (ends) a clause: not a word inside
          // an English sentence the catalog does not have ("It takes none, and…")
          if (p.word0 && i18nWordNear(text, i - 1, -1)) continue;
          if (p.word1 && i18nWordNear(text, j, 1)) continue;
          let values = [], words = p.words, wild = 0;
          if (p.convs.length) {
            const m = p.re.exec(text.slice(i, j));
            if (!m) continue;
            values = m.slice(1);
            values.forEach((x, k) => {
              wild += x.length;
              if (p.convs[k].kind === 's' && x.length < L) words += i18nRead(x).words;
            });
          }
          const r = best[j];
          const c = { words: words + r.words, wild: wild + r.wild, pieces: r.pieces + 1, p, values, next: j };
          if (better(c, b)) b = c;
        }
      }
    }
    best[i] = b;
  }
  // a "." the library put between its texts, ending a sentence, is the language's full stop, and
  // a ": " before an explanation its colon
  const stop = i18nPunct('full-stop:.'), colon = i18nPunct('colon:: ');
  let out = '';
  for (let i = 0; i < L;) {
    const b = best[i];
    if (b.p) out += i18nFillPiece(b.p, b.values);
    else if (text[i] === '.' && /^\s?$/.test(text[i + 1] || '')) out += stop; // (not "4.8")
    else if (text[i] === ':' && text[i + 1] === ' ') out += colon.replace(/ $/, ''); // (its space next)
    else out += text[i];
    i = b.next;
  }
  const res = { words: best[0].words, wild: best[0].wild, pieces: best[0].pieces, out };
  if (ix.memo.size > 5000) ix.memo.clear();
  ix.memo.set(text, res);
  return res;
}

/* The page's static texts (index.html): an element with a data-i18n attribute has its English
 * text as the key (kept in data-i18n once read, so a second pass translates from English again);
 * data-i18n-attrs="title aria-label" names attributes translated the same way. */
function i18nApply(root) {
  for (const el of (root || document).querySelectorAll('[data-i18n]')) {
    if (!el.dataset.i18n) el.dataset.i18n = el.textContent.trim();
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of (root || document).querySelectorAll('[data-i18n-attrs]')) {
    for (const a of el.dataset.i18nAttrs.split(/\s+/).filter(Boolean)) {
      const key = 'i18n' + a.replace(/(^|-)(\w)/g, (m, d, c) => c.toUpperCase());
      if (!el.dataset[key]) el.dataset[key] = el.getAttribute(a) || '';
      if (el.dataset[key]) el.setAttribute(a, t(el.dataset[key]));
    }
  }
}

/* A PO file as gettext writes it: entries of msgid, msgid_plural, msgstr or msgstr[n], each a
 * string in double quotes with C's escapes, continued on the lines that follow; comments (#),
 * fuzzy entries (not used: they are a translator's guess) and obsolete ones (#~) skipped.
 * Returns msgid -> msgstr, or msgid -> [msgstr[0], msgstr[1], ...] (its msgid_plural kept as the
 * array's `plural`); empty translations left out. */
function i18nParsePo(text) {
  const out = {};
  const unquote = (s) => {
    const m = /^"(.*)"$/.exec(s.trim());
    if (!m) throw new Error(`a PO string in double quotes expected, not ${s.slice(0, 40)}`);
    return m[1].replace(/\\(.)/g, (x, c) => ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' }[c] ?? c));
  };
  let e = null, field = null;
  const done = () => {
    if (e && e.msgid && !e.fuzzy && e.ctxt === undefined) {
      if (e.plural !== undefined) {
        const forms = e.strs.map((s) => s || '');
        forms.plural = e.plural; // the English plural (msgid_plural), for tlib
        if (forms.length && forms.every(Boolean)) out[e.msgid] = forms;
      } else if (e.strs[0]) {
        out[e.msgid] = e.strs[0];
      }
    }
    e = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) { done(); continue; }
    if (line.startsWith('#~')) continue;
    if (line.startsWith('#')) {
      if (e && e.msgid !== undefined && field !== 'id') done();
      if (!e) e = { strs: [] };
      if (line.startsWith('#,') && /\bfuzzy\b/.test(line)) e.fuzzy = true;
      continue;
    }
    const m = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (m) {
      if ((m[1] === 'msgid' || m[1] === 'msgctxt') && e && e.strs.length) done();
      if (!e) e = { strs: [] };
      const s = unquote(m[3]);
      if (m[1] === 'msgctxt') { e.ctxt = s; field = 'ctxt'; }
      else if (m[1] === 'msgid') { e.msgid = s; field = 'id'; }
      else if (m[1] === 'msgid_plural') { e.plural = s; field = 'plural'; }
      else { field = Number(m[2] || 0); e.strs[field] = s; }
      continue;
    }
    if (line.startsWith('"') && e && field !== null) {
      const s = unquote(line);
      if (field === 'ctxt') e.ctxt += s;
      else if (field === 'id') e.msgid += s;
      else if (field === 'plural') e.plural += s;
      else e.strs[field] += s;
    }
  }
  done();
  return out;
}

/* The language asked for: ?lang=, the kept choice, the browser's, English. */
function i18nChoose() {
  const ok = (c) => (c && I18N_LANGS[c] ? c : null);
  let fromUrl = null;
  try { fromUrl = new URLSearchParams(location.search).get('lang'); } catch (e) { /* no location */ }
  if (ok(fromUrl)) return fromUrl;
  let kept = null;
  try { kept = localStorage.getItem('gabata.lang'); } catch (e) { /* storage refused */ }
  if (ok(kept)) return kept;
  for (const l of (typeof navigator !== 'undefined' && navigator.languages) || []) {
    const c = String(l).toLowerCase().split(/[-_]/)[0];
    if (ok(c)) return c;
  }
  return 'en';
}

/* The selector, in the slot index.html keeps for it (#lang-slot), made once, and the link for
 * corrections (#lang-fix, in the footer). */
function i18nSelector() {
  const slot = document.getElementById('lang-slot');
  if (!slot) return;
  let sel = document.getElementById('lang-select');
  if (!sel) {
    sel = document.createElement('select');
    sel.id = 'lang-select';
    for (const [code, l] of Object.entries(I18N_LANGS)) {
      const o = document.createElement('option');
      o.value = code;
      o.lang = code;
      o.textContent = l.name;
      sel.appendChild(o);
    }
    sel.addEventListener('change', () => {
      try { localStorage.setItem('gabata.lang', sel.value); } catch (e) { /* storage refused */ }
      // the address's ?lang= would choose again at the next load: it follows the choice
      try {
        const u = new URL(location.href);
        if (u.searchParams.has('lang')) {
          u.searchParams.set('lang', sel.value);
          history.replaceState(history.state, '', u.href);
        }
      } catch (e) { /* no history */ }
      i18nSetLanguage(sel.value);
    });
    slot.append(sel);
    // where to send a correction: in the footer, so that the header keeps to one row on a phone
    const fix = document.createElement('a');
    fix.id = 'lang-fix';
    fix.href = I18N_CORRECTIONS;
    fix.rel = 'noopener';
    fix.target = '_blank';
    const foot = document.querySelector('footer');
    if (foot) foot.append(' ', fix);
    else slot.append(fix);
  }
  sel.value = i18n.lang;
  sel.setAttribute('aria-label', t('Language'));
  const fix = document.getElementById('lang-fix');
  if (fix) fix.textContent = t('Correct a translation');
}

/* Under the rules, in a right-to-left language: the board is not mirrored (its holes keep
 * their places, and sowing its direction as drawn). Outside #rules, which the page redraws. */
function i18nBoardNote() {
  const rules = document.getElementById('rules');
  let note = document.getElementById('board-direction');
  if (i18n.dir !== 'rtl') {
    if (note) note.hidden = true;
    return;
  }
  if (!rules) return;
  if (!note) {
    note = document.createElement('p');
    note.id = 'board-direction';
    rules.after(note);
  }
  note.hidden = false;
  note.textContent = t('The board is drawn as in every language, not mirrored: sowing goes counter-clockwise on the board as drawn, and South\'s holes A, B, C… run from the left.');
}

/* Switch to a language: its catalog fetched (po/<lang>.po; English has none), then the page's
 * static texts, <html lang dir>, the selector, and a `gabata-lang` event on document for the
 * rest of the page to draw its texts again. A catalog that cannot be read leaves English. */
function i18nSetLanguage(code) {
  if (!I18N_LANGS[code]) code = 'en';
  const load = code === 'en'
    ? Promise.resolve(null)
    : fetch(`po/${code}.po`)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`po/${code}.po: ${r.status}`))))
      .then(i18nParsePo);
  i18n.ready = load.catch((e) => {
    console.warn(`gabata: no catalog for ${code} (${e.message}): English`);
    return null;
  }).then((catalog) => {
    i18n.catalog = catalog;
    i18n.lang = catalog || code === 'en' ? code : 'en';
    i18n.dir = I18N_LANGS[i18n.lang].dir;
    if (typeof document !== 'undefined') {
      document.documentElement.lang = i18n.lang;
      document.documentElement.dir = i18n.dir;
      i18nApply(document);
      i18nSelector();
      i18nBoardNote();
      document.dispatchEvent(new CustomEvent('gabata-lang', { detail: { lang: i18n.lang, dir: i18n.dir } }));
    }
  });
  return i18n.ready;
}

if (typeof document !== 'undefined') {
  // the selector's and right-to-left styles (i18n.css: a file, as the page's
  // Content-Security-Policy allows no inline style)
  const style = document.createElement('link');
  style.id = 'i18n-style';
  style.rel = 'stylesheet';
  style.href = 'i18n.css';
  document.head.appendChild(style);
  const start = () => i18nSetLanguage(i18nChoose());
  // English is in the page already: only another language waits for its catalog
  if (i18nChoose() === 'en') {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => i18nSelector());
    else i18nSelector();
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.lang = 'en';
        document.documentElement.dir = 'ltr';
      });
    }
  } else if (document.readyState === 'loading') {
    i18n.ready = new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => start().then(resolve)));
  } else {
    start();
  }
}
