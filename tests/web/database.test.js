// The database under `gabata serve` (issue 21, hardening 4 and 8; docs/api.md "Hardening"): a
// damaged database is refused at start with one line (PRAGMA quick_check); a game that cannot be
// read is a 500, never "no such game"; the games held per address (--games-per-ip) are counted
// from the database after a restart; a second server on the same database file is refused, by
// whatever path it is reached (a hard link in another folder).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer, gabataBinary } = require('./server');
const { request } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
const tmp = (what) => fs.mkdtempSync(path.join(os.tmpdir(), `gabata-${what}-`));

// A folder with a database of n games (each with a few moves), the server stopped: [{id, token}]
async function databaseOf(data, n) {
  const srv = await startServer(['--data', data, '--game-rate', '0', '--games-per-ip', '0']);
  const games = [];
  try {
    for (let i = 0; i < n; i++) {
      const r = await request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'sadeqa', seed: i, south: 'human', north: 'human' } });
      assert.equal(r.status, 201, r.text);
      let v = r.json;
      for (let k = 0; k < 3; k++) {
        const m = await request(srv.base, { method: 'POST', path: `/api/games/${v.id}/moves`, headers: { ...JSON_CT, Authorization: `Bearer ${r.json.token}` }, body: { move: v.moves[0].text } });
        assert.equal(m.status, 200, m.text);
        v = m.json;
      }
      games.push({ id: r.json.id, token: r.json.token });
    }
  } finally {
    assert.equal(await srv.stop(), 0);
  }
  return games;
}

// `gabata serve` that must refuse to start: its exit status and standard error (a server that
// starts after all is stopped after 10 s, status null)
function refusedStart(args) {
  const r = spawnSync(gabataBinary(), ['serve', '--port', '0', '--quiet', ...args], { encoding: 'utf8', timeout: 10000 });
  return { status: r.status, stderr: r.stderr, stdout: r.stdout };
}

function pageSize(file) {
  const head = Buffer.alloc(100);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 100, 0);
  fs.closeSync(fd);
  const n = head.readUInt16BE(16);
  return n === 1 ? 65536 : n;
}

test('a damaged database is refused at start, with one line naming the file and what quick_check found', async () => {
  const data = tmp('good');
  const copy = tmp('damaged');
  try {
    await databaseOf(data, 60);
    const file = path.join(copy, 'games.sqlite');
    fs.copyFileSync(path.join(data, 'games.sqlite'), file);
    const ps = pageSize(file);
    const pages = fs.statSync(file).size / ps;
    assert.ok(pages >= 6, `${pages} pages`);
    // garbage over the pages in the middle (not the first: the schema, which SQLite reads anyway)
    const fd = fs.openSync(file, 'r+');
    for (let p = Math.floor(pages / 3); p < Math.floor((2 * pages) / 3); p++) fs.writeSync(fd, crypto.randomBytes(ps), 0, ps, p * ps);
    fs.closeSync(fd);
    const r = refusedStart(['--data', copy]);
    assert.equal(r.status, 1, `the server refuses to start (status ${r.status}; ${r.stdout}${r.stderr})`);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, `one line: ${r.stderr}`);
    assert.ok(lines[0].includes(file), `it names the file: ${lines[0]}`);
    assert.match(lines[0], /quick_check/);
    assert.match(lines[0], /damaged/);
    console.log(`# ${lines[0]}`);
    // the good one still starts
    const srv = await startServer(['--data', data]);
    assert.equal((await request(srv.base, { path: '/api/health' })).json.games, 60);
    assert.equal(await srv.stop(), 0);
  } finally {
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(copy, { recursive: true, force: true });
  }
});

test('a game that cannot be read is a 500 with a one-line JSON error, never "no such game"', async () => {
  const data = tmp('readerror');
  let srv;
  try {
    const games = await databaseOf(data, 60);
    srv = await startServer(['--data', data]);
    // the server started on a sound database; now the page holding one game's row goes bad under
    // it (a disk going wrong): the table's leaf page (type 13) that holds the game's id
    const file = path.join(data, 'games.sqlite');
    const ps = pageSize(file);
    const bytes = fs.readFileSync(file);
    const victim = games[games.length - 1];
    let page = -1;
    for (let p = 1; p * ps < bytes.length && page < 0; p++) {
      const pg = bytes.subarray(p * ps, (p + 1) * ps);
      if (pg[0] === 13 && pg.includes(Buffer.from(victim.id))) page = p;
    }
    assert.ok(page > 0, 'the row\'s page is found');
    const fine = games.find((g) => !bytes.subarray(page * ps, (page + 1) * ps).includes(Buffer.from(g.id)));
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, crypto.randomBytes(ps), 0, ps, page * ps);
    fs.closeSync(fd);
    const r = await request(srv.base, { path: `/api/games/${victim.id}` });
    assert.equal(r.status, 500, r.text);
    assert.match(r.text, /^\{"error":"[^"\n]+","status":500\}$/);
    assert.doesNotMatch(r.json.error, /no game|no such/);
    const m = await request(srv.base, { method: 'POST', path: `/api/games/${victim.id}/moves`, headers: { ...JSON_CT, Authorization: `Bearer ${victim.token}` }, body: { move: 'A' } });
    assert.equal(m.status, 500, m.text);
    const ev = await request(srv.base, { path: `/api/games/${victim.id}/events` });
    assert.equal(ev.status, 500, ev.text);
    // a game on a sound page is served; a game that is not there is still a 404
    assert.equal((await request(srv.base, { path: `/api/games/${fine.id}` })).status, 200);
    const none = await request(srv.base, { path: `/api/games/${'0'.repeat(32)}` });
    assert.equal(none.status, 404);
    assert.match(srv.stderr(), /could not be read from the database/);
  } finally {
    if (srv) await srv.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('--games-per-ip holds across a restart: the games held are counted from the database', async () => {
  const data = tmp('held');
  try {
    const args = ['--data', data, '--games-per-ip', '3', '--game-rate', '0'];
    let srv = await startServer(args);
    const mk = (localAddress) => request(srv.base, { method: 'POST', path: '/api/games', headers: JSON_CT, body: { variant: 'qelat' }, localAddress });
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const r = await mk('127.8.0.1');
      assert.equal(r.status, 201, r.text);
      ids.push(r.json);
    }
    assert.equal((await mk('127.8.0.1')).status, 429);
    assert.equal((await mk('127.8.0.2')).status, 201);
    assert.equal(await srv.stop(), 0);
    srv = await startServer(args);
    let r = await mk('127.8.0.1');
    assert.equal(r.status, 429, `after the restart the address still holds 3: ${r.text}`);
    assert.match(r.json.error, /games-per-ip/);
    assert.equal((await mk('127.8.0.2')).status, 201, 'another address holds 1 of its 3');
    // deleting one frees its place, as before the restart
    const del = await request(srv.base, { method: 'DELETE', path: `/api/games/${ids[0].id}`, headers: { ...JSON_CT, Authorization: `Bearer ${ids[0].token}` } });
    assert.equal(del.status, 200, del.text);
    r = await mk('127.8.0.1');
    assert.equal(r.status, 201, r.text);
    assert.equal(await srv.stop(), 0);
  } finally {
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('a second server on the same database file, through a hard link in another folder, is refused with one line', async () => {
  const a = tmp('linka');
  const b = tmp('linkb');
  let srv;
  try {
    await databaseOf(a, 1);
    srv = await startServer(['--data', a]);
    fs.linkSync(path.join(a, 'games.sqlite'), path.join(b, 'games.sqlite'));
    const r = refusedStart(['--data', b]);
    assert.equal(r.status, 1, `refused (status ${r.status}; ${r.stdout}${r.stderr})`);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /in use by another gabata serve/);
    assert.ok(lines[0].includes(path.join(b, 'games.sqlite')), lines[0]);
    // the same folder by another name (a symbolic link to it) too
    const alias = `${b}-alias`;
    fs.symlinkSync(a, alias);
    try {
      const r2 = refusedStart(['--data', alias]);
      assert.equal(r2.status, 1, `${r2.stdout}${r2.stderr}`);
      assert.match(r2.stderr, /in use by another gabata serve/);
    } finally {
      fs.rmSync(alias, { force: true });
    }
    assert.equal(await srv.stop(), 0);
    srv = null;
    // once the first has stopped, the link's folder may be served
    const s2 = await startServer(['--data', b]);
    assert.equal((await request(s2.base, { path: '/api/health' })).json.games, 1);
    assert.equal(await s2.stop(), 0);
  } finally {
    if (srv) await srv.stop();
    fs.rmSync(a, { recursive: true, force: true });
    fs.rmSync(b, { recursive: true, force: true });
  }
});

// A stop is always orderly: SIGINT and SIGTERM are blocked in every thread of the server (the
// clock's timer thread starts with the game table, before the daemon), so they reach only the
// daemon's sigwait; a thread that left them open could take SIGTERM and kill the process
// before the database is closed. Read from Linux's /proc (SigBlk, a mask of bit signal-1).
test('every thread of gabata serve blocks SIGINT and SIGTERM, so a stop goes through the orderly shutdown', async (t) => {
  if (!fs.existsSync('/proc/self/task')) return t.skip('no /proc');
  const data = tmp('signals');
  const srv = await startServer(['--data', data]);
  try {
    const tasks = fs.readdirSync(`/proc/${srv.proc.pid}/task`);
    assert.ok(tasks.length > 2, 'the server runs threads');
    for (const tid of tasks) {
      // the main thread waits in sigwait, which opens the signals it waits for while it waits
      if (Number(tid) === srv.proc.pid) continue;
      const status = fs.readFileSync(`/proc/${srv.proc.pid}/task/${tid}/status`, 'utf8');
      const name = (status.match(/^Name:\s*(.*)$/m) || [])[1];
      const blocked = BigInt('0x' + status.match(/^SigBlk:\s*([0-9a-f]+)$/m)[1]);
      assert.ok(blocked & (1n << 1n), `thread ${tid} (${name}) leaves SIGINT open`);
      assert.ok(blocked & (1n << 14n), `thread ${tid} (${name}) leaves SIGTERM open`);
    }
    assert.equal(await srv.stop(), 0, 'SIGTERM: the orderly stop, exit status 0');
  } finally {
    if (srv.proc.exitCode === null) await srv.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});
