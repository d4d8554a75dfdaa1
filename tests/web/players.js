// The server's API as its players use it (docs/api.md, "Players, the lobby, ratings"): a request
// carrying a player's key, a new player, and a seek taken, for the tests of the lobby, ratings and
// online games (each test file starts its own server; these only talk to it).
'use strict';
const assert = require('node:assert/strict');
const { request } = require('./http');

const JSON_CT = { 'Content-Type': 'application/json' };
const bearer = (key) => ({ ...JSON_CT, Authorization: `Bearer ${key}` });

// api(method, path, { key, body, localAddress, base }) -> { status, json, text }, against `base`
// when given, else against baseOf() (read at each call: the server is started in a before hook)
function apiOn(baseOf) {
  return (method, p, { key, body, localAddress, base } = {}) =>
    request(base || baseOf(), { method, path: p, headers: key ? bearer(key) : method === 'GET' ? {} : JSON_CT, body, localAddress });
}

// newPlayer(name, opts) -> { id, key, name }: 201 asserted; opts as api's (base, localAddress)
function playerMaker(api) {
  return async (name, opts = {}) => {
    const r = await api('POST', '/api/players', { body: { name }, ...opts });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
}

// seekTaken(api, seeker, taker, body, opts) -> the accept's answer { status, json, text, seek }:
// a seek of Sadeqa III (body added to it), 201 asserted, then accepted by the taker, not asserted
// (opts.localAddress: the taker's address; opts.base: the server)
async function seekTaken(api, seeker, taker, body = {}, { localAddress, base } = {}) {
  const s = await api('POST', '/api/seeks', { key: seeker.key, body: { variant: 'sadeqa', ...body }, base });
  assert.equal(s.status, 201, s.text);
  const g = await api('POST', `/api/seeks/${s.json.seek}/accept`, { key: taker.key, localAddress, base });
  return { seek: s.json.seek, ...g };
}

module.exports = { apiOn, playerMaker, seekTaken, JSON_CT, bearer };
