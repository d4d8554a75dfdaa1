// A bounded load test on loopback: many games held and played at once, no request may fail.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { runLoad, runOnline, runFlags, runLobby, onlineServerArgs, printOnline } = require('./load');

test('200 games held and played concurrently by 16 clients, no failed request', async () => {
  // (all from one address: its rates are lifted)
  const srv = await startServer(['--max-games', '1000', '--game-rate', '0', '--ai-rate', '0', '--games-per-ip', '0']);
  try {
    const r = await runLoad(srv.base, { games: 200, clients: 16, plies: 3 });
    console.log(`# load: ${r.held} games held, ${r.requests} requests, ${r.failed} failed`);
    assert.deepEqual(r.failures, []);
    assert.equal(r.failed, 0);
    assert.equal(r.held, 200);
  } finally {
    assert.equal(await srv.stop(), 0, 'the server stops cleanly');
  }
});

// The short version of the load (the full one: node tests/web/load.js --full).
test('50 games of two clients with event streams, the pool busy with ai:8, slow connections: every move delivered, none failed', async () => {
  const srv = await startServer(onlineServerArgs(50, 4));
  try {
    // beside it, 20 games on 5 s clocks left to run out (issue 21): every flag must fall
    const flagged = runFlags(srv.base, { flags: 20, delay: 500 });
    // and 10 pairs of strangers meeting in the lobby, playing a rated game and resigning it
    const met = runLobby(srv.base, { pairs: 10, plies: 6, delay: 300 });
    const r = await runOnline(srv.base, { games: 50, plies: 20, busy: 4, slow: 50 });
    r.flags = await flagged;
    r.lobby = await met;
    printOnline(r);
    console.log(`# online load: ${Math.round(r.rps)} requests/s; health p50 ${r.health.p50.toFixed(1)} ms, p99 ${r.health.p99.toFixed(1)} ms; event p50 ${r.events.p50} ms, p99 ${r.events.p99} ms`);
    assert.deepEqual(r.failures, []);
    assert.equal(r.failed, 0);
    assert.deepEqual(r.lost, []);
    assert.ok(r.moves >= 50, `${r.moves} moves played`);
    assert.equal(r.delivered, r.moves, 'every move reached the opponent\'s stream');
    assert.ok(r.busyMoves >= 1, 'the pool was busy with ai:8 moves');
    assert.ok(r.health.n >= 1, 'the health probe was answered');
    assert.deepEqual(r.flags.failures, []);
    assert.equal(r.flags.fell, 20, 'every flag fell');
    assert.deepEqual(r.lobby.failures, []);
    assert.equal(r.lobby.done, 10, 'every pair met, played and was rated');
    assert.equal(r.lobby.delivered, r.lobby.moves, 'every lobby game\'s move reached the other player');
    assert.ok(r.flags.late[0] >= -5 && r.flags.late[19] < 2000, `late by ${r.flags.late.join(' ')} ms`); // (the figure is printed; 2 s: a generous bound)
  } finally {
    assert.equal(await srv.stop(), 0, 'the server stops cleanly');
  }
});
