/* gabata's page in the players' languages (issue 22 §3).
 * Every string a player sees goes through t() or tn(), with its English text as the key (as
 * gettext's msgid), so that xgettext finds them and the page reads in English with no catalog.
 *   t('North sowed {hole} and took {n}', {hole: 'd', n: 6})
 *   tn(n, 'one stone', '{n} stones', {n})
 * Placeholders are {name}; a translation keeps every placeholder of its English text.
 * This first version is the interface only (English); the catalogs and the language choice
 * come with it later. */
'use strict';

const i18n = {
  lang: 'en',
  dir: 'ltr',
  catalog: null,            // msgid -> msgstr (or [msgstr0, msgstr1, ...] for plurals)
  ready: Promise.resolve(), // resolves once the chosen language's catalog is in
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
