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
 * Returns msgid -> msgstr, or msgid -> [msgstr[0], msgstr[1], ...]; empty translations left out. */
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
