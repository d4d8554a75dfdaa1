// The page's files as gabata serve sends them (issue 24 §3): the engine under a name with a hash
// of its content, cached for good, gzipped when the client takes gzip (the bytes, once gunzipped,
// those of the build) and plain when not; every other file with an ETag, answered 304 when
// If-None-Match names it. The name's hash is computed here from the build's files by the formula
// docs/web.md gives, and it changes with the content (cmake/embed_web.cmake and
// scripts/build-static run on two engines a byte apart).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { startServer } = require('./server');
const W = require('./wasm');

let srv;
test.before(async () => { srv = await startServer(); });
test.after(async () => { if (srv) await srv.stop(); });

// GET path with headers; resolves to { status, headers, body (a Buffer, as sent) }
function get(urlPath, headers = {}) {
  const u = new URL(srv.base);
  return new Promise((resolve, reject) => {
    const rq = http.request({ host: u.hostname, port: u.port, path: urlPath, headers, agent: false }, (res) => {
      const parts = [];
      res.on('data', (d) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    rq.on('error', reject);
    rq.end();
  });
}

const sha256 = (b) => crypto.createHash('sha256').update(b).digest('hex');
// docs/web.md: the first 16 hex digits of the SHA-256 of "SHA256(gabata.js) SHA256(gabata.wasm)"
const engineHash = (js, wasm) => sha256(`${sha256(js)} ${sha256(wasm)}`).slice(0, 16);

async function engineNames() {
  const w = await get('/engine-worker.js');
  assert.equal(w.status, 200);
  const m = w.body.toString().match(/const ENGINE = \{ js: '(gabata\.[0-9a-f]{16}\.js)', wasm: '(gabata\.[0-9a-f]{16}\.wasm)' \};/);
  assert.ok(m, 'engine-worker.js names the engine by its hash');
  return { js: `/${m[1]}`, wasm: `/${m[2]}` };
}

test('the engine is named by a hash of its content, as built', async () => {
  const dir = W.wasmDir();
  const js = fs.readFileSync(path.join(dir, 'gabata.js'));
  const wasm = fs.readFileSync(path.join(dir, 'gabata.wasm'));
  const names = await engineNames();
  const h = engineHash(js, wasm);
  assert.equal(names.wasm, `/gabata.${h}.wasm`);
  assert.equal(names.js, `/gabata.${h}.js`);
  assert.equal((await get('/gabata.wasm')).status, 404, 'no unhashed name');
});

test('gzip when accepted: the gunzipped bytes are the engine; cached for good', async () => {
  const wasm = fs.readFileSync(path.join(W.wasmDir(), 'gabata.wasm'));
  const names = await engineNames();
  for (const ae of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', 'x-gzip', '*', 'GZIP']) {
    const r = await get(names.wasm, { 'Accept-Encoding': ae });
    assert.equal(r.status, 200, ae);
    assert.equal(r.headers['content-encoding'], 'gzip', ae);
    assert.equal(r.headers['content-type'], 'application/wasm');
    assert.equal(r.headers.vary, 'Accept-Encoding');
    assert.match(r.headers['cache-control'], /max-age=31536000/);
    assert.match(r.headers['cache-control'], /immutable/);
    assert.ok(r.body.length < wasm.length * 0.6, `gzipped: ${r.body.length} bytes of ${wasm.length}`);
    assert.ok(zlib.gunzipSync(r.body).equals(wasm), `${ae}: the gunzipped bytes are the build's gabata.wasm`);
  }
});

test('plain when gzip is not accepted', async () => {
  const wasm = fs.readFileSync(path.join(W.wasmDir(), 'gabata.wasm'));
  const js = fs.readFileSync(path.join(W.wasmDir(), 'gabata.js'));
  const names = await engineNames();
  for (const ae of [undefined, 'identity', 'gzip;q=0', 'deflate, br', '*;q=0', 'gzip;q=0, *']) {
    const r = await get(names.wasm, ae === undefined ? {} : { 'Accept-Encoding': ae });
    assert.equal(r.status, 200, String(ae));
    assert.equal(r.headers['content-encoding'], undefined, String(ae));
    assert.ok(r.body.equals(wasm), `${ae}: the bytes are gabata.wasm`);
    assert.match(r.headers['cache-control'], /immutable/);
  }
  assert.ok((await get(names.js)).body.equals(js));
});

test('ETag on the page\'s files, 304 on If-None-Match, revalidated (no-cache)', async () => {
  const names = await engineNames();
  for (const p of ['/', '/app.js', '/style.css', '/engine-worker.js', '/local.js', names.wasm]) {
    for (const ae of [{}, { 'Accept-Encoding': 'gzip' }]) {
      const r = await get(p, ae);
      assert.equal(r.status, 200, p);
      const etag = r.headers.etag;
      assert.match(etag, /^"[0-9a-f]{16}(-gz)?"$/, `${p}: ETag`);
      if (p !== names.wasm) assert.equal(r.headers['cache-control'], 'no-cache', p);
      const again = await get(p, { ...ae, 'If-None-Match': etag });
      assert.equal(again.status, 304, `${p}: If-None-Match ${etag}`);
      assert.equal(again.body.length, 0);
      assert.equal(again.headers.etag, etag);
      assert.equal((await get(p, { ...ae, 'If-None-Match': `"0000000000000000", W/${etag}` })).status, 304, 'a weak tag in a list');
      assert.equal((await get(p, { ...ae, 'If-None-Match': '"0000000000000000"' })).status, 200, 'another tag');
    }
    // the gzipped and the plain bytes are two representations: their tags differ
    const plain = await get(p), gz = await get(p, { 'Accept-Encoding': 'gzip' });
    if (gz.headers['content-encoding']) assert.notEqual(plain.headers.etag, gz.headers.etag, p);
    assert.equal((await get(p, { 'If-None-Match': gz.headers.etag })).status, gz.headers['content-encoding'] ? 200 : 304);
  }
});

// two stand-in engines a byte apart
function stubEngines() {
  const dirs = [0, 1].map((i) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), `gabata-stub-engine-${i}-`));
    fs.writeFileSync(path.join(d, 'gabata.js'), 'var createGabata;\n');
    fs.writeFileSync(path.join(d, 'gabata.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, i]));
    return d;
  });
  return dirs;
}

test('scripts/build-static names the engine by its content, and the name changes with it', () => {
  const stubs = stubEngines();
  const outs = [];
  try {
    const names = stubs.map((wasm) => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-static-'));
      outs.push(out);
      execFileSync(path.join(W.ROOT, 'scripts', 'build-static'), [out], { env: { ...process.env, WASM: wasm } });
      const h = engineHash(fs.readFileSync(path.join(wasm, 'gabata.js')), fs.readFileSync(path.join(wasm, 'gabata.wasm')));
      assert.ok(fs.readFileSync(path.join(out, `gabata.${h}.wasm`)).equals(fs.readFileSync(path.join(wasm, 'gabata.wasm'))));
      assert.ok(fs.existsSync(path.join(out, `gabata.${h}.js`)));
      assert.ok(!fs.existsSync(path.join(out, 'gabata.wasm')));
      assert.match(fs.readFileSync(path.join(out, 'engine-worker.js'), 'utf8'),
        new RegExp(`const ENGINE = \\{ js: 'gabata\\.${h}\\.js', wasm: 'gabata\\.${h}\\.wasm' \\};`));
      return h;
    });
    assert.notEqual(names[0], names[1]);
  } finally {
    for (const d of [...stubs, ...outs]) fs.rmSync(d, { recursive: true, force: true });
  }
});

test('the build\'s embedding (cmake/embed_web.cmake) names the engine by its content too', () => {
  const stubs = stubEngines();
  try {
    const names = stubs.map((d) => {
      const out = path.join(d, 'web_assets.c');
      execFileSync('cmake', [`-DOUT=${out}`, `-DBASE=${path.join(W.ROOT, 'web')}`, '-DFILES=engine-worker.js',
        `-DEXTRA=${path.join(d, 'gabata.js')},${path.join(d, 'gabata.wasm')}`, '-P', path.join(W.ROOT, 'cmake', 'embed_web.cmake')]);
      const c = fs.readFileSync(out, 'utf8');
      const h = engineHash(fs.readFileSync(path.join(d, 'gabata.js')), fs.readFileSync(path.join(d, 'gabata.wasm')));
      assert.ok(c.includes(`{"/gabata.${h}.wasm", `), `served as gabata.${h}.wasm`);
      assert.ok(c.includes(`{"/gabata.${h}.js", `));
      const worker = fs.readFileSync(path.join(d, 'web_assets.d', 'engine-worker.js'), 'utf8');
      assert.ok(worker.includes(`wasm: 'gabata.${h}.wasm'`), 'the worker loads that name');
      return h;
    });
    assert.notEqual(names[0], names[1]);
  } finally {
    for (const d of stubs) fs.rmSync(d, { recursive: true, force: true });
  }
});
