// Clocks (issue 21, docs/api.md "Clocks"): the time control's bounds; a side's first move has 30 s
// (or his initial time) and no clock, else the game is aborted; from his second move on his clock
// runs on his turns, with the increment after each move but the first; the timer ends a game whose
// side to move runs out with no request arriving, telling every stream; a clock survives a SIGKILL
// and a restart on the same --data and still falls at its deadline; forced moves are played by
// the server and cost nothing; no takebacks on the clock. The bounds on times are the issue's
// own deadlines, with a generous margin (a loaded 2-core box); the lateness of each flag is printed.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer } = require('./server');
const { openEvents } = require('./http');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

// an online game with a clock, both seats taken: { id, S, N, view } (the view after the join)
async function clockedGame(base, clock, variant = 'sadeqa') {
  const c = await call(base, 'POST', '/api/games', { variant, online: true, clock });
  assert.equal(c.status, 201, c.text);
  const j = await call(base, 'POST', `/api/games/${c.json.id}/join`, { invite: c.json.invite });
  assert.equal(j.status, 200, j.text);
  return { id: c.json.id, S: c.json.token, N: j.json.token, view: j.json, created: c.json };
}

// the side to move plays the first of its moves; resolves to the answer
async function move(base, g, view) {
  const side = view.state.to_move;
  const r = await call(base, 'POST', `/api/games/${g.id}/moves`, { move: view.moves[0].text, ply: view.history.length }, g[side]);
  assert.equal(r.status, 200, r.text);
  return r.json;
}

test('a clock out of bounds, of the wrong kind or on a game on one machine is refused with 400 and one line', async () => {
  const bad = [{ initial_s: 4 }, { initial_s: 4.9 }, { initial_s: 10801 }, { initial_s: 60, increment_s: 181 },
    { initial_s: 60, increment_s: -1 }, { initial_s: '60' }, { increment_s: 2 }, { initial_s: 60, byoyomi_s: 5 }, 60, 'blitz', [60, 0]];
  for (const clock of bad) {
    const r = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', online: true, clock });
    assert.equal(r.status, 400, `${JSON.stringify(clock)}: ${r.text}`);
    assert.match(r.json.error, /clock/);
    assert.ok(!r.json.error.includes('\n'));
  }
  const offline = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', clock: { initial_s: 60 } });
  assert.equal(offline.status, 400, offline.text);
  for (const clock of [{ initial_s: 5 }, { initial_s: 10800, increment_s: 180 }, { initial_s: 90.5, increment_s: 0.5 }, null]) {
    const r = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', online: true, clock });
    assert.equal(r.status, 201, `${JSON.stringify(clock)}: ${r.text}`);
    if (clock) {
      assert.equal(r.json.clock.initial_ms, Math.round(clock.initial_s * 1000));
      assert.equal(r.json.clock.increment_ms, Math.round((clock.increment_s || 0) * 1000));
      assert.equal(r.json.clock.S, r.json.clock.initial_ms, 'not begun: the initial time');
      assert.equal(r.json.clock.deadline, null, 'nothing counts before the second seat is taken');
    } else {
      assert.equal(r.json.clock, undefined, 'no clock');
    }
  }
  // before the join nothing may move
  const c = await call(srv.base, 'POST', '/api/games', { variant: 'sadeqa', online: true, clock: { initial_s: 60 } });
  const early = await call(srv.base, 'POST', `/api/games/${c.json.id}/moves`, { move: c.json.moves[0].text }, c.json.token);
  assert.equal(early.status, 409, early.text);
});

test('no clock runs before a side\'s first move: he has his window (here the initial 5 s) to make it, else the game is aborted', async () => {
  // game A: South never moves; game B: South moves at once, North never
  const a = await clockedGame(srv.base, { initial_s: 5 });
  const b = await clockedGame(srv.base, { initial_s: 5 });
  const evA = await openEvents(srv.base, `/api/games/${a.id}/events`);
  const evB = await openEvents(srv.base, `/api/games/${b.id}/events`);
  try {
    assert.equal(a.view.clock.first_move, 'S');
    assert.equal(a.view.clock.running, null, 'his clock does not run');
    const windowA = a.view.clock.deadline - a.view.clock.now;
    assert.ok(windowA > 4000 && windowA <= 5000, `5 s to move, not 30 (the initial time is shorter): ${windowA}`);
    const vb = await move(srv.base, b, b.view);
    assert.equal(vb.clock.S, 5000, 'the first move costs nothing');
    assert.equal(vb.clock.first_move, 'N', 'North\'s window starts when he is first to move');
    const deadlineB = vb.clock.deadline;
    const [ta, tb] = await Promise.all([evA.wait((e) => e.event === 'time', 9000), evB.wait((e) => e.event === 'time', 9000)]);
    for (const [t, d, side] of [[ta, a.view.clock.deadline, 'S'], [tb, deadlineB, 'N']]) {
      assert.equal(t.json.end_reason, 'aborted');
      assert.equal(t.json.side, side);
      assert.equal(t.json.winner, null);
      console.log(`abort: told ${t.at - d} ms after the first move's deadline`);
      assert.ok(t.at >= d - 5 && t.at - d < 2000, `${t.at - d} ms`);
    }
    await evA.wait((e) => e.event === 'over');
    for (const g of [a, b]) {
      const v = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
      assert.equal(v.state.over, true);
      assert.equal(v.state.end_reason, 'aborted');
      assert.equal(v.state.result.winner, null, 'nobody wins');
      assert.equal(v.clock.running, null);
      assert.deepEqual(v.moves, []);
      const rec = await call(srv.base, 'GET', `/api/games/${g.id}/record`);
      assert.match(rec.text, /\[Ended "aborted"\]/);
    }
  } finally {
    evA.close();
    evB.close();
  }
});

test('from each side\'s second move on his clock runs on his turns, and the increment comes after each move but the first', async () => {
  const g = await clockedGame(srv.base, { initial_s: 20, increment_s: 2 });
  let v = await move(srv.base, g, g.view); // South's first
  const t0 = Date.now();
  v = await move(srv.base, g, v);           // North's first
  const side = v.state.to_move;
  const other = side === 'S' ? 'N' : 'S';
  assert.equal(v.clock[other], 20000, 'no increment for a first move (no clock ran before it)');
  // the side to move's clock runs from the move on, and the view counts to its own moment
  assert.ok(20000 - v.clock[side] >= 0 && 20000 - v.clock[side] <= v.clock.now - t0 + 2, `${v.clock[side]}`);
  assert.equal(v.clock.running, side);
  assert.equal(v.clock.first_move, null);
  assert.equal(v.clock.deadline - v.clock.now, v.clock[side], 'the view\'s time is its deadline less the server\'s now');
  const deadline = v.clock.deadline;
  await sleep(400);
  const read = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
  assert.ok(read.clock[side] <= 20000 - 390, `it ran: ${read.clock[side]}`);
  assert.equal(read.clock[other], 20000, 'the other side\'s stands');
  const before = Date.now();
  const after = await move(srv.base, g, read);
  const done = Date.now();
  // the time at the move lies between the request and its answer: so does what is left, plus 2 s
  assert.ok(after.clock[side] >= deadline - done + 2000 && after.clock[side] <= deadline - before + 2000,
    `${after.clock[side]} not in [${deadline - done + 2000}, ${deadline - before + 2000}]`);
  assert.ok(after.clock[side] > 20000, 'the increment outweighs the 0.4 s used');
  if (after.state.to_move === other) {
    assert.equal(after.clock.running, other);
    assert.equal(after.clock.deadline, after.clock.now + after.clock[other]);
  }
});

test('when the side to move runs out, the timer ends the game at once: no request, an event on every stream, end_reason "time"', async () => {
  const g = await clockedGame(srv.base, { initial_s: 5, increment_s: 0 });
  let v = await move(srv.base, g, g.view);
  v = await move(srv.base, g, v);
  const loser = v.state.to_move, winner = loser === 'S' ? 'N' : 'S';
  assert.equal(v.clock.running, loser);
  const deadline = v.clock.deadline;
  const streams = await Promise.all([openEvents(srv.base, `/api/games/${g.id}/events`), openEvents(srv.base, `/api/games/${g.id}/events`)]);
  try {
    const told = await Promise.all(streams.map((s) => s.wait((e) => e.event === 'time', 9000)));
    for (const t of told) {
      assert.deepEqual([t.json.end_reason, t.json.side, t.json.winner], ['time', loser, winner]);
      console.log(`flag fall: told ${t.at - deadline} ms after its deadline`);
      assert.ok(t.at >= deadline - 5 && t.at - deadline < 2000, `${t.at - deadline} ms`);
    }
    await Promise.all(streams.map((s) => s.wait((e) => e.event === 'over')));
  } finally {
    for (const s of streams) s.close();
  }
  const end = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
  assert.equal(end.state.over, true);
  assert.equal(end.state.end_reason, 'time');
  assert.equal(end.state.result.winner, winner);
  assert.equal(end.clock[loser], 0);
  assert.equal(end.clock.running, null);
  const late = await call(srv.base, 'POST', `/api/games/${g.id}/moves`, { move: v.moves[0].text }, g[loser]);
  assert.equal(late.status, 409, late.text);
  const rec = await call(srv.base, 'GET', `/api/games/${g.id}/record`);
  assert.match(rec.text, new RegExp(`\\[Ended "${loser === 'S' ? 'south' : 'north'} lost on time"\\]`));
});

test('a running clock survives a SIGKILL and a restart on the same --data: the flag still falls at its deadline', async () => {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-clock-'));
  let s1 = await startServer(['--data', data, '--game-rate', '0']);
  let s2 = null;
  try {
    const g = await clockedGame(s1.base, { initial_s: 9 }); // (4 s after the other: room for the restart)
    let v = await move(s1.base, g, g.view);
    v = await move(s1.base, g, v);
    const loser = v.state.to_move;
    const deadline = v.clock.deadline;
    const h = await clockedGame(s1.base, { initial_s: 5 }); // its deadline passes while the server is down
    let w = await move(s1.base, h, h.view);
    w = await move(s1.base, h, w);
    const gone = new Promise((r) => s1.proc.once('exit', r));
    s1.proc.kill('SIGKILL');
    await gone;
    await sleep(Math.max(0, w.clock.deadline - Date.now() + 200));
    s2 = await startServer(['--data', data, '--game-rate', '0']);
    assert.ok(Date.now() < deadline, 'restarted before the first one\'s deadline');
    const ev = await openEvents(s2.base, `/api/games/${g.id}/events`);
    try {
      const t = await ev.wait((e) => e.event === 'time', Math.max(1000, deadline - Date.now() + 3000));
      console.log(`after a restart: the flag told ${t.at - deadline} ms after its deadline`);
      assert.equal(t.json.side, loser);
      assert.ok(t.at >= deadline - 5 && t.at - deadline < 2000, `${t.at - deadline} ms`);
    } finally {
      ev.close();
    }
    const end = (await call(s2.base, 'GET', `/api/games/${g.id}`)).json;
    assert.equal(end.state.end_reason, 'time');
    const past = (await call(s2.base, 'GET', `/api/games/${h.id}`)).json;
    assert.equal(past.state.end_reason, 'time', 'a deadline passed while the server was down falls at the start');
    assert.equal(past.state.result.winner, w.state.to_move === 'S' ? 'N' : 'S');
  } finally {
    if (s1.proc.exitCode === null && !s1.proc.signalCode) await s1.stop();
    if (s2) await s2.stop();
    fs.rmSync(data, { recursive: true, force: true });
  }
});

test('on the clock the server plays a side\'s only legal move itself at once, and it costs him nothing', async () => {
  // Qelat: passes (Q5) and single sowings come up; an increment of 5 s would show on any move the
  // clock counted, and time used would show too
  const g = await clockedGame(srv.base, { initial_s: 10800, increment_s: 5 }, 'qelat');
  const ev = await openEvents(srv.base, `/api/games/${g.id}/events`);
  let v = g.view, forced = 0, plies = 0, checked = 0;
  try {
    for (let i = 0; i < 800 && !v.state.over && checked < 3; i++) {
      assert.ok(v.free_move || v.moves.length !== 1, `the side to move never waits on a single move: ${JSON.stringify(v.moves)}`);
      const chooser = v.state.to_move;
      const n0 = v.history.length;
      const t0 = Date.now();
      const r = await call(srv.base, 'POST', `/api/games/${g.id}/moves`,
        { move: v.moves[(i * 7) % v.moves.length].text, ply: n0 }, g[chooser]);
      assert.equal(r.status, 200, r.text);
      const after = r.json;
      const extra = after.history.slice(n0 + 1);
      if (extra.length) {
        forced += extra.length;
        for (const side of new Set(extra.map((h) => h.by))) {
          if (side === chooser) continue;
          if (after.clock.running === side) { // his clock runs again since the answer's moment: by no more than the request took
            const used = v.clock[side] - after.clock[side];
            assert.ok(used >= 0 && used <= after.clock.now - t0 + 2, `${side}'s forced move took no time and no increment: ${used} ms`);
          } else {
            assert.equal(after.clock[side], v.clock[side], `${side}'s forced move took no time and no increment`);
          }
          checked++;
        }
      }
      v = after;
      plies = v.history.length;
    }
    assert.ok(checked > 0, `a forced move of the side that did not choose came up in ${plies} plies`);
    await ev.wait((e) => e.event === 'move' && e.json.ply === plies);
    const moves = ev.events.filter((e) => e.event === 'move');
    assert.equal(moves.length, plies, 'a "move" event for each move, the forced ones too');
    console.log(`${forced} forced moves played by the server in ${plies} plies`);
  } finally {
    ev.close();
  }
});

test('no takebacks on the clock; a resignation stops it', async () => {
  const g = await clockedGame(srv.base, { initial_s: 60 });
  let v = await move(srv.base, g, g.view);
  v = await move(srv.base, g, v);
  const asker = v.state.to_move === 'S' ? 'N' : 'S';
  const r = await call(srv.base, 'POST', `/api/games/${g.id}/undo/request`, {}, g[asker]);
  assert.equal(r.status, 409, r.text);
  assert.match(r.json.error, /clock/);
  const res = await call(srv.base, 'POST', `/api/games/${g.id}/resign`, {}, g.S);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.clock.running, null);
  assert.equal(res.json.clock.deadline, null);
  await sleep(300);
  const later = (await call(srv.base, 'GET', `/api/games/${g.id}`)).json;
  assert.deepEqual(later.clock, { ...res.json.clock, now: later.clock.now }, 'it stands');
  assert.equal(later.state.end_reason, 'resigned');
});
