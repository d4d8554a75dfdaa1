/* learn.js — the learn mode (#learn, docs/web.md "Learn"): short lessons on set positions, each
 * teaching one rule and checked by the player's own move, as lichess's "learn" does for chess.
 * The lessons are the library's (src/games/<game>/lessons.c): GET /api/lessons/VARIANT lists a
 * game's, POST /api/lessons/VARIANT/ID {"move"} says whether a move is right, with the
 * explanation and the position after it (docs/api.md, "Lessons"); the local engine answers both
 * as the server does (web/local.js). Lessons done are kept in localStorage (gabata.learn).
 * Uses app.js's $, api, showScreen and i18n.js's t. */
'use strict';

const LEARN_KEY = 'gabata.learn';
const learn = {
  variant: null,   // the game whose lessons are shown
  lessons: null,   // its lessons (GET /api/lessons/VARIANT)
  index: 0,        // the lesson being played
  answered: null,  // the last answer (POST), or null while the lesson waits for a move
  busy: false,
  built: false,
  seq: 0,          // counts the games opened: a late answer for an earlier one is dropped
  turn: null,      // the side the lesson's player plays, while it waits for his move
};

function learnDone() {
  try { return JSON.parse(localStorage.getItem(LEARN_KEY) || '{}') || {}; } catch (e) { return {}; }
}
function learnMarkDone(id) {
  const d = learnDone();
  d[id] = true;
  try { localStorage.setItem(LEARN_KEY, JSON.stringify(d)); } catch (e) { /* private mode: this visit only */ }
}

function learnEl(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role') e.setAttribute(k, v);
    else e[k] = v;
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

// The frame of the learn view, made once: the games, the lessons, the lesson itself.
function learnBuild() {
  if (learn.built) return;
  learn.built = true;
  const root = $('learn');
  root.replaceChildren();
  root.append(learnEl('h2', { id: 'learn-h' }, t('Learn the rules')));
  root.append(learnEl('p', { class: 'learn-intro' }, t('Short lessons, one rule each: read it, then play the move it asks for on the board.')));
  const games = learnEl('div', { id: 'learn-games', class: 'learn-games', role: 'group' });
  games.setAttribute('aria-label', t('Games'));
  root.append(games);
  const list = learnEl('ol', { id: 'learn-list', class: 'learn-list' });
  list.setAttribute('aria-label', t('Lessons'));
  root.append(list);
  const lesson = learnEl('section', { id: 'learn-lesson', class: 'panel learn-lesson' });
  lesson.setAttribute('aria-labelledby', 'learn-title');
  lesson.append(learnEl('h3', { id: 'learn-title' }));
  lesson.append(learnEl('p', { id: 'learn-instruction' }));
  lesson.append(learnEl('p', { id: 'learn-turn', class: 'learn-turn' }));
  const board = learnEl('div', { id: 'learn-board', class: 'learn-board', role: 'group' });
  board.setAttribute('aria-label', t('The lesson\'s board: the holes you may play are buttons'));
  lesson.append(board);
  // (the board turned where its rows do not fit: learnFit, at every change of its width)
  if (window.ResizeObserver) new ResizeObserver(() => learnFit()).observe(board);
  lesson.append(learnEl('p', { id: 'learn-stores', class: 'learn-turn' }));
  lesson.append(learnEl('div', { id: 'learn-choices', class: 'learn-choices' }));
  const feedback = learnEl('p', { id: 'learn-feedback', class: 'learn-feedback' });
  feedback.setAttribute('role', 'status');
  feedback.setAttribute('aria-live', 'polite');
  lesson.append(feedback);
  const after = learnEl('p', { class: 'learn-after' });
  const retry = learnEl('button', { type: 'button', id: 'learn-retry', hidden: true }, t('Try again'));
  const next = learnEl('button', { type: 'button', id: 'learn-next', class: 'primary', hidden: true }, t('Next lesson'));
  retry.addEventListener('click', () => learnShow(learn.index));
  next.addEventListener('click', () => learnNext());
  after.append(retry, ' ', next);
  lesson.append(after);
  // "why?": the rule as the game's rules text says it (the lines stating the lesson's rulings)
  const why = learnEl('details', { id: 'learn-why', class: 'learn-why' });
  why.append(learnEl('summary', {}, t('Why? The rule')));
  why.append(learnEl('ul', { id: 'learn-rules' }));
  why.append(learnEl('p', { id: 'learn-rulings', class: 'learn-rulings' }));
  lesson.append(why);
  root.append(lesson);
}

function learnGames() {
  const box = $('learn-games');
  box.replaceChildren();
  const variants = (app.catalog && app.catalog.variants) || [];
  for (const v of variants) {
    const b = learnEl('button', { type: 'button', 'data-variant': v.name }, v.title);
    b.setAttribute('aria-pressed', String(v.name === learn.variant));
    b.addEventListener('click', () => learnOpen(v.name));
    box.append(b);
  }
}

// The learn view: its first game (or the one asked for: #learn=VARIANT).
async function showLearn(variant) {
  learnBuild();
  showScreen('learn');
  const v = variant || learn.variant || (app.catalog && app.catalog.variants[0] && app.catalog.variants[0].name);
  if (v) await learnOpen(v);
}

async function learnOpen(variant) {
  learn.variant = variant;
  const seq = ++learn.seq; // only the last game asked for is shown
  learnGames();
  // the list shown is the last game's: not clickable while this one's is on its way (a lesson
  // picked from it would be undone when the answer came back and showed the first lesson)
  $('learn-list').replaceChildren();
  $('learn-feedback').textContent = '';
  try {
    const r = await api('GET', `/api/lessons/${encodeURIComponent(variant)}`);
    if (seq !== learn.seq) return;
    learn.lessons = r.lessons;
  } catch (e) {
    if (seq !== learn.seq) return;
    learn.lessons = [];
    $('learn-feedback').textContent = t('The lessons could not be read: {why}', { why: tlib(e.message) });
  }
  const done = learnDone();
  const first = learn.lessons.findIndex((l) => !done[l.id]);
  learnShow(first < 0 ? 0 : first);
}

function learnList() {
  const list = $('learn-list');
  list.replaceChildren();
  const done = learnDone();
  learn.lessons.forEach((l, i) => {
    const li = learnEl('li');
    const b = learnEl('button', { type: 'button', 'data-lesson': l.id, class: 'learn-item' });
    b.append(learnEl('span', { class: 'learn-check', 'aria-hidden': 'true' }, done[l.id] ? '✓' : ''));
    b.append(learnEl('span', {}, t(l.title)));
    if (done[l.id]) b.append(learnEl('span', { class: 'visually-hidden' }, ` (${t('done')})`));
    if (i === learn.index) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => learnShow(i));
    li.append(b);
    list.append(li);
  });
}

function learnNext() {
  const done = learnDone();
  const n = learn.lessons.length;
  for (let k = 1; k <= n; k++) {
    const i = (learn.index + k) % n;
    if (!done[learn.lessons[i].id]) { learnShow(i); return; }
  }
  // every lesson of this game done: on to the next game's
  const variants = app.catalog.variants.map((v) => v.name);
  const next = variants[(variants.indexOf(learn.variant) + 1) % variants.length];
  if (next !== learn.variant) learnOpen(next);
  else learnShow((learn.index + 1) % n);
}

function learnShow(i) {
  learn.index = i;
  learn.answered = null;
  learnList();
  const l = learn.lessons[i];
  $('learn-retry').hidden = true;
  $('learn-next').hidden = true;
  $('learn-choices').replaceChildren();
  if (!l) {
    $('learn-title').textContent = t('No lessons for this game yet.');
    $('learn-instruction').textContent = '';
    $('learn-board').replaceChildren();
    return;
  }
  $('learn-title').textContent = t('Lesson {n}: {title}', { n: i + 1, title: t(l.title) });
  $('learn-instruction').textContent = t(l.instruction);
  $('learn-rules').replaceChildren(...(l.rules || []).map((r) => learnEl('li', {}, tlib(r.text))));
  $('learn-rulings').textContent = t('Rulings: {ids} (docs/rulings.md)', { ids: l.rulings });
  $('learn-feedback').textContent = '';
  $('learn-feedback').className = 'learn-feedback';
  learnBoard(l, l.state, true);
}

const learnSide = (s) => (s === 'N' ? t('North') : t('South'));

// The board of a lesson: the player of the lesson (to move at its start) sits at the bottom, also
// once he has moved; his playable holes are buttons.
function learnBoard(l, state, playable) {
  const n = l.rows;
  const me = l.state.to_move === 'N' ? 'N' : 'S';
  const board = $('learn-board');
  board.replaceChildren();
  board.style.setProperty('--cols', n);
  board.dataset.cols = String(n);
  learn.turn = playable ? me : null;
  learnFit();
  const far = [], near = [];
  for (let k = 0; k < n; k++) {
    // as the player sees them: his row left to right, the other's right to left across from it
    near.push(me === 'S' ? k : n + k);
    far.push(me === 'S' ? 2 * n - 1 - k : n - 1 - k);
  }
  const moves = playable ? l.moves : [];
  for (const [row, holes] of [['far', far], ['near', near]]) {
    const r = learnEl('div', { class: `learn-row learn-${row}` });
    for (const h of holes) {
      const count = state.holes[h];
      const mark = state.mark[h];
      const mine = moves.filter((m) => m.hole === h);
      const b = learnEl('button', { type: 'button', class: 'learn-hole', 'data-hole': String(h) });
      // read as "d, 4 stones, bulto of South": the count is shown as a figure, said in words
      b.append(learnEl('span', { class: 'learn-label' }, l.labels[h]));
      b.append(learnEl('span', { class: 'learn-count', 'aria-hidden': 'true' }, String(count)));
      b.append(learnEl('span', { class: 'visually-hidden' }, `, ${tn(count, 'one stone', '{n} stones')}`));
      if (mark === 'mine') {
        b.classList.add('mark-mine');
        b.append(learnEl('span', { class: 'visually-hidden' }, ', '));
        b.append(learnEl('span', { class: 'learn-mark' }, t('miné')));
      } else if (mark) { // "ekwarna:N", "bulto:S": the mark, and its holder by the rim's colour
        const [word, held] = String(mark).split(':');
        b.classList.add(held === 'N' ? 'mark-north' : 'mark-south');
        b.append(learnEl('span', { class: 'visually-hidden' }, ', '));
        b.append(learnEl('span', { class: 'learn-mark' }, word));
        b.append(learnEl('span', { class: 'visually-hidden' }, ` ${t('of {side}', { side: learnSide(held) })}`));
      }
      if (mine.length) b.addEventListener('click', () => learnPick(l, h, mine));
      else b.disabled = true;
      r.append(b);
    }
    board.append(r);
  }
  // what each has taken (Bulto takes nothing off the board: no stores)
  $('learn-stores').textContent = learn.variant === 'bulto' ? ''
    : t('Taken: South {s}, North {n}', { s: state.stores.S, n: state.stores.N });
  // moves that are not a hole's (L'ab al-Akil's keep and turn): buttons of their own
  const other = moves.filter((m) => m.hole === null);
  if (other.length) learnChoices(l, other, null);
}

// A row of 44 px holes (a finger's size) where it fits; else (Bulto's ten a row on a phone, any
// game's on a 320 px one) the board turned a quarter, as the play board on a phone held upright:
// the player's row the left column from the top, the other's the right column, each hole beside
// the one across from it. The sentence that says where the player's row is follows the board.
const LEARN_HOLE = 44, LEARN_GAP = 4, LEARN_PAD = 5; // (px, as learn.css)
function learnFit() {
  const board = $('learn-board');
  const n = Number(board && board.dataset.cols);
  if (!n) return;
  if (board.clientWidth) {
    const up = board.clientWidth < n * LEARN_HOLE + (n - 1) * LEARN_GAP + 2 * LEARN_PAD;
    if (board.dataset.upright !== String(up)) board.dataset.upright = String(up);
  }
  const up = board.dataset.upright === 'true';
  const side = learn.turn ? learnSide(learn.turn) : null;
  $('learn-turn').textContent = !side ? ''
    : up ? t('You play {side}, whose row is on the left.', { side })
      : t('You play {side}, whose row is at the bottom.', { side });
}

const LEARN_KIND = { keep: 'Keep your row', turn: 'Turn the board' };
// A hole with one move plays it; one with several (Bulto's refusals) offers them by name.
function learnPick(l, h, moves) {
  if (learn.busy || learn.answered) return;
  if (moves.length === 1) { learnPlay(l, moves[0].text); return; }
  learnChoices(l, moves, h);
}
function learnChoices(l, moves, h) {
  const box = $('learn-choices');
  box.replaceChildren();
  if (h !== null) box.append(learnEl('p', {}, t('Sow {hole}: which move?', { hole: l.labels[h] })));
  for (const m of moves) {
    const b = learnEl('button', { type: 'button', 'data-move': m.text }, learnMoveWords(m));
    b.addEventListener('click', () => learnPlay(l, m.text));
    box.append(b);
  }
  const first = box.querySelector('button');
  if (first && h !== null) first.focus();
}
function learnMoveWords(m) {
  if (LEARN_KIND[m.text]) return t(LEARN_KIND[m.text]);
  const r = m.text.match(/^([A-Za-z])~(\d+)$/);
  if (r) return tn(Number(r[2]), '{move}: refuse the first bulto offered, then take the next, if any', '{move}: refuse the first {n} bulto offered, then take the next, if any', { move: m.text });
  return t('{move}: take the first bulto offered, if any', { move: m.text });
}

async function learnPlay(l, move) {
  if (learn.busy || learn.answered) return;
  learn.busy = true;
  const fb = $('learn-feedback');
  try {
    const a = await api('POST', `/api/lessons/${encodeURIComponent(learn.variant)}/${encodeURIComponent(l.id)}`, { move });
    learn.answered = a;
    $('learn-choices').replaceChildren();
    learnBoard(l, a.state, false);
    fb.className = `learn-feedback ${a.right ? 'right' : 'wrong'}`;
    // (the explanation says right or wrong in its own words: "Right: …", "No capture: …")
    fb.textContent = `${a.right ? '✓' : '✗'} ${t('You played {move}.', { move: a.move })} ${tlib(a.explanation)}`;
    $('learn-retry').hidden = a.right;
    $('learn-next').hidden = !a.right;
    if (a.right) {
      learnMarkDone(l.id);
      learnList();
      $('learn-next').focus();
    } else {
      $('learn-retry').focus();
    }
  } catch (e) {
    fb.className = 'learn-feedback wrong';
    fb.textContent = t('That move cannot be played here: {why}', { why: tlib(e.message) });
  } finally {
    learn.busy = false;
  }
}

// Back to the game from the learn view where the page has no server (initScreens, app.js, sets
// this link up only with one).
if (!onServer()) {
  $('to-game').addEventListener('click', (e) => {
    e.preventDefault();
    showScreen('game');
    if (app.view) history.replaceState(null, '', `#game=${app.view.id}`);
  });
}
