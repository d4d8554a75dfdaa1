// The server's refusals in the player's language (docs/translating.md, "The server's messages"):
// the page shows "Refused: {error}" with the server's English message read by tlib from the
// catalog, so a player of the page in Amharic or Arabic reads the reason in his own language.
// Three refusals the page provokes in the lobby: a name with two spaces in a row (400, the names
// rule given inside "bad name: %s"), a seek over the per-player limit (with its count), and
// accepting a rated seek made from the same address (403). Each shown text must be the catalog's
// translation with its values, and hold no English word of the server's message.
// And every message serve/*.c marks SN_("…") is translated in each catalog.
// Run: GABATA=build/gabata node --test server_i18n.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { request } = require('./http');

const ROOT = path.join(__dirname, '..', '..');
const JSON_CT = { 'Content-Type': 'application/json' };
let srv, browser;
test.before(async () => {
  srv = await startServer(['--player-rate', '0', '--seeks-per-player', '1', '--seeks-per-ip', '100']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});
const call = (method, p, key, body) => request(srv.base, { method, path: p, headers: key ? { ...JSON_CT, Authorization: `Bearer ${key}` } : JSON_CT, body });

/* msgid -> msgstr of a catalog (a small reader: single msgstr entries, fuzzy ones left out). */
function catalog(lang) {
  const out = {};
  const text = fs.readFileSync(path.join(ROOT, 'po', `${lang}.po`), 'utf8');
  for (const block of text.split(/\n\n+/)) {
    if (/^#~/m.test(block) || /^#,.*\bfuzzy\b/m.test(block)) continue;
    const m = /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!m) continue;
    const join = (s) => s.trim().split('\n').map((l) => JSON.parse(l)).join('');
    out[join(m[1])] = join(m[2]);
  }
  return out;
}
/* The SN_("…") formats of serve/*.c, as C would join their pieces. */
function serverMessages() {
  const out = new Set();
  for (const f of fs.readdirSync(path.join(ROOT, 'serve')).filter((x) => x.endsWith('.c'))) {
    const src = fs.readFileSync(path.join(ROOT, 'serve', f), 'utf8');
    for (const m of src.matchAll(/\bSN_\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)/g)) {
      out.add([...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => JSON.parse(`"${x[1]}"`)).join(''));
    }
  }
  return out;
}
// a format with its values filled in, as printf would
const fill = (fmt, ...values) => { let k = 0; return fmt.replace(/%(?:\.\d+)?l?[dsuf]/g, () => String(values[k++])); };
// the English words of a message (three letters or more; not the --flags, kept in every language)
const words = (english) => english.replace(/\(--[\w-]+\)|--[\w-]+/g, '').match(/[A-Za-z]{3,}/g) || [];

test('every message of the server marked for translation is translated in each catalog', () => {
  const msgs = serverMessages();
  assert.ok(msgs.size >= 60, `SN_ messages found: ${msgs.size}`);
  for (const lang of ['am', 'ar', 'ti', 'om']) {
    const cat = catalog(lang);
    const missing = [...msgs].filter((m) => !cat[m]);
    assert.deepEqual(missing, [], `${lang}: untranslated server messages`);
  }
});

for (const lang of ['am', 'ar']) {
  test(`${lang}: the lobby's refusals by the server are shown in ${lang}, values kept, no English`, async () => {
    const cat = catalog(lang);
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${srv.base}/?lang=${lang}#lobby`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 15000 });
    const msg = () => page.textContent('#lobby-message');
    const refused = async (prefixId, english) => {
      await page.waitForFunction(() => document.getElementById('lobby-message').className === 'refused', null, { timeout: 15000 });
      const shown = await msg();
      assert.ok(shown.startsWith(cat[prefixId].split('{error}')[0]), `${lang}: the page's own words first: ${shown}`);
      const bare = shown.replace(/--[\w-]+/g, '');
      for (const w of words(english)) assert.ok(!bare.includes(w), `${lang}: English word "${w}" of "${english}" in: ${shown}`);
      return shown;
    };

    // 1. a name the server refuses: "bad name: %s" around the names rule
    await page.fill('#name-input', 'Abebe  Kebede');
    await page.click('#name-ok');
    const rule = 'a name has single spaces between words, not two in a row';
    let shown = await refused('That name cannot be used: {error}', `bad name: ${rule}`);
    assert.ok(shown.includes(cat['bad name: %s'].replace('%s', cat[rule])), `${lang}: ${shown}`);

    // 2. a seek over the per-player limit (--seeks-per-player 1): its count kept
    const name = `${lang} player`;
    await page.fill('#name-input', name);
    await page.click('#name-ok');
    await page.waitForFunction(() => !document.getElementById('seek-create').disabled, null, { timeout: 15000 });
    await page.evaluate(() => { document.getElementById('seek-box').open = true; });
    await page.click('#seek-create');
    await page.waitForFunction(() => document.querySelector('#seeks li .withdraw'), null, { timeout: 15000 });
    await page.evaluate(() => { document.getElementById('seek-box').open = true; }); // closed once made
    await page.click('#seek-create');
    const limit = 'you have %d open seeks already (--seeks-per-player): withdraw one first';
    shown = await refused('Refused: {error}', fill(limit, 1));
    assert.ok(shown.includes(fill(cat[limit], 1)), `${lang}: ${shown}`);

    // 3. a rated seek of another player on this address: accepting it is refused (403)
    const other = (await call('POST', '/api/players', null, { name: `${lang} neighbour` })).json;
    const s = await call('POST', '/api/seeks', other.key, { variant: 'sadeqa', rated: true });
    assert.equal(s.status, 201, s.text);
    await page.evaluate(() => { document.getElementById('lobby-message').className = ''; });
    const accept = page.locator('#seeks li .accept');
    await accept.first().waitFor({ timeout: 15000 });
    await accept.first().click();
    const rated = 'this rated seek was made from your address: a rated game is between players on two addresses (a casual one is not)';
    shown = await refused('Refused: {error}', rated);
    assert.ok(shown.includes(cat[rated]), `${lang}: ${shown}`);
    await ctx.close();
  });
}
