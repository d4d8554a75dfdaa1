// The lobby page with many seeks (docs/web.md): it draws at most 50 (the player's own, then the
// nearest his rating), says how many more there are, and applies each seek event's change
// without reading the whole list again. Run: GABATA=build/gabata node --test seeks_page.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { launch } = require('./browser');
const { request } = require('./http');

let srv, browser;
test.before(async () => {
  srv = await startServer(['--player-rate', '0', '--seeks-per-player', '100', '--seeks-per-ip', '1000']);
  browser = await launch();
});
test.after(async () => {
  if (browser) await browser.close();
  if (srv) assert.equal(await srv.stop(), 0);
});
const JSON_CT = { 'Content-Type': 'application/json' };
const call = (method, p, key, body) => request(srv.base, { method, path: p, headers: key ? { ...JSON_CT, Authorization: `Bearer ${key}` } : JSON_CT, body });

test('60 seeks: 50 drawn and "10 more" said; a seek added or withdrawn is applied from its event, no GET /api/seeks', async () => {
  const p = (await call('POST', '/api/players', null, { name: 'Crowd' })).json;
  const ids = [];
  for (let i = 0; i < 60; i++) {
    const r = await call('POST', '/api/seeks', p.key, { variant: 'sadeqa' });
    assert.equal(r.status, 201, r.text);
    ids.push(r.json.seek);
  }
  const page = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
  const reads = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/seeks' && r.method() === 'GET') reads.push(r.url()); });
  await page.goto(`${srv.base}/#lobby`);
  await page.waitForFunction(() => document.querySelectorAll('#seeks li').length === 50, null, { timeout: 15000 });
  assert.match(await page.textContent('#more-seeks'), /^10 more seeks/);
  await page.waitForFunction(() => document.body.dataset.lobbyStream === 'open', null, { timeout: 15000 });
  const before = reads.length;
  const r = await call('POST', '/api/seeks', p.key, { variant: 'sadeqa' });
  assert.equal(r.status, 201);
  await page.waitForFunction(() => /^11 more/.test(document.getElementById('more-seeks').textContent), null, { timeout: 15000 });
  await call('DELETE', `/api/seeks/${ids[0]}`, p.key);
  await call('DELETE', `/api/seeks/${ids[1]}`, p.key);
  await page.waitForFunction(() => /^9 more/.test(document.getElementById('more-seeks').textContent), null, { timeout: 15000 });
  assert.equal(await page.locator('#seeks li').count(), 50);
  assert.equal(reads.length, before, 'the events were applied: no read of the whole list');
});
