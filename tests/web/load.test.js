// A bounded load test on loopback: many games held and played at once, no request may fail.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { runLoad } = require('./load');

test('200 games held and played concurrently by 16 clients, no failed request', async () => {
  const srv = await startServer(['--max-games', '1000']);
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
