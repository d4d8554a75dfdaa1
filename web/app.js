/* gabata's browser game: one page over the JSON API of `gabata serve` (docs/api.md), answered by
 * the computer in the browser (libgabata as WebAssembly) or by the server.
 * Everything game-specific comes from the server: the variants and their options, the legal moves
 * as text (with the hole each starts from), marks and owners from the state JSON, and the laps of
 * the last move. So a game added to the library plays here unchanged. */
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

const app = {
  catalog: null,   // GET /api/variants
  view: null,      // the current game, as the API returns it
  human: { S: true, N: false },
  busy: false,
  hintMove: null,
  token: null,     // the current game's token, when the server gives one (passed to api())
  flipped: false,  // the flip button: draw the board from the other seat
  timeline: [],    // timeline[k] = {state, last} after k moves of the current game (review)
  review: null,    // the ply shown while reviewing, or null
  skip: false,     // a tap or Escape/Space skips the rest of the sowing being shown
  animating: false,
  seenRound: 0,    // the last round whose end was told (last_round)
  note: '',        // a forced move played for the player
  layoutDraft: null, // {key, values}: what was typed into the layout form
  epoch: 0,        // counts the games started here: a move of an earlier one is not shown
  online: null,    // an online game: {id, seat ('S', 'N'; null watching), token, invite, es, present, ...}
};

/* ---- the API ----
 * Two backends answer the same requests (docs/api.md): the local engine, libgabata compiled to
 * WebAssembly and run in a Web Worker (engine-worker.js, local.js), for games against the computer
 * and hot-seat games, so such a game sends nothing to a server once the page has loaded; and the
 * server (`gabata serve`), for games it holds and for everything when the engine cannot load (a
 * build without emscripten, a browser without workers, or `?engine=server` in the address). */
const engine = {
  worker: null,
  ready: null,     // a promise: true once the local engine answers, false if it cannot
  next: 1,
  waiting: new Map(),
  games: new Set(), // ids of the games the local engine holds
};

function startEngine() {
  if (engine.ready) return engine.ready;
  engine.ready = new Promise((resolve) => {
    const off = new URLSearchParams(location.search).get('engine') === 'server';
    if (off || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') return resolve(false);
    try {
      engine.worker = new Worker('engine-worker.js');
    } catch (e) {
      return resolve(false);
    }
    const timer = setTimeout(() => resolve(false), 20000);
    engine.worker.onmessage = (ev) => {
      const m = ev.data;
      if ('ready' in m) {
        clearTimeout(timer);
        resolve(m.ready === true);
        return;
      }
      const done = engine.waiting.get(m.id);
      engine.waiting.delete(m.id);
      if (done) done(m);
    };
    engine.worker.onerror = (ev) => {
      if (ev && ev.preventDefault) ev.preventDefault();
      clearTimeout(timer);
      resolve(false);
    };
  }).then((ok) => {
    document.body.dataset.engine = ok ? 'local' : 'server';
    return ok;
  });
  return engine.ready;
}

// Which backend answers a request: the local engine for the catalogue, new games and its own
// games; the server for the rest.
async function isLocal(path, body) {
  if (body && body.online) return false; // an online game lives on the server (docs/api.md)
  if (!(await startEngine())) return false;
  const m = path.match(/^\/api\/games\/([^/?]+)/);
  if (path.startsWith('/api/lessons/')) return true; // the lessons (learn.js): the library's, here too
  if (path.startsWith('/api/variants/')) return true; // a game's rules for options: the library's too
  return m ? engine.games.has(m[1]) : path === '/api/variants' || path === '/api/games';
}

function askEngine(method, path, body) {
  return new Promise((resolve) => {
    const id = engine.next++;
    engine.waiting.set(id, resolve);
    engine.worker.postMessage({ id, method, path, body });
  });
}

// One request to whichever backend holds it: the answer's JSON (or the text of a record).
async function api(method, path, body, token) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  let status, data, type;
  if (await isLocal(path, body)) {
    const r = await askEngine(method, path, text);
    status = r.status;
    type = r.type || '';
    try { data = type.startsWith('application/json') ? JSON.parse(r.body) : r.body; } catch (e) { data = { error: 'the engine answered badly' }; }
    if (method === 'POST' && path === '/api/games' && status === 201) engine.games.add(data.id);
    if (method === 'DELETE' && status === 200) engine.games.delete(data.id);
  } else {
    const opt = { method, headers: {} };
    if (token) opt.headers.Authorization = `Bearer ${token}`; // this seat's token (docs/api.md)
    // the server takes a request that changes something only as JSON (docs/api.md, "Hardening")
    if (method !== 'GET') opt.headers['Content-Type'] = 'application/json';
    if (text !== undefined) opt.body = text;
    const res = await fetch(path, opt);
    status = res.status;
    type = res.headers.get('Content-Type') || '';
    try { data = type.startsWith('application/json') ? await res.json() : await res.text(); } catch (e) { data = { error: `the server answered ${res.status}` }; }
  }
  if (status < 200 || status >= 300) {
    const err = new Error(data && data.error ? data.error : `error ${status}`);
    err.status = status;
    err.data = data && typeof data === 'object' ? data : null; // the reply's other fields (a look-alike's `like`)
    throw err;
  }
  return data;
}

/* ---- credentials: kept in localStorage, sent only as `Authorization: Bearer`, never in a URL ----
 * (hardening 5: an address ends up in the history, in logs and in what a person pastes.) Each game
 * this browser holds a seat of is one entry of `gabata.seats`, keyed by the game's id: its seat,
 * and its token, or `player` when the player's key (`gabata.player`, the lobby's identity)
 * authorizes the seat. The page's address carries the game's id only (#game=ID). */
const SEATS_KEY = 'gabata.seats', PLAYER_KEY = 'gabata.player', SEATS_KEPT = 200;
function loadJSON(key, fallback) {
  try { const v = JSON.parse(localStorage.getItem(key) || 'null'); return v === null ? fallback : v; } catch (e) { return fallback; }
}
function saveJSON(key, v) {
  try { localStorage.setItem(key, JSON.stringify(v)); } catch (e) { /* private mode: this page only */ }
}
const memorySeats = {}; // (when localStorage is refused: the seats of this page's life)
function allSeats() { return Object.assign({}, memorySeats, loadJSON(SEATS_KEY, {})); }
function seatOf(id) { return (id && allSeats()[id]) || null; }
function keepSeat(id, entry) {
  const all = allSeats();
  all[id] = Object.assign({}, all[id] || {}, entry, { at: Date.now() });
  // the oldest entries go past SEATS_KEPT: a game long over needs its token no more
  const ids = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
  for (const old of ids.slice(SEATS_KEPT)) delete all[old];
  memorySeats[id] = all[id];
  saveJSON(SEATS_KEY, all);
}
function forgetSeat(id) {
  const all = allSeats();
  delete all[id];
  delete memorySeats[id];
  saveJSON(SEATS_KEY, all);
}
function me() { return loadJSON(PLAYER_KEY, null); } // {id, name, key} or null
/* what authorizes this browser in game id: a token of its own, or the player's key */
function credentialFor(id) {
  const k = seatOf(id);
  if (!k) return undefined;
  if (k.token) return k.token;
  const p = me();
  return k.player && p && p.id === k.player ? p.key : undefined;
}

/* A request about game `id`: its credential goes along as api()'s 4th argument, for the transport
 * to send as `Authorization: Bearer`. */
async function gameApi(method, id, action, body) {
  const r = await api(method, `/api/games/${id}${action ? '/' + action : ''}`, body, credentialFor(id));
  if (method === 'DELETE' && !action) forgetSeat(id);
  return r;
}
function keepToken(view) {
  if (view && view.token) keepSeat(view.id, { token: view.token, seat: view.seat || 'both' });
  return view;
}
/* A changing request carries the ply it was made at (the length of the history, docs/api.md
 * "Conventions"), so that a repeated or crossed one changes nothing (409 "stale"). Sent to the
 * server; the page's own engine holds no game that anyone else could change. */
function withPly(view, body) {
  const b = Object.assign({}, body || {});
  if (view && !engine.games.has(view.id)) b.ply = view.history.length;
  return b;
}

/* ---- event streams over fetch(): the token in the Authorization header ----
 * EventSource cannot send a header, so a seat's stream used to carry its token in the URL. This
 * reads text/event-stream from fetch()'s body: events as the SSE format gives them (id, event,
 * data, retry; comments are the heartbeats), resumed after a break with Last-Event-ID, reconnected
 * with a growing pause (the server's `retry:` to 30 s, with jitter), and a stream silent for longer
 * than three heartbeats taken for dead. on(type, data, id) gets each event; state('open' | 'lost'
 * | 'failed', status) the stream's state. close() ends it for good. */
function eventStream(url, { auth, on, state, idleMs = 45000 }) {
  const st = { closed: false, lastId: null, retry: 2000, fails: 0, ctl: null, timer: null };
  const wait = () => new Promise((r) => { st.timer = setTimeout(r, Math.min(30000, st.retry * 2 ** Math.min(st.fails, 4)) * (0.75 + Math.random() / 2)); });
  async function once() {
    const ctl = new AbortController();
    st.ctl = ctl;
    let idle = null;
    const alive = () => { clearTimeout(idle); idle = setTimeout(() => ctl.abort(), idleMs); };
    const headers = { Accept: 'text/event-stream' };
    const a = typeof auth === 'function' ? auth() : auth;
    if (a) headers.Authorization = `Bearer ${a}`;
    if (st.lastId !== null) headers['Last-Event-ID'] = st.lastId;
    try {
      alive();
      const res = await fetch(url, { headers, signal: ctl.signal, cache: 'no-store' });
      if (!res.ok || !res.body) {
        // a refusal that a retry will not change (no such game, a bad request): give up
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) { st.closed = true; state('failed', res.status); }
        return;
      }
      st.fails = 0;
      state('open');
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = '', ev = { type: '', data: [], id: null };
      for (;;) {
        const { value, done } = await reader.read();
        if (done || st.closed) break;
        alive();
        buf += dec.decode(value, { stream: true });
        let nl;
        while ((nl = buf.search(/\r\n|\r|\n/)) >= 0) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + (buf[nl] === '\r' && buf[nl + 1] === '\n' ? 2 : 1));
          if (line === '') { // an event is complete
            if (ev.id !== null) st.lastId = ev.id;
            if (ev.data.length) on(ev.type || 'message', ev.data.join('\n'), ev.id);
            ev = { type: '', data: [], id: null };
            continue;
          }
          if (line[0] === ':') continue; // a heartbeat
          const c = line.indexOf(':');
          const field = c < 0 ? line : line.slice(0, c);
          const v = c < 0 ? '' : line.slice(c + 1).replace(/^ /, '');
          if (field === 'event') ev.type = v;
          else if (field === 'data') ev.data.push(v);
          else if (field === 'id' && !v.includes('\0')) ev.id = v;
          else if (field === 'retry' && /^\d+$/.test(v)) st.retry = Math.max(500, Number(v));
        }
      }
    } catch (e) {
      /* a network error, or the watchdog's abort: reconnect below */
    } finally {
      clearTimeout(idle);
      try { ctl.abort(); } catch (e) { /* done already */ }
    }
  }
  (async () => {
    while (!st.closed) {
      await once();
      if (st.closed) break;
      st.fails++;
      state('lost');
      await wait();
    }
  })();
  return { close() { st.closed = true; clearTimeout(st.timer); if (st.ctl) st.ctl.abort(); } };
}

// The record link of a local game: its text from the engine, downloaded as a file.
document.addEventListener('click', async (ev) => {
  const a = ev.target.closest && ev.target.closest('a[href*="/record"]');
  const m = a && a.getAttribute('href').match(/^\/api\/games\/([^/]+)\/record$/);
  if (!m || !engine.games.has(m[1])) return;
  ev.preventDefault();
  try {
    const text = await api('GET', a.getAttribute('href'));
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const tmp = document.createElement('a');
    tmp.href = url;
    tmp.download = a.getAttribute('download') || 'gabata.rec';
    document.body.append(tmp);
    tmp.click();
    tmp.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    say(t('No record: {error}', { error: tlib(e.message) }), 'refused');
  }
});

function setBusy(b) {
  const was = app.busy;
  app.busy = b;
  document.body.dataset.busy = b ? 'true' : 'false';
  if (was !== b) updateOnlineButtons();
  // a change of an online game that came while the page was busy is shown now
  if (!b && app.online && app.online.pending) setTimeout(pump, 0);
}

/* The move's message, over the board (index.html #toast): its rule ids go behind a why? */
function say(text, kind) {
  const m = $('message');
  withWhy(m, text || '');
  m.className = kind || '';
  if (text && kind === 'refused') keepInView();
}

function sayNote(text) {
  app.note = text || '';
  const n = $('note');
  withWhy(n, app.note);
  n.hidden = !app.note;
}

/* ---- rule ids: out of the sentences, behind a "why?" that shows the rule's text ----
 * The engine's texts cite the rulings they apply, "(Q7)", "(A, B; Q7, Q8)", "(60 wins, A13)".
 * A player reads the sentence without them; the why? beside it opens those rules' lines of the
 * game's text (the view's `rules`, each with its `ruling` ids). */
const RULE_ID = /^(?:[QASBT]\d+|[QASB]-C\d+|C\d+)$/;
function plain(text) {
  const ids = [];
  const out = String(text || '').replace(/\s*\(([^()]*)\)/g, (m, inner) => {
    // (a translation may separate them with its own commas: Arabic's ، ؛, Ge'ez's ፣ ፤)
    const parts = inner.split(/[;,،؛፣፤]\s*/);
    const keep = parts.filter((x) => { if (RULE_ID.test(x.trim())) { ids.push(x.trim()); return false; } return true; });
    if (keep.length === parts.length) return m;
    return keep.length ? ` (${keep.join(', ')})` : '';
  }).replace(/\s+([.,;:])/g, '$1');
  return { text: out, ids: [...new Set(ids)] };
}
/* the rules' lines that cite any of ids (the game in play's, for its options) */
function rulesFor(ids) {
  const lines = (app.view && Array.isArray(app.view.rules)) ? app.view.rules : [];
  return lines.filter((l) => l && typeof l.ruling === 'string' && l.ruling.split(/\s+/).some((r) => ids.includes(r)));
}
function openWhy(ids, from) {
  const ul = $('why-text');
  ul.textContent = '';
  for (const l of rulesFor(ids)) {
    const li = document.createElement('li');
    li.textContent = tlib(l.text);
    li.dataset.ruling = l.ruling;
    ul.append(li);
  }
  const box = $('why-box');
  box.dataset.ids = ids.join(' ');
  box.hidden = false;
  app.whyFrom = from || null;
  $('why-close').focus();
}
function closeWhy() {
  $('why-box').hidden = true;
  if (app.whyFrom && app.whyFrom.isConnected) app.whyFrom.focus();
  app.whyFrom = null;
}
function whyButton(ids) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'why';
  b.textContent = t('why?');
  b.dataset.ids = ids.join(' ');
  b.setAttribute('aria-label', t('why? The rule behind this'));
  b.addEventListener('click', (e) => { e.stopPropagation(); openWhy(ids, b); });
  return b;
}
/* el shows text without its rule ids, and a why? when the game's rules have them */
function withWhy(el, text) {
  const p = plain(text);
  el.textContent = p.text;
  if (p.ids.length && rulesFor(p.ids).length) el.append(' ', whyButton(p.ids));
  return p;
}

const sideName = (s) => (s === 'N' ? t('North') : t('South'));
const other = (s) => (s === 'N' ? 'S' : 'N');
/* A player's name as it goes into a text: isolated (FSI … PDI) from the text around it, so that
 * its direction does not carry its neighbours: unisolated, an Arabic name put the rating after it
 * on its left ('1500 سلمى?') and two Arabic names of a game in the order North – South. */
const isolate = (name) => `\u2068${name}\u2069`;
/* A seat's player name in a game from the lobby (the view's `accounts`), isolated, or null. */
function nameOf(view, side) {
  const a = view && view.accounts && view.accounts[side];
  return a && typeof a.name === 'string' && a.name ? isolate(a.name) : null;
}
/* the other player, as the page speaks of him: his name in a game from the lobby, else "your friend" */
/* A phase's word for players, as the library's gb_phase_word gives it: the catalog's
 * "phase:NAME" says it in the page's language ("phase:layout" is Amharic "phase:አደራደር"). */
function phaseWord(phase) {
  return i18nPunct(`phase:${phase}`);
}

function opponentWord(lower) {
  const o = app.online;
  const n = o && o.seat && nameOf(app.view, other(o.seat));
  return n || (lower ? t('your friend') : t('Your friend'));
}
/* who plays a side, as the board's row labels and the status line say it */
function playedBy(side) {
  if (app.online) {
    const n = nameOf(app.view, side);
    if (!app.online.seat) return n ? ` (${n})` : '';
    return side === app.online.seat ? ` (${t('you')})` : ` (${n || t('your friend')})`;
  }
  return app.human[side] ? '' : ` (${t('computer')})`;
}

/* a pause that a tap or a key cuts short (app.skip) */
function sleep(ms) {
  return new Promise((resolve) => {
    if (ms <= 0 || app.skip) { resolve(); return; }
    const timer = setTimeout(done, ms);
    app.wake = done;
    function done() { clearTimeout(timer); app.wake = null; resolve(); }
  });
}
function skipAnimation() {
  if (!app.animating) return false;
  app.skip = true;
  if (app.wake) app.wake();
  return true;
}

/* ---- setup: games, options, rules ---- */
function currentVariant() {
  return app.catalog.variants.find((v) => v.name === $('variant').value);
}
function variantNamed(name) {
  return app.catalog.variants.find((v) => v.name === name);
}

function showOptions() {
  const v = currentVariant();
  buildOptions(v, $('options'));
  // while the setup is open, the rules shown are those of the game about to be started
  showRules(v, undefined, true);
  for (const el of $('options').querySelectorAll('[data-key]')) {
    el.addEventListener('input', chosenRulesSoon);
    el.addEventListener('change', chosenRulesSoon);
  }
}

/* The rules for the options chosen in the setup (GET /api/variants/NAME/rules), asked for a moment
 * after the last change (a number typed digit by digit asks once); an answer to an older choice is
 * dropped. */
let chosenRulesTimer = null, chosenRulesAsked = 0;
function chosenRulesSoon() {
  clearTimeout(chosenRulesTimer);
  chosenRulesTimer = setTimeout(showChosenRules, 250);
}
async function showChosenRules() {
  const v = currentVariant(), options = optionsText().replace(/ /g, ',');
  const asked = ++chosenRulesAsked;
  let lines, problem = null;
  try {
    lines = options ? (await api('GET', `/api/variants/${encodeURIComponent(v.name)}/rules?options=${encodeURIComponent(options)}`)).rules : undefined;
  } catch (e) {
    problem = e.message;
  }
  if (asked !== chosenRulesAsked || currentVariant() !== v) return;
  showRules(v, undefined, true, lines, problem);
}

/* a game's options as inputs in box (the setup's, the lobby's), each at its default */
function buildOptions(v, box) {
  box.textContent = '';
  for (const o of v.options) {
    const label = document.createElement('label');
    label.className = 'option';
    // the key is typed as in English (key=value, in every language): marked so, not a text
    const key = document.createElement('span');
    key.className = 'option-key';
    key.translate = false;
    key.textContent = o.key;
    label.append(key, ' ');
    let input;
    if (o.choices) {
      input = document.createElement('select');
      for (const c of o.choices) {
        const op = document.createElement('option');
        op.value = c;
        op.textContent = c === o.default ? t('{choice} (default)', { choice: c }) : c;
        input.append(op);
      }
      input.value = o.default;
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.min = o.min;
      input.max = o.max;
      input.value = o.default;
    }
    input.dataset.key = o.key;
    input.dataset.default = String(o.default);
    label.append(input);
    if (o.help) {
      const h = document.createElement('small');
      h.textContent = tlib(o.help);
      label.append(h);
    }
    box.append(label);
  }
}

function optionsText(box) {
  const parts = [];
  for (const el of (box || $('options')).querySelectorAll('[data-key]')) {
    if (String(el.value) !== el.dataset.default) parts.push(`${el.dataset.key}=${el.value}`);
  }
  return parts.join(' ');
}

/* The rules panel: the game in play (optionsInForce given), or the one chosen in the setup. */
function showRules(v, optionsInForce, chosen, chosenLines, problem) {
  const r = $('rules');
  r.textContent = '';
  const h = document.createElement('h2');
  h.textContent = chosen && app.view && app.view.variant !== v.name ? t('{game}: the rules (the game chosen for a new game)', { game: v.title }) : t('{game}: the rules', { game: v.title });
  r.append(h);
  if (v.rules) {
    const where = document.createElement('p');
    where.className = 'where';
    where.textContent = tlib(v.rules.where);
    const terms = document.createElement('p');
    terms.className = 'terms';
    terms.textContent = tlib(v.rules.terms);
    const ul = document.createElement('ul');
    // in play, the view's rules: every rule for the options in force, with its rulings
    const inPlay = optionsInForce !== undefined && app.view && app.view.variant === v.name && app.view.rules;
    for (const line of inPlay ? app.view.rules : chosenLines || v.rules.lines) {
      const li = document.createElement('li');
      li.textContent = tlib(typeof line === 'string' ? line : line.text);
      if (line.ruling) li.dataset.ruling = line.ruling;
      ul.append(li);
    }
    r.append(where, terms, ul);
  } else {
    const p = document.createElement('p');
    p.textContent = t('No summary of this game yet.');
    r.append(p);
  }
  const o = document.createElement('p');
  o.className = 'in-force';
  o.textContent = problem ? t('These options cannot be played: {error}', { error: tlib(problem) })
    : optionsInForce === undefined ? t('Options in force: as chosen in the setup.') : optionsInForce ? t('Options in force: {options}.', { options: optionsInForce }) : t('Options in force: all the defaults.');
  r.append(o);
}

function showRulesInPlay() {
  if (!app.view) return;
  const v = variantNamed(app.view.variant);
  if (v) showRules(v, app.view.state.options);
}

/* The legend: the owners, the last move's cues, and only the marks of the game in play (those it
 * can make, and any seen on its board). */
const MARKS_OF = { qelat: ['ekwarna'], bulto: ['bulto', 'mine'] };
const MARK_WORDS = { ekwarna: () => t('ekwarna (a captured hole: the balls that fall into it are its maker\'s)'), bulto: () => t('bulto (a held hole)'), mine: () => t('miné (a hole not yet woken)') };
function showLegend(view) {
  const marks = new Set(MARKS_OF[view.variant] || []);
  for (const t of app.timeline) if (t) for (const m of t.state.mark) if (m) marks.add(m.split(':')[0]);
  for (const m of view.state.mark) if (m) marks.add(m.split(':')[0]);
  const box = $('legend');
  box.textContent = '';
  const item = (cls, text) => {
    const li = document.createElement('li');
    const sw = document.createElement('span');
    sw.className = `sw ${cls}`;
    sw.setAttribute('aria-hidden', 'true');
    li.append(sw, ` ${text}`);
    li.dataset.legend = cls;
    box.append(li);
  };
  item('own-S', t("South's hole (light rim)"));
  item('own-N', t("North's hole (dark rim)"));
  for (const m of marks) item(`mk-${m}`, MARK_WORDS[m] ? MARK_WORDS[m]() : m);
  item('last-from', t('the last move started here'));
  item('last-path', t('a stone of the last move fell here'));
  item('last-capture', t('the last move took stones from here'));
}

/* ---- the board ---- */
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

/* Two drawings: across (a wide screen: the rows left to right, the viewer's row at the bottom)
 * and upright (a narrow portrait screen: the board turned a quarter, the viewer's row the left
 * column from top to bottom, the far row the right column). `seat` is the side whose row is
 * nearest the viewer. */
const GEOM = { cell: 76, r: 30, top: 86, bottom: 190, margin: 96 };
const UP = { cell: 54, r: 23, left: 96, right: 244, W: 340, store: 56 };

function upright() {
  return window.innerWidth < 640 && window.innerHeight > window.innerWidth;
}

/* The board shrinks to the height the screen leaves once the status above it and what the move
 * needs under it (the move strip: choices, move buttons, the layout's total, undo and hint, the
 * online offers) are counted, so that all of it is on the screen together (issue 22 §1), but
 * never so far that a hole gets under 44 px across. */
function fitBoard() {
  const svg = $('board');
  svg.style.maxHeight = '';
  const s = $('status');
  for (const e of [s, $('round-line')]) { delete e.dataset.clamp; e.removeAttribute('title'); }
  if (!svg.clientWidth || document.body.dataset.screen !== 'game') return;
  fitLabels();
  const vb = svg.viewBox.baseVal;
  if (!vb || !vb.width) return;
  const scale = svg.clientWidth / vb.width;
  const strip = $('move-strip').getBoundingClientRect().height;
  // (a hole's tap target is its cell, G.cell across the row and more the other way: at least
  // 44 px, a little over, as a pixel rounded down is under; its pit may be drawn smaller)
  const cell = Number(svg.dataset.cell) || UP.cell;
  // (while a hole's choices are open (showChoices) the holes are not what is tapped, and the board
  // may go as small as the room asks, down to holes 20 px across, to be seen whole with them; nor
  // at a game's end, when what comes next (play again, a rematch) is to be seen under the final
  // position: down to 28 px)
  const over = $('status').dataset.over === 'true' && app.review === null;
  const least = vb.height * ((choosing() ? 20 : over ? 28 : 44.5) / cell);
  const roomNow = () => window.innerHeight - (svg.getBoundingClientRect().top - $('status-row').getBoundingClientRect().top) - strip - 12;
  let room = roomNow();
  // Where even the smallest board leaves the status and the strip no room (a 320×568 phone, a
  // status of two or three lines), the status keeps to the lines that fit, one at least, cut with
  // "…", and then the match's standing under it likewise: the whole sentence is its tooltip, a
  // tap on the status shows both whole (statusOpen), and a screen reader reads them whole (the
  // page's text is; #announce says the status too).
  const h = Math.min(least, vb.height * scale);
  for (const e of [s, $('round-line')]) {
    if (room >= h || s.dataset.open || e.hidden) break;
    const lh = parseFloat(getComputedStyle(e).lineHeight) || 22;
    const lines = Math.round(e.getBoundingClientRect().height / lh);
    const keep = Math.max(1, lines - Math.ceil((h - room) / lh));
    if (keep < lines) {
      e.dataset.clamp = String(keep);
      e.title = e.textContent;
      room = roomNow();
    }
  }
  if (room < vb.height * scale) svg.style.maxHeight = `${Math.max(least, room)}px`;
}

function choosing() { return !$('choices').hidden; }

/* a tap on a status cut short (fitBoard) shows it whole, and the standing under it, until the
 * next sentence; a second tap cuts it again */
function statusOpen() {
  const s = $('status');
  if (s.dataset.open) delete s.dataset.open;
  else if (s.dataset.clamp || $('round-line').dataset.clamp) s.dataset.open = 'true';
  else return;
  fitBoard();
}

/* the status, the board and the move strip on the screen: scrolled to when not (a phone's page
 * header scrolls away first), unless the person has scrolled the page away since they last
 * touched the board or its controls (reading the rules or the moves: a move arriving does not
 * pull the page back); `asked` (a new game, a look back) scrolls to it anyway. */
function keepInView(asked) {
  if (asked === true) reader.away = false;
  if (document.body.dataset.screen !== 'game' || !$('board').clientWidth || reader.away) return;
  const top = $('status-row').getBoundingClientRect().top;
  const bottom = $('move-strip').getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= window.innerHeight) return;
  const by = bottom > window.innerHeight && top > 0 ? Math.min(top, bottom - window.innerHeight) : top;
  window.scrollBy({ top: by, behavior: 'instant' });
  reader.ownY = window.scrollY;
}

/* Whether the person has scrolled away from the board: a scroll of the page within a second of
 * their finger, wheel or a scrolling key (a long press or a layout change scrolls nothing, and
 * keepInView's own scroll is not theirs), until they touch the board, the status or the move's
 * controls again. */
const reader = { away: false, gesture: -1e9, ownY: null };
function watchReader() {
  const gesture = () => { reader.gesture = performance.now(); };
  window.addEventListener('wheel', gesture, { passive: true, capture: true });
  window.addEventListener('touchmove', gesture, { passive: true, capture: true });
  document.addEventListener('keydown', (e) => {
    if (/^(PageUp|PageDown|Home|End|ArrowUp|ArrowDown| )$/.test(e.key) && !e.target.closest('input, select, textarea, button, #board')) gesture();
  }, true);
  window.addEventListener('scroll', () => {
    if (window.scrollY !== reader.ownY && performance.now() - reader.gesture < 1000) reader.away = true;
  }, { passive: true });
  for (const id of ['status-row', 'board-wrap', 'move-strip', 'move-form']) {
    for (const ev of ['pointerdown', 'keydown']) $(id).addEventListener(ev, () => { reader.away = false; }, true);
  }
}

/* The drawing's measures: the upright board (a phone held upright) or across; a game without
 * stores (NO_STORES) gives their room to the holes, and a long upright board (Bulto's 10 holes
 * a row) packs its holes closer, so that it fits a 360×640 screen. */
function shape(view, up) {
  const n = view.rows;
  const stores = !NO_STORES.has(view.variant);
  if (up) {
    // (a cell 50 across is 44.7 px at 320 px, the board's width then being 304 px of 340)
    const cell = n >= 8 ? 50 : UP.cell;
    const store = stores ? UP.store : 20;
    // (no stores: no room kept for the near one under the last hole; Bulto on a 320 px phone)
    return { up, n, stores, cell, store, r: UP.r, W: UP.W, H: (stores ? store * 2 + 24 : store + 24) + cell * n };
  }
  const margin = stores ? GEOM.margin : 34;
  return { up, n, stores, cell: GEOM.cell, margin, r: GEOM.r, W: margin * 2 + GEOM.cell * n, H: 276 };
}

/* The board's words that the translations or a player's name make long (data-fit: the width
 * they have, in the drawing's units): a store's label across moves out to the board's edge
 * (data-fit-out, with data-fit-room there), then any of them gets smaller type, down to three
 * quarters; past that a row's name is cut with "…" (data-fit-cut), a store's label pressed
 * together. Measured once drawn, so only while the board is shown (fitBoard runs it again). */
function fitLabels() {
  // the upright rows' names, side by side: the pair shares its room (data-fit-pair: half the
  // distance between their middles), a short one leaving the rest to the other, each up to the
  // board's edge (data-fit)
  const pair = [...$('board').querySelectorAll('text[data-fit-pair]:not([data-fitted])')];
  if (pair.length === 2) {
    const half = pair.map((e) => e.getComputedTextLength() / 2);
    if (!half[0] || !half[1]) return; // (not laid out: the board is not shown)
    const room = Number(pair[0].dataset.fitPair);
    pair.forEach((e, i) => {
      const other = Math.min(half[1 - i], room / 2);
      e.dataset.fit = String(Math.min(Number(e.dataset.fit), 2 * (room - other)));
    });
  }
  for (const e of $('board').querySelectorAll('text[data-fit]')) {
    if (e.dataset.fitted) continue;
    let len = e.getComputedTextLength();
    if (!len) return; // (not laid out: the board is not shown)
    e.dataset.fitted = 'true';
    let max = Number(e.dataset.fit);
    if (len <= max) continue;
    if (e.dataset.fitOut) {
      // (data-fit-out names the side the text starts on, left to right; a text right to left
      // starts on the other, so its anchor is the other end)
      const W = $('board').viewBox.baseVal.width;
      const rtl = getComputedStyle(e).direction === 'rtl';
      e.setAttribute('x', e.dataset.fitOut === 'start' ? 4 : W - 4);
      e.style.textAnchor = (e.dataset.fitOut === 'start') !== rtl ? 'start' : 'end';
      max = Number(e.dataset.fitRoom);
      if (len <= max) continue;
    }
    // (a text's length is not quite in proportion to its size, hinted: a step or two more)
    const size = parseFloat(getComputedStyle(e).fontSize) || 14;
    for (let k = 0, now = size; k < 4 && len > max && now > size * 0.75; k++) {
      now = Math.max(size * 0.75, now * (max / len) * 0.99);
      e.style.fontSize = `${now}px`;
      len = e.getComputedTextLength();
    }
    if (len <= max) continue;
    if (e.dataset.fitCut) {
      const full = e.textContent;
      let n = full.length;
      while (n > 1 && e.getComputedTextLength() > max) e.textContent = `${full.slice(0, --n).trimEnd()}…`;
    } else {
      e.setAttribute('textLength', max);
      e.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
  }
}

/* the place of hole h: i from the viewer's left (across) or from the top (upright), near or far */
function slotOf(n, h, seat) {
  const r = seat === 'S' ? h : (h + n) % (2 * n);
  return r < n ? { near: true, i: r } : { near: false, i: 2 * n - 1 - r };
}

function holeXY(n, h, seat, G) {
  const { near, i } = slotOf(n, h, seat);
  if (G.up) return { x: near ? UP.left : UP.right, y: G.store + 12 + G.cell * i + G.cell / 2, near };
  return { x: G.margin + G.cell * i + G.cell / 2, y: near ? GEOM.bottom : GEOM.top, near };
}

function pebbleSpots(count, scale) {
  // deterministic spots in a small spiral, for counts up to 12
  const spots = [];
  for (let i = 0; i < count; i++) {
    const a = i * 2.4;
    const d = i === 0 ? 0 : 6 + 2.2 * i;
    spots.push({ x: Math.cos(a) * Math.min(d, 20) * scale, y: Math.sin(a) * Math.min(d, 20) * scale });
  }
  return spots;
}

/* a mark in words, for a hole's name */
function markWords(mark) {
  const [kind, who] = mark.split(':');
  if (kind === 'mine') return t('miné');
  if (kind === 'ekwarna') return who === 'N' ? t('ekwarna of North') : t('ekwarna of South');
  if (kind === 'bulto') return who === 'N' ? t('bulto of North') : t('bulto of South');
  return mark;
}

/* a mark's tag on the board: shortened on the upright board */
function markText(mark, up) {
  const [kind, who] = mark.split(':');
  if (kind === 'mine') return 'miné';
  return up ? `${kind.slice(0, 3)} ${who || ''}`.trim() : `${kind} ${who || ''}`.trim();
}

function moveHolesMap(view) {
  const map = new Map();
  for (const m of view.moves) {
    if (m.hole === null || m.hole === undefined) continue;
    if (!map.has(m.hole)) map.set(m.hole, []);
    map.get(m.hole).push(m);
  }
  return map;
}

/* the seat the board is drawn from: the side to move in a game between two people on this
 * screen, the person's own side otherwise; the flip button turns it round */
function seatFor(st, mover) {
  let seat;
  if (app.human.S && app.human.N) seat = mover || st.to_move || 'S';
  else if (app.human.N && !app.human.S) seat = 'N';
  else seat = 'S';
  return app.flipped ? other(seat) : seat;
}

/* the holes the last move touched: where it started, where its stones fell, what it took */
function lastMarks(last) {
  const m = { from: new Set(), path: new Set(), capture: new Set() };
  if (!last || !last.trace) return m;
  const laps = last.trace.laps || [];
  if (laps.length) m.from.add(laps[0].from);
  for (const l of laps) {
    for (const p of l.sown || []) m.path.add(p);
    if (l.event === 'capture' && l.value) m.capture.add(l.other);
    if (l.event === 'eat' && l.value) m.capture.add(l.to);
  }
  return m;
}

/* Draw the board from a state (holes, owner, mark, stores); `hl` highlights holes (while a move
 * is shown: then no hole is offered for a move); `last` marks the last move; `layout` (a draft of
 * holes) makes every hole a button that adds a stone to it (a layout on the board). Focus on the
 * board stays on it: the same hole when it can still be played, else the first that can. */
function drawBoard(view, st, hl, opts = {}) {
  const n = view.rows;
  const svg = $('board');
  const up = upright();
  const G = shape(view, up);
  const seat = opts.seat || seatFor(st);
  const far = other(seat);
  const { W, H } = G;
  const focused = svg.contains(document.activeElement) ? document.activeElement : null;
  const focusHole = focused && focused.dataset && focused.dataset.hole !== undefined ? Number(focused.dataset.hole) : (focused ? -1 : null);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.dataset.upright = up ? 'true' : 'false';
  svg.dataset.seat = seat;
  svg.dataset.r = String(G.r);
  svg.dataset.cell = String(G.cell);
  svg.dataset.layout = opts.layout ? 'true' : 'false';
  svg.textContent = '';
  el('rect', up ? { x: 4, y: 4, width: W - 8, height: H - 8, rx: 36, class: 'wood' }
    : { x: 4, y: 30, width: W - 8, height: 216, rx: 40, class: 'wood' }, svg);
  const legal = moveHolesMap(view);
  const myTurn = !hl && !opts.review && st.to_move && !st.over && app.human[st.to_move] && !view.free_move;
  const marks = opts.last === undefined ? { from: new Set(), path: new Set(), capture: new Set() } : lastMarks(opts.last);
  // stores: the far player's takings on the left (upright: at the top), the near player's on the
  // right (bottom); a game without stores keeps them as empty groups (their counts, always 0)
  for (const side of [far, seat]) {
    const isFar = side === far;
    const g = el('g', { class: `store store-${side}`, 'data-store': side, 'data-count': st.stores[side] }, svg);
    if (!G.stores) { g.setAttribute('visibility', 'hidden'); continue; }
    let x, y, lx, ly;
    if (up) {
      x = W / 2; y = isFar ? G.store / 2 + 6 : H - G.store / 2 - 6;
      el('ellipse', { cx: x, cy: y, rx: 100, ry: 20, class: `store-pit own-${side}` }, g);
      lx = x + 55; ly = y + 8;
    } else {
      x = isFar ? G.margin / 2 + 2 : W - G.margin / 2 - 2; y = 138;
      el('ellipse', { cx: x, cy: y, rx: 34, ry: 86, class: `store-pit own-${side}` }, g);
      lx = x; ly = 146;
    }
    const tx = el('text', { x: lx, y: ly, class: 'store-count' }, g);
    tx.textContent = st.stores[side];
    // (across, the store's label may reach past its store, not past the board's edge)
    const l = up ? el('text', { x: x - 25, y: y + 5, class: 'store-label up', 'data-fit': 128 }, g)
      : el('text', { x, y: isFar ? 22 : 268, class: 'store-label', 'data-fit': 2 * Math.min(x, W - x) - 6, 'data-fit-out': isFar ? 'start' : 'end', 'data-fit-room': 118 }, g);
    l.textContent = t('{side} taken', { side: sideName(side) });
  }
  const R = G.r;
  const shown = opts.layout || st.holes;
  for (let h = 0; h < 2 * n; h++) {
    const { x, y, near } = holeXY(n, h, seat, G);
    const count = Number(shown[h]) || 0;
    const owner = st.owner[h];
    const mark = st.mark[h];
    const label = view.labels[h];
    const isLegal = !!(myTurn && legal.has(h));
    const active = isLegal || !!opts.layout;
    const cls = ['hole', `own-${owner}`];
    if (mark) cls.push('mk-' + mark.split(':')[0]);
    if (active) cls.push('legal');
    if (hl && hl.has(h)) cls.push('hl');
    if (app.hintMove && app.hintMove.hole === h && !hl) cls.push('hint');
    if (marks.from.has(h)) cls.push('last-from');
    if (marks.path.has(h)) cls.push('last-path');
    if (marks.capture.has(h)) cls.push('last-capture');
    const owners = owner === 'N' ? t("North's") : t("South's");
    const desc = [t('hole {label}', { label }), tn(count, 'one stone', '{n} stones'), owners];
    if (mark) desc.push(markWords(mark));
    if (marks.from.has(h)) desc.push(t('the last move started here'));
    if (marks.capture.has(h)) desc.push(t('the last move took from here'));
    if (opts.layout) desc.push(t('a tap adds a stone, a long press or the minus key takes one'));
    const g = el('g', {
      class: cls.join(' '),
      // (data-count is the game's; a layout being made shows its draft, data-draft)
      'data-hole': h, 'data-label': label, 'data-count': st.holes[h], 'data-owner': owner,
      'data-mark': mark || '', 'data-legal': isLegal ? 'true' : 'false',
      tabindex: active ? 0 : -1, role: 'button', 'aria-disabled': active ? 'false' : 'true',
      'aria-label': `${label} ${count}${mark ? ' ' + markText(mark, up) : ''}: ${desc.join(', ')}`,
    }, svg);
    if (opts.layout) g.dataset.draft = String(count);
    // a tap target the size of the hole's cell
    if (up) el('rect', { x: x - 70, y: y - G.cell / 2, width: 140, height: G.cell, class: 'hit' }, g);
    else el('rect', { x: x - G.cell / 2, y: y - 56, width: G.cell, height: 112, class: 'hit' }, g);
    // owner: a rim, light for South and dark for North; marks: ekwarna a thick ring, bulto a
    // square, miné a dashed gold ring
    el('circle', { cx: x, cy: y, r: R + 5, class: 'owner-rim' }, g);
    if (mark && mark.startsWith('bulto')) {
      el('rect', { x: x - R - 1, y: y - R - 1, width: 2 * R + 2, height: 2 * R + 2, rx: 8, class: 'pit' }, g);
    } else {
      el('circle', { cx: x, cy: y, r: R, class: 'pit' }, g);
    }
    el('circle', { cx: x, cy: y, r: R + 10, class: 'focus-ring' }, g);
    if (marks.from.has(h)) el('circle', { cx: x, cy: y, r: R - 5, class: 'from-ring' }, g);
    const ps = up ? 0.8 : 1;
    if (count > 0 && count <= 12) {
      for (const p of pebbleSpots(count, ps)) el('circle', { cx: x + p.x, cy: y + p.y, r: 4.2 * ps, class: 'pebble' }, g);
    }
    const lt = up ? el('text', { x: near ? x - 56 : x + 56, y: y + 6, class: 'label' }, g)
      : el('text', { x, y: near ? y + 64 : y - 56, class: 'label' }, g);
    lt.textContent = label;
    const few = count > 0 && count <= 12;
    const ct = up ? el('text', { x: few ? x + (near ? 34 : -34) : x, y: few ? y + 6 : y + 7, class: few ? 'count' : 'count big' }, g)
      : el('text', { x: few ? x + 22 : x, y: few ? y + 28 : y + 7, class: count > 12 ? 'count big' : 'count' }, g);
    ct.textContent = ` ${count}`; // the space: the visible text "A 6" begins the hole's name (label in name)
    if (mark) {
      const tag = up ? el('text', { x: near ? x - 36 : x + 36, y: y + 24, class: 'mark-tag' }, g)
        : el('text', { x, y: y + (near ? 48 : -42), class: 'mark-tag' }, g);
      tag.textContent = ` ${markText(mark, up)}`;
    }
    if (marks.path.has(h)) {
      const px = up ? (near ? x - 38 : x + 38) : x - 24, py = up ? y - 16 : y + (near ? -28 : 28);
      el('circle', { cx: px, cy: py, r: 5, class: 'path-dot' }, g);
    }
    if (marks.capture.has(h)) {
      const d = R * 0.5;
      el('path', { d: `M${x - d},${y - d}L${x + d},${y + d}M${x + d},${y - d}L${x - d},${y + d}`, class: 'capture-x' }, g);
    }
    if (opts.layout) {
      layoutHandlers(g, h);
    } else {
      g.addEventListener('click', (e) => { if (skipAnimation()) { e.stopPropagation(); return; } onHole(h); });
      g.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); onHole(h); }
        else if (arrowMove(e)) e.stopPropagation();
      });
    }
  }
  // the rows' names: upright, side by side over the two columns (a long player's name is cut, the
  // clocks and the status name him in full)
  if (up) {
    const fit = { 'data-fit': 2 * (UP.left - 4), 'data-fit-pair': UP.right - UP.left - 12, 'data-fit-cut': 'true' };
    const a = el('text', { x: UP.left, y: G.store + 8, class: 'row-label', ...fit }, svg);
    a.textContent = `${sideName(seat)}${playedBy(seat)}`;
    const b = el('text', { x: UP.right, y: G.store + 8, class: 'row-label', ...fit }, svg);
    b.textContent = `${sideName(far)}${playedBy(far)}`;
  } else {
    const rowF = el('text', { x: W / 2, y: 14, class: 'row-label', 'data-fit': W - 2 * G.margin, 'data-fit-cut': 'true' }, svg);
    rowF.textContent = `${sideName(far)}${playedBy(far)}`;
    const rowN = el('text', { x: W / 2, y: 270, class: 'row-label', 'data-fit': W - 2 * G.margin, 'data-fit-cut': 'true' }, svg);
    rowN.textContent = `${sideName(seat)}${playedBy(seat)}`;
  }
  fitLabels();
  fitBoard();
  // the focus stays on the board: on the same hole, or the first one that can be played
  if (focusHole !== null) {
    // (after a tap the board itself keeps the focus: a ring on a hole would read as a hint)
    const same = focusHole >= 0 && svg.querySelector(`.hole[data-hole="${focusHole}"][tabindex="0"]`);
    const first = app.lastInput === 'pointer' ? null : same || firstHole();
    if (first) first.focus({ preventScroll: true });
    else { svg.setAttribute('tabindex', '-1'); svg.focus({ preventScroll: true }); }
  }
}

/* the playable holes in the order they are drawn (the viewer's row first, left to right or top down) */
function firstHole() {
  const hs = [...$('board').querySelectorAll('.hole[tabindex="0"]')];
  hs.sort((a, b) => { const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect(); return (rb.top - ra.top) || (ra.left - rb.left); });
  return hs[0] || null;
}

/* arrow keys: to the nearest playable hole that way on the screen (true when the key was one) */
function arrowMove(e) {
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!dir) return false;
  e.preventDefault();
  const from = e.currentTarget.getBoundingClientRect();
  const cx = from.left + from.width / 2, cy = from.top + from.height / 2;
  let best = null, bestScore = Infinity;
  for (const g of $('board').querySelectorAll('.hole[tabindex="0"]')) {
    if (g === e.currentTarget) continue;
    const r = g.getBoundingClientRect();
    const dx = r.left + r.width / 2 - cx, dy = r.top + r.height / 2 - cy;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = g; }
  }
  if (best) best.focus();
  return true;
}

/* ---- showing a game ---- */
const WHY = { rule: () => t('by the rules'), repetition: () => t('a position repeated'), cap: () => t('the ply limit was reached'),
  endless: () => t('a sowing that never ends was played'), agreed: () => t('agreed by both players'), resigned: () => t('the other resigned'),
  time: () => t('on time'), aborted: () => t('aborted'), abandoned: () => t('a player left the game') };
/* games whose stones never leave the board: no stores are drawn (Bulto's would always read 0) */
const NO_STORES = new Set(['bulto']);

/* the last move was played in the round now shown (a round's last move belongs to the one before) */
function sameRound(view, last) {
  return !!(last && (!last.before || last.before.round === view.state.round));
}

/* What the last move did, in one sentence: "North sowed d and took 6." */
function lastMoveSentence(view) {
  const last = view.last;
  if (!last || !last.move || !sameRound(view, last)) return '';
  const side = sideName(last.by);
  const mv = String(last.move);
  const laps = (last.trace && last.trace.laps) || [];
  let took = 0;
  for (const l of laps) if ((l.event === 'capture' || l.event === 'eat') && l.value) took += l.value;
  const made = laps.some((l) => l.event === 'ekwarna') ? 'ekwarna' : laps.some((l) => l.event === 'bulto') ? 'bulto' : '';
  if (mv === 'pass') return t('{side} passed.', { side });
  if (mv === 'keep') return t('{side} kept the row.', { side });
  if (mv === 'turn') return t('{side} turned the board round.', { side });
  if (/^[a-z]+:/.test(mv) && /layout|tebweez/.test(mv.split(':')[0])) return t('{side} laid out the seeds.', { side });
  if (/^feed/.test(mv)) return t('{side} fed a seed to the other row.', { side });
  const hole = mv.replace(/~\d+$/, '');
  if (!/^[A-Za-z]$/.test(hole)) return t('{side} played {move}.', { side, move: mv });
  if (took && made === 'ekwarna') return t('{side} sowed {hole}, took {n} and made an ekwarna.', { side, hole, n: took });
  if (took) return t('{side} sowed {hole} and took {n}.', { side, hole, n: took });
  if (made === 'ekwarna') return t('{side} sowed {hole} and made an ekwarna.', { side, hole });
  if (made === 'bulto') return t('{side} sowed {hole} and made a bulto.', { side, hole });
  if (/~\d+$/.test(mv)) return t('{side} sowed {hole}, refusing a bulto.', { side, hole });
  return t('{side} sowed {hole}.', { side, hole });
}

/* a layout move's kind and total ("layout:6,9,16,…" in free_move.example), or null */
function layoutOf(view) {
  const ex = (view && view.free_move && view.free_move.example) || '';
  const colon = ex.indexOf(':');
  if (colon <= 0) return null;
  const nums = ex.slice(colon + 1).split(',').map(Number);
  if (nums.length !== 2 * view.rows || !nums.every(Number.isFinite)) return null;
  return { kind: ex.slice(0, colon), total: nums.reduce((a, b) => a + b, 0), n2: 2 * view.rows };
}

/* Whose turn, in words */
function turnSentence(view, st) {
  const tm = st.to_move;
  const side = sideName(tm);
  const mine = !!app.human[tm];
  const both = app.human.S && app.human.N;
  if (view.free_move && layoutOf(view)) {
    if (!mine) return t('{side} lays out the seeds.', { side });
    const n = layoutOf(view).total;
    return both ? tn(n, '{side}: lay out the one seed: tap to add, long-press to take away.', '{side}: lay out the {n} seeds: tap to add, long-press to take away.', { side })
      : tn(n, 'Lay out the one seed: tap to add, long-press to take away.', 'Lay out the {n} seeds: tap to add, long-press to take away.');
  }
  const kinds = new Set(view.moves.map((m) => m.kind));
  if (mine && (kinds.has('keep') || kinds.has('turn'))) return both ? t('{side}: keep your row, or turn the board?', { side }) : t('Keep your row, or turn the board?');
  if (app.online) {
    const o = app.online;
    if (!o.seat) return t('{side} to move.', { side });
    return tm === o.seat ? t('Your move.') : t('{side} to move ({who}).', { side, who: opponentWord(true) });
  }
  if (mine) return both ? t('{side} to move.', { side }) : t('Your move.');
  return t('{side} to move (the computer).', { side });
}

/* the status sentence: {text, ids} (ids: the rules behind it, for its why?) */
function statusText(view, st) {
  st = st || view.state;
  if (st.over) {
    // the clock's ends, said plainly whatever the rules' line says
    if (st.end_reason === 'time') {
      const w = st.result && st.result.winner;
      return plain(w ? t("Game over: {winner} wins on time: {loser}'s clock ran out.", { winner: sideName(w), loser: sideName(other(w)) })
        : t('Game over on time: a clock ran out.'));
    }
    if (st.end_reason === 'aborted') {
      return plain(st.abort_reason === 'early' ? t('Game aborted before both players had moved: nobody wins, and no rating changes.')
        : t('Game aborted: a first move was not made in time. Nobody wins, and no rating changes.'));
    }
    const r = st.result || {};
    const w = r.winner;
    // a claim of the player left waiting (docs/api.md, "Abandoned games")
    if (st.end_reason === 'abandoned') {
      return plain(w ? t('Game over: {winner} wins: {loser} left the game.', { winner: sideName(w), loser: sideName(other(w)) })
        : t('Game over: a draw, claimed when a player left the game.'));
    }
    // a resignation or an agreement: no score (the stones do not decide it)
    if (st.end_reason === 'resigned' && w) return plain(t('Game over: {winner} wins: {loser} resigned.', { winner: sideName(w), loser: sideName(other(w)) }));
    if (st.end_reason === 'agreed') return plain(w ? t('Game over: {winner} wins, agreed by both players.', { winner: sideName(w) }) : t('Game over: a draw, agreed by both players.'));
    if (st.result_line) {
      // the result first ("South wins 25–15"); how it came about goes to the summary under the board
      const line = String(st.result_line);
      const c = line.indexOf(': ');
      const p = plain(tlib(c > 0 ? line.slice(0, c) : line));
      const all = plain(tlib(line));
      return { text: t('Game over: {result}.', { result: p.text.replace(/[.]$/, '') }), ids: all.ids };
    }
    const scores = r.scores || { S: 0, N: 0 };
    const score = w === 'N' ? `${scores.N}–${scores.S}` : `${scores.S}–${scores.N}`;
    const how = WHY[st.end_reason] ? WHY[st.end_reason]() : String(st.end_reason || '');
    return plain(w ? t('Game over: {winner} wins {score} ({how}).', { winner: sideName(w), score, how }) : t('Game over: a draw, {score} ({how}).', { score, how }));
  }
  const last = lastMoveSentence(view);
  const turn = turnSentence(view, st);
  return plain(last ? `${last} ${turn}` : turn);
}

/* a match's standing in one short line (Qelat's holes, L'ab al-Akil's gains), or '' */
function roundLine(st) {
  const r = st.round || 1;
  if (st.over || r < 2) return '';
  const o = st.holes_owned, g = st.gains;
  if (o && typeof o === 'object') return t('Round {round}: holes owned: South {s}, North {n}.', { round: r, s: o.S, n: o.N });
  if (g && typeof g === 'object') return t('Round {round}: gains so far South {s}, North {n}.', { round: r, s: g.S, n: g.N });
  return r > 1 ? t('Round {round}.', { round: r }) : '';
}

/* The tab's title: an online game waiting for this player's move says so first, for a player who
 * has gone to another tab meanwhile (the title is what the tab shows); otherwise the page's own. */
function showTitle(view, st) {
  const base = t('gabata — two-row mancala games');
  const o = app.online;
  const waiting = !!(o && o.seat && st && !st.over && st.to_move === o.seat);
  const title = waiting ? `${t('Your move.')} · ${base}` : base;
  if (document.title !== title) document.title = title;
  document.body.dataset.titleTurn = String(waiting);
}

function showStatus(view, st) {
  showTitle(view, st || view.state);
  const s = $('status');
  const p = statusText(view, st);
  if (s.textContent !== p.text) delete s.dataset.open; // (a new sentence is cut again where it must be)
  s.textContent = p.text;
  const why = $('status-why');
  const known = p.ids.length && rulesFor(p.ids).length;
  why.hidden = !known;
  why.dataset.ids = known ? p.ids.join(' ') : '';
  const rl = $('round-line');
  rl.textContent = roundLine(st || view.state);
  rl.hidden = !rl.textContent;
  return p.text;
}

/* one announcement a move: the status sentence, once the move is shown */
function announce(view, text) {
  const key = `${view.id}:${view.history.length}:${view.state.over}`;
  if (app.announced === key) return;
  app.announced = key;
  $('announce').textContent = text;
}

/* Where we are in the saved game: the URL fragment (the game's id, nothing secret) and
 * localStorage (its credential, by game id: credentialFor), so a reload comes back. */
function remember(view) {
  const o = app.online;
  // (the lobby's address stays the lobby's; so does an address just opened to another screen
  // whose hashchange has not run yet: a game's event drawn in between must not take it back)
  const pending = location.hash !== screenHash && /^#(lobby|player=|learn)/.test(location.hash);
  const here = document.body.dataset.screen === 'game' && !pending;
  if (o && o.id === view.id && !o.seat) { // watching: the address says so, nothing is kept
    if (here && location.hash !== `#watch=${view.id}`) history.replaceState(null, '', `#watch=${view.id}`);
    return;
  }
  // (a used invite leaves the address here too: #join=ID.INVITE becomes #game=ID)
  if (here && location.hash !== `#game=${view.id}`) history.replaceState(null, '', `#game=${view.id}`);
  if (o && o.id === view.id) {
    keepSeat(view.id, { seat: o.seat });
    saveJSON('gabata.game', { id: view.id });
    return;
  }
  // A game of the page's own engine lives in its worker, which a reload ends: keep its moves too,
  // so that resume() can play them again into a new game of the same players.
  const kept = { id: view.id };
  if (engine.games.has(view.id)) {
    Object.assign(kept, { local: true, variant: view.variant, options: view.state.options,
      // a view describes its players ("ai:4 (alpha-beta, 4 plies)"): the first word is the player
      south: String(view.players.S).split(' ')[0], north: String(view.players.N).split(' ')[0],
      moves: view.history.map((h) => h.move) });
  }
  saveJSON('gabata.game', kept);
}
/* The game to go on with: the one the address names, else the last one played here. An address
 * of the old form (#game=ID&token=T) gives its token to localStorage once, and loses it. */
function remembered() {
  const h = new URLSearchParams(location.hash.slice(1));
  const kept = loadJSON('gabata.game', null);
  if (kept && kept.token) { keepSeat(kept.id, { token: kept.token, seat: kept.seat || 'both', invite: kept.invite || undefined }); delete kept.token; saveJSON('gabata.game', kept); }
  const id = h.get('game') || (kept && kept.id);
  if (!id) return null;
  if (h.get('token')) {
    keepSeat(id, { token: h.get('token'), seat: h.get('seat') || 'both' });
    history.replaceState(null, '', `#game=${id}`);
  }
  if (kept && kept.id === id && kept.local) return kept; // a game of the page's engine
  const k = seatOf(id) || {};
  return { id, seat: k.seat === 'S' || k.seat === 'N' ? k.seat : null, invite: k.invite || null };
}

function render(view) {
  const changed = !app.view || app.view.id !== view.id;
  app.view = view;
  keepToken(view);
  if (app.online && app.online.id !== view.id) leaveOnline();
  // online: this page plays its own seat only (none when watching); the other moves elsewhere
  app.human = app.online ? { S: app.online.seat === 'S', N: app.online.seat === 'N' }
    : { S: view.players.S === 'human', N: view.players.N === 'human' };
  renderOnline(view);
  const st = view.state;
  // the timeline of this game: the state after each move, as the API showed it
  if (changed) { app.timeline = []; app.seenRound = st.last_round ? st.last_round.round : 0; }
  const k = view.history.length;
  app.timeline.length = Math.min(app.timeline.length, k + 1);
  app.timeline[k] = { state: st, last: view.last };
  document.body.dataset.gameId = view.id;
  document.body.dataset.ply = String(view.history.length); // (the moves shown so far)
  document.body.dataset.review = app.review === null ? 'false' : 'true';
  remember(view);
  if (app.review !== null) { renderReview(); return; }
  // a forced move's note ("You have no move: pass.") belongs to a turn: a finished game has none
  if (st.over && app.note) sayNote('');
  const s = $('status');
  const said = showStatus(view);
  s.dataset.toMove = st.to_move || '';
  s.dataset.over = st.over ? 'true' : 'false';
  s.dataset.endReason = st.over ? st.end_reason || '' : '';
  setClocks(view);
  // a new round starts clean: the last move's marks belong to the round before; a layout of
  // this page's player is made on the board
  const lay = view.free_move && !st.over && app.human[st.to_move] && layoutDraft(view);
  drawBoard(view, st, null, lay ? { layout: lay.values } : { last: sameRound(view, view.last) ? view.last : undefined });
  // (while a layout is made, its own tools stand where undo and hint are: a phone has room for one)
  $('controls').hidden = !!lay;
  // the end: how it came about, and a match's rounds, one a line (the result itself is the status)
  const summary = $('summary');
  let more = '';
  if (st.over && st.match_summary) more = tlib(String(st.match_summary));
  else if (st.over && st.result_line && String(st.result_line).indexOf(': ') > 0) {
    const rest = String(st.result_line).slice(String(st.result_line).indexOf(': ') + 2);
    more = tlib(rest.charAt(0).toUpperCase() + rest.slice(1));
  }
  withWhy(summary, more);
  summary.hidden = !more;
  renderMoveList(view);
  showLegend(view);
  $('record').href = `/api/games/${view.id}/record`;
  $('undo').disabled = view.history.length === 0;
  $('hint').disabled = st.over;
  $('review-start').disabled = view.history.length === 0;
  renderPhaseControls(view);
  hideChoices();
  roundBanner(st);
  renderAgain(view);
  if (changed || app.shownPly !== view.history.length) {
    app.shownPly = view.history.length;
    announce(view, said);
  }
  fitBoard();
  keepInView();
}

/* a round of a match has just ended: say so, in the server's plain words */
function roundBanner(st) {
  const lr = st.last_round;
  if (!lr || lr.round <= app.seenRound) return;
  app.seenRound = lr.round;
  const b = $('round-banner');
  // (the engine's text names its round already: "Round 1: North wins the round …")
  const english = String(lr.text || '');
  const head = /^Round \d+/.test(english) ? '' : t('Round {round}: ', { round: lr.round });
  const text = tlib(english);
  const standing = lr.standing ? tlib(String(lr.standing)) : '';
  withWhy($('round-text'), `${head}${text}${/[.]$/.test(text) || !text ? '' : '.'}${standing ? ' ' + standing.charAt(0).toUpperCase() + standing.slice(1) + '.' : ''}`);
  b.hidden = false;
  b.dataset.round = String(lr.round);
  // the last round's banner: no round comes next, it only closes (data-i18n: kept in a new language)
  const ok = $('round-ok');
  ok.dataset.i18n = st.over ? 'Close' : 'Next round';
  ok.textContent = t(ok.dataset.i18n);
  ok.focus({ preventScroll: true });
  keepInView();
}

/* the move list, grouped by round where the rounds are known, each move a button that shows the
 * board after it */
function renderMoveList(view) {
  const box = $('movelist');
  box.textContent = '';
  let ol = null, round = null;
  view.history.forEach((h, i) => {
    const tl = app.timeline[i];
    const r = tl ? tl.state.round : null;
    if (!ol || (r !== null && r !== round)) {
      if (r !== null) round = r;
      const sec = document.createElement('section');
      sec.className = 'round';
      const hd = document.createElement('h3');
      hd.textContent = r !== null ? t('Round {round}', { round: r }) : t('Moves');
      ol = document.createElement('ol');
      ol.start = i + 1;
      sec.append(hd, ol);
      box.append(sec);
    }
    const li = document.createElement('li');
    li.dataset.move = h.move;
    li.dataset.by = h.by;
    li.dataset.ply = i + 1;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ply';
    b.textContent = `${i + 1}. ${sideName(h.by)} ${h.move}`;
    b.setAttribute('aria-label', t('move {k}: {side} {move}; show the board after it', { k: i + 1, side: sideName(h.by), move: h.move }));
    b.addEventListener('click', () => startReview(i + 1));
    li.append(b);
    if (i === view.history.length - 1) li.className = 'latest';
    if (app.review === i + 1) li.classList.add('shown');
    ol.append(li);
  });
  box.scrollTop = box.scrollHeight;
}

/* moves that do not start from a hole (pass, keep, turn) and phases whose moves cannot be listed
 * (a layout): buttons, the layout's tools, a small form */
function renderPhaseControls(view) {
  const box = $('phase-controls');
  box.textContent = '';
  const st = view.state;
  if (st.over || !app.human[st.to_move] || app.review !== null) return;
  const loose = view.moves.filter((m) => m.hole === null || m.hole === undefined);
  const feeds = view.moves.filter((m) => m.kind === 'feed');
  if (feeds.length) {
    const p = document.createElement('p');
    p.className = 'feed-note';
    p.textContent = t('Your opponent has no seeds: feed him. Click one of your pits to move one seed from it into his first pit ({moves}).', { moves: feeds.map((m) => m.text).join(', ') });
    box.append(p);
  }
  const describe = { pass: t('Pass (no move is possible)'), keep: t('Keep my row'), turn: t('Turn the board') };
  for (const m of loose) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move-button';
    b.dataset.move = m.text;
    b.textContent = `${describe[m.kind] || m.text} (${m.text})`;
    b.addEventListener('click', () => playMove(m.text));
    box.append(b);
  }
  if (view.free_move) renderFreeMove(view, box);
}

/* an even layout: the stones shared out one by one, hole after hole */
function evenLayout(total, holes) {
  const v = new Array(holes).fill(Math.floor(total / holes));
  for (let i = 0; i < total % holes; i++) v[i]++;
  return v;
}

/* ---- a layout (L'ab al-Akil's tebweez) made on the board itself: a tap adds a stone to a hole, a
 * long press (or a tap with "Take away" on, or the minus key) takes one; the running total under
 * the board; it starts as the even layout ---- */
function layoutDraft(view) {
  const lo = layoutOf(view);
  if (!lo) return null;
  const key = `${view.id}:${view.history.length}`;
  if (!app.layoutDraft || app.layoutDraft.key !== key) app.layoutDraft = { key, values: evenLayout(lo.total, lo.n2), remove: false };
  return app.layoutDraft;
}
function layoutCheck() {
  const view = app.view;
  const lo = layoutOf(view);
  const d = layoutDraft(view);
  if (!lo || !d) return false;
  const sum = d.values.reduce((a, b) => a + b, 0);
  const out = $('layout-sum');
  if (out) {
    out.textContent = sum === lo.total ? t('{sum} of {total} placed: all of them.', { sum, total: lo.total })
      : sum > lo.total ? tn(sum - lo.total, '{sum} of {total} placed: {n} too many.', '{sum} of {total} placed: {n} too many.', { sum, total: lo.total })
        : tn(lo.total - sum, '{sum} of {total} placed: {n} still to place.', '{sum} of {total} placed: {n} still to place.', { sum, total: lo.total });
    out.className = `layout-sum${sum === lo.total ? '' : ' wrong'}`;
  }
  return sum === lo.total;
}
function layoutChange(h, d) {
  const view = app.view;
  const draft = layoutDraft(view);
  if (!draft || app.busy) return;
  if (d < 0 && draft.values[h] === 0) { say(t('Hole {label} is empty already.', { label: view.labels[h] }), 'info'); return; }
  draft.values[h] = Math.max(0, Math.min(255, draft.values[h] + d));
  say('');
  drawBoard(view, view.state, null, { layout: draft.values });
  layoutCheck();
  keepInView();
  sound(d > 0 ? 'drop' : 'lift');
}
function layoutHandlers(g, h) {
  let timer = null, long = false;
  const cancel = () => { clearTimeout(timer); timer = null; };
  g.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    long = false;
    cancel();
    timer = setTimeout(() => { long = true; timer = null; layoutChange(h, -1); }, 500);
  });
  for (const ev of ['pointerup', 'pointerleave', 'pointercancel']) g.addEventListener(ev, cancel);
  g.addEventListener('contextmenu', (e) => e.preventDefault()); // (a long press on a phone)
  g.addEventListener('click', (e) => {
    e.stopPropagation();
    if (long) { long = false; return; }
    layoutChange(h, app.layoutDraft && app.layoutDraft.remove ? -1 : 1);
  });
  g.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === '+') { e.preventDefault(); e.stopPropagation(); layoutChange(h, 1); }
    else if (e.key === '-' || e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); e.stopPropagation(); layoutChange(h, -1); }
    else if (arrowMove(e)) e.stopPropagation();
  });
}

function renderFreeMove(view, box) {
  const ex = view.free_move.example || '';
  const form = document.createElement('form');
  form.id = 'free-move';
  form.noValidate = true;
  const lo = layoutOf(view);
  if (lo) {
    const draft = layoutDraft(view);
    const sum = document.createElement('p');
    sum.className = 'layout-sum';
    sum.id = 'layout-sum';
    sum.setAttribute('aria-live', 'polite');
    form.append(sum);
    const tools = form; // (one wrapping row: the total, −, the fills, the submit)
    const rm = document.createElement('button');
    rm.type = 'button';
    rm.id = 'layout-remove';
    rm.setAttribute('aria-pressed', draft.remove ? 'true' : 'false');
    rm.textContent = '−';
    rm.setAttribute('aria-label', t('Take away: while this is on, a tap on a hole takes a stone from it'));
    rm.title = t('Take away: while this is on, a tap on a hole takes a stone from it');
    rm.addEventListener('click', () => { draft.remove = !draft.remove; rm.setAttribute('aria-pressed', draft.remove ? 'true' : 'false'); $('board').dataset.remove = draft.remove ? 'true' : 'false'; });
    tools.append(rm);
    const fill = (name, values) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'layout-fill';
      b.textContent = name;
      b.addEventListener('click', async () => {
        const vals = typeof values === 'function' ? await values() : values;
        if (!vals) return;
        draft.values = vals.map(Number);
        drawBoard(app.view, app.view.state, null, { layout: draft.values });
        layoutCheck();
      });
      tools.append(b);
    };
    fill(t('Even'), evenLayout(lo.total, lo.n2));
    fill(t("Computer's"), async () => {
      try {
        const h = await gameApi('GET', view.id, 'hint');
        const p = h.move.split(':')[1].split(',').map(Number);
        return p.length === lo.n2 ? p : null;
      } catch (e) { say(t('No suggestion: {error}', { error: tlib(e.message) }), 'refused'); return null; }
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (!layoutCheck()) { say(t('Not yet: {what}', { what: $('layout-sum').textContent }), 'refused'); return; }
      playMove(`${lo.kind}:${draft.values.join(',')}`);
    });
    const b = document.createElement('button');
    b.type = 'submit';
    b.id = 'free-move-submit';
    b.className = 'primary';
    b.textContent = t('Lay out');
    tools.append(b);
    box.append(form);
    $('board').dataset.remove = draft.remove ? 'true' : 'false';
    layoutCheck();
    return;
  }
  const title = document.createElement('p');
  title.textContent = t('{phase}: type your move (for example {example}).', { phase: phaseWord(view.free_move.phase), example: ex });
  form.append(title);
  const inp = document.createElement('input');
  inp.name = 'move'; inp.value = ex;
  inp.setAttribute('aria-label', t('your move'));
  form.append(inp);
  form.addEventListener('submit', (e) => { e.preventDefault(); playMove(inp.value.trim()); });
  const b = document.createElement('button');
  b.type = 'submit';
  b.id = 'free-move-submit';
  b.textContent = t('Play');
  form.append(b);
  box.append(form);
}

function hideChoices() {
  const c = $('choices');
  const was = !c.hidden;
  c.hidden = true;
  c.textContent = '';
  if (was) fitBoard(); // (the board back to its size)
}

function describeMove(m) {
  if (m.kind === 'feed') return t("feed one seed from {hole} into the opponent's first pit", { hole: m.text.slice(5) });
  const r = m.text.match(/^([A-Za-z])~(\d+)$/);
  if (r) return tn(Number(r[2]), 'sow {hole}, refusing the first bulto offered', 'sow {hole}, refusing the first {n} bulto offered', { hole: r[1] });
  if (m.kind === 'sow') return /[~]/.test(m.text) ? t('sow {hole}', { hole: m.text }) : t('sow {hole} (taking any bulto offered)', { hole: m.text });
  return m.text;
}

function showChoices(label, moves) {
  const c = $('choices');
  c.textContent = '';
  const p = document.createElement('p');
  p.textContent = tn(moves.length, 'Hole {label} offers one move; choose it:', 'Hole {label} offers {n} moves; choose one:', { label });
  c.append(p);
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'choice';
    b.dataset.move = m.text;
    b.textContent = `${m.text} — ${describeMove(m)}`;
    b.addEventListener('click', () => { hideChoices(); playMove(m.text); });
    c.append(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = t('Cancel');
  cancel.addEventListener('click', hideChoices);
  c.append(cancel);
  c.hidden = false;
  // the board shrinks while the list is open (fitBoard), so that the player sees the whole board he
  // chooses on with the list and Undo, on a 320×568 phone too (the list under the board scrolled
  // the board's top off the screen)
  fitBoard();
  keepInView(true);
  c.querySelector('button').focus({ preventScroll: true });
}

/* ---- playing ---- */
function onHole(h) {
  const view = app.view;
  if (!view) return;
  const st = view.state;
  const label = view.labels[h];
  if (app.review !== null) { say(t('You are looking back through the game: press "Back to the game" to play.'), 'info'); return; }
  if (app.busy) { say(t('One moment: a move is still being shown (tap the board or press Escape to skip it).'), 'info'); return; }
  if (st.over) { say(t('The game is over: play again, or start a new one with "New game".'), 'info'); return; }
  if (app.online && !app.online.seat) { say(t('You are watching this game: only its two players move.'), 'info'); return; }
  if (app.online && !view.joined) { say(t('Your friend has not joined yet: send him the link.'), 'info'); return; }
  if (!app.human[st.to_move]) { say(app.online ? t("It is {who}'s turn.", { who: opponentWord(true) }) : t("It is the computer's turn."), 'info'); return; }
  if (view.free_move) { say(t('First the {phase}: use the form below the board.', { phase: phaseWord(view.free_move.phase) }), 'info'); return; }
  const here = view.moves.filter((m) => m.hole === h);
  if (here.length === 1) playMove(here[0].text);
  else if (here.length > 1) showChoices(label, here);
  else playMove(label); // not a legal move: the server explains why, in the rules' words
}

/* a typed move, as in the terminal: a hole's label (case matters: A is South's, a North's),
 * `pass`, or any move text */
function playTyped(text) {
  const view = app.view;
  if (!view || !text) return;
  const h = view.labels.indexOf(text);
  if (h >= 0 && !view.free_move) { onHole(h); return; }
  const ci = view.labels.findIndex((l) => l.toLowerCase() === text.toLowerCase());
  if (ci >= 0 && !view.moves.some((m) => m.text === text)) {
    const mine = view.labels.filter((l, i) => view.moves.some((m) => m.hole === i));
    if (mine.length && !mine.includes(text)) {
      const guess = mine.find((l) => l.toLowerCase() === text.toLowerCase());
      if (guess) { say(t('Hole {label} is not one of yours: did you mean {guess}?', { label: text, guess }), 'info'); return; }
    }
  }
  if (app.busy || app.review !== null) return;
  playMove(text);
}

async function playMove(text) {
  if (app.busy) return;
  setBusy(true);
  $('round-banner').hidden = true; // (the round's end was seen: the player plays on)
  app.hintMove = null;
  say('');
  sayNote('');
  const epoch = app.epoch;
  try {
    const view = await gameApi('POST', app.view.id, 'moves', withPly(app.view, { move: text }));
    if (app.epoch !== epoch) return;
    await animate(view);
    if (app.epoch !== epoch) return;
    render(view);
  } catch (e) {
    if (e.status === 409 && await staleReload(epoch)) return;
    say(e.status === 422 ? t('That move is not allowed: {reason}.', { reason: tlib(e.message.replace(/^illegal move: /, '')) }) : t('Sorry: {error}', { error: tlib(e.message) }), 'refused');
    render(app.view);
  } finally {
    setBusy(false);
  }
  computerTurns();
}

const FORCED_RULE = { qelat: 'Q5', akil: 'A9' };

/* The computer's moves, and a person's forced ones (a pass, a single legal move), played one after
 * the other while the page stays busy: the page is idle only when a person has a real choice. */
async function computerTurns() {
  if (app.running === app.epoch) return;
  app.running = app.epoch;
  const epoch = app.epoch;
  setBusy(true);
  try {
    while (app.view && app.review === null && !app.view.state.over && app.epoch === epoch) {
      const v = app.view;
      const tm = v.state.to_move;
      let view;
      if (app.online && !v.joined) {
        break; // (nobody to play against yet)
      } else if (!app.human[tm] && app.online) {
        break; // the other seat moves from its own machine: its move arrives on the event stream
      } else if (!app.human[tm]) {
        await sleep(speedMs() ? 250 : 0);
        try {
          view = await gameApi('POST', v.id, 'computer', withPly(v, {}));
        } catch (e) {
          say(t('The computer could not move: {error}', { error: tlib(e.message) }), 'refused');
          break;
        }
      } else if (!v.free_move && v.moves.length === 1 && !clocked(v)) {
        // (in a clocked game the server plays a forced move itself, at no cost of time: docs/api.md)
        const m = v.moves[0];
        const who = app.human.S && app.human.N ? sideName(tm) : 'You'; // ('You': the person playing the computer)
        const rule = FORCED_RULE[v.variant] ? ` (${FORCED_RULE[v.variant]})` : '';
        // (the rule id goes behind the note's why?)
        const you = who === 'You';
        sayNote(m.kind === 'pass' ? (you ? t('You have no move: pass{rule}.', { rule }) : t('{side} has no move: pass{rule}.', { side: who, rule }))
          : you ? t('Your only move, {move}, was played for you.', { move: m.text }) : t("{side}'s only move, {move}, was played.", { side: who, move: m.text }));
        app.forcedPlayed = (app.forcedPlayed || 0) + 1;
        document.body.dataset.forced = String(app.forcedPlayed);
        await sleep(speedMs() ? 700 : 0);
        try {
          view = await gameApi('POST', v.id, 'moves', withPly(v, { move: m.text }));
        } catch (e) {
          say(t('Sorry: {error}', { error: tlib(e.message) }), 'refused');
          break;
        }
      } else {
        break;
      }
      if (app.epoch !== epoch) break; // a new game was started meanwhile
      await animate(view);
      if (app.epoch !== epoch) break;
      render(view);
    }
  } finally {
    if (app.running === epoch) { app.running = null; setBusy(false); }
  }
  if (app.view && app.epoch === epoch) render(app.view);
}

/* ms per stone; 0 shows no animation (and so does a system asking for reduced motion) */
const reducedMotion = () => !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
function speedMs() {
  const v = Number($('speed').value);
  return v <= 0 || reducedMotion() ? 0 : Math.round(320 - 3 * v);
}

/* ---- sound (Settings; off by default, kept in localStorage): made here with Web Audio, a short
 * knock for each stone that falls and a lower double one for a capture ---- */
const SOUND_KEY = 'gabata.sound', THEME_KEY = 'gabata.theme';
const audio = { ctx: null };
function soundOn() { return $('sound') && $('sound').checked; }
function sound(kind) {
  if (!soundOn()) return;
  try {
    if (!audio.ctx) audio.ctx = new (window.AudioContext || window.webkitAudioContext)();
    const ctx = audio.ctx;
    if (ctx.state === 'suspended') ctx.resume();
    const knock = (at, freq, len, vol) => {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.type = 'triangle';
      o.frequency.setValueAtTime(freq, at);
      o.frequency.exponentialRampToValueAtTime(freq * 0.6, at + len);
      g.gain.setValueAtTime(vol, at);
      g.gain.exponentialRampToValueAtTime(0.001, at + len);
      o.connect(g).connect(ctx.destination);
      o.start(at);
      o.stop(at + len + 0.02);
    };
    const now = ctx.currentTime;
    if (kind === 'capture') { knock(now, 220, 0.18, 0.35); knock(now + 0.09, 165, 0.22, 0.3); }
    else if (kind === 'lift') knock(now, 520, 0.05, 0.12);
    else knock(now, 700 + Math.random() * 120, 0.06, 0.18);
    audio.played = (audio.played || 0) + 1;
    document.body.dataset.sounds = String(audio.played);
  } catch (e) { /* no Web Audio: silent */ }
}

/* ---- colours (Settings): as the device (prefers-color-scheme), light or dark; kept ---- */
function applyTheme(v) {
  if (v === 'light' || v === 'dark') document.documentElement.dataset.theme = v;
  else delete document.documentElement.dataset.theme;
}
function initSettings() {
  let theme = 'auto', snd = false;
  try { theme = localStorage.getItem(THEME_KEY) || 'auto'; snd = localStorage.getItem(SOUND_KEY) === 'on'; } catch (e) { /* private mode */ }
  $('theme').value = ['auto', 'light', 'dark'].includes(theme) ? theme : 'auto';
  applyTheme($('theme').value);
  $('sound').checked = snd;
  $('theme').addEventListener('change', () => { applyTheme($('theme').value); try { localStorage.setItem(THEME_KEY, $('theme').value); } catch (e) { /* private mode */ } });
  $('sound').addEventListener('change', () => {
    try { localStorage.setItem(SOUND_KEY, $('sound').checked ? 'on' : 'off'); } catch (e) { /* private mode */ }
    if ($('sound').checked) sound('drop'); // (a sound now: the browser allows audio after a tap)
  });
}

const EVENT_TEXT = {
  continue: () => t('lifted and sown on'), end: () => t('an empty hole: the move ends'), capture: () => t('captures'),
  ekwarna: () => t('makes it an ekwarna'), 'own-ekwarna': () => t('own ekwarna: the move ends'), eat: () => t('eats'),
  bulto: () => t('makes it a bulto'), refuse: () => t('bulto refused'), 'own-bulto': () => t('own bulto: the move ends'),
};

/* The last move, lap by lap, from the state before it: each lap lifts its hole and drops its
 * stones one by one into the holes the server's trace names (`sown`: the rules' skips already
 * left out); the board is then set to the server's state, which is the truth. A tap on the
 * board, Escape or Space skips to the end. (Nothing here is aria-live: the move is announced
 * once, when it has been shown: announce().) */
async function animate(view) {
  const last = view.last;
  const lapBox = $('lap');
  lapBox.textContent = last ? t('{side} played {move}', { side: sideName(last.by), move: last.move }) : '';
  const ms = speedMs();
  const laps0 = (last && last.trace && last.trace.laps) || [];
  if (last && (ms === 0 || !last.before)) {
    // shown at once: one knock, and the capture's sound if it took
    if (laps0.length) sound(laps0.some((l) => (l.event === 'capture' || l.event === 'eat') && l.value) ? 'capture' : 'drop');
  }
  if (!last || !last.before || !last.trace || ms === 0 || !last.trace.laps.length) return;
  const st = JSON.parse(JSON.stringify(last.before));
  const mover = last.by;
  const seat = seatFor(last.before, mover);
  const laps = last.trace.laps;
  const status = $('status');
  status.textContent = t('{side} plays {move}… (tap the board or press Escape to skip)', { side: sideName(mover), move: last.move });
  delete status.dataset.open;
  $('status-why').hidden = true;
  fitBoard(); // (the sentence while it is sown, cut as the room asks, its tooltip its own)
  const totalStones = laps.reduce((a, l) => a + (l.sown || []).length, 0);
  const per = Math.max(8, Math.min(ms, Math.floor(4000 / Math.max(1, totalStones))));
  app.skip = false;
  app.animating = true;
  $('skip').hidden = false;
  updateOnlineButtons();
  try {
    for (let i = 0; i < laps.length && !app.skip; i++) {
      const l = laps[i];
      const lab = (h) => view.labels[h];
      lapBox.textContent = t('{side} played {move} — lap {i} of {laps}: {from}, {stones}, last into {to}', {
        side: sideName(mover), move: last.move, i: i + 1, laps: last.trace.laps_total, from: lab(l.from),
        stones: tn(l.stones, 'one stone', '{n} stones'), to: lab(l.to) });
      const sown = l.sown || [];
      if (sown.length) {
        // a lap lifts its stones (a feed, one seed) and drops one into each hole named, in order
        st.holes[l.from] = Math.max(0, st.holes[l.from] - l.stones);
        drawBoard(view, st, new Set([l.from]), { seat });
        sound('lift');
        await sleep(per);
        for (const pos of sown) {
          if (app.skip) break;
          st.holes[pos] += 1;
          drawBoard(view, st, new Set([l.from, pos]), { seat });
          sound('drop');
          await sleep(per);
        }
      }
      const ev = EVENT_TEXT[l.event] ? EVENT_TEXT[l.event]() : l.event;
      let extra = '';
      if (l.event === 'capture' && l.value) {
        st.holes[l.other] = Math.max(0, st.holes[l.other] - l.value);
        st.stores[mover] += l.value;
        extra = ` ${t('{n} from {hole}', { n: l.value, hole: lab(l.other) })}`;
        sound('capture');
      } else if (l.event === 'eat' && l.value) {
        st.holes[l.to] = Math.max(0, st.holes[l.to] - l.value);
        st.stores[mover] += l.value;
        extra = ` ${l.value}`;
        sound('capture');
      }
      lapBox.textContent += `: ${ev}${extra}`;
      if (app.skip) break;
      drawBoard(view, st, new Set([l.to]), { seat });
      await sleep(per * 2);
    }
    if (app.skip) lapBox.textContent = t('{side} played {move} (shown at once)', { side: sideName(mover), move: last.move });
  } finally {
    app.animating = false;
    app.skip = false;
    $('skip').hidden = true;
    updateOnlineButtons();
  }
}

/* ---- play again, at every game's end: the same game; against the computer, also with the sides
 * swapped; after a game between people, against the computer ---- */
function renderAgain(view) {
  const box = $('again');
  const o = app.online;
  const show = !!(view.state.over && app.review === null && !(o && !o.seat));
  box.hidden = !show;
  if (!show) return;
  const both = app.human.S && app.human.N;
  const vsComputer = !o && !both && (app.human.S || app.human.N);
  // (two people on one screen: the sides swapped is the same game again)
  $('again-text').textContent = o ? t('Or a game against the computer?') : '';
  $('again-text').hidden = !o;
  $('again-same').hidden = !!o;
  $('again-same').title = both ? t('The same game again, the sides swapped') : t('The same game again, the same sides');
  $('again-swap').hidden = !vsComputer;
  $('again-computer').hidden = vsComputer;
}
async function playAgain(mode) {
  const v = app.view;
  if (!v) return;
  const player = (side) => String(v.players[side] || 'human').split(' ')[0];
  let south = player('S'), north = player('N');
  const level = /^ai:|^random$/.test($('opponent').value) ? $('opponent').value : 'ai:4';
  if (app.online) { // the same seat, the computer in the other
    const me = app.online.seat || 'S';
    south = me === 'S' ? 'human' : level;
    north = me === 'N' ? 'human' : level;
  } else if (mode === 'computer') { // (two people on this screen: South plays on, the computer takes North)
    south = 'human';
    north = level;
  } else if (mode === 'swap') {
    [south, north] = [north, south];
  }
  // the setup says what is being played
  $('side').value = south === 'human' ? 'S' : 'N';
  if (south !== 'human' || north !== 'human') $('opponent').value = south === 'human' ? north : south;
  else $('opponent').value = 'human';
  await startFrom({ variant: v.variant, options: v.state.options || '', south, north });
}

function openSetup(open) {
  $('setup-box').open = open;
}

async function newGame(e) {
  if (e) e.preventDefault();
  const v = currentVariant();
  const opp = $('opponent').value;
  const me = $('side').value;
  const body = { variant: v.name, options: optionsText() };
  // ?seed=N in the address: the game's random source (docs/api.md), so that a game (its computer's
  // random moves, Qelat's lots) can be played again exactly, e.g. by a test or to show a position
  const seed = new URLSearchParams(location.search).get('seed');
  if (seed && /^\d{1,15}$/.test(seed)) body.seed = Number(seed);
  if (opp === 'online') {
    body.online = true;
    body.seat = me;
  } else {
    body.south = me === 'S' ? 'human' : opp;
    body.north = me === 'N' ? 'human' : opp;
  }
  await startFrom(body);
}

async function startFrom(body) {
  app.epoch++;
  skipAnimation();
  setBusy(true);
  say('');
  sayNote('');
  $('lap').textContent = '';
  $('round-banner').hidden = true;
  app.review = null;
  app.flipped = false;
  leaveOnline();
  try {
    const view = keepToken(await api('POST', '/api/games', body));
    app.view = null;
    if (view.online) enterOnline(view.id, view.seat, view.invite);
    render(view);
    if (view.online) say(t('Send the link below to your friend; the game starts when he opens it.'), 'info');
    showRulesInPlay();
    openSetup(false);
    window.scrollTo(0, 0);
    fitBoard();
    keepInView(true);
  } catch (err) {
    say(t('Could not start the game: {error}', { error: tlib(err.message) }), 'refused');
    setBusy(false);
    return;
  }
  setBusy(false);
  computerTurns();
}

async function undo() {
  if (app.busy || !app.view) return;
  setBusy(true);
  try {
    const view = await gameApi('POST', app.view.id, 'undo', withPly(app.view, {}));
    $('lap').textContent = '';
    sayNote('');
    say(t('Move taken back.'), 'info');
    app.review = null;
    render(view);
  } catch (e) {
    say(t('Cannot undo: {error}', { error: tlib(e.message) }), 'refused');
  } finally {
    setBusy(false);
  }
}

/* The hint in words: its exact value when the search proved it (gabata serve --tables: `exact`,
 * `margin` for the side to move, docs/api.md), else the computer's choice. */
function hintSentence(h, toMove) {
  const move = h.move;
  if (h.exact !== true || typeof h.margin !== 'number') return t("Hint: {move} (the computer's choice).", { move });
  const n = Math.abs(h.margin);
  if (h.margin > 0) {
    return tn(n, 'Hint: {side} wins by one stone with {move} (exact).', 'Hint: {side} wins by {n} stones with {move} (exact).',
      { side: sideName(toMove), move });
  }
  if (h.margin === 0) return t('Hint: a draw with {move} (exact).', { move });
  return tn(n, 'Hint: every move loses; {move} loses by one stone (the least, exact).',
    'Hint: every move loses; {move} loses by {n} stones (the least, exact).', { move });
}

async function hint() {
  if (app.busy || !app.view) return;
  try {
    const h = await gameApi('GET', app.view.id, 'hint');
    const m = app.view.moves.find((x) => x.text === h.move);
    app.hintMove = m || null;
    say(hintSentence(h, app.view.state.to_move), 'info');
    render(app.view);
  } catch (e) {
    say(t('No hint: {error}', { error: tlib(e.message) }), 'refused');
  }
}

/* a timeline entry's last move, when it belongs to the round shown (else no marks) */
function sameRoundOf(tl) {
  return tl.last && tl.last.before && tl.last.before.round !== tl.state.round ? undefined : tl.last;
}

/* ---- review: any game, finished or not, stepped through without changing it ---- */

/* Replay moves in a scratch game (two people, the same variant and options: chance outcomes are
 * in the move texts, so the game replays exactly) and collect the state after each. */
async function replay(variant, options, moves, keep) {
  const first = keepToken(await api('POST', '/api/games', { variant, options, south: 'human', north: 'human' }));
  const out = [{ state: first.state, last: first.last }];
  let view = first;
  try {
    for (let i = 0; i < moves.length; i++) {
      try {
        view = await gameApi('POST', first.id, 'moves', { move: moves[i] });
      } catch (e) {
        throw new Error(`move ${i + 1} (${moves[i]}): ${e.message}`);
      }
      out.push({ state: view.state, last: view.last });
    }
  } catch (e) {
    gameApi('DELETE', first.id).catch(() => {});
    throw e;
  }
  if (!keep) gameApi('DELETE', first.id).catch(() => {});
  return { timeline: out, view };
}

/* A game of the page's engine after a reload: the same players, its moves played again (each
 * chance outcome is part of its move's text, so the board comes back exactly). */
async function replayLocal(r) {
  if (!Array.isArray(r.moves) || !(await isLocal('/api/games'))) throw new Error('the game was in the page');
  const first = keepToken(await api('POST', '/api/games', { variant: r.variant, options: r.options, south: r.south, north: r.north }));
  let view = first;
  for (const m of r.moves) view = await gameApi('POST', first.id, 'moves', { move: String(m) });
  return view;
}

async function fillTimeline() {
  const v = app.view;
  const n = v.history.length;
  let full = true;
  for (let i = 0; i <= n; i++) if (!app.timeline[i]) full = false;
  if (full) return;
  const { timeline } = await replay(v.variant, v.state.options, v.history.map((h) => h.move), false);
  if (app.view !== v) return;
  for (let i = 0; i <= n; i++) if (!app.timeline[i]) app.timeline[i] = timeline[i];
}

async function startReview(k) {
  if (!app.view || app.busy) return;
  const v = app.view;
  try {
    setBusy(true);
    say('');
    await fillTimeline();
  } catch (e) {
    say(t('Cannot look back: {error}', { error: tlib(e.message) }), 'refused');
    return;
  } finally {
    setBusy(false);
  }
  app.review = Math.max(0, Math.min(k === undefined ? v.history.length : k, v.history.length));
  document.body.dataset.review = 'true';
  $('review').hidden = false;
  hideChoices();
  $('phase-controls').textContent = '';
  reader.away = false; // (asked for: the board after a move of the list)
  renderReview();
}

function renderReview() {
  const v = app.view;
  const k = app.review;
  const tl = app.timeline[k];
  const n = v.history.length;
  const s = $('status');
  const by = k > 0 ? v.history[k - 1] : null;
  const where = k === 0 ? t('Looking back: the start.') : t('Looking back: after move {k} of {n}, {side} {move}.', { k, n, side: sideName(by.by), move: by.move });
  const round = tl.state.round > 1 ? ` ${t('Round {round}.', { round: tl.state.round })}` : '';
  const stores = NO_STORES.has(v.variant) ? '' : ` ${t('Taken: South {s}, North {n}.', { s: tl.state.stores.S, n: tl.state.stores.N })}`;
  s.textContent = `${where}${round}${stores}`;
  $('status-why').hidden = true;
  $('round-line').hidden = true;
  s.dataset.toMove = '';
  s.dataset.over = v.state.over ? 'true' : 'false';
  s.dataset.review = String(k);
  drawBoard(v, tl.state, null, { last: sameRoundOf(tl), review: true, seat: seatFor(tl.state, tl.state.to_move) });
  renderMoveList(v);
  // the list scrolls to the move shown, the page does not (scrollIntoView would take the board away)
  const list = $('movelist');
  const shown = list.querySelector('li.shown');
  if (shown) {
    const top = shown.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + shown.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
  renderAgain(v);
  $('controls').hidden = true; // (undo, hint, look back: not while looking back)
  fitBoard();
  keepInView();
  $('review-first').disabled = $('review-prev').disabled = k === 0;
  $('review-next').disabled = $('review-last').disabled = k === n;
  $('review-pos').textContent = `${k} / ${n}`;
}

function stepReview(d) {
  if (app.review === null) return;
  const n = app.view.history.length;
  app.review = Math.max(0, Math.min(n, d === 'first' ? 0 : d === 'last' ? n : app.review + d));
  renderReview();
}

function endReview() {
  app.review = null;
  $('controls').hidden = false;
  document.body.dataset.review = 'false';
  $('review').hidden = true;
  delete $('status').dataset.review;
  render(app.view);
  computerTurns();
}

/* a record file (docs/notation.md): its tags and its moves */
function parseRecord(text) {
  const tags = {};
  const body = text.replace(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm, (m, k, v) => { tags[k] = v.replace(/\\(.)/g, '$1'); return ''; });
  const moves = [];
  for (const tok of body.replace(/\{[^}]*\}/g, ' ').split(/\s+/)) {
    if (!tok || /^\d+\.+$/.test(tok)) continue;
    if (['south', 'north', 'draw', '*'].includes(tok)) break;
    moves.push(tok.replace(/^\d+\.+/, ''));
  }
  return { tags, moves };
}

async function loadRecord(file) {
  if (!file) return;
  const text = await file.text();
  const { tags, moves } = parseRecord(text);
  if (!tags.Variant || !variantNamed(tags.Variant)) { say(t('That file is not a gabata record (no known [Variant "…"] tag).'), 'refused'); return; }
  if (tags.Position) { say(t('This record starts from a set-up position, which the page cannot load yet.'), 'refused'); return; }
  app.epoch++;
  leaveOnline();
  setBusy(true);
  try {
    const { timeline, view } = await replay(tags.Variant, tags.Options || '', moves, true);
    app.view = null;
    app.review = null;
    render(view);
    for (let i = 0; i < timeline.length; i++) app.timeline[i] = timeline[i];
    showRulesInPlay();
    openSetup(false);
    say(tags.South ? tn(moves.length, 'Loaded {file}: one move of {game} ({south} – {north}). It goes on between two people on this screen.', 'Loaded {file}: {n} moves of {game} ({south} – {north}). It goes on between two people on this screen.', { file: file.name, game: variantNamed(tags.Variant).title, south: isolate(tags.South), north: isolate(tags.North) })
      : tn(moves.length, 'Loaded {file}: one move of {game}. It goes on between two people on this screen.', 'Loaded {file}: {n} moves of {game}. It goes on between two people on this screen.', { file: file.name, game: variantNamed(tags.Variant).title }), 'info');
    setBusy(false);
    await startReview(moves.length);
  } catch (e) {
    say(t('Could not load the record: {error}', { error: tlib(e.message) }), 'refused');
  } finally {
    setBusy(false);
  }
}

/* ---- keys: Escape/Space skip the sowing; a hole's label plays it; arrows step a review ---- */
function onKey(e) {
  const tag = (e.target && e.target.tagName) || '';
  const typing = ['INPUT', 'SELECT', 'TEXTAREA'].includes(tag);
  if ((e.key === 'Escape' || (e.key === ' ' && !typing)) && app.animating) {
    e.preventDefault();
    skipAnimation();
    return;
  }
  if (typing || e.ctrlKey || e.metaKey || e.altKey || document.body.dataset.screen !== 'game') return;
  if (app.review !== null) {
    if (e.key === 'ArrowLeft') { e.preventDefault(); stepReview(-1); }
    else if (e.key === 'ArrowRight') { e.preventDefault(); stepReview(1); }
    else if (e.key === 'Home') { e.preventDefault(); stepReview('first'); }
    else if (e.key === 'End') { e.preventDefault(); stepReview('last'); }
    else if (e.key === 'Escape') { e.preventDefault(); endReview(); }
    return;
  }
  if (e.key.length === 1 && app.view && app.view.labels.includes(e.key) && tag !== 'BUTTON') {
    e.preventDefault();
    const h = app.view.labels.indexOf(e.key);
    const g = document.querySelector(`#board .hole[data-hole="${h}"]`);
    if (g && g.getAttribute('tabindex') === '0') g.focus();
    onHole(h);
  }
}

async function resume() {
  const r = remembered();
  if (!r || !r.id) return false;
  try {
    const view = r.local ? await replayLocal(r) : await gameApi('GET', r.id);
    app.view = null;
    if (view.online) enterOnline(view.id, r.seat, r.invite);
    render(view);
    showRulesInPlay();
    const v = variantNamed(view.variant);
    if (v) { $('variant').value = v.name; showOptions(); showRulesInPlay(); }
    openSetup(false);
    if (!$('message').textContent) say(t('Your game is back where you left it.'), 'info'); // (a link's error stays)
    // the moves made before the reload: replayed in the background, for the list's rounds
    if (view.state.round > 1) fillTimeline().then(() => { if (app.view === view && app.review === null) renderMoveList(view); }).catch(() => {});
    return true;
  } catch (e) {
    if (e.status === 404) forgetSeat(r.id);
    try { localStorage.removeItem('gabata.game'); } catch (x) { /* private mode */ }
    history.replaceState(null, '', '#');
    return false;
  }
}

/* the page's own texts in the language chosen (web/i18n.js), and the view drawn again in it */
function relabel() {
  if (typeof i18nApply === 'function') i18nApply();
  $('start').textContent = $('opponent').value === 'online' ? t('Create the game and get a link') : t('Start');
  // the lobby's lists and a player's page are drawn from the server's data in the page's words:
  // drawn again in the new ones (they waited for the next event, or a reload)
  if (app.catalog && lobby.live) { renderSeeks(); renderLive(lobby.live); }
  if (app.catalog && archive.id && document.body.dataset.screen === 'player') showPlayer(archive.id);
  if (!app.view || !app.catalog) return;
  if (app.review !== null) renderReview(); else render(app.view);
  if ($('setup-box').open) showChosenRules(); else showRulesInPlay();
}

/* a <select> of the games: one option a game of the catalogue, its name the value, its title shown */
function fillVariants(sel) {
  for (const v of app.catalog.variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.title;
    sel.append(o);
  }
}

async function init() {
  initSettings();
  try { await i18n.ready; } catch (e) { /* English */ }
  relabel();
  document.addEventListener('gabata-lang', relabel);
  $('status').textContent = t('Loading…');
  if (!onServer()) { // a static host (scripts/build-static): nothing that needs the server is offered
    const o = $('opponent').querySelector('option[value="online"]');
    if (o) o.remove();
  }
  try {
    app.catalog = await api('GET', '/api/variants');
  } catch (e) {
    $('status').textContent = t('Cannot reach the gabata server: {error}', { error: tlib(e.message) });
    return;
  }
  const sel = $('variant');
  fillVariants(sel);
  sel.addEventListener('change', showOptions);
  showOptions();
  $('setup-form').addEventListener('submit', newGame);
  $('setup-box').addEventListener('toggle', () => { if (!$('setup-box').open) showRulesInPlay(); else showChosenRules(); });
  $('undo').addEventListener('click', undo);
  $('status').addEventListener('click', statusOpen);
  $('round-line').addEventListener('click', statusOpen);
  $('hint').addEventListener('click', hint);
  $('flip').addEventListener('click', () => { app.flipped = !app.flipped; $('flip').setAttribute('aria-pressed', String(app.flipped)); if (app.view) { if (app.review !== null) renderReview(); else render(app.view); } });
  $('skip').addEventListener('click', skipAnimation);
  $('board').addEventListener('click', skipAnimation);
  // the board itself holds the focus (after a tap, or while nothing can be played): an arrow key goes to a hole
  $('board').addEventListener('keydown', (e) => {
    if (e.target !== $('board') || !/^Arrow/.test(e.key)) return;
    const f = firstHole();
    if (f) { e.preventDefault(); e.stopPropagation(); f.focus(); }
  });
  $('review-start').addEventListener('click', () => startReview(app.view ? app.view.history.length : 0));
  $('review-first').addEventListener('click', () => stepReview('first'));
  $('review-prev').addEventListener('click', () => stepReview(-1));
  $('review-next').addEventListener('click', () => stepReview(1));
  $('review-last').addEventListener('click', () => stepReview('last'));
  $('review-exit').addEventListener('click', endReview);
  $('round-ok').addEventListener('click', () => { $('round-banner').hidden = true; const f = firstHole(); if (f) f.focus({ preventScroll: true }); });
  $('again-same').addEventListener('click', () => playAgain('same'));
  $('again-swap').addEventListener('click', () => playAgain('swap'));
  $('again-computer').addEventListener('click', () => playAgain('computer'));
  $('status-why').addEventListener('click', () => openWhy($('status-why').dataset.ids.split(' ').filter(Boolean), $('status-why')));
  $('why-close').addEventListener('click', closeWhy);
  $('why-box').addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.stopPropagation(); closeWhy(); } });
  $('load-record').addEventListener('change', (e) => { loadRecord(e.target.files[0]); e.target.value = ''; });
  $('move-form').addEventListener('submit', (e) => { e.preventDefault(); const i = $('move-input'); playTyped(i.value.trim()); i.value = ''; });
  document.addEventListener('keydown', onKey);
  watchReader();
  // how the player last acted: the focus kept on the board after a move shows as a ring on a hole
  // for the keyboard only
  document.addEventListener('keydown', () => { app.lastInput = 'key'; }, true);
  document.addEventListener('pointerdown', () => { app.lastInput = 'pointer'; }, true);
  let wasUp = upright();
  window.addEventListener('resize', () => {
    fitBoard();
    if (upright() === wasUp || !app.view || app.animating) return;
    wasUp = upright();
    if (app.review !== null) renderReview(); else render(app.view);
  });
  for (const [b, f] of [['copy-invite', 'invite-link'], ['copy-watch', 'watch-link']]) $(b).addEventListener('click', () => copyLink(f));
  $('ask-undo').addEventListener('click', () => onlineAction('undo/request', {}, t('You asked to take back your last move.')));
  $('offer-draw').addEventListener('click', () => onlineAction('draw/offer', {}, t('You offered a draw.')));
  $('say-open').addEventListener('click', () => { if ($('say-menu').hidden) openSayMenu(); else closeSayMenu(true); });
  $('say-close').addEventListener('click', () => closeSayMenu(true));
  $('say-mute').addEventListener('click', () => setPhrasesMuted(!phrasesMuted()));
  $('say-menu').addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); closeSayMenu(true); } });
  $('offer-accept').addEventListener('click', () => answerOffer(true));
  $('offer-decline').addEventListener('click', () => answerOffer(false));
  $('resign').addEventListener('click', () => { $('resign-confirm').hidden = false; $('resign').hidden = true; $('resign-yes').focus(); });
  $('resign-no').addEventListener('click', () => { $('resign-confirm').hidden = true; $('resign').hidden = false; });
  $('resign-yes').addEventListener('click', () => { $('resign-confirm').hidden = true; $('resign').hidden = false; onlineAction('resign', {}, t('You resigned.')); });
  $('abort').addEventListener('click', () => onlineAction('abort', {}, t('You aborted the game.')));
  $('claim-win').addEventListener('click', () => onlineAction('claim', { result: 'win' }, t('You claimed the win: your opponent left.')));
  $('claim-draw').addEventListener('click', () => onlineAction('claim', { result: 'draw' }, t('You claimed a draw: your opponent left.')));
  $('opponent').addEventListener('change', () => { $('start').textContent = $('opponent').value === 'online' ? t('Create the game and get a link') : t('Start'); });
  initScreens();
  // a link pasted into the address bar of a page already open, or one of the page's own
  window.addEventListener('hashchange', () => { openLink(); });
  document.body.dataset.screen = 'game';
  const link = await openLink();
  if (link === true) return;
  if (link === 'screen') { // the lobby or a player's page: the last game waits behind it
    const screen = document.body.dataset.screen;
    const h = location.hash;
    if (!(await resume())) await newGame();
    else computerTurns();
    history.replaceState(null, '', h);
    showScreen(screen);
    return;
  }
  if (await resume()) { computerTurns(); return; }
  await newGame();
}

/* ---- online play: a link to join (#join=ID.INVITE), to watch (#watch=ID); live over SSE ---- */

/* The address names a game to join or to watch: do it (true), or not (false: go on as usual). */
async function openLink() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get('join')) { showScreen('game'); return joinGame(h.get('join')); }
  if (h.get('watch')) { showScreen('game'); return watchGame(h.get('watch')); }
  if (h.has('lobby') && onServer()) { showLobby(); return 'screen'; }
  if (h.get('player') && onServer()) { showPlayer(h.get('player')); return 'screen'; }
  if (h.has('learn')) { showLearn(h.get('learn') || null); return 'screen'; } // learn.js
  if (h.get('game') && document.body.dataset.screen !== 'game') showScreen('game');
  if (h.get('game') && app.view && h.get('game') !== app.view.id) return openGame(h.get('game'));
  return false;
}

async function joinGame(link) {
  const dot = link.indexOf('.');
  const id = dot > 0 ? link.slice(0, dot) : link;
  const invite = dot > 0 ? link.slice(dot + 1) : '';
  app.epoch++;
  leaveOnline();
  try {
    const view = keepToken(await api('POST', `/api/games/${encodeURIComponent(id)}/join`, { invite }));
    enterOnline(view.id, view.seat, null);
    app.view = null;
    render(view);
    showRulesInPlay();
    openSetup(false);
    say(t('You joined: you play {side}.', { side: sideName(view.seat) }), 'info');
    computerTurns();
    return true;
  } catch (e) {
    // this machine joined already (the link opened again): go on with its seat
    if (e.status === 409 && credentialFor(id)) {
      history.replaceState(null, '', `#game=${id}`); // (the invite, used, leaves the address)
      if (await resume()) { computerTurns(); return true; }
    }
    if (e.status === 409) {
      say(t('Both seats of this game are taken: you are watching it.'), 'info');
      return watchGame(id, true);
    }
    history.replaceState(null, '', '#');
    say(t('This link does not open a game: {error}', { error: tlib(e.message) }), 'refused');
    return false;
  }
}

async function watchGame(id, keepMessage) {
  app.epoch++;
  leaveOnline();
  try {
    const view = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    if (!view.online) throw new Error('that game is not an online game');
    enterOnline(view.id, null, null);
    app.view = null;
    render(view);
    showRulesInPlay();
    openSetup(false);
    if (!keepMessage) say(t('You are watching this game live.'), 'info');
    return true;
  } catch (e) {
    leaveOnline();
    history.replaceState(null, '', '#');
    say(t('Cannot watch that game: {error}', { error: tlib(e.message) }), 'refused');
    return false;
  }
}

function enterOnline(id, seat, invite) {
  leaveOnline();
  app.online = { id, seat: seat || null, invite: invite || null, es: null,
    present: { S: false, N: false }, stream: 'connecting', pending: false, pumping: false };
  if (invite) keepSeat(id, { invite });
  document.body.dataset.online = seat || 'watch';
  openStream();
}

function leaveOnline() {
  const o = app.online;
  if (!o) return;
  o.closed = true;
  if (o.es) o.es.close();
  clearTimeout(o.retry);
  clearTimeout(o.claimTimer);
  app.online = null;
  document.body.dataset.online = '';
  $('online').hidden = true;
  closeSayMenu(false);
  clearTimeout(app.saidTimer);
  $('said').textContent = '';
}

/* The game's event stream (GET /api/games/ID/events, the seat's credential in its header):
 * every change arrives here; the page then reads the game again (one GET), which also covers a
 * reconnection after the server restarted. */
function openStream() {
  const o = app.online;
  if (!o || o.closed) return;
  if (o.es) o.es.close();
  const live = () => { if (app.online === o) liveUpdate(); };
  const parse = (data) => { try { return JSON.parse(data); } catch (x) { return {}; } };
  const on = (type, data) => {
    if (app.online !== o) return;
    const d = parse(data);
    if (type === 'hello') {
      // the seat the server knows this stream's credential for (a link that named none)
      if (credentialFor(o.id) && !o.seat && (d.seat === 'S' || d.seat === 'N')) o.seat = d.seat;
      live();
    } else if (type === 'connected' || type === 'gone') {
      if (d.seat !== 'S' && d.seat !== 'N') return;
      o.present[d.seat] = type === 'connected';
      if (d.seat !== o.seat) o.goneAt = type === 'gone' ? Date.now() : null; // (a claim's grace counts from here)
      o.presenceTold = (o.presenceTold || 0) + 1;
      if (app.view) renderOnline(app.view);
    } else if (type === 'say') {
      showPhrase(d); // (nothing of the game changed: no read)
    } else if (type === 'deleted') {
      say(t('This game was deleted on the server.'), 'refused');
      o.closed = true;
      o.es.close();
    } else {
      // the other player's answer to this seat's offer, and his resignation: said in one line
      if ((type === 'answer' || type === 'resign' || type === 'abort' || type === 'claim') && o.seat && d.by && d.by !== o.seat) {
        const who = opponentWord();
        if (type === 'claim' && d.end_reason !== 'aborted') say(d.result === 'draw' ? t('{who} claimed a draw: you were gone.', { who }) : t('{who} claimed the win: you were gone.', { who }), 'info');
        else if (type === 'abort' || d.end_reason === 'aborted') say(t('{who} ended the game before both players had moved: it is aborted.', { who }), 'info');
        else if (type === 'resign') say(t('{who} resigned: you win.', { who }), 'info');
        else if (d.kind === 'draw') say(d.accept ? t('{who} agreed to your draw offer.', { who }) : t('{who} declined your draw offer.', { who }), 'info');
        else say(d.accept ? t('{who} agreed to your request to take back.', { who }) : t('{who} declined your request to take back.', { who }), 'info');
      }
      live(); // move, undo, offer, join, over, reset, the clock's and the rematch's events: read the game
    }
  };
  const state = (what) => {
    if (app.online !== o || o.closed) return;
    if (what === 'open') {
      const back = o.stream === 'lost';
      o.stream = 'open';
      if (back) { say(t('Connected to the server again.'), 'info'); liveUpdate(); }
    } else {
      o.stream = 'lost';
      // a refusal a retry would not change (the game is gone): the stream stays shut
      if (what === 'failed') say(t("This game's live updates stopped: the server no longer knows it (reload the page to try again)."), 'refused');
    }
    if (app.view) renderOnline(app.view);
  };
  o.es = eventStream(`/api/games/${encodeURIComponent(o.id)}/events`, { auth: () => credentialFor(o.id), on, state });
}

function liveUpdate() {
  const o = app.online;
  if (!o) return;
  o.pending = true;
  pump();
}

/* Read the game again and show it (the opponent's move sown lap by lap); one read at a time, and
 * none while this page shows a move of its own (setBusy(false) calls again). */
async function pump() {
  const o = app.online;
  if (!o || o.pumping || !o.pending || app.busy) return;
  o.pumping = true;
  try {
    while (o.pending && app.online === o && !app.busy) {
      o.pending = false;
      const told = o.presenceTold; // (a connected/gone event during the read is newer than its view)
      const view = await api('GET', `/api/games/${encodeURIComponent(o.id)}`);
      if (app.online !== o) return;
      const prev = app.view;
      if (prev && prev.id === view.id && view.connected && told === o.presenceTold) o.present = { S: view.connected.S, N: view.connected.N };
      if (prev && prev.id === view.id && view.history.length === prev.history.length + 1 && view.last && app.review === null) {
        setBusy(true);
        o.pumping = true;
        try { await animate(view); } finally { app.busy = false; document.body.dataset.busy = 'false'; updateOnlineButtons(); }
        if (app.online !== o) return;
      }
      render(view);
      if (followRematch(view)) return;
    }
  } catch (e) {
    if (app.online === o) say(t('Could not read the game: {error}', { error: tlib(e.message) }), 'refused');
  } finally {
    o.pumping = false;
  }
  if (app.online === o) {
    if (o.pending) setTimeout(pump, 0);
    else computerTurns(); // a forced move of this seat (Q5, A9) is played for it
  }
}

/* The online panel: the link to send, whether the opponent is there, offers and their answers. */
function renderOnline(view) {
  const o = app.online;
  const box = $('online');
  const on = !!(o && o.id === view.id);
  box.hidden = !on;
  if (!on) { $('online-controls').hidden = true; $('offer').hidden = true; $('rematch-box').hidden = true; }
  $('undo').hidden = on;
  $('hint').hidden = on; // (no computer help between two people)
  $('move-form').hidden = on && !o.seat;
  if (!on) return;
  // the view's presence until the first connected/gone event; from then on the events (and
  // pump()'s reads that no event overtook) say it: an older view must not bring back a player
  // who has gone (issue 22: "gone" was lost after a declined offer)
  if (view.connected && !o.presenceTold) {
    for (const side of ['S', 'N']) if (side !== o.seat) o.present[side] = !!view.connected[side];
  }
  const base = `${location.origin}${location.pathname}`;
  $('watch-link').value = `${base}#watch=${view.id}`;
  const st = view.state;
  const status = $('online-status');
  let text, opp;
  if (!o.seat) {
    opp = 'watching';
    const line = (side, on) => (side === 'S' ? (on ? t('South is connected.') : t('South is not connected.')) : (on ? t('North is connected.') : t('North is not connected.')));
    text = `${t('You are watching live (read-only).')} ${line('S', o.present.S)} ${line('N', o.present.N)}`;
  } else if (!view.joined) {
    opp = 'waiting';
    text = t('Waiting for your friend to join: send him the link.');
  } else {
    const f = other(o.seat);
    opp = o.present[f] ? 'connected' : 'gone';
    text = `${t('You play {side}.', { side: sideName(o.seat) })} ${o.present[f] ? t('{who} ({side}) is connected.', { who: opponentWord(), side: sideName(f) }) : t('{who} ({side}) is gone (not connected now).', { who: opponentWord(), side: sideName(f) })}`;
  }
  if (o.stream === 'lost') text += ` ${t('The connection to the server is lost: reconnecting…')}`;
  status.textContent = text;
  status.dataset.opponent = opp;
  status.dataset.stream = o.stream;
  const showInvite = !!(o.seat && !view.joined && o.invite);
  $('invite').hidden = !showInvite;
  if (showInvite) $('invite-link').value = `${base}#join=${view.id}.${o.invite}`;
  // offers: made by one seat, answered by the other
  const off = view.offer;
  const offerBox = $('offer');
  offerBox.hidden = !off || st.over;
  if (off && !st.over) {
    const mine = off.by === o.seat;
    const draw = off.kind === 'draw';
    $('offer-text').textContent = !o.seat ? (draw ? t('{side} offers a draw; the other player answers.', { side: sideName(off.by) }) : t('{side} offers to take back a move; the other player answers.', { side: sideName(off.by) }))
      : mine ? (draw ? t("You asked for a draw: waiting for {who}'s answer.", { who: opponentWord(true) }) : t("You asked for a take-back: waiting for {who}'s answer.", { who: opponentWord(true) }))
        : draw ? t('{who} asks for a draw. Do you agree?', { who: opponentWord() }) : t('{who} asks to take back the last move. Do you agree?', { who: opponentWord() });
    $('offer-buttons').hidden = !o.seat || mine;
    offerBox.dataset.kind = off.kind;
    offerBox.dataset.by = off.by;
  }
  renderRematch(view);
  const playing = !!(o.seat && view.joined && !st.over);
  $('online-controls').hidden = !o.seat;
  // while a move is being shown a request would be dropped: the buttons say so, disabled
  const waiting = !!(app.animating || app.busy);
  $('online-controls').dataset.waiting = waiting ? 'true' : 'false';
  const asked = (what) => !!(o.offered && o.offered[what] === view.history.length); // (this move's, made)
  $('ask-undo').disabled = !playing || !!off || !view.history.some((h) => h.by === o.seat) || waiting || asked('undo/request');
  $('offer-draw').disabled = !playing || !!off || waiting || asked('draw/offer');
  for (const id of ['ask-undo', 'offer-draw']) {
    if (playing && waiting) $(id).title = t('Wait until the move has been shown');
    else $(id).removeAttribute('title');
  }
  // quick phrases: the two seats once both are there, after the end too ("Good game!")
  $('say-open').hidden = !(o.seat && view.joined);
  if ($('say-open').hidden) closeSayMenu(false);
  $('resign').disabled = !playing;
  if (!playing) { $('resign-confirm').hidden = true; $('resign').hidden = false; }
  // before his own first move a player aborts instead (nobody wins, nothing rated: docs/api.md)
  $('abort').hidden = !playing || view.history.some((h) => h.by === o.seat);
  renderClaim(view, playing);
}

/* The opponent to move has had no stream for the server's grace (abandon_grace_s): the player
 * left waiting may claim the win or a draw (POST claim; the server counts the grace itself: the
 * page's count, from the "gone" it heard or its first view, is never ahead of it). */
function renderClaim(view, playing) {
  const o = app.online;
  const f = o.seat ? other(o.seat) : null;
  const grace = view.abandon_grace_s;
  const absent = !!(playing && grace && f && view.state.to_move === f && !o.present[f]);
  if (absent && !o.goneAt) o.goneAt = Date.now();
  const due = absent ? o.goneAt + grace * 1000 - Date.now() : Infinity;
  clearTimeout(o.claimTimer);
  if (absent && due > 0) o.claimTimer = setTimeout(updateOnlineButtons, due + 250);
  $('claim').hidden = !(absent && due <= 0);
}
function updateOnlineButtons() {
  if (app.online && app.view && app.online.id === app.view.id) renderOnline(app.view);
}

/* ---- quick phrases (docs/api.md, "Quick phrases"): a fixed list of ids, each shown to its
 * reader in his own language; no free text. The opponent's may be muted (kept in localStorage). */
const PHRASES = [
  ['hello', () => t('Hello!')],
  ['good-luck', () => t('Good luck!')],
  ['well-played', () => t('Well played!')],
  ['thanks', () => t('Thank you!')],
  ['good-game', () => t('Good game!')],
  ['sorry', () => t('Sorry!')],
  ['wait', () => t('One moment, please.')],
  ['bye', () => t('Goodbye!')],
];
const MUTE_KEY = 'gabata.mute-phrases';
const SAID_MS = 8000; // how long a phrase stays over the board
function phrasesMuted() {
  try { return localStorage.getItem(MUTE_KEY) === '1'; } catch (e) { return !!app.mutePhrases; }
}
function setPhrasesMuted(on) {
  app.mutePhrases = on;
  try { if (on) localStorage.setItem(MUTE_KEY, '1'); else localStorage.removeItem(MUTE_KEY); } catch (e) { /* private mode: this page only */ }
  $('say-mute').setAttribute('aria-pressed', on ? 'true' : 'false');
  const el = $('said'); // (the opponent's phrase on the board goes at once)
  if (on && app.online && el.dataset.by && el.dataset.by !== app.online.seat) { el.textContent = ''; delete el.dataset.phrase; }
}
/* a `say` event: "North: Good game!" over the board's top edge (the opponent's side), and read
 * out by a screen reader (#said is a polite live region); the opponent's dropped when muted */
function showPhrase(d) {
  const o = app.online;
  const p = PHRASES.find(([id]) => id === d.phrase);
  if (!o || !p || (d.by !== 'S' && d.by !== 'N')) return;
  if (d.by !== o.seat && phrasesMuted()) return;
  const el = $('said');
  el.textContent = t('{who}: {phrase}', { who: nameOf(app.view, d.by) || sideName(d.by), phrase: p[1]() });
  el.dataset.by = d.by;
  el.dataset.phrase = d.phrase;
  clearTimeout(app.saidTimer);
  app.saidTimer = setTimeout(() => { el.textContent = ''; delete el.dataset.phrase; }, SAID_MS);
}
function openSayMenu() {
  const box = $('say-phrases');
  box.textContent = '';
  for (const [id, text] of PHRASES) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.phrase = id;
    b.textContent = text();
    b.addEventListener('click', () => sayPhrase(id));
    box.append(b);
  }
  $('say-mute').setAttribute('aria-pressed', phrasesMuted() ? 'true' : 'false');
  $('say-menu').hidden = false;
  $('say-open').setAttribute('aria-expanded', 'true');
  box.firstChild.focus();
}
function closeSayMenu(refocus) {
  if ($('say-menu').hidden) return;
  $('say-menu').hidden = true;
  $('say-open').setAttribute('aria-expanded', 'false');
  if (refocus && !$('say-open').hidden) $('say-open').focus();
}
async function sayPhrase(id) {
  const o = app.online;
  closeSayMenu(true);
  if (!o || !o.seat) return;
  try {
    await gameApi('POST', o.id, 'say', { phrase: id }); // (shown when its event comes back)
  } catch (e) {
    if (app.online === o) say(t('Refused: {error}', { error: tlib(e.message) }), 'refused');
  }
}

async function onlineAction(action, body, done) {
  const o = app.online;
  if (!o || !o.seat || app.busy) return;
  const epoch = app.epoch;
  try {
    const view = await gameApi('POST', o.id, action, withPly(app.view, body));
    // one offer of each kind a move (the server's rule): its button waits for the next move
    if (action === 'draw/offer' || action === 'undo/request') (o.offered = o.offered || {})[action] = view.history.length;
    say(done, 'info');
    render(view);
  } catch (e) {
    if (e.status === 409 && await staleReload(epoch)) return;
    say(t('Refused: {error}', { error: tlib(e.message) }), 'refused');
  }
}

async function answerOffer(accept) {
  const off = app.view && app.view.offer;
  if (!off) return;
  const kind = off.kind === 'draw' ? 'draw' : 'undo';
  await onlineAction(`${kind}/answer`, { accept }, accept ? (kind === 'draw' ? t('Draw agreed.') : t('The move was taken back.')) : t('You declined.'));
}

async function copyLink(inputId) {
  const inp = $(inputId);
  try {
    await navigator.clipboard.writeText(inp.value);
  } catch (e) {
    inp.select(); // (no clipboard over plain http to another machine: select it for Ctrl-C)
    try { document.execCommand('copy'); } catch (x) { /* selected: the person copies it */ }
  }
  say(t('The link is copied: paste it into a message to your friend.'), 'info');
}

/* ---- the stale ply: a 409 to a request made at a ply the game has left ----
 * (another tab, the opponent, the server's own forced move or flag fall came first): the page
 * reads the game again and shows it, saying nothing. true when that was it. */
async function staleReload(epoch) {
  const v = app.view;
  if (!v || engine.games.has(v.id)) return false;
  try {
    const now = await gameApi('GET', v.id);
    if (app.epoch !== epoch || !app.view || app.view.id !== now.id) return true;
    if (now.history.length === v.history.length && now.state.over === v.state.over) return false;
    render(now);
    return true;
  } catch (e) {
    return false;
  }
}

/* ---- clocks (docs/api.md, "Clocks"): the server keeps the time; the page shows its figures
 * counting down from the moment they arrived, the running side's only ---- */
const LOW_MS = 10000;
function clocked(view) { return !!(view && view.clock && typeof view.clock.S === 'number'); }
function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < LOW_MS) return `${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const sec = Math.ceil(left / 1000), h = Math.floor(sec / 3600), m = Math.floor((sec % 3600) / 60), x = sec % 60;
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(x).padStart(2, '0')}` : `${m}:${String(x).padStart(2, '0')}`;
}
function setClocks(view) {
  const box = $('clocks');
  // a clocked game being played: on a phone the page's header gives its room to the board (style.css)
  document.body.dataset.clockRunning = clocked(view) && !view.state.over ? 'true' : 'false';
  if (!clocked(view)) {
    box.hidden = true;
    $('clock-warning').hidden = true;
    clearInterval(app.clockTimer);
    app.clock = null;
    return;
  }
  const c = view.clock;
  const running = !view.state.over && (c.running === 'S' || c.running === 'N') ? c.running : null;
  // a first move's window (its own count, not the side's time: docs/api.md "Clocks")
  const first = !view.state.over && !running && (c.first_move === 'S' || c.first_move === 'N') && typeof c.deadline === 'number' && typeof c.now === 'number'
    ? { side: c.first_move, ms: c.deadline - c.now } : null;
  const prev = app.clock && app.clock.id === view.id ? app.clock : null;
  app.clock = { id: view.id, S: c.S, N: c.N, running, first, at: performance.now(), warned: prev ? prev.warned : { S: false, N: false } };
  box.hidden = false;
  const seat = seatFor(view.state);
  for (const [elId, side] of [['clock-far', other(seat)], ['clock-near', seat]]) {
    const e = $(elId);
    e.dataset.side = side;
    const n = nameOf(view, side);
    const mine = app.online && app.online.seat === side;
    e.querySelector('.who').textContent = mine ? t('{side} (you)', { side: sideName(side) }) : n ? `${sideName(side)} (${n})` : sideName(side);
    e.setAttribute('aria-label', side === 'N' ? t("North's clock") : t("South's clock"));
  }
  tickClocks();
  clearInterval(app.clockTimer);
  if (running || first) app.clockTimer = setInterval(tickClocks, 100);
}
function tickClocks() {
  const k = app.clock;
  if (!k) return;
  const spent = performance.now() - k.at;
  const o = app.online;
  for (const elId of ['clock-far', 'clock-near']) {
    const e = $(elId);
    const side = e.dataset.side;
    const ms = k.running === side ? k[side] - spent : k[side];
    const tx = e.querySelector('.time');
    const win = k.first && k.first.side === side ? Math.max(0, k.first.ms - spent) : null;
    // a first move's window shows as its own count instead of the time, which does not run yet
    const text = win !== null ? t('1st move {s} s', { s: Math.ceil(win / 1000) }) : clockText(ms);
    if (tx.textContent !== text) tx.textContent = text;
    e.dataset.first = win !== null ? 'true' : 'false';
    e.dataset.running = k.running === side || win !== null ? 'true' : 'false';
    e.dataset.low = ms < LOW_MS && (k.running === side || ms <= 0) ? 'true' : 'false';
    e.dataset.ms = String(Math.max(0, Math.round(ms)));
    // a warning as a clock goes under LOW_MS, once a turn (the player's own; a spectator's: any)
    if (k.running === side && ms < LOW_MS && ms > 0 && !k.warned[side] && (!o || !o.seat || o.seat === side)) {
      k.warned[side] = true;
      const w = $('clock-warning');
      w.textContent = o && o.seat === side ? t('Under 10 seconds on your clock!') : t('{side}: under 10 seconds', { side: sideName(side) });
      w.dataset.side = side;
      w.hidden = false;
    }
  }
  // it lies on the board's top: gone once that clock stops (its side moved, or the game ended),
  // not left there for the rest of the game; shown again at that side's next turn if still low
  const w = $('clock-warning');
  if (!w.hidden && w.dataset.side !== k.running) {
    w.hidden = true;
    k.warned[w.dataset.side] = false;
  }
}

/* ---- rematch (docs/api.md): offered at the end by one seat, accepted by the other's same call;
 * both pages then move to the new game, the seats swapped ---- */
function rematchOffer(view) {
  const off = view.offer && view.offer.kind === 'rematch' ? view.offer.by : view.rematch_offer;
  if (off && typeof off === 'object') return off.by || null;
  return off === 'S' || off === 'N' ? off : null;
}
function renderRematch(view) {
  const o = app.online;
  const box = $('rematch-box');
  const show = !!(o && o.seat && view.joined && view.state.over && !view.rematch && !engine.games.has(view.id));
  box.hidden = !show;
  if (!show) return;
  const by = rematchOffer(view);
  const b = $('rematch');
  if (by === o.seat) {
    $('rematch-text').textContent = t('You offered a rematch: waiting for {who}.', { who: opponentWord(true) });
    b.hidden = true;
  } else if (by) {
    $('rematch-text').textContent = t('{who} offers a rematch, the sides swapped.', { who: opponentWord() });
    b.textContent = t('Accept the rematch');
    b.hidden = false;
  } else {
    $('rematch-text').textContent = t('Play again, the sides swapped?');
    b.textContent = t('Offer a rematch');
    b.hidden = false;
  }
  box.dataset.by = by || '';
}
async function rematch() {
  const o = app.online, v = app.view;
  if (!o || !o.seat || !v) return;
  try {
    const r = await gameApi('POST', v.id, 'rematch', withPly(v, {}));
    if (r && r.game && !r.state) { openRematch(v, r.game); return; }
    if (r && r.state) { render(r); if (followRematch(r)) return; }
    say(t('You offered a rematch.'), 'info');
  } catch (e) {
    say(t('No rematch: {error}', { error: tlib(e.message) }), 'refused');
  }
}
/* the view names the new game: go to it (true) */
function followRematch(view) {
  const o = app.online;
  if (!view.rematch || !o || !o.seat || o.id !== view.id || !credentialFor(view.id)) return false;
  openRematch(view, view.rematch);
  return true;
}
/* each side plays the rematch with what he played the old game with: his player's key, or his
 * seat's token (the new game's seats carry the old tokens, swapped: docs/api.md "Rematch") */
function openRematch(old, id) {
  const k = seatOf(old.id) || {};
  keepSeat(id, { seat: other(app.online.seat), token: k.token || undefined, player: k.player || undefined });
  say(t('The rematch has started: the sides are swapped.'), 'info');
  openGame(id);
}

/* Open game id from the server, with the seat this browser holds in it (none: watch it). */
async function openGame(id, message) {
  app.epoch++;
  skipAnimation();
  leaveOnline();
  showScreen('game');
  history.replaceState(null, '', `#game=${id}`);
  if (!(await resume())) { say(t('Cannot open that game.'), 'refused'); return false; }
  if (message) say(message, 'info');
  computerTurns();
  return true;
}

/* ---- screens: the game, the lobby (#lobby), a player's page (#player=ID) ---- */
const onServer = () => document.body.dataset.static !== 'true';
let screenHash = ''; // the address when the screen was last chosen (remember)
function showScreen(name) {
  const was = document.body.dataset.screen;
  screenHash = location.hash;
  document.body.dataset.screen = name;
  $('game-screen').hidden = name !== 'game';
  $('lobby').hidden = name !== 'lobby';
  $('player').hidden = name !== 'player';
  $('learn').hidden = name !== 'learn'; // the learn mode (learn.js)
  $('to-learn').hidden = name === 'learn';
  $('to-game').hidden = name === 'game' || !app.view;
  $('to-lobby').hidden = name === 'lobby';
  if (name === 'game' && was !== 'game' && app.view && app.review === null) render(app.view);
}

/* ---- the lobby (docs/api.md, "The lobby"): a name once, open seeks, live games ---- */
const lobby = { es: null, seeks: [], refreshing: false, again: false };
const sleepMs = (ms) => new Promise((r) => setTimeout(r, ms));

function lobbySay(text, kind) {
  const m = $('lobby-message');
  m.textContent = text || '';
  m.className = kind || '';
  // a refusal is read where it is: the message sits over the lists, and a seek's Accept far down
  // the list left it off a phone's screen (a refused Accept seemed to do nothing)
  if (text && kind === 'refused') {
    const b = m.getBoundingClientRect();
    if (b.top < 0 || b.bottom > window.innerHeight) m.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  }
}
function clockLabel(c) {
  if (!c) return t('no clock');
  const i = Number(c.initial_s), inc = Number(c.increment_s || 0);
  return i % 60 === 0 ? `${i / 60}+${inc}` : `${i} s + ${inc} s`;
}
function titleOf(variant) { const v = variantNamed(variant); return v ? v.title : variant; }
function ratingText(r) {
  if (r === null || r === undefined) return '';
  if (typeof r === 'object') return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
  return String(Math.round(Number(r)));
}

async function showLobby() {
  if (!onServer()) { showScreen('game'); return; }
  showScreen('lobby');
  renderMe();
  lobbyStream();
  await refreshLobby();
}
function renderMe() {
  const p = me();
  $('name-form').hidden = !!p;
  $('me-line').hidden = !p;
  if (p) { $('me-link').textContent = p.name; $('me-link').href = `#player=${p.id}`; }
  $('seek-create').disabled = !p;
  document.body.dataset.player = p ? p.id : '';
}
async function chooseName(e) {
  e.preventDefault();
  const name = $('name-input').value.trim();
  if (!name) return;
  try {
    const r = await api('POST', '/api/players', { name });
    saveJSON(PLAYER_KEY, { id: r.id, name: r.name, key: r.key });
    lobbySay(t('Welcome, {name}. Accept a game below, or create one.', { name: isolate(r.name) }), 'info');
    renderMe();
    lobbyStream(true); // (the stream again, as this player: his seeks live while it is open)
    refreshLobby();
  } catch (err) {
    const like = err.status === 409 && err.data && typeof err.data.like === 'string' ? err.data.like : null;
    lobbySay(like !== null ? t('The name {name} looks like {like}, the name of another player: choose one that cannot be taken for it.', { name: isolate(name), like: isolate(like) })
      : err.status === 409 ? t('The name {name} is taken: choose another.', { name: isolate(name) }) : t('That name cannot be used: {error}', { error: tlib(err.message) }), 'refused');
    $('name-input').focus();
  }
}

/* The lobby's stream: seeks come and go; the game a seek of this player started opens at once. */
function lobbyStream(again) {
  if (lobby.es && !again) return;
  if (lobby.es) lobby.es.close();
  const on = (type, data) => {
    let d = {};
    try { d = JSON.parse(data); } catch (x) { return; }
    const p = me();
    if (type === 'game' && d.game && p && (!d.player || d.player === p.id || (d.player && d.player.id === p.id))) {
      keepSeat(d.game, { seat: d.seat, player: p.id });
      openGame(d.game, t('Your game has started: you play {side}.', { side: sideName(d.seat) }));
    }
    // a seek event carries the change: applied here, no read of the whole list (up to 5,000)
    if (type === 'seek' && !lobby.refreshing && lobby.seeks && d.seek && d.seek.seek) applySeek(d);
    else if (type === 'seek' || type === 'hello' || type === 'reset') refreshLobby();
    else if (type === 'game') refreshLive();
  };
  const state = (what, status) => {
    document.body.dataset.lobbyStream = what;
    // (no read of the list here: a new stream's hello reads it, for what changed before it opened,
    // and a stream that resumes gets the events it missed, or reset; a read at open as well was a
    // second read of up to 5,000 seeks at every arrival)
    if (what === 'failed' && status === 401) { // the server knows this key no more (a new database): a name again
      try { localStorage.removeItem(PLAYER_KEY); } catch (x) { /* private mode */ }
      renderMe();
      lobbySay(t('This server does not know your name any more: choose one again.'), 'refused');
      lobbyStream(true); // (the stream again, a spectator's)
    }
  };
  lobby.es = eventStream('/api/lobby/events', { auth: () => { const p = me(); return p && p.key; }, on, state });
}

/* a seek event ({action, seek}): the list as it now stands */
function applySeek(d) {
  const id = d.seek.seek;
  lobby.seeks = lobby.seeks.filter((k) => k.seek !== id);
  if (d.action === 'added') lobby.seeks.push(d.seek);
  renderSeeks();
}

/* the live games alone (a seek accepted: a game began) */
async function refreshLive() {
  try {
    const live = await api('GET', '/api/games?status=live');
    renderLive(Array.isArray(live) ? live : live.games || []);
  } catch (e) { /* the next full read shows them */ }
}

/* GET /api/seeks and the live games, and show them (one read at a time; a change meanwhile reads again) */
async function refreshLobby() {
  if (lobby.refreshing) { lobby.again = true; return; }
  lobby.refreshing = true;
  try {
    do {
      lobby.again = false;
      const p = me();
      const [seeks, live, mine] = await Promise.all([api('GET', '/api/seeks'), api('GET', '/api/games?status=live').catch(() => ({ games: [] })),
        p ? api('GET', `/api/players/${encodeURIComponent(p.id)}`).catch(() => null) : null]);
      lobby.ratings = (mine && mine.ratings) || {};
      lobby.seeks = seeks.seeks || [];
      renderSeeks();
      renderLive(Array.isArray(live) ? live : live.games || []);
    } while (lobby.again);
    refreshBest();
  } catch (e) {
    lobbySay(t('Cannot read the lobby: {error}', { error: tlib(e.message) }), 'refused');
  } finally {
    lobby.refreshing = false;
  }
}

/* At most SEEKS_SHOWN seeks are drawn: the player's own, then those whose seeker's rating is
 * nearest his own in their game (1500 unknown), oldest first among equals; a line counts the rest. */
const SEEKS_SHOWN = 50;
function shownSeeks(p) {
  const mineFirst = (k) => (p && k.by && k.by.id === p.id ? 0 : 1);
  const mine = (v) => { const r = lobby.ratings && lobby.ratings[v]; return r && typeof r.rating === 'number' ? r.rating : 1500; };
  const far = (k) => Math.abs(((k.by && k.by.rating) || 1500) - mine(k.variant));
  return lobby.seeks.map((k, i) => [k, i]).sort((a, b) => mineFirst(a[0]) - mineFirst(b[0]) || far(a[0]) - far(b[0]) || a[1] - b[1])
    .slice(0, SEEKS_SHOWN).map((x) => x[0]);
}

/* Show `items` in list `ul`, one <li> each, changing only what changed: an item whose `sig` (all
 * its <li> shows) is the one drawn keeps its element, so a seek or game coming or going elsewhere
 * in the list takes neither the focus nor a tap in progress from the button a person is on (the
 * list is redrawn at every event of the lobby's stream). */
function keyedList(ul, items, keyOf, sigOf, make) {
  const lang = document.documentElement.lang;
  const active = document.activeElement;
  const focusedLi = active && ul.contains(active) ? active.closest('li') : null;
  const focusedKey = focusedLi ? focusedLi.dataset.key : null;
  const had = new Map([...ul.children].map((li) => [li.dataset.key, li]));
  const want = items.map((it) => {
    const key = String(keyOf(it));
    const sig = JSON.stringify([lang, sigOf(it)]);
    const li = had.get(key);
    if (li && li.dataset.sig === sig) { had.delete(key); return li; }
    const made = make(it);
    made.dataset.key = key;
    made.dataset.sig = sig;
    return made;
  });
  for (const li of had.values()) li.remove();
  want.forEach((li, i) => { if (ul.children[i] !== li) ul.insertBefore(li, ul.children[i] || null); });
  // the item a person was on, redrawn (its text changed): the focus goes to its new element
  if (focusedKey !== null && !ul.contains(document.activeElement)) {
    const again = want.find((li) => li.dataset.key === focusedKey);
    const target = again && again.querySelector('button, a');
    if (target) target.focus();
  }
}

function renderSeeks() {
  const ul = $('seeks');
  const p = me();
  const shown = shownSeeks(p);
  const rest = lobby.seeks.length - shown.length;
  const more = $('more-seeks');
  more.hidden = rest <= 0;
  more.textContent = rest > 0 ? tn(rest, 'One more seek, further from your rating, is not shown.', '{n} more seeks, further from your rating, are not shown.') : '';
  const mineOf = (k) => !!(p && k.by && k.by.id === p.id);
  keyedList(ul, shown, (k) => k.seek, (k) => [mineOf(k), k], (k) => {
    const mine = mineOf(k);
    const li = document.createElement('li');
    li.dataset.seek = k.seek;
    li.dataset.mine = mine ? 'true' : 'false';
    const what = document.createElement('span');
    what.className = 'what';
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = `${k.by ? isolate(k.by.name) : '?'}${k.by && k.by.rating !== undefined ? ` ${ratingText(k.by.rating)}${k.by.provisional ? '?' : ''}` : ''}`;
    if (k.by && k.by.provisional) who.title = t('a provisional rating: few rated games yet, or none for a long while');
    const detail = document.createElement('span');
    detail.className = 'detail';
    const seat = k.seat === 'S' ? t('plays South') : k.seat === 'N' ? t('plays North') : t('either side');
    detail.textContent = `${titleOf(k.variant)}${k.options ? ` (${k.options})` : ''} · ${clockLabel(k.clock)} · ${k.rated ? t('rated') : t('casual')} · ${seat}`;
    what.append(who, detail);
    const b = document.createElement('button');
    b.type = 'button';
    if (mine) {
      b.textContent = t('Withdraw');
      b.className = 'withdraw';
      b.setAttribute('aria-label', t('withdraw your {game} game', { game: titleOf(k.variant) }));
      b.addEventListener('click', () => withdrawSeek(k.seek));
    } else {
      b.textContent = t('Accept');
      b.className = 'accept primary';
      b.setAttribute('aria-label', t('play {name}: {what}', { name: k.by ? isolate(k.by.name) : '', what: detail.textContent }));
      b.addEventListener('click', () => acceptSeek(k.seek));
    }
    li.append(what, b);
    return li;
  });
  $('no-seeks').hidden = lobby.seeks.length > 0;
}

function renderLive(games) {
  lobby.live = games;
  const shown = games.slice(0, 50);
  keyedList($('live-games'), shown, (g) => g.id, (g) => [g.accounts || {}, g.variant, g.clock], (g) => {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const what = document.createElement('span');
    what.className = 'what';
    const names = g.accounts || {};
    const nm = (side) => { const x = names[side]; return x && x.name ? isolate(x.name) : sideName(side); };
    what.textContent = `${nm('S')} – ${nm('N')} · ${titleOf(g.variant)} · ${clockLabel(g.clock)}`;
    const a = document.createElement('a');
    a.className = 'watch';
    a.href = `#watch=${g.id}`;
    a.textContent = t('Watch');
    li.append(what, a);
    return li;
  });
  $('no-live').hidden = games.length > 0;
}

/* the best players of the game chosen (GET /api/ratings/VARIANT): settled ratings only, highest first */
const BEST_SHOWN = 20;
async function refreshBest() {
  const variant = $('best-variant').value;
  if (!variant) return;
  let r;
  try {
    r = await api('GET', `/api/ratings/${encodeURIComponent(variant)}?limit=${BEST_SHOWN}`);
  } catch (e) {
    lobbySay(t('Cannot read the lobby: {error}', { error: tlib(e.message) }), 'refused');
    return;
  }
  if ($('best-variant').value !== variant) return; // another game was chosen meanwhile
  const tb = $('best').querySelector('tbody');
  tb.textContent = '';
  const p = me();
  for (const b of r.players || []) {
    const tr = document.createElement('tr');
    tr.dataset.player = b.id;
    if (p && p.id === b.id) tr.dataset.mine = 'true';
    const c0 = document.createElement('td');
    c0.textContent = String(b.rank);
    const c1 = document.createElement('td');
    const a = document.createElement('a');
    a.href = `#player=${b.id}`;
    a.dir = 'auto'; // a name in another script than the page's
    a.textContent = b.name;
    c1.append(a);
    const c2 = document.createElement('td');
    c2.textContent = ratingText(b.rating);
    const c3 = document.createElement('td');
    c3.textContent = String(b.games);
    tr.append(c0, c1, c2, c3);
    tb.append(tr);
  }
  const any = tb.children.length > 0;
  $('best').hidden = !any;
  $('no-best').hidden = any;
}

async function lobbyRequest(method, path, body) {
  const p = me();
  if (!p) { lobbySay(t('First choose your name.'), 'refused'); $('name-input').focus(); return null; }
  try {
    return await api(method, path, body, p.key);
  } catch (e) {
    if (e.status === 401) { // the server does not know this key (a new database): choose again
      try { localStorage.removeItem(PLAYER_KEY); } catch (x) { /* private mode */ }
      renderMe();
    }
    lobbySay(t('Refused: {error}', { error: tlib(e.message) }), 'refused');
    return null;
  }
}

function seekClock() {
  const c = $('seek-clock').value;
  if (c === 'none') return null;
  if (c === 'custom') return { initial_s: Number($('seek-initial').value), increment_s: Number($('seek-increment').value) };
  const [m, inc] = c.split('+').map(Number);
  return { initial_s: m * 60, increment_s: inc };
}
async function createSeek(e) {
  e.preventDefault();
  const body = { variant: $('seek-variant').value, options: optionsText($('seek-options')), clock: seekClock(),
    rated: $('seek-rated').value === 'rated', seat: $('seek-seat').value };
  const r = await lobbyRequest('POST', '/api/seeks', body);
  if (!r) return;
  lobbySay(t('Your game is in the list: it starts as soon as someone accepts it. Keep this page open.'), 'info');
  $('seek-box').open = false;
  refreshLobby();
}
async function acceptSeek(id) {
  const r = await lobbyRequest('POST', `/api/seeks/${encodeURIComponent(id)}/accept`, {});
  if (!r) { refreshLobby(); return; }
  keepSeat(r.game, { seat: r.seat, player: me().id });
  openGame(r.game, t('The game has started: you play {side}.', { side: sideName(r.seat) }));
}
async function withdrawSeek(id) {
  if (await lobbyRequest('DELETE', `/api/seeks/${encodeURIComponent(id)}`)) lobbySay(t('Withdrawn.'), 'info');
  refreshLobby();
}

/* "Play the computer": the game screen, and a game against the computer if none is going on */
function playComputer() {
  showScreen('game');
  const v = app.view;
  if (v && !app.online && !v.state.over && (v.players.S !== 'human' || v.players.N !== 'human')) { history.replaceState(null, '', `#game=${v.id}`); return; }
  if ($('opponent').value === 'online' || $('opponent').value === 'human') $('opponent').value = 'ai:4';
  $('start').textContent = t('Start');
  newGame();
}

/* ---- a player's page (#player=ID): ratings per game, the finished games, each opened in review ---- */
const archive = { id: null, before: null };
async function showPlayer(id) {
  if (!onServer()) { showScreen('game'); return; }
  showScreen('player');
  const msg = $('player-message');
  msg.textContent = '';
  msg.className = '';
  archive.id = id;
  archive.before = null;
  $('archive').textContent = '';
  try {
    const p = await api('GET', `/api/players/${encodeURIComponent(id)}`);
    if (archive.id !== id) return;
    $('player-h').textContent = p.name;
    document.body.dataset.shownPlayer = p.id;
    const tb = $('ratings').querySelector('tbody');
    tb.textContent = '';
    const rs = Object.entries(p.ratings || {});
    for (const [variant, r] of rs) {
      const tr = document.createElement('tr');
      tr.dataset.variant = variant;
      tr.dataset.rating = String(r.rating);
      tr.dataset.provisional = r.provisional ? 'true' : 'false';
      const c1 = document.createElement('td');
      c1.textContent = titleOf(variant);
      const c2 = document.createElement('td');
      c2.textContent = String(Math.round(r.rating));
      if (r.provisional) {
        const pv = document.createElement('span');
        pv.className = 'provisional';
        pv.textContent = ` ${t('provisional')}`;
        pv.title = t('few rated games yet, or none for a long while: the rating may still move a lot (deviation {rd})', { rd: Math.round(r.rd) });
        c2.append(pv);
      }
      const c3 = document.createElement('td');
      c3.textContent = String(r.games);
      tr.append(c1, c2, c3);
      tb.append(tr);
    }
    $('ratings').hidden = rs.length === 0;
    $('no-ratings').hidden = rs.length > 0;
    await moreArchive();
  } catch (e) {
    msg.textContent = t('Cannot show that player: {error}', { error: tlib(e.message) });
    msg.className = 'refused';
  }
}
/* the archive's result, the player's (docs/api.md): win, loss, draw or aborted, with how it ended */
const RESULT_WORDS = { win: () => t('won'), loss: () => t('lost'), draw: () => t('a draw'), aborted: () => t('aborted') };
const ENDED_WORDS = { rules: () => t('by the rules'), resigned: () => t('by resignation'), agreed: () => t('agreed'), time: () => t('on time'),
  abandoned: () => t('abandoned') };
function resultWords(g) {
  const r = RESULT_WORDS[g.result] ? RESULT_WORDS[g.result]() : String(g.result || '');
  const how = g.result !== 'aborted' && ENDED_WORDS[g.end_reason] && ENDED_WORDS[g.end_reason]();
  return how ? `${r} ${how}` : r;
}
async function moreArchive() {
  const id = archive.id;
  const q = archive.before !== null ? `?before=${encodeURIComponent(archive.before)}` : '';
  const r = await api('GET', `/api/players/${encodeURIComponent(id)}/games${q}`);
  if (archive.id !== id) return;
  const games = Array.isArray(r) ? r : r.games || [];
  const ul = $('archive');
  for (const g of games) {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    li.dataset.result = g.result || '';
    const what = document.createElement('span');
    what.className = 'what';
    const opp = g.opponent && typeof g.opponent === 'object' ? g.opponent.name : g.opponent;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = opp ? t('against {name}: {result}', { name: isolate(opp), result: resultWords(g) }) : t('a game: {result}', { result: resultWords(g) });
    const detail = document.createElement('span');
    detail.className = 'detail';
    const when = g.ended ? new Date(typeof g.ended === 'number' && g.ended < 1e11 ? g.ended * 1000 : g.ended) : null;
    const seat = g.seat === 'S' || g.seat === 'N' ? ` · ${t('played {side}', { side: sideName(g.seat) })}` : '';
    detail.textContent = `${titleOf(g.variant)}${g.options ? ` (${g.options})` : ''} · ${clockLabel(g.clock)} · ${g.rated ? t('rated') : t('casual')}${seat}${when && !isNaN(when) ? ` · ${when.toLocaleString(document.documentElement.lang || undefined)}` : ''}`;
    what.append(who, detail);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'review-game';
    b.textContent = t('Review');
    b.setAttribute('aria-label', t('review the game {what}', { what: who.textContent }));
    b.addEventListener('click', () => reviewGame(g.id));
    li.append(what, b);
    ul.append(li);
  }
  archive.before = r.next || null;
  $('archive-more').hidden = !r.next;
  $('no-archive').hidden = ul.children.length > 0;
}
/* a finished game opened in review mode: the page's look-back over its moves */
async function reviewGame(id) {
  app.epoch++;
  leaveOnline();
  try {
    const view = await api('GET', `/api/games/${encodeURIComponent(id)}`);
    showScreen('game');
    app.view = null;
    app.review = null;
    render(view);
    showRulesInPlay();
    openSetup(false);
    say(t('A game of {game}, from the archive: step through it with the arrows.', { game: view.title }), 'info');
    await startReview(0);
  } catch (e) {
    const m = $('player-message');
    m.textContent = t('Cannot open that game: {error}', { error: tlib(e.message) });
    m.className = 'refused';
  }
}

function initScreens() {
  if (!onServer()) return;
  const sel = $('seek-variant');
  fillVariants(sel);
  const best = $('best-variant');
  fillVariants(best);
  best.addEventListener('change', refreshBest);
  const opts = () => buildOptions(variantNamed(sel.value), $('seek-options'));
  sel.addEventListener('change', opts);
  opts();
  $('seek-clock').addEventListener('change', () => { $('seek-custom').hidden = $('seek-clock').value !== 'custom'; });
  $('seek-form').addEventListener('submit', createSeek);
  $('name-form').addEventListener('submit', chooseName);
  $('play-computer').addEventListener('click', playComputer);
  $('archive-more').addEventListener('click', () => moreArchive().catch((e) => { $('player-message').textContent = e.message; }));
  $('rematch').addEventListener('click', rematch);
  $('to-game').addEventListener('click', (e) => {
    e.preventDefault();
    showScreen('game');
    if (app.view) history.replaceState(null, '', app.online && !app.online.seat ? `#watch=${app.view.id}` : `#game=${app.view.id}`);
  });
}

init();
