/* local.js — the page's local backend: the JSON API of `gabata serve` (docs/api.md) answered in
 * the browser by libgabata compiled to WebAssembly (scripts/build-wasm; web/engine/glue.c), for
 * games against the computer and between two people on one screen. The same paths, the same
 * answers as serve/api.c gives for a game (tests/web/wasm.test.js plays the same games through
 * both and compares every answer); no request leaves the page. It runs in a Web Worker
 * (web/engine-worker.js) and in node (the tests): createLocalBackend(Module) takes the
 * instantiated module and returns { handle(method, path, body) -> {status, body, type} }. */
'use strict';

(function (root) {
  const GB_EINVAL = -1, GB_EOVER = -3, GB_ENOMEM = -4;
  const PLAYERS = ['human', 'random', 'ai', 'ai:1', 'ai:2', 'ai:3', 'ai:4', 'ai:5', 'ai:6', 'ai:7',
    'ai:8', 'mcts', 'greedy'];

  function createLocalBackend(M, config) {
    const cfg = Object.assign({ maxGames: 1000, maxBody: 65536, seed: null }, config || {});
    const fn = {
      error: M.cwrap('gbw_error', 'string', []),
      create: M.cwrap('gbw_new', 'number', ['string', 'string', 'string']),
      fromRecord: M.cwrap('gbw_from_record', 'number', ['string', 'string']),
      del: M.cwrap('gbw_delete', null, ['number']),
      state: M.cwrap('gbw_state', 'string', ['number']),
      toMove: M.cwrap('gbw_to_move', 'number', ['number']),
      historyLength: M.cwrap('gbw_history_length', 'number', ['number']),
      view: M.cwrap('gbw_view', 'string', ['number']),
      play: M.cwrap('gbw_play', 'number', ['number', 'string']),
      player: M.cwrap('gbw_player', 'string', ['string']),
      computer: M.cwrap('gbw_computer', 'number', ['number', 'string']),
      hint: M.cwrap('gbw_hint', 'string', ['number']),
      undo: M.cwrap('gbw_undo', 'number', ['number']),
      record: M.cwrap('gbw_record', 'string', ['number', 'string', 'string', 'string']),
      catalog: M.cwrap('gbw_catalog', 'string', []),
      lessons: M.cwrap('gbw_lessons', 'string', ['string']),
      variantRules: M.cwrap('gbw_variant_rules', 'string', ['string', 'string']),
      lessonCheck: M.cwrap('gbw_lesson_check', 'number', ['string', 'string', 'string']),
      lessonAnswer: M.cwrap('gbw_lesson_answer', 'string', []),
    };
    const games = new Map(); // id -> slot {id, h, players [2 names], movers [], before, lastMover, used}
    let tick = 0, created = 0, evicted = 0, requests = 0;
    // the ids' random source: 64-bit, as the server's (splitmix64 over BigInt)
    let idState = BigInt.asUintN(64, BigInt(cfg.seed !== null ? cfg.seed
      : Math.floor(Math.random() * 2 ** 52)));
    function nextRandom() {
      idState = BigInt.asUintN(64, idState + 0x9e3779b97f4a7c15n);
      let z = idState;
      z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
      z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
      return z ^ (z >> 31n);
    }

    const json = (status, obj) => ({ status, body: JSON.stringify(obj), type: 'application/json' });
    // as the server's error lines: one line, a control character shown as '?'
    const error = (status, msg) => json(status, {
      error: String(msg).replace(/[\u0000-\u001f\u007f]/g, '?'), status,
    });
    const codeStatus = (rc) => (rc === GB_EINVAL ? 400 : rc === GB_EOVER ? 409 : rc === GB_ENOMEM ? 500 : 422);

    function describe(name) { return fn.player(name); }
    const isHuman = (name) => name === 'human';

    function viewOf(s) {
      const p = JSON.parse(fn.view(s.h));
      const hist = p.history.map((mv, i) => ({ move: mv, by: s.movers[i] ? 'N' : 'S' }));
      let last = null;
      if (p.history.length > 0 && p.trace) {
        last = { move: p.history[p.history.length - 1], by: s.lastMover ? 'N' : 'S',
          before: s.before ? JSON.parse(s.before) : null, trace: p.trace };
      }
      return {
        id: s.id, variant: p.variant, title: p.title, rows: p.rows,
        players: { S: describe(s.players[0]), N: describe(s.players[1]) },
        labels: p.labels, state: p.state, moves: p.moves, free_move: p.free_move,
        history: hist, last, position: p.position, rules: p.rules,
        // what the server says of a game of the lobby (issue 21): a game on this machine is none
        rated: false, rematch: null, accounts: null,
      };
    }

    function parseBody(body, keys) {
      if (body === undefined || body === null || body === '') return { obj: {} };
      let obj;
      try { obj = JSON.parse(body); } catch (e) { return { err: error(400, `malformed JSON: ${e.message}`) }; }
      if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
        return { err: error(400, 'the body must be a JSON object') };
      }
      for (const k of Object.keys(obj)) {
        if (!keys.includes(k)) return { err: error(400, `unknown field '${k.slice(0, 60)}'`) };
      }
      return { obj };
    }
    function strField(obj, key) {
      const v = obj[key];
      if (v === undefined || v === null) return { value: null };
      if (typeof v !== 'string') return { err: error(400, `field '${key}' must be a string`) };
      return { value: v };
    }
    const apiPlayer = (name) => !name.includes('@') && PLAYERS.includes(name);

    function noteMove(s, mover, before) {
      const i = fn.historyLength(s.h) - 1;
      if (i >= 0) s.movers[i] = mover;
      s.before = before;
      s.lastMover = mover;
    }

    function createGame(body) {
      const b = parseBody(body, ['variant', 'options', 'seed', 'south', 'north']);
      if (b.err) return b.err;
      const fields = {};
      for (const k of ['variant', 'options', 'south', 'north']) {
        const f = strField(b.obj, k);
        if (f.err) return f.err;
        fields[k] = f.value;
      }
      if (!fields.variant) return error(400, "field 'variant' is required (see GET /api/variants)");
      let seed = nextRandom() & 0x7fffffffffffffn;
      const sj = b.obj.seed;
      if (sj !== undefined && sj !== null) {
        if (typeof sj !== 'number' || !Number.isInteger(sj) || sj < 0) {
          return error(400, "field 'seed' must be a whole number from 0");
        }
        seed = BigInt(sj);
      }
      const south = fields.south, north = fields.north;
      if ((south && !apiPlayer(south)) || (north && !apiPlayer(north))) {
        const bad = south && !apiPlayer(south) ? south : north;
        return error(400, `bad player '${bad.slice(0, 40)}' (human, random, ai or ai:1 ... ai:8)`);
      }
      const h = fn.create(fields.variant, fields.options || '', seed.toString());
      if (!h) return error(400, fn.error());
      if (games.size >= cfg.maxGames) { // the game idle longest is dropped
        let oldest = null;
        for (const g of games.values()) if (!oldest || g.used < oldest.used) oldest = g;
        fn.del(oldest.h);
        games.delete(oldest.id);
        evicted++;
      }
      const id = nextRandom().toString(16).padStart(16, '0');
      const s = { id, h, players: [south || 'human', north || 'ai:4'], movers: [], before: null,
        lastMover: 0, used: ++tick };
      games.set(id, s);
      created++;
      return json(201, viewOf(s));
    }

    function playMove(s, text) {
      const mover = fn.toMove(s.h);
      const before = fn.state(s.h);
      const rc = fn.play(s.h, text);
      if (rc !== 0) return error(codeStatus(rc), fn.error());
      noteMove(s, mover, before);
      return json(200, viewOf(s));
    }

    function postMove(s, body) {
      const b = parseBody(body, ['move']);
      if (b.err) return b.err;
      const f = strField(b.obj, 'move');
      if (f.err) return f.err;
      if (!f.value) return error(400, 'field \'move\' is required, e.g. {"move":"C"}');
      return playMove(s, f.value);
    }

    function postComputer(s, body) {
      const b = parseBody(body, ['player']);
      if (b.err) return b.err;
      const f = strField(b.obj, 'player');
      if (f.err) return f.err;
      let who;
      if (f.value) {
        if (!apiPlayer(f.value) || isHuman(f.value)) {
          return error(400, `bad player '${f.value.slice(0, 40)}' (random, ai or ai:1 ... ai:8)`);
        }
        who = f.value;
      } else {
        const side = fn.toMove(s.h);
        who = side >= 0 && !isHuman(s.players[side]) ? s.players[side] : 'ai:4';
      }
      const over = JSON.parse(fn.state(s.h)).over;
      if (over) return error(409, 'the game is over');
      const mover = fn.toMove(s.h);
      const before = fn.state(s.h);
      const rc = fn.computer(s.h, who);
      if (rc !== 0) return error(rc === GB_ENOMEM ? 500 : codeStatus(rc), fn.error());
      noteMove(s, mover, before);
      return json(200, viewOf(s));
    }

    function getHint(s) {
      if (JSON.parse(fn.state(s.h)).over) return error(409, 'the game is over');
      const mv = fn.hint(s.h);
      if (mv === null || mv === '') return error(500, 'no move to suggest');
      // (the page's engine has no endgame tables: never a proven margin, as gabata serve without them)
      return json(200, { move: mv, by: describe('ai:4'), exact: false });
    }

    function postUndo(s) {
      let undone = 0;
      const anyHuman = isHuman(s.players[0]) || isHuman(s.players[1]);
      while (fn.undo(s.h) === 0) {
        undone++;
        if (!anyHuman || isHuman(s.players[fn.toMove(s.h)])) break;
      }
      if (!undone) return error(409, 'nothing to undo');
      s.before = null;
      return json(200, viewOf(s));
    }

    function getRecord(s) {
      const d = new Date();
      const date = `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
      const rec = fn.record(s.h, describe(s.players[0]), describe(s.players[1]), date);
      if (rec === null) return error(500, 'out of memory');
      return { status: 200, body: rec, type: 'text/plain; charset=utf-8',
        disposition: 'attachment; filename="gabata.rec"' };
    }

    function getHealth() {
      return json(200, { status: 'ok', games: games.size, max_games: cfg.maxGames, created, evicted,
        requests });
    }

    // the learn mode's lessons (docs/api.md, "Lessons"): as serve/api.c answers them
    const LESSONS = /^\/api\/lessons\/([^/]+)(?:\/([^/]+))?$/;
    function lessons(method, m, body) {
      const rest = m[0].slice('/api/lessons/'.length);
      if (!m[2]) {
        if (method !== 'GET') return error(405, 'use GET for a game\'s lessons');
        const text = m[1].length < 32 ? fn.lessons(m[1]) : null;
        if (!text) return error(404, `no such game '${rest.slice(0, 40)}' (see GET /api/variants)`);
        return { status: 200, body: text, type: 'application/json' };
      }
      if (method !== 'POST') return error(405, 'use POST to check a lesson\'s move');
      const nosuch = () => error(404, `no such lesson '${rest.slice(0, 60)}' (see GET /api/lessons/VARIANT)`);
      if (m[1].length >= 32 || m[2].length >= 64) return nosuch();
      const b = parseBody(body, ['move']);
      const known = fn.lessonCheck(m[1], m[2], '') !== -10; // the lesson first, as the server
      if (!known) return nosuch();
      if (b.err) return b.err;
      const f = strField(b.obj, 'move');
      if (f.err) return f.err;
      if (f.value === null) return error(400, 'field \'move\' is required, e.g. {"move":"C"}');
      const rc = fn.lessonCheck(m[1], m[2], f.value);
      if (rc < 0) return error(rc === GB_EINVAL ? 400 : 422, fn.error());
      return { status: 200, body: fn.lessonAnswer(), type: 'application/json' };
    }

    // a game's rules for options chosen in the setup (docs/api.md): as serve/api.c answers them
    const VARIANT_RULES = /^\/api\/variants\/([^/]+)\/rules$/;
    let names = null; // the games' names, from the catalogue
    function queryArg(url, key) { // decoded as the server's query_arg: %XX and + for a space
      const q = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
      for (const part of q.split('&')) {
        if (part.length <= key.length || !part.startsWith(`${key}=`)) continue;
        const raw = part.slice(key.length + 1);
        const bytes = [];
        for (let i = 0; i < raw.length; i++) {
          if (raw[i] === '%' && /^[0-9a-fA-F]{2}$/.test(raw.slice(i + 1, i + 3))) {
            bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
            i += 2;
          } else {
            for (const b of new TextEncoder().encode(raw[i] === '+' ? ' ' : raw[i])) bytes.push(b);
          }
        }
        return { text: new TextDecoder().decode(new Uint8Array(bytes)), size: bytes.length };
      }
      return null;
    }
    function variantRules(method, m, url) {
      if (method !== 'GET') return error(405, 'use GET for a game\'s rules');
      if (!names) names = JSON.parse(fn.catalog()).variants.map((v) => v.name);
      if (m[1].length >= 32 || !names.includes(m[1])) {
        return error(404, `no such game '${m[0].slice('/api/variants/'.length, '/api/variants/'.length + 40)}' (see GET /api/variants)`);
      }
      const o = queryArg(url, 'options') || { text: '', size: 0 };
      if (o.size + 1 >= 512) return error(400, 'query \'options\' is too long (at most 510 characters)');
      const text = fn.variantRules(m[1], o.text);
      if (!text) return error(400, fn.error()); // (a NULL comes back as "")
      return { status: 200, body: text, type: 'application/json' };
    }

    const GAME = /^\/api\/games\/([^/]+)(\/[^/]*)?$/;
    const routes = [
      ['GET', '/api/variants', () => ({ status: 200, body: fn.catalog(), type: 'application/json' }), 'use GET for /api/variants'],
      ['GET', '/api/health', getHealth, 'use GET for /api/health'],
      ['POST', '/api/games', (s, body) => createGame(body), 'use POST for /api/games to start a game, GET ?status=live to list them'],
      ['GET', '', (s) => json(200, viewOf(s)), 'use GET or DELETE for a game'],
      ['DELETE', '', (s) => { fn.del(s.h); games.delete(s.id); return json(200, { id: s.id, deleted: true }); }, 'use GET or DELETE for a game'],
      ['POST', '/moves', postMove, 'use POST for moves'],
      ['POST', '/computer', postComputer, 'use POST for computer'],
      ['POST', '/undo', (s) => postUndo(s), 'use POST for undo'],
      ['GET', '/hint', (s) => getHint(s), 'use GET for hint'],
      ['GET', '/record', (s) => getRecord(s), 'use GET for record'],
    ];

    // One request, as serve_api answers it: {status, body (text), type[, disposition]}.
    function handle(method, url, body) {
      requests++;
      if (body && body.length > cfg.maxBody) {
        return error(413, `request body too large (at most ${cfg.maxBody} bytes)`);
      }
      const path = url.split('?')[0];
      const lm = path.match(LESSONS);
      if (lm) return lessons(method, lm, body);
      const vm = path.match(VARIANT_RULES);
      if (vm) return variantRules(method, vm, url);
      const m = path.match(GAME);
      if (!m) {
        const r = routes.filter((x) => x[1] === path && x[1].startsWith('/api/'));
        const hit = r.find((x) => x[0] === method);
        if (hit) return hit[2](null, body);
        if (r.length) return error(405, r[0][3]);
        return error(404, `no such API endpoint: ${path.slice(0, 100)}`);
      }
      const id = m[1], action = m[2] && m[2] !== '/' ? m[2] : '';
      const s = games.get(id);
      if (!s) {
        return error(404, `no game with id '${id.slice(0, 40)}' (it may have ended long ago and been dropped)`);
      }
      s.used = ++tick;
      const r = routes.filter((x) => !x[1].startsWith('/api/') && x[1] === action);
      const hit = r.find((x) => x[0] === method);
      if (hit) return hit[2](s, body);
      if (r.length) return error(405, r[0][3]);
      return error(404, `no such action '${action.slice(1, 41)}' (moves, computer, undo, hint, record)`);
    }

    return { handle };
  }

  if (typeof module !== 'undefined' && module.exports) module.exports = { createLocalBackend };
  else root.createLocalBackend = createLocalBackend;
}(typeof self !== 'undefined' ? self : this));
