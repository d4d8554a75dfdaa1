/* gabata's browser game: one page over the JSON API of `gabata serve` (docs/api.md).
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
};

/* ---- the API ---- */
async function api(method, path, body) {
  const opt = { method, headers: {} };
  // the server takes a request that changes something only as JSON (docs/api.md, "Hardening")
  if (method !== 'GET') opt.headers['Content-Type'] = 'application/json';
  if (body !== undefined) opt.body = JSON.stringify(body);
  const res = await fetch(path, opt);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: `the server answered ${res.status}` }; }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `error ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

function setBusy(b) {
  app.busy = b;
  document.body.dataset.busy = b ? 'true' : 'false';
}

function say(text, kind) {
  const m = $('message');
  m.textContent = text || '';
  m.className = kind || '';
}

const sideName = (s) => (s === 'N' ? 'North' : 'South');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ---- setup: games, options, rules ---- */
function currentVariant() {
  return app.catalog.variants.find((v) => v.name === $('variant').value);
}

function showOptions() {
  const v = currentVariant();
  const box = $('options');
  box.textContent = '';
  for (const o of v.options) {
    const label = document.createElement('label');
    label.className = 'option';
    label.title = o.help || '';
    label.append(`${o.key} `);
    let input;
    if (o.choices) {
      input = document.createElement('select');
      for (const c of o.choices) {
        const op = document.createElement('option');
        op.value = c;
        op.textContent = c === o.default ? `${c} (default)` : c;
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
      h.textContent = o.help;
      label.append(h);
    }
    box.append(label);
  }
  showRules(v);
}

function optionsText() {
  const parts = [];
  for (const el of $('options').querySelectorAll('[data-key]')) {
    if (String(el.value) !== el.dataset.default) parts.push(`${el.dataset.key}=${el.value}`);
  }
  return parts.join(' ');
}

function showRules(v, optionsInForce) {
  const r = $('rules');
  r.textContent = '';
  const h = document.createElement('h2');
  h.textContent = `${v.title}: the rules`;
  r.append(h);
  if (v.rules) {
    const where = document.createElement('p');
    where.className = 'where';
    where.textContent = v.rules.where;
    const terms = document.createElement('p');
    terms.className = 'terms';
    terms.textContent = v.rules.terms;
    const ul = document.createElement('ul');
    for (const line of v.rules.lines) {
      const li = document.createElement('li');
      li.textContent = line;
      ul.append(li);
    }
    r.append(where, terms, ul);
  } else {
    const p = document.createElement('p');
    p.textContent = 'No summary of this game yet.';
    r.append(p);
  }
  const o = document.createElement('p');
  o.className = 'in-force';
  o.textContent = `Options in force: ${optionsInForce === undefined ? 'as chosen above' : optionsInForce || 'all the defaults'}.`;
  r.append(o);
}

/* ---- the board ---- */
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

const GEOM = { cell: 76, r: 30, top: 86, bottom: 190, margin: 96 };

function holeXY(n, h) {
  // South's row left to right at the bottom (ring 0..n-1); North's row from North's left, which
  // is South's right: ring n at the top right, 2n-1 at the top left.
  if (h < n) return { x: GEOM.margin + GEOM.cell * h + GEOM.cell / 2, y: GEOM.bottom };
  return { x: GEOM.margin + GEOM.cell * (2 * n - 1 - h) + GEOM.cell / 2, y: GEOM.top };
}

function pebbleSpots(count) {
  // deterministic spots in a small spiral, for counts up to 12
  const spots = [];
  for (let i = 0; i < count; i++) {
    const a = i * 2.4;
    const d = i === 0 ? 0 : 6 + 2.2 * i;
    spots.push({ x: Math.cos(a) * Math.min(d, 20), y: Math.sin(a) * Math.min(d, 20) });
  }
  return spots;
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

/* Draw the board from a state (holes, owner, mark, stores); `hl` highlights holes (while a move
 * is shown, when no hole is offered for a move). */
function drawBoard(view, st, hl) {
  const n = view.rows;
  const svg = $('board');
  const W = GEOM.margin * 2 + GEOM.cell * n, H = 276;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.textContent = '';
  el('rect', { x: 4, y: 30, width: W - 8, height: 216, rx: 40, class: 'wood' }, svg);
  const legal = moveHolesMap(view);
  const myTurn = !hl && st.to_move && app.human[st.to_move] && !view.free_move;
  // stores: North's takings on the left, South's on the right
  for (const side of ['N', 'S']) {
    const x = side === 'N' ? GEOM.margin / 2 + 2 : W - GEOM.margin / 2 - 2;
    const g = el('g', { class: `store store-${side}`, 'data-store': side, 'data-count': st.stores[side] }, svg);
    el('ellipse', { cx: x, cy: 138, rx: 34, ry: 86, class: `store-pit own-${side}` }, g);
    const t = el('text', { x, y: 146, class: 'store-count' }, g);
    t.textContent = st.stores[side];
    const l = el('text', { x, y: side === 'N' ? 22 : 268, class: 'store-label' }, g);
    l.textContent = `${sideName(side)} taken`;
  }
  for (let h = 0; h < 2 * n; h++) {
    const { x, y } = holeXY(n, h);
    const count = st.holes[h];
    const owner = st.owner[h];
    const mark = st.mark[h];
    const label = view.labels[h];
    const isLegal = myTurn && legal.has(h);
    const g = el('g', {
      class: `hole own-${owner}${mark ? ' mk-' + mark.split(':')[0] : ''}${isLegal ? ' legal' : ''}${hl && hl.has(h) ? ' hl' : ''}${app.hintMove && app.hintMove.hole === h ? ' hint' : ''}`,
      'data-hole': h, 'data-label': label, 'data-count': count, 'data-owner': owner,
      'data-mark': mark || '', 'data-legal': isLegal ? 'true' : 'false',
      tabindex: 0, role: 'button',
      'aria-label': `hole ${label}, ${count} stone${count === 1 ? '' : 's'}, ${sideName(owner)}'s${mark ? ', ' + mark.replace(':S', " of South").replace(':N', ' of North') : ''}`,
    }, svg);
    // owner: a coloured rim; marks: ekwarna a thick ring, bulto a square, miné a dashed gold ring
    el('circle', { cx: x, cy: y, r: GEOM.r + 5, class: 'owner-rim' }, g);
    if (mark && mark.startsWith('bulto')) {
      el('rect', { x: x - GEOM.r - 1, y: y - GEOM.r - 1, width: 2 * GEOM.r + 2, height: 2 * GEOM.r + 2, rx: 8, class: 'pit' }, g);
    } else {
      el('circle', { cx: x, cy: y, r: GEOM.r, class: 'pit' }, g);
    }
    if (mark) {
      const tag = el('text', { x, y: y + (h < n ? 48 : -42), class: 'mark-tag' }, g);
      const [kind, who] = mark.split(':');
      tag.textContent = kind === 'mine' ? 'miné' : `${kind} ${who}`;
    }
    if (count > 0 && count <= 12) {
      for (const p of pebbleSpots(count)) el('circle', { cx: x + p.x, cy: y + p.y, r: 4.2, class: 'pebble' }, g);
    }
    const ct = el('text', { x: count > 0 && count <= 12 ? x + 22 : x, y: count > 0 && count <= 12 ? y + 28 : y + 7, class: count > 12 ? 'count big' : 'count' }, g);
    ct.textContent = count;
    const lt = el('text', { x, y: h < n ? y + 64 : y - 56, class: 'label' }, g);
    lt.textContent = label;
    g.addEventListener('click', () => onHole(h));
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onHole(h); } });
  }
  const rowN = el('text', { x: W / 2, y: 14, class: 'row-label' }, svg);
  rowN.textContent = `North${app.human.N ? '' : ' (computer)'}`;
  const rowS = el('text', { x: W / 2, y: 270, class: 'row-label' }, svg);
  rowS.textContent = `South${app.human.S ? '' : ' (computer)'}`;
}

/* ---- showing a game ---- */
const STD = new Set(['variant', 'options', 'holes', 'owner', 'mark', 'stores', 'to_move', 'phase', 'ply', 'round', 'over', 'result', 'end_reason']);
const WHY = { rule: 'by the rules', repetition: 'a position repeated', cap: 'the ply limit was reached', endless: 'a sowing that never ends was played' };

function statusText(view) {
  const st = view.state;
  const extras = Object.entries(st).filter(([k]) => !STD.has(k))
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'object' && v !== null ? `S ${v.S} – N ${v.N}` : v}`);
  const round = st.round > 1 || extras.length ? ` · round ${st.round}` : '';
  const more = extras.length ? ` · ${extras.join(' · ')}` : '';
  if (st.over) {
    const r = st.result;
    const score = `${r.scores.S}–${r.scores.N}`;
    const who = r.winner ? `${sideName(r.winner)} wins ${score}` : `a draw, ${score}`;
    return `Game over: ${who} (${WHY[st.end_reason] || st.end_reason}).${round}${more}`;
  }
  const tm = st.to_move;
  const who = app.human[tm] ? (app.human.S && app.human.N ? '' : ' (you)') : ' (computer)';
  return `${sideName(tm)} to move${who} · ${st.phase} · ply ${st.ply}${round}${more}`;
}

function render(view) {
  app.view = view;
  const st = view.state;
  const s = $('status');
  s.textContent = statusText(view);
  s.dataset.toMove = st.to_move || '';
  s.dataset.over = st.over ? 'true' : 'false';
  document.body.dataset.gameId = view.id;
  drawBoard(view, st, null);
  // move list
  const ol = $('movelist');
  ol.textContent = '';
  view.history.forEach((h, i) => {
    const li = document.createElement('li');
    li.dataset.move = h.move;
    li.dataset.by = h.by;
    li.textContent = `${sideName(h.by)} ${h.move}`;
    if (i === view.history.length - 1) li.className = 'latest';
    ol.append(li);
  });
  ol.scrollTop = ol.scrollHeight;
  $('record').href = `/api/games/${view.id}/record`;
  $('undo').disabled = view.history.length === 0;
  $('hint').disabled = st.over;
  renderPhaseControls(view);
  hideChoices();
}

/* moves that do not start from a hole (pass, keep, turn) and phases whose moves cannot be listed
 * (a layout): buttons and a small form */
function renderPhaseControls(view) {
  const box = $('phase-controls');
  box.textContent = '';
  const st = view.state;
  if (st.over || !app.human[st.to_move]) return;
  const loose = view.moves.filter((m) => m.hole === null || m.hole === undefined);
  const feeds = view.moves.filter((m) => m.kind === 'feed');
  if (feeds.length) {
    const p = document.createElement('p');
    p.className = 'feed-note';
    p.textContent = `Your opponent has no seeds: feed him. Click one of your pits to move one seed from it into his first pit (${feeds.map((m) => m.text).join(', ')}).`;
    box.append(p);
  }
  const describe = { pass: 'Pass (no move is possible)', keep: 'Keep my row', turn: 'Turn the board' };
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

function renderFreeMove(view, box) {
  const ex = view.free_move.example || '';
  const form = document.createElement('form');
  form.id = 'free-move';
  const title = document.createElement('p');
  const colon = ex.indexOf(':');
  const kind = colon > 0 ? ex.slice(0, colon) : '';
  const nums = colon > 0 ? ex.slice(colon + 1).split(',').map(Number) : [];
  if (kind && nums.length === 2 * view.rows && nums.every(Number.isFinite)) {
    const total = nums.reduce((a, b) => a + b, 0);
    title.textContent = `${view.free_move.phase}: place all ${total} stones in the holes as you like, then press "${kind}". (Filled with a random ${kind}.)`;
    form.append(title);
    const grid = document.createElement('div');
    grid.className = 'layout-grid';
    grid.style.gridTemplateColumns = `repeat(${view.rows}, 4em)`;
    const order = [];
    for (let h = 2 * view.rows - 1; h >= view.rows; h--) order.push(h);
    for (let h = 0; h < view.rows; h++) order.push(h);
    for (const h of order) {
      const lab = document.createElement('label');
      lab.textContent = view.labels[h];
      const inp = document.createElement('input');
      inp.type = 'number'; inp.min = 0; inp.max = 255; inp.value = nums[h];
      inp.dataset.hole = h;
      lab.append(inp);
      grid.append(lab);
    }
    form.append(grid);
    const sum = document.createElement('p');
    sum.className = 'layout-sum';
    const upd = () => {
      const t = [...grid.querySelectorAll('input')].reduce((a, i) => a + (Number(i.value) || 0), 0);
      sum.textContent = `${t} of ${total} placed`;
    };
    grid.addEventListener('input', upd);
    upd();
    form.append(sum);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const vals = new Array(2 * view.rows).fill(0);
      for (const i of grid.querySelectorAll('input')) vals[Number(i.dataset.hole)] = Number(i.value) || 0;
      playMove(`${kind}:${vals.join(',')}`);
    });
  } else {
    title.textContent = `${view.free_move.phase}: type your move (for example ${ex}).`;
    form.append(title);
    const inp = document.createElement('input');
    inp.name = 'move'; inp.value = ex;
    form.append(inp);
    form.addEventListener('submit', (e) => { e.preventDefault(); playMove(inp.value.trim()); });
  }
  const b = document.createElement('button');
  b.type = 'submit';
  b.id = 'free-move-submit';
  b.textContent = kind ? kind.charAt(0).toUpperCase() + kind.slice(1) : 'Play';
  form.append(b);
  box.append(form);
}

function hideChoices() {
  const c = $('choices');
  c.hidden = true;
  c.textContent = '';
}

function describeMove(m) {
  if (m.kind === 'feed') return `feed one seed from ${m.text.slice(5)} into the opponent's first pit`;
  const t = m.text.match(/^([A-Za-z])~(\d+)$/);
  if (t) return `sow ${t[1]}, refusing the first ${t[2]} bulto offered`;
  if (m.kind === 'sow') return `sow ${m.text}${/[~]/.test(m.text) ? '' : ' (taking any bulto offered)'}`;
  return m.text;
}

function showChoices(label, moves) {
  const c = $('choices');
  c.textContent = '';
  const p = document.createElement('p');
  p.textContent = `Hole ${label} offers ${moves.length} moves; choose one:`;
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
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', hideChoices);
  c.append(cancel);
  c.hidden = false;
}

/* ---- playing ---- */
function onHole(h) {
  const view = app.view;
  if (!view) return;
  const st = view.state;
  const label = view.labels[h];
  if (app.busy) { say('One moment: a move is still being shown.', 'info'); return; }
  if (st.over) { say('The game is over: start a new one above.', 'info'); return; }
  if (!app.human[st.to_move]) { say('It is the computer\'s turn.', 'info'); return; }
  if (view.free_move) { say(`First the ${view.free_move.phase}: use the form below the board.`, 'info'); return; }
  const here = view.moves.filter((m) => m.hole === h);
  if (here.length === 1) playMove(here[0].text);
  else if (here.length > 1) showChoices(label, here);
  else playMove(label); // not a legal move: the server explains why, in the rules' words
}

async function playMove(text) {
  if (app.busy) return;
  setBusy(true);
  app.hintMove = null;
  say('');
  try {
    const view = await api('POST', `/api/games/${app.view.id}/moves`, { move: text });
    await animate(view);
    render(view);
  } catch (e) {
    say(e.status === 422 ? `That move is not allowed: ${e.message.replace(/^illegal move: /, '')}.` : `Sorry: ${e.message}`, 'refused');
    render(app.view);
  } finally {
    setBusy(false);
  }
  computerTurns();
}

async function computerTurns() {
  while (app.view && !app.view.state.over && !app.human[app.view.state.to_move]) {
    setBusy(true);
    try {
      await sleep(speedMs() ? 250 : 0);
      const view = await api('POST', `/api/games/${app.view.id}/computer`, {});
      await animate(view);
      render(view);
    } catch (e) {
      say(`The computer could not move: ${e.message}`, 'refused');
      break;
    } finally {
      setBusy(false);
    }
  }
  if (app.view) render(app.view);
}

/* ms per stone; 0 shows no animation */
function speedMs() {
  const v = Number($('speed').value);
  return v <= 0 ? 0 : Math.round(320 - 3 * v);
}

const EVENT_TEXT = {
  continue: 'lifted and sown on', end: 'an empty hole: the move ends', capture: 'captures',
  ekwarna: 'makes it an ekwarna', 'own-ekwarna': 'own ekwarna: the move ends', eat: 'eats',
  bulto: 'makes it a bulto', refuse: 'bulto refused', 'own-bulto': 'own bulto: the move ends',
};

/* The last move, lap by lap, from the state before it: each lap lifts its hole and drops its
 * stones one by one into the holes the server's trace names (`sown`: the rules' skips already
 * left out); the board is then set to the server's state, which is the truth. */
async function animate(view) {
  const last = view.last;
  const lapBox = $('lap');
  lapBox.textContent = last ? `${sideName(last.by)} played ${last.move}` : '';
  const ms = speedMs();
  if (!last || !last.before || !last.trace || ms === 0 || !last.trace.laps.length) return;
  const st = JSON.parse(JSON.stringify(last.before));
  const mover = last.by;
  const laps = last.trace.laps;
  const status = $('status');
  status.textContent = `${sideName(mover)} plays ${last.move}…`;
  const totalStones = laps.reduce((a, l) => a + (l.sown || []).length, 0);
  const per = Math.max(8, Math.min(ms, Math.floor(9000 / Math.max(1, totalStones))));
  for (let i = 0; i < laps.length; i++) {
    const l = laps[i];
    const lab = (h) => view.labels[h];
    lapBox.textContent = `${sideName(mover)} played ${last.move} — lap ${i + 1} of ${last.trace.laps_total}: ${lab(l.from)}, ${l.stones} stone${l.stones === 1 ? '' : 's'}, last into ${lab(l.to)}`;
    const sown = l.sown || [];
    if (sown.length) {
      // a lap lifts its stones (a feed, one seed) and drops one into each hole named, in order
      st.holes[l.from] = Math.max(0, st.holes[l.from] - l.stones);
      drawBoard(view, st, new Set([l.from]));
      await sleep(per);
      for (const pos of sown) {
        st.holes[pos] += 1;
        drawBoard(view, st, new Set([l.from, pos]));
        await sleep(per);
      }
    }
    const ev = EVENT_TEXT[l.event] || l.event;
    let extra = '';
    if (l.event === 'capture' && l.value) {
      st.holes[l.other] = Math.max(0, st.holes[l.other] - l.value);
      st.stores[mover] += l.value;
      extra = ` ${l.value} from ${lab(l.other)}`;
    } else if (l.event === 'eat' && l.value) {
      st.holes[l.to] = Math.max(0, st.holes[l.to] - l.value);
      st.stores[mover] += l.value;
      extra = ` ${l.value}`;
    }
    lapBox.textContent += `: ${ev}${extra}`;
    drawBoard(view, st, new Set([l.to]));
    await sleep(per * 2);
  }
}

async function newGame(e) {
  if (e) e.preventDefault();
  const v = currentVariant();
  const opp = $('opponent').value;
  const me = $('side').value;
  const body = { variant: v.name, options: optionsText() };
  body.south = me === 'S' ? 'human' : opp;
  body.north = me === 'N' ? 'human' : opp;
  app.human = { S: body.south === 'human', N: body.north === 'human' };
  setBusy(true);
  say('');
  $('lap').textContent = '';
  try {
    const view = await api('POST', '/api/games', body);
    showRules(v, view.state.options);
    render(view);
  } catch (err) {
    say(`Could not start the game: ${err.message}`, 'refused');
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
    const view = await api('POST', `/api/games/${app.view.id}/undo`, {});
    $('lap').textContent = '';
    say('Move taken back.', 'info');
    render(view);
  } catch (e) {
    say(`Cannot undo: ${e.message}`, 'refused');
  } finally {
    setBusy(false);
  }
}

async function hint() {
  if (app.busy || !app.view) return;
  try {
    const h = await api('GET', `/api/games/${app.view.id}/hint`);
    const m = app.view.moves.find((x) => x.text === h.move);
    app.hintMove = m || null;
    say(`Hint: ${h.move} (the computer's choice).`, 'info');
    render(app.view);
  } catch (e) {
    say(`No hint: ${e.message}`, 'refused');
  }
}

async function init() {
  try {
    app.catalog = await api('GET', '/api/variants');
  } catch (e) {
    $('status').textContent = `Cannot reach the gabata server: ${e.message}`;
    return;
  }
  const sel = $('variant');
  for (const v of app.catalog.variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.title;
    sel.append(o);
  }
  sel.addEventListener('change', showOptions);
  showOptions();
  $('setup-form').addEventListener('submit', newGame);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  await newGame();
}

init();
