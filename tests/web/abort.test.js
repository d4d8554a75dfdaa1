// Games between named players that end early (docs/api.md, "Aborted games"): a resignation, an
// agreed draw or a timeout before each player has moved aborts the game (nobody wins, no rating
// changes, the archive and the record say "aborted"); either player may abort before his own
// first move. A player whose opponent, to move, has had no stream open for --abandon-grace
// seconds claims the game (a win, or a draw): "abandoned", rated ("Abandoned games").
// Run: GABATA=build/gabata node --test abort.test.js
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { startServer } = require('./server');
const { openEvents } = require('./http');
const { apiOn, playerMaker, seekTaken } = require('./players');

let srv;
// --abandon-grace 1: a seat gone 1 s may be claimed against (60 s by default)
const ARGS = ['--player-rate', '0', '--seeks-per-ip', '50', '--rated-one-address', '--abandon-grace', '1'];
test.before(async () => { srv = await startServer(ARGS); });
test.after(async () => { if (srv) assert.equal(await srv.stop(), 0); });

const api = apiOn(() => srv.base);
const player = playerMaker(api);
let serial = 0;
const newPlayer = (prefix = 'Player') => player(`${prefix} ${++serial}`);
// a lobby game between a (South, the seeker) and b (North)
async function lobbyGame(a, b, body = {}) {
  const g = await seekTaken(api, a, b, { seat: 'S', ...body });
  assert.equal(g.status, 201, g.text);
  return g.json.game;
}
const view = async (id) => (await api('GET', `/api/games/${id}`)).json;
const ratingOf = async (p) => (await api('GET', `/api/players/${p.id}`)).json.ratings.sadeqa;
// the side to move plays its first listed move
async function playOne(id, a, b) {
  const v = await view(id);
  const mv = v.moves.length ? v.moves[0].text : v.free_move.example;
  const r = await api('POST', `/api/games/${id}/moves`, { key: v.state.to_move === 'S' ? a.key : b.key, body: { move: mv } });
  assert.equal(r.status, 200, r.text);
  return r.json;
}
// moves until each seat has made one
async function bothMove(id, a, b) {
  for (let guard = 0; guard < 20; guard++) {
    const v = await view(id);
    if (v.history.some((h) => h.by === 'S') && v.history.some((h) => h.by === 'N')) return v;
    await playOne(id, a, b);
  }
  throw new Error('the seats did not both move');
}

test('a rated game resigned before each player has moved is aborted: nobody wins, no rating changes, the archive and record say so', async () => {
  const a = await newPlayer('Early');
  const b = await newPlayer('Early');
  const g = await lobbyGame(a, b, { rated: true });
  await playOne(g, a, b); // one side moves, the other never does
  const r = await api('POST', `/api/games/${g}/resign`, { key: b.key });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.state.end_reason, 'aborted');
  assert.equal(r.json.state.abort_reason, 'early');
  assert.equal(r.json.state.result.winner, null);
  assert.deepEqual(await ratingOf(a), { rating: 1500, rd: 350, games: 0, provisional: true });
  assert.deepEqual(await ratingOf(b), { rating: 1500, rd: 350, games: 0, provisional: true });
  const arch = (await api('GET', `/api/players/${a.id}/games`)).json.games;
  assert.equal(arch[0].result, 'aborted');
  assert.equal(arch[0].end_reason, 'aborted');
  assert.match((await api('GET', `/api/games/${g}/record`)).text, /\[Ended "aborted"\]/);
});

test('an agreed draw before each player has moved is aborted too; after both moved it is a draw and rated', async () => {
  const a = await newPlayer('Drawer');
  const b = await newPlayer('Drawer');
  const g = await lobbyGame(a, b, { rated: true });
  assert.equal((await api('POST', `/api/games/${g}/draw/offer`, { key: a.key })).status, 200);
  const r = await api('POST', `/api/games/${g}/draw/answer`, { key: b.key, body: { accept: true } });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.state.end_reason, 'aborted');
  assert.equal((await ratingOf(a)).games, 0);
  // once each has moved, the resignation counts
  const g2 = await lobbyGame(a, b, { rated: true });
  await bothMove(g2, a, b);
  const r2 = await api('POST', `/api/games/${g2}/resign`, { key: b.key });
  assert.equal(r2.json.state.end_reason, 'resigned');
  assert.ok((await ratingOf(a)).rating > 1500);
});

test('either player aborts before his own first move (POST /abort); after it, 409 with one line', async () => {
  const a = await newPlayer('Aborter');
  const b = await newPlayer('Aborter');
  const g = await lobbyGame(a, b, { rated: true });
  await playOne(g, a, b);
  const mover = (await view(g)).history[0].by === 'S' ? a : b;
  const other = mover === a ? b : a;
  const no = await api('POST', `/api/games/${g}/abort`, { key: mover.key });
  assert.equal(no.status, 409, no.text);
  assert.match(no.json.error, /^[^\n]*moved already[^\n]*$/);
  const yes = await api('POST', `/api/games/${g}/abort`, { key: other.key });
  assert.equal(yes.status, 200, yes.text);
  assert.equal(yes.json.state.over, true);
  assert.equal(yes.json.state.end_reason, 'aborted');
  assert.equal((await ratingOf(a)).games, 0);
  const again = await api('POST', `/api/games/${g}/abort`, { key: other.key });
  assert.equal(again.status, 409);
  // a spectator cannot
  const g2 = await lobbyGame(a, b);
  assert.equal((await api('POST', `/api/games/${g2}/abort`, {})).status, 401);
});

// claim until it is granted: the grace is counted by the server (a hang guard, no timing asserted)
async function claimWhenDue(id, player, body) {
  const until = Date.now() + 15000;
  for (;;) {
    const r = await api('POST', `/api/games/${id}/claim`, { key: player.key, body });
    if (r.status !== 409 || !/has been gone/.test(r.json.error) || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}

test('abandoned: the opponent to move has no stream for the grace; the waiting player claims the win, rated; a draw may be claimed instead', async () => {
  const a = await newPlayer('Stayer');
  const b = await newPlayer('Leaver');
  const g = await lobbyGame(a, b, { rated: true });
  await bothMove(g, a, b);
  if ((await view(g)).state.to_move === 'S') await playOne(g, a, b); // North (b) to move
  assert.equal((await view(g)).state.to_move, 'N');
  assert.equal((await view(g)).abandon_grace_s, 1);
  const sa = await openEvents(srv.base, `/api/games/${g}/events`, { token: a.key });
  const sb = await openEvents(srv.base, `/api/games/${g}/events`, { token: b.key });
  try {
    await sa.wait((e) => e.event === 'hello');
    await sb.wait((e) => e.event === 'hello');
    const present = await api('POST', `/api/games/${g}/claim`, { key: a.key });
    assert.equal(present.status, 409, present.text);
    assert.match(present.json.error, /^North is connected: there is nothing to claim$/);
    const own = await api('POST', `/api/games/${g}/claim`, { key: b.key });
    assert.equal(own.status, 409);
    assert.match(own.json.error, /^it is your move/);
    sb.close(); // North closes the tab
    await sa.wait((e) => e.event === 'gone' && e.json.seat === 'N');
    const bad = await api('POST', `/api/games/${g}/claim`, { key: a.key, body: { result: 'lose' } });
    assert.equal(bad.status, 400, bad.text);
    const r = await claimWhenDue(g, a);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.state.end_reason, 'abandoned');
    assert.equal(r.json.state.result.winner, 'S');
    await sa.wait((e) => e.event === 'claim' && e.json.by === 'S' && e.json.result === 'win');
  } finally { sa.close(); sb.close(); }
  assert.ok((await ratingOf(a)).rating > 1500, 'the claimant wins');
  assert.ok((await ratingOf(b)).rating < 1500, 'the absent one loses');
  const arch = (await api('GET', `/api/players/${b.id}/games`)).json.games;
  assert.equal(arch[0].result, 'loss');
  assert.equal(arch[0].end_reason, 'abandoned');
  assert.match((await api('GET', `/api/games/${g}/record`)).text, /\[Ended "north abandoned"\]/);
  // a draw claimed, against one who never opened a stream
  const g2 = await lobbyGame(a, b, { rated: true });
  await bothMove(g2, a, b);
  const waiting = (await view(g2)).state.to_move === 'S' ? b : a;
  const d = await claimWhenDue(g2, waiting, { result: 'draw' });
  assert.equal(d.status, 200, d.text);
  assert.equal(d.json.state.end_reason, 'abandoned');
  assert.equal(d.json.state.result.winner, null);
});

test('a claim before each player has moved aborts the game: nothing rated', async () => {
  const a = await newPlayer('Ghosted');
  const b = await newPlayer('Ghost');
  const g = await lobbyGame(a, b, { rated: true });
  const v = await view(g);
  const waiting = v.state.to_move === 'S' ? b : a; // the one to move never comes
  const r = await claimWhenDue(g, waiting);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.state.end_reason, 'aborted');
  assert.equal((await ratingOf(a)).games, 0);
  assert.equal((await ratingOf(b)).games, 0);
});

test('a rated game the rules end before each player has moved (max-plies=1: over after South\'s move) is aborted, unrated', async () => {
  // it was rated: one move a game, and a stooge's account lifted another's rating by 160 points
  const a = await newPlayer('Capped');
  const b = await newPlayer('Capped');
  const g = await lobbyGame(a, b, { rated: true, options: 'max-plies=1' });
  const r = await playOne(g, a, b);
  assert.equal(r.state.over, true);
  assert.equal(r.state.end_reason, 'aborted');
  assert.equal(r.state.abort_reason, 'early');
  assert.equal(r.state.result.winner, null);
  assert.deepEqual(await ratingOf(a), { rating: 1500, rd: 350, games: 0, provisional: true });
  assert.deepEqual(await ratingOf(b), { rating: 1500, rd: 350, games: 0, provisional: true });
  assert.equal((await api('GET', `/api/players/${a.id}/games`)).json.games[0].result, 'aborted');
  // once each has moved, the rules' end stands and is rated (max-plies=2: South, then North)
  const g2 = await lobbyGame(a, b, { rated: true, options: 'max-plies=2' });
  await playOne(g2, a, b);
  const r2 = await playOne(g2, a, b);
  assert.equal(r2.state.over, true);
  assert.notEqual(r2.state.end_reason, 'aborted');
  assert.equal((await ratingOf(a)).games, 1);
});
