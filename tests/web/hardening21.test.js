// Issue 21, hardening 3, 6 and 7 (docs/api.md): online, chance is the server's (no seed, no lot
// in move text); a move is a row of its own in the database, whatever the game's length, and a
// database from before (the moves as one text) opens and goes on; every changing request may
// carry the ply it expects, and a stale one changes nothing (50 copies of one computer request
// play exactly one move). Each of these fails on the server before issue 21 (e8486d3).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { startServer } = require('./server');

let srv;
test.before(async () => { srv = await startServer(['--game-rate', '0', '--games-per-ip', '0']); });
test.after(() => srv.stop());

async function call(base, method, p, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* the record */ }
  return { status: res.status, json, text };
}

async function onlineGame(base, variant = 'qelat') {
  const c = await call(base, 'POST', '/api/games', { variant, online: true });
  assert.equal(c.status, 201, c.text);
  const j = await call(base, 'POST', `/api/games/${c.json.id}/join`, { invite: c.json.invite });
  assert.equal(j.status, 200, j.text);
  return { id: c.json.id, S: c.json.token, N: j.json.token, view: j.json, invite: c.json.invite };
}

const sql = (db, q) => {
  const r = spawnSync('sqlite3', [db, q], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
};
const haveSqlite = spawnSync('sqlite3', ['-version']).status === 0;

test('hardening 3: online, no seed and no lot in move text (400); on one machine both as before', async () => {
  const seeded = await call(srv.base, 'POST', '/api/games', { variant: 'qelat', online: true, seed: 7 });
  assert.equal(seeded.status, 400, seeded.text);
  assert.match(seeded.json.error, /seed/);
  const g = await onlineGame(srv.base);
  const m = g.view.moves[0].text;
  for (const lot of ['@S', '@N']) {
    const r = await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: m + lot }, g.S);
    assert.equal(r.status, 400, r.text);
    assert.match(r.json.error, /lot/);
  }
  assert.equal((await call(srv.base, 'GET', `/api/games/${g.id}`)).json.history.length, 0, 'nothing changed');
  assert.equal((await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: m }, g.S)).status, 200);
  // on one machine (hot seat, against the computer) a seed and a typed outcome are kept
  const off = await call(srv.base, 'POST', '/api/games', { variant: 'qelat', seed: 7, south: 'human', north: 'human' });
  assert.equal(off.status, 201, off.text);
  const r = await call(srv.base, 'POST', `/api/games/${off.json.id}/moves`, { move: `${off.json.moves[0].text}@N` }, off.json.token);
  assert.equal(r.status, 200, r.text);
});

test('hardening 3: online, the lot of a 2/2 round is drawn by the server and written in the move; it replays after a SIGKILL', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-lot-'));
  let s1 = await startServer(['--data', data]);
  let s2 = null;
  try {
    const g = await onlineGame(s1.base);
    let v = g.view, lot = null;
    for (let i = 0; i < 2000 && !v.state.over && !lot; i++) {
      const r = await call(s1.base, 'POST', `/api/games/${g.id}/moves`, { move: v.moves[(i * 7) % v.moves.length].text, ply: i }, g[v.state.to_move]);
      assert.equal(r.status, 200, r.text);
      v = r.json;
      const last = v.history[v.history.length - 1].move;
      if (/@[SN]$/.test(last)) lot = last;
    }
    assert.ok(lot, 'a round ended at 2/2');
    assert.equal(v.last.move, lot);
    const gone = new Promise((r) => s1.proc.once('exit', r));
    s1.proc.kill('SIGKILL');
    await gone;
    s2 = await startServer(['--data', data]);
    const back = (await call(s2.base, 'GET', `/api/games/${g.id}`)).json;
    assert.deepEqual(back.history, v.history);
    assert.deepEqual(back.state, v.state, 'the lot drawn is the one replayed');
  } finally {
    if (s1.proc.exitCode === null && !s1.proc.signalCode) await s1.stop();
    if (s2) await s2.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('hardening 6: a move is a row of its own, an undo deletes rows, and the game reads back exactly after a SIGKILL', { skip: !haveSqlite && 'no sqlite3' }, async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-rows-'));
  let s1 = await startServer(['--data', data]);
  let s2 = null;
  try {
    const c = await call(s1.base, 'POST', '/api/games', { variant: 'qelat', options: 'rounds=match', seed: 4, south: 'human', north: 'human' });
    let v = c.json;
    for (let i = 0; i < 120 && !v.state.over; i++) {
      v = (await call(s1.base, 'POST', `/api/games/${c.json.id}/moves`, { move: v.moves[(i * 5) % v.moves.length].text }, c.json.token)).json;
    }
    v = (await call(s1.base, 'POST', `/api/games/${c.json.id}/undo`, {}, c.json.token)).json;
    v = (await call(s1.base, 'POST', `/api/games/${c.json.id}/undo`, {}, c.json.token)).json;
    v = (await call(s1.base, 'POST', `/api/games/${c.json.id}/moves`, { move: v.moves[v.moves.length - 1].text }, c.json.token)).json;
    const db = path.join(data, 'games.sqlite');
    const rows = sql(db, `SELECT ply || ' ' || move || ' ' || by FROM moves WHERE game='${c.json.id}' ORDER BY ply`).split('\n');
    assert.deepEqual(rows, v.history.map((h, i) => `${i} ${h.move} ${h.by}`), 'one row a move, the undone ones gone');
    assert.equal(sql(db, `SELECT length(moves) + length(movers) FROM games WHERE id='${c.json.id}'`), '0',
      'the game\'s row does not grow with its moves');
    const gone = new Promise((r) => s1.proc.once('exit', r));
    s1.proc.kill('SIGKILL');
    await gone;
    s2 = await startServer(['--data', data]);
    const back = (await call(s2.base, 'GET', `/api/games/${c.json.id}`)).json;
    assert.deepEqual(back.history, v.history);
    assert.deepEqual(back.state, v.state);
    const del = await call(s2.base, 'DELETE', `/api/games/${c.json.id}`, {}, c.json.token);
    assert.equal(del.status, 200, del.text);
    assert.equal(sql(db, `SELECT count(*) FROM moves WHERE game='${c.json.id}'`), '0', 'a game deleted takes its rows');
  } finally {
    if (s1.proc.exitCode === null && !s1.proc.signalCode) await s1.stop();
    if (s2) await s2.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('hardening 6: a database written before the moves table (the list as one text) opens, reads and goes on', { skip: !haveSqlite && 'no sqlite3' }, async () => {
  // the moves of a real game, from this server, written into a row of the old schema by hand
  const c = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', seed: 3, south: 'human', north: 'human' });
  let v = c.json;
  for (let i = 0; i < 6; i++) v = (await call(srv.base, 'POST', `/api/games/${c.json.id}/moves`, { move: v.moves[0].text }, c.json.token)).json;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-old-'));
  const db = path.join(data, 'games.sqlite');
  const id = crypto.randomBytes(16).toString('hex'), token = crypto.randomBytes(32).toString('hex');
  const h = crypto.createHash('sha256').update(token).digest('hex');
  const now = Math.floor(Date.now() / 1000);
  sql(db, 'CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,' +
    ' south TEXT NOT NULL, north TEXT NOT NULL, rng INTEGER NOT NULL, online INTEGER NOT NULL, joined INTEGER NOT NULL,' +
    ' token_s BLOB NOT NULL, token_n BLOB NOT NULL, invite BLOB, moves TEXT NOT NULL, movers TEXT NOT NULL, show_last INTEGER NOT NULL,' +
    ' offer TEXT, ended INTEGER NOT NULL, finished INTEGER NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL);' +
    `INSERT INTO games VALUES ('${id}', 'sadeqa', '', 3, 'human', 'human', 1, 0, 0, X'${h}', X'${h}', NULL,` +
    ` '${v.history.map((x) => x.move).join(' ')}', '${v.history.map((x) => x.by).join('')}', 1, '', 0, 0, ${now}, ${now});`);
  const s = await startServer(['--data', data]);
  try {
    const old = (await call(s.base, 'GET', `/api/games/${id}`)).json;
    assert.deepEqual(old.history, v.history);
    assert.deepEqual(old.state.holes, v.state.holes);
    const next = await call(s.base, 'POST', `/api/games/${id}/moves`, { move: v.moves[0].text }, token);
    assert.equal(next.status, 200, next.text);
    assert.equal(sql(db, `SELECT count(*) FROM moves WHERE game='${id}'`), String(v.history.length + 1), 'its rows written at its first save');
    assert.equal(sql(db, `SELECT moves FROM games WHERE id='${id}'`), '');
  } finally {
    await s.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('hardening 6: ?since=K answers the history from ply K on, reads and changes alike; without it the whole list', async () => {
  const c = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', seed: 5, south: 'human', north: 'human' });
  let v = c.json;
  for (let i = 0; i < 12; i++) v = (await call(srv.base, 'POST', `/api/games/${c.json.id}/moves`, { move: v.moves[i % v.moves.length].text }, c.json.token)).json;
  const full = (await call(srv.base, 'GET', `/api/games/${c.json.id}`)).json;
  assert.equal(full.history.length, 12);
  assert.equal(full.history_from, undefined);
  for (const k of [0, 1, 7, 11, 12, 40]) {
    const t = (await call(srv.base, 'GET', `/api/games/${c.json.id}?since=${k}`)).json;
    assert.equal(t.history_from, Math.min(k, 12));
    assert.deepEqual(t.history, full.history.slice(k), `since ${k}`);
    const { history: h1, history_from: f1, ...rest1 } = t;
    const { history: h2, ...rest2 } = full;
    assert.deepEqual(rest1, rest2, 'the rest of the view is the same');
  }
  for (const bad of ['x', '-1', '1.5', '']) {
    const r = await call(srv.base, 'GET', `/api/games/${c.json.id}?since=${bad}`);
    assert.equal(r.status, 400, `${bad}: ${r.text}`);
  }
  const m = await call(srv.base, 'POST', `/api/games/${c.json.id}/moves?since=12`, { move: full.moves[0].text, ply: 12 }, c.json.token);
  assert.equal(m.status, 200, m.text);
  assert.equal(m.json.history_from, 12);
  assert.deepEqual(m.json.history, [{ move: full.moves[0].text, by: full.state.to_move }]);
  const u = await call(srv.base, 'POST', `/api/games/${c.json.id}/undo?since=10`, {}, c.json.token);
  assert.deepEqual(u.json.history, full.history.slice(10), 'after an undo, the list from K as it now stands');
});

test('hardening 7: 50 copies of one computer request carrying its ply play exactly one move', async () => {
  for (const player of ['ai:1', 'random']) { // on a worker, and answered at once
    const c = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', south: 'human', north: player });
    assert.equal(c.status, 201, c.text);
    const m = await call(srv.base, 'POST', `/api/games/${c.json.id}/moves`, { move: c.json.moves[0].text, ply: 0 }, c.json.token);
    assert.equal(m.status, 200, m.text);
    const ply = m.json.history.length;
    const answers = await Promise.all(Array.from({ length: 50 }, () =>
      call(srv.base, 'POST', `/api/games/${c.json.id}/computer`, { ply }, c.json.token)));
    const ok = answers.filter((a) => a.status === 200);
    assert.equal(ok.length, 1, `${player}: ${answers.map((a) => a.status).join(' ')}`);
    for (const a of answers) if (a.status !== 200) assert.equal(a.status, 409, a.text);
    const after = (await call(srv.base, 'GET', `/api/games/${c.json.id}`)).json;
    assert.equal(after.history.length, ply + 1, 'one move');
    assert.ok(answers.some((a) => a.status === 409 && a.json.error === `stale: the game is at ply ${ply + 1}`) ||
      answers.every((a) => a.status === 200 || /thinking/.test(a.json.error)), 'refused as stale (or while it thought)');
  }
});

test('hardening 7: every changing request refuses a stale ply with 409 and changes nothing', async () => {
  const g = await onlineGame(srv.base, 'sadeqa');
  const v1 = (await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: g.view.moves[0].text, ply: 0 }, g.S)).json;
  assert.equal(v1.history.length, 1);
  const next = v1.state.to_move;
  const stale = { ply: 0 };
  const tries = [['moves', { move: v1.moves[0].text, ...stale }, g[next]], ['computer', stale, g[next]], ['resign', stale, g.S],
    ['draw/offer', stale, g.N], ['undo/request', stale, g.S]];
  for (const [action, body, token] of tries) {
    const r = await call(srv.base, 'POST', `/api/games/${g.id}/${action}`, body, token);
    assert.equal(r.status, 409, `${action}: ${r.text}`);
    assert.equal(r.json.error, 'stale: the game is at ply 1');
  }
  // answers to an offer
  assert.equal((await call(srv.base, 'POST', `/api/games/${g.id}/draw/offer`, { ply: 1 }, g.S)).status, 200);
  const ans = await call(srv.base, 'POST', `/api/games/${g.id}/draw/answer`, { accept: true, ply: 0 }, g.N);
  assert.equal(ans.status, 409, ans.text);
  let now = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
  assert.equal(now.state.over, false, 'the stale answer accepted nothing');
  assert.deepEqual(now.offer, { kind: 'draw', by: 'S' });
  assert.equal(now.history.length, 1);
  assert.equal((await call(srv.base, 'POST', `/api/games/${g.id}/draw/answer`, { accept: false, ply: 1 }, g.N)).status, 200);
  for (const bad of ['1', 1.5, -1, true]) {
    const r = await call(srv.base, 'POST', `/api/games/${g.id}/resign`, { ply: bad }, g.S);
    assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${r.text}`);
  }
  now = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
  assert.equal(now.state.over, false);
  // join and undo (on one machine)
  const c = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', online: true });
  const j = await call(srv.base, 'POST', `/api/games/${c.json.id}/join`, { invite: c.json.invite, ply: 3 });
  assert.equal(j.status, 409, j.text);
  assert.equal((await call(srv.base, 'GET', `/api/games/${c.json.id}`)).json.joined, false);
  const off = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', south: 'human', north: 'human' });
  await call(srv.base, 'POST', `/api/games/${off.json.id}/moves`, { move: off.json.moves[0].text }, off.json.token);
  const u = await call(srv.base, 'POST', `/api/games/${off.json.id}/undo`, { ply: 0 }, off.json.token);
  assert.equal(u.status, 409, u.text);
  assert.equal((await call(srv.base, 'POST', `/api/games/${off.json.id}/undo`, { ply: 1 }, off.json.token)).status, 200);
  // a game's creation is no change of a game: no ply there
  assert.equal((await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', ply: 0 })).status, 400);
});
