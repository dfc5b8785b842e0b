// tengen_web's page: draws the board the server describes, sends clicks as moves and follows the
// game by long polling. The server is the referee; this page only asks and shows.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
/// Distance between grid lines in SVG units; the picture scales to the window.
const CELL = 40;
/// Room around the grid for the coordinates.
const MARGIN = 56;
/// How long one long poll may wait on the server, in milliseconds (it caps this itself).
const POLL_WAIT_MS = 20000;
/// Pause before polling again after a network error.
const RETRY_MS = 1000;
/// Screen pixels between grid lines at least, for fingers: a small screen scrolls the board.
const MIN_TAP_PX = 34;
/// Thinking time of the analysis button and of the analysis of every position, and of a hint.
const ANALYSIS_MS = 1500;
const HINT_MS = 1000;
/// Threat searches may take longer: they stop at the first win.
const THREAT_MS = 3000;
/// The value at which the bar shows about 73% for one side (the logistic curve's unit).
const EVAL_SCALE = 500;

const app = {
  game: null,       // the id of the game shown
  token: '',        // our seat's secret ('' for a spectator)
  state: null,      // the server's last description of the game
  pollAbort: null,  // stops the running long poll when the game changes
  pendingForbidden: null, // a renju forbidden point clicked once, waiting for a second click
  busy: false,      // a move or undo request is on its way
  busyVersion: 0,   // the version shown when it left
  info: null,       // /api/info: rules and levels
  view: null,       // the ply shown while stepping through the game; null: the game as it stands
  viewState: null,  // the server's description of the position at `view`
  overlay: null,    // ghost stones on the board: { ply, points, kind } (a line or a hint)
  analysis: null,   // the last analysis shown: its answer, for the game and ply it was asked
  analysing: false, // an analysis of ours is on its way
  analysePending: false, // another was asked for meanwhile
  setup: null,      // while setting up a position: Map from 'x,y' to 'black' or 'white'
};

const $ = (id) => document.getElementById(id);

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function showMessage(text) {
  $('message').textContent = text || '';
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = { error: 'the server sent no JSON (' + response.status + ')' };
  }
  if (!response.ok) {
    const error = new Error(data.error || ('HTTP ' + response.status));
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

function element(name, attributes, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (parent) parent.appendChild(e);
  return e;
}

function text(content, attributes, parent) {
  const e = element('text', attributes, parent);
  e.textContent = content;
  return e;
}

/// Star points as the library's to_svg places them: 3 lines in on boards of 13 and more (2 from
/// 7), the centre on odd sides, the side midpoints on go-sized boards.
function starPoints(width, height) {
  const points = [];
  const small = Math.min(width, height);
  if (small >= 7) {
    const inset = small >= 13 ? 3 : 2;
    for (const x of [inset, width - 1 - inset]) {
      for (const y of [inset, height - 1 - inset]) points.push([x, y]);
    }
  }
  if (width % 2 && height % 2) points.push([(width - 1) / 2, (height - 1) / 2]);
  if (small >= 19 && width % 2 && height % 2) {
    const mx = (width - 1) / 2;
    const my = (height - 1) / 2;
    points.push([mx, 3], [mx, height - 4], [3, my], [width - 4, my]);
  }
  return points;
}

/// The centre of point (x, y) in SVG units: intersections for gomoku, squares for Reversi.
function centre(state, x, y) {
  const offset = state.family === 'reversi' ? CELL / 2 : 0;
  return [MARGIN + x * CELL + offset, MARGIN + y * CELL + offset];
}

/// The ply the board shows: a past one while stepping through the game, else the last.
function shownPly() {
  if (!app.state) return 0;
  return app.view === null ? app.state.moves.length : app.view;
}

/// The description the board shows: the position at the reviewed ply, the set-up being made,
/// or the game as it stands.
function shownState() {
  const state = app.state;
  if (!state) return null;
  if (app.setup) {
    const rows = [];
    for (let y = 0; y < state.height; ++y) {
      let row = '';
      for (let x = 0; x < state.width; ++x) {
        const c = app.setup.get(x + ',' + y);
        row += c === 'black' ? 'x' : c === 'white' ? 'o' : '.';
      }
      rows.push(row);
    }
    return { ...state, board: rows, moves: [], forbidden: [], legal: [], five: [] };
  }
  if (app.view !== null && app.viewState && app.viewState.ply === app.view) return app.viewState;
  return state;
}

function draw() {
  const state = shownState();
  const holder = $('board');
  holder.textContent = '';
  if (!state) return;
  const reversi = state.family === 'reversi';
  const w = state.width;
  const h = state.height;
  const span = reversi ? CELL : 0;
  const pictureW = 2 * MARGIN + (w - 1) * CELL + span;
  const pictureH = 2 * MARGIN + (h - 1) * CELL + span;
  const svg = element('svg', {
    viewBox: `0 0 ${pictureW} ${pictureH}`,
    class: 'board ' + state.family,
    'data-width': w, 'data-height': h, 'data-cell': CELL, 'data-margin': MARGIN,
    'data-family': state.family,
    role: 'img',
  }, holder);
  // Fingers need room: below MIN_TAP_PX a grid step, the board keeps that size and scrolls.
  svg.style.minWidth = `${Math.ceil(pictureW * MIN_TAP_PX / CELL)}px`;
  element('rect', { x: 0, y: 0, width: pictureW, height: pictureH, class: 'wood', rx: 6 }, svg);

  const defs = element('defs', {}, svg);
  for (const [id, light, dark] of [['black-stone', '#5a5a5a', '#0c0c0c'],
                                   ['white-stone', '#ffffff', '#c8c8c8']]) {
    const g = element('radialGradient', { id, cx: '35%', cy: '35%', r: '65%' }, defs);
    element('stop', { offset: '0%', 'stop-color': light }, g);
    element('stop', { offset: '100%', 'stop-color': dark }, g);
  }

  const grid = element('g', { class: 'grid' }, svg);
  const lines = reversi ? w + 1 : w;
  const rows = reversi ? h + 1 : h;
  const far = (n) => MARGIN + (n - 1) * CELL + span;
  for (let x = 0; x < lines; ++x) {
    const px = MARGIN + x * CELL;
    element('line', { x1: px, y1: MARGIN, x2: px, y2: far(h) }, grid);
  }
  for (let y = 0; y < rows; ++y) {
    const py = MARGIN + y * CELL;
    element('line', { x1: MARGIN, y1: py, x2: far(w), y2: py }, grid);
  }
  if (!reversi) {
    for (const [x, y] of starPoints(w, h)) {
      const [cx, cy] = centre(state, x, y);
      element('circle', { cx, cy, r: 4, class: 'star' }, grid);
    }
  }

  // Coordinates as the library's pos notation writes them: letters from a, row 1 at the top.
  const labels = element('g', { class: 'coordinates' }, svg);
  for (let x = 0; x < w; ++x) {
    const [cx] = centre(state, x, 0);
    const letter = String.fromCharCode(97 + x);
    text(letter, { x: cx, y: MARGIN * 0.4 + 5 }, labels);
    text(letter, { x: cx, y: pictureH - MARGIN * 0.4 + 5 }, labels);
  }
  for (let y = 0; y < h; ++y) {
    const [, cy] = centre(state, 0, y);
    text(String(y + 1), { x: MARGIN * 0.4, y: cy + 5 }, labels);
    text(String(y + 1), { x: pictureW - MARGIN * 0.4, y: cy + 5 }, labels);
  }

  const marks = element('g', { class: 'marks' }, svg);
  for (const p of state.forbidden || []) {
    const [cx, cy] = centre(state, p.x, p.y);
    const d = CELL * 0.18;
    const g = element('g', { class: 'forbidden', 'data-x': p.x, 'data-y': p.y }, marks);
    element('title', {}, g).textContent = 'forbidden for Black: ' + p.kind;
    element('line', { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }, g);
    element('line', { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }, g);
  }
  for (const p of state.legal || []) {
    const [cx, cy] = centre(state, p.x, p.y);
    element('circle', { cx, cy, r: CELL * 0.12, class: 'legal', 'data-x': p.x, 'data-y': p.y },
            marks);
  }

  // Stones: their move numbers come from the move list (gomoku stones never move).
  const numberAt = new Map();
  state.moves.forEach((m, i) => { if (m.name !== 'pass') numberAt.set(m.x + ',' + m.y, i + 1); });
  const lastMove = state.moves.length ? state.moves[state.moves.length - 1] : null;
  const showNumbers = $('numbers').checked && !reversi;
  const stones = element('g', { class: 'stones' }, svg);
  state.board.forEach((row, y) => {
    [...row].forEach((c, x) => {
      if (c === '.') return;
      const colour = c === 'x' ? 'black' : 'white';
      const [cx, cy] = centre(state, x, y);
      const isLast = lastMove && lastMove.name !== 'pass' && lastMove.x === x && lastMove.y === y;
      element('circle', {
        cx, cy, r: CELL * 0.46, class: `stone ${colour}${isLast ? ' last' : ''}`,
        fill: `url(#${colour}-stone)`, 'data-x': x, 'data-y': y,
      }, stones);
      const number = numberAt.get(x + ',' + y);
      if (showNumbers && number) {
        text(String(number), {
          x: cx, y: cy + 5, class: `number on-${colour}${isLast ? ' last' : ''}`,
        }, stones);
      } else if (isLast) {
        element('circle', { cx, cy, r: CELL * 0.12, class: 'last-mark' }, stones);
      }
    });
  });

  // The winning five: a line through it and a ring on each stone.
  const five = state.five || [];
  if (five.length) {
    const g = element('g', { class: 'five' }, svg);
    const [x1, y1] = centre(state, five[0].x, five[0].y);
    const [x2, y2] = centre(state, five[five.length - 1].x, five[five.length - 1].y);
    element('line', { x1, y1, x2, y2 }, g);
    for (const p of five) {
      const [cx, cy] = centre(state, p.x, p.y);
      element('circle', { cx, cy, r: CELL * 0.5, 'data-x': p.x, 'data-y': p.y }, g);
    }
  }

  // The opening: the square the next stone must go in, and the offered 5th moves.
  const opening = app.view === null && !app.setup ? state.opening : null;
  if (opening && opening.action === 'place' && opening.area) {
    const reach = (opening.area - 1) / 2;
    const middle = Math.floor(w / 2);
    const [x1, y1] = centre(state, middle - reach, middle - reach);
    const [x2, y2] = centre(state, middle + reach, middle + reach);
    const pad = CELL * 0.45;
    element('rect', { x: x1 - pad, y: y1 - pad, width: x2 - x1 + 2 * pad, height: y2 - y1 + 2 * pad,
                      class: 'opening-area' }, svg);
  }
  if (opening && opening.offers.length) {
    const g = element('g', { class: 'offers' }, svg);
    for (const p of opening.offers) {
      const [cx, cy] = centre(state, p.x, p.y);
      element('circle', { cx, cy, r: CELL * 0.44, class: 'ghost black offer', 'data-x': p.x,
                          'data-y': p.y }, g);
      text('5', { x: cx, y: cy + 5, class: 'ghost-number on-black' }, g);
    }
  }

  // Ghost stones: an analysis' line or a hint, numbered from the position shown.
  const overlay = app.overlay;
  if (overlay && overlay.ply === shownPly() && !app.setup) {
    const g = element('g', { class: `ghosts ${overlay.kind}` }, svg);
    let colour = state.to_move;
    overlay.points.forEach((p, i) => {
      if (p.name !== 'pass' && state.board[p.y][p.x] === '.') {
        const [cx, cy] = centre(state, p.x, p.y);
        element('circle', {
          cx, cy, r: CELL * 0.44, class: `ghost ${colour}${i === 0 ? ' first' : ''}`,
          'data-x': p.x, 'data-y': p.y,
        }, g);
        text(String(i + 1), { x: cx, y: cy + 5, class: `ghost-number on-${colour}` }, g);
      }
      colour = colour === 'black' ? 'white' : 'black';
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/// True when the token may put something on the board now: a move, or in an opening a stone,
/// an offer or a selection.
function myTurn(state) {
  if (!state || state.over || state.thinking || !state.you.includes(state.actor)) return false;
  return !state.opening || state.opening.action !== 'choose';
}

function pointName(x, y) {
  return String.fromCharCode(97 + x) + (y + 1);
}

const OPENING_NAMES = { swap2: 'swap2', taraguchi10: 'Taraguchi-10' };

/// The opening rule's step: what the acting seat is asked, and its choices when it is ours.
function showOpening() {
  const state = app.state;
  const opening = state.opening;
  $('opening-box').hidden = !opening;
  if (!opening) return;
  const actor = capital(opening.actor);
  const who = state.mode === 'local' ? actor
    : opening.you_act ? `${actor} (you)` : `${actor} (your opponent)`;
  $('opening-title').textContent = `Opening: ${OPENING_NAMES[opening.rule] || opening.rule}`;
  let prompt = `${who}: ${opening.prompt}`;
  if (opening.action === 'offer') {
    prompt += ` (${opening.offers.length} of ${opening.offers_needed} offered)`;
  }
  $('opening-prompt').textContent = prompt + '.';
  const box = $('opening-choices');
  box.textContent = '';
  if (opening.action === 'choose' && (opening.you_act || state.mode === 'local')) {
    for (const choice of opening.choices) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.choice = choice.name;
      button.textContent = capital(choice.label);
      button.addEventListener('click', () => send('opening', { token: app.token, choice: choice.name }));
      box.appendChild(button);
    }
  }
}

/// "4:59", "0:07".
function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/// The clocks, counted down from the server's last word (the server decides when time is up).
function showClocks() {
  const state = app.state;
  const clock = state && state.clock;
  $('clocks').hidden = !clock;
  if (!clock) return;
  const elapsed = state.over ? 0 : performance.now() - app.clockSeenAt;
  for (const colour of ['black', 'white']) {
    const running = clock.running === colour && !state.over;
    const parts = [];
    if (clock.left_ms[colour] !== null) {
      parts.push(clockText(clock.left_ms[colour] - (running ? elapsed : 0)));
    }
    if (running && clock.move_left_ms !== null) {
      parts.push(`move ${clockText(clock.move_left_ms - elapsed)}`);
    } else if (clock.move_ms !== null && clock.left_ms[colour] === null) {
      parts.push(`${clockText(clock.move_ms)} a move`);
    }
    const e = $('clock-' + colour);
    e.textContent = `${capital(colour)} ${parts.join(' · ')}`;
    e.classList.toggle('running', running);
  }
}

function showStatus() {
  const state = app.state;
  if (!state) return;
  const toMove = capital(state.to_move);
  let turn;
  if (state.over) {
    turn = 'Game over';
  } else if (state.seats[state.to_move] === 'engine') {
    turn = `${toMove} to move: tengen`;
  } else if (state.mode === 'local') {
    turn = `${toMove} to move`;
  } else if (state.you.includes(state.to_move)) {
    turn = `${toMove} to move: your turn`;
  } else if (state.mode === 'network') {
    turn = `${toMove} to move: waiting for your opponent`;
  } else {
    turn = `${toMove} to move`;
  }
  if (!state.over && state.opening) {
    turn = `Opening: ${capital(state.opening.actor)} to act` +
      (state.opening.you_act && state.mode !== 'local' ? ': your turn' : '');
  }
  $('turn').textContent = turn;
  $('turn').dataset.toMove = state.to_move;
  $('turn').dataset.mine = String(myTurn(state));
  $('thinking').hidden = !state.thinking;

  const result = $('result');
  result.hidden = !state.over;
  if (state.over) {
    let words = capital(state.result_text);
    if (state.winner && state.you.length === 1) {
      words += state.you[0] === state.winner ? ': you win!' : ': you lose.';
    }
    result.textContent = words;
  }
  $('note').textContent = state.note ? capital(state.note) : '';
  // Reversi: the disc counts, which decide the game.
  $('discs').hidden = !state.discs;
  if (state.discs) {
    $('discs').textContent = `Black ${state.discs.black} – White ${state.discs.white}`;
  }

  $('undo').disabled = state.you.length === 0 || state.moves.length === 0 || app.busy;

  const invite = $('invite-box');
  invite.hidden = !(state.mode === 'network' && app.invite);
  if (state.mode === 'network') {
    const other = state.you.includes('black') ? 'white' : 'black';
    $('opponent-state').textContent = state.joined[other]
      ? `${capital(other)} has joined.` : `Waiting for ${capital(other)} to open the link…`;
  }

  const base = `/api/games/${state.id}/record`;
  for (const kind of ['txt', 'psq', 'svg']) $('download-' + kind).href = `${base}.${kind}`;
  $('download-psq').hidden = state.family !== 'gomoku' || Boolean(state.setup);
  $('download-svg').hidden = state.family !== 'gomoku';
  $('move-text').textContent = state.moves.map((m) => m.name).join(' ');
  showGameInfo();
  showMoves();
  showOpening();
  showClocks();
}

/// The game's own settings, which the "New game" form does not show once it is changed.
function showGameInfo() {
  const state = app.state;
  const parts = [state.rule, `${state.width}×${state.height}`];
  if (state.mode === 'engine') parts.push(`against tengen, ${state.engine}`);
  else if (state.mode === 'local') parts.push('two players at this screen');
  else parts.push('two players on two browsers');
  if (state.opening_rule && state.opening_rule !== 'none') {
    parts.push(`opening ${OPENING_NAMES[state.opening_rule] || state.opening_rule}`);
  }
  if (state.clock) {
    const c = state.clock;
    parts.push('clock ' + [c.main_ms !== null ? `${clockText(c.main_ms)} a side` : '',
                           c.move_ms !== null ? `${clockText(c.move_ms)} a move` : '']
      .filter(Boolean).join(', '));
  }
  if (state.mode !== 'local' && state.you.length === 1) parts.push(`you play ${capital(state.you[0])}`);
  if (state.you.length === 0) parts.push('watching');
  $('game-info').textContent = parts.join(' · ');
}

/// The move list, the reviewed move marked, and the stepping buttons.
function showMoves() {
  const state = app.state;
  const list = $('move-list');
  list.textContent = '';
  const shown = shownPly();
  state.moves.forEach((m, i) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = m.name;
    button.className = (i % 2 ? 'white' : 'black') + (i + 1 === shown ? ' current' : '');
    button.dataset.ply = String(i + 1);
    button.addEventListener('click', () => setView(i + 1));
    item.appendChild(button);
    list.appendChild(item);
  });
  const total = state.moves.length;
  $('first').disabled = shown === 0;
  $('back').disabled = shown === 0;
  $('forward').disabled = shown >= total;
  $('last').disabled = shown >= total;
  $('review-state').textContent = app.view === null
    ? `${total} ${total === 1 ? 'move' : 'moves'}` : `move ${shown} of ${total}`;
  // The list scrolls on its own (never the page) to keep the move shown in sight.
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top;
    }
  }
}

/// Shows the position after `ply` moves (the game as it stands at its end).
async function setView(ply) {
  const state = app.state;
  if (!state || app.setup) return;
  const total = state.moves.length;
  ply = Math.max(0, Math.min(total, ply));
  showMessage('');
  if (ply === total) {
    app.view = null;
    app.viewState = null;
  } else {
    app.view = ply;
    if (!app.viewState || app.viewState.ply !== ply) {
      try {
        const data = await api('GET', `/api/games/${state.id}/position?ply=${ply}`);
        if (app.view !== ply || !app.state || app.state.id !== state.id) return;
        app.viewState = data;
      } catch (e) {
        showMessage(e.message);
        return;
      }
    }
  }
  draw();
  showStatus();
  showAnalysisFor();
  if ($('auto-analyse').checked) analyse();
}

// ---------------------------------------------------------------------------------------------
// Analysis
// ---------------------------------------------------------------------------------------------

/// The bar's share for Black, 0 to 1, of a value from the side to move's point of view.
function blackShare(value, valueText, toMove) {
  const black = toMove === 'black' ? value : -value;
  if (/^win/.test(valueText)) return toMove === 'black' ? 1 : 0;
  if (/^loss/.test(valueText)) return toMove === 'black' ? 0 : 1;
  return 1 / (1 + Math.exp(-black / EVAL_SCALE));
}

function names(points) {
  return points.map((p) => p.name).join(' ');
}

/// The last analysis, when it is of the position shown; otherwise the panel says so.
function showAnalysisFor() {
  const a = app.analysis;
  const fresh = a && app.state && a.game === app.state.id && a.ply === shownPly() &&
                a.version === app.state.version;
  if (!fresh) {
    $('eval-text').textContent = app.analysing ? 'Analysing…' : 'No analysis of this position yet.';
    $('eval-fill').style.width = '50%';
    $('candidates').textContent = '';
    $('candidates-note').textContent = '';
    if (app.overlay && app.overlay.kind === 'pv' && app.overlay.ply !== shownPly()) {
      app.overlay = null;
    }
    return;
  }
  const d = a.data;
  $('eval-fill').style.width = `${(100 * blackShare(d.value, d.value_text, d.to_move)).toFixed(1)}%`;
  $('eval-text').textContent = `${capital(d.to_move)} to move: ${d.value_text}` +
    (/^(win|loss)/.test(d.value_text) ? '' : ` (${d.value > 0 ? '+' : ''}${d.value})`) +
    ` · depth ${d.depth} · ${d.nodes.toLocaleString('en')} nodes in ${d.time_ms} ms` +
    (d.interrupted ? ' (stopped by a move)' : '');
  const list = $('candidates');
  list.textContent = '';
  const depths = new Set(d.candidates.map((c) => c.depth));
  $('candidates-note').textContent = d.candidates.length < 2 ? '' : depths.size === 1
    ? `The ${d.candidates.length} best moves, each searched to depth ${d.depth}: their values compare.`
    : `The ${d.candidates.length} best moves; the search stopped before the last depth ` +
      'reached them all, so values of different depths are shown.';
  for (const c of d.candidates) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'candidate';
    button.dataset.move = c.move.name;
    button.textContent = `${c.move.name}  ${c.value_text}`;
    button.title = `depth ${c.depth}: ${names(c.pv)}`;
    button.addEventListener('click', () => {
      app.overlay = { ply: a.ply, points: c.pv, kind: 'pv' };
      draw();
    });
    item.appendChild(button);
    const line = document.createElement('span');
    line.className = 'line';
    line.textContent = names(c.pv.slice(1, 8));
    item.appendChild(line);
    list.appendChild(item);
  }
}

/// Asks the server for an analysis of the position shown and shows it, unless the board has
/// moved on meanwhile. One at a time: a request made meanwhile runs when it is back.
async function analyse(kind = 'search', timeMs = ANALYSIS_MS) {
  const state = app.state;
  if (!state || app.setup) return null;
  if (app.analysing) {
    if (kind === 'search') app.analysePending = true;
    return null;
  }
  const ply = shownPly();
  const version = state.version;
  app.analysing = true;
  if (kind === 'search') showAnalysisFor();
  let data = null;
  try {
    data = await api('POST', `/api/games/${state.id}/analysis`, { kind, ply, time_ms: timeMs });
  } catch (e) {
    showMessage(e.message);
  }
  app.analysing = false;
  const current = app.state && app.state.id === state.id && shownPly() === ply &&
                  app.state.version === version;
  if (data && current && kind === 'search') {
    app.analysis = { game: state.id, ply, version, data };
    if (data.pv.length) app.overlay = { ply, points: data.pv, kind: 'pv' };
    draw();
  }
  showAnalysisFor();
  if (app.analysePending) {
    app.analysePending = false;
    analyse();
  }
  return current ? data : null;
}

async function hint() {
  const state = app.state;
  if (!state || state.over && app.view === null) return;
  showMessage('');
  const data = await analyse('search', HINT_MS);
  if (!data || !data.pv.length) return;
  app.overlay = { ply: data.ply, points: data.pv.slice(0, 1), kind: 'hint' };
  draw();
  $('note').textContent = `Hint for ${capital(data.to_move)}: ${data.pv[0].name} ` +
    `(${data.value_text}; line ${names(data.pv.slice(0, 9))}).`;
}

async function threatSearch(kind) {
  if (!app.state) return;
  showMessage('');
  const name = kind.toUpperCase();
  $('note').textContent = `Looking for a ${name}…`;
  const data = await analyse(kind, THREAT_MS);
  if (!data) {
    $('note').textContent = '';
    return;
  }
  if (data.found) {
    app.overlay = { ply: data.ply, points: data.line, kind: 'threat' };
    const moves = Math.ceil(data.line.length / 2);
    $('note').textContent = `${capital(data.attacker)} wins by ${name} in ${moves} ` +
      `${moves === 1 ? 'move' : 'moves'}: ${names(data.line)}.`;
  } else {
    $('note').textContent = `No ${name} for ${capital(data.attacker)}` +
      (data.exhausted ? ' found within the time.' : '.');
  }
  draw();
}

function show(state) {
  // A long poll may answer with a state that a move request already brought, or an older one.
  if (app.state && state.id === app.state.id && state.version <= app.state.version) return;
  const newGame = !app.state || app.state.id !== state.id;
  const moved = newGame || app.state.moves.length !== state.moves.length;
  app.state = state;
  app.clockSeenAt = performance.now();
  if (newGame) {
    syncForm(state);
    app.analysis = null;
    app.overlay = null;
  }
  if (moved) {
    // A move brings the board back to the game, as a player expects.
    app.view = null;
    app.viewState = null;
  }
  if (app.view !== null && app.view > state.moves.length) app.view = null;
  draw();
  showStatus();
  showAnalysisFor();
  if (moved && $('auto-analyse').checked && !state.over) analyse();
}

/// The "New game" form set to the game shown, so that "New game" starts another like it.
function syncForm(state) {
  $('rule').value = state.rule;
  updateRule();
  if (state.family !== 'reversi') {
    const size = String(state.width);
    if (![...$('size').options].some((o) => o.value === size)) {
      const option = document.createElement('option');
      option.value = size;
      option.textContent = `${size} × ${size}`;
      $('size').appendChild(option);
    }
    $('size').value = size;
  }
  $('mode').value = state.mode;
  updateForm();
  $('opening').value = state.opening_rule || 'none';
  if (state.you.length === 1) $('color').value = state.you[0];
  if (state.level) {
    fillLevels();
    $('level').value = String(state.level);
  }
  updateForm();
}

// ---------------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------------

/// The board point nearest to a click, or null when the click is off the board.
function pointOf(event) {
  const svg = $('board').querySelector('svg');
  const matrix = svg && svg.getScreenCTM();
  if (!matrix) return null;
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const state = app.state;
  const offset = state.family === 'reversi' ? CELL / 2 : 0;
  const x = Math.round((at.x - MARGIN - offset) / CELL);
  const y = Math.round((at.y - MARGIN - offset) / CELL);
  if (x < 0 || y < 0 || x >= state.width || y >= state.height) return null;
  return { x, y };
}

async function onBoardClick(event) {
  if (app.setup) {
    const p = pointOf(event);
    if (!p) return;
    const key = p.x + ',' + p.y;
    const mode = $('setup-color').value;
    const now = app.setup.get(key);
    const next = mode === 'cycle'
      ? (now === undefined ? 'black' : now === 'black' ? 'white' : undefined)
      : (now === mode ? undefined : mode);
    if (next) app.setup.set(key, next); else app.setup.delete(key);
    draw();
    return;
  }
  if (app.view !== null) {
    showMessage(`You are looking at move ${app.view}: press ▶| (End) to return to the game.`);
    return;
  }
  const state = app.state;
  // A request on its way blocks clicks only until its result shows: a long poll may bring it
  // before the request's own answer does.
  if (!myTurn(state) || (app.busy && state.version === app.busyVersion)) return;
  const p = pointOf(event);
  if (!p || state.board[p.y][p.x] !== '.') return;
  const forbidden = (state.forbidden || []).find((f) => f.x === p.x && f.y === p.y);
  const key = p.x + ',' + p.y;
  if (forbidden && app.pendingForbidden !== key) {
    app.pendingForbidden = key;
    showMessage(`That point is forbidden for Black (${forbidden.kind}): playing it loses. ` +
                'Click it again to play it anyway.');
    return;
  }
  app.pendingForbidden = null;
  showMessage('');
  const action = state.opening ? state.opening.action : null;
  const area = action === 'place' ? state.opening.area : null;
  const middle = Math.floor(state.width / 2);
  if (area && Math.max(Math.abs(p.x - middle), Math.abs(p.y - middle)) > (area - 1) / 2) {
    showMessage(`The opening puts this stone within the central ${area}x${area} square.`);
    return;
  }
  if (action === 'offer') {
    await send('opening', { token: app.token, offer: pointName(p.x, p.y) });
  } else if (action === 'select') {
    await send('opening', { token: app.token, select: pointName(p.x, p.y) });
  } else {
    await send('move', { token: app.token, x: p.x, y: p.y });
  }
}

async function send(action, body) {
  app.busy = true;
  app.busyVersion = app.state ? app.state.version : 0;
  try {
    show(await api('POST', `/api/games/${app.game}/${action}`, body));
  } catch (e) {
    showMessage(e.message);
  } finally {
    app.busy = false;
    showStatus();
  }
}

async function pollLoop(game, abort) {
  while (!abort.signal.aborted && app.game === game) {
    const since = app.state ? app.state.version : 0;
    const url = `/api/games/${game}?token=${encodeURIComponent(app.token)}` +
                `&since=${since}&wait=${POLL_WAIT_MS}`;
    try {
      const response = await fetch(url, { signal: abort.signal });
      const data = await response.json();
      if (!response.ok) {
        showMessage(data.error || 'the game is gone');
        if (response.status === 404) return;
        await new Promise((r) => setTimeout(r, RETRY_MS));
        continue;
      }
      if (app.game === game) show(data);
    } catch (e) {
      if (abort.signal.aborted) return;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}

function follow(game, token, state) {
  if (app.pollAbort) app.pollAbort.abort();
  app.game = game;
  app.token = token;
  app.state = null;
  app.pendingForbidden = null;
  const params = new URLSearchParams({ game });
  if (token) params.set('token', token);
  history.replaceState(null, '', '/?' + params.toString());
  if (state) show(state);
  app.pollAbort = new AbortController();
  pollLoop(game, app.pollAbort);
}

async function newGame(event, start = {}) {
  if (event) event.preventDefault();
  showMessage('');
  const body = {
    rule: $('rule').value,
    size: Number($('size').value),
    mode: $('mode').value,
    color: $('color').value,
    level: Number($('level').value),
    ...start,
  };
  // Opening rules (from the empty board) and clocks are for games between humans.
  if (body.mode !== 'engine') {
    if (!start.moves && !start.psq && !start.setup) body.opening = $('opening').value;
    if ($('clock').value) {
      const [main, move] = $('clock').value.split(',').map(Number);
      body.clock = { main_s: main, move_s: move };
    }
  }
  try {
    const state = await api('POST', '/api/games', body);
    app.invite = state.invite
      ? `${location.origin}/?game=${state.id}&token=${state.invite}` : '';
    $('invite').value = app.invite;
    follow(state.id, state.token, state);
    return true;
  } catch (e) {
    showMessage(e.message);
    return false;
  }
}

/// A new game from the moves or the .psq record in the import box.
async function importGame() {
  const text = $('import-text').value.trim();
  if (!text) {
    showMessage('Paste moves such as h8i9j10, or a .psq record, or choose a file.');
    return;
  }
  const start = /^Piskvorky/i.test(text) ? { psq: text } : { moves: text };
  if (await newGame(null, start)) $('import-box').open = false;
}

function startSetup() {
  if (!app.state || app.state.family === 'reversi' || $('rule').value === 'reversi') {
    showMessage('Reversi starts from its four discs: import its moves instead.');
    return;
  }
  app.setup = new Map();
  app.overlay = null;
  $('setup-box').hidden = false;
  $('import-box').open = false;
  showMessage('');
  draw();
}

function endSetup() {
  app.setup = null;
  $('setup-box').hidden = true;
  draw();
}

async function finishSetup() {
  const stones = { black: [], white: [] };
  for (const [key, colour] of app.setup) {
    const [x, y] = key.split(',').map(Number);
    stones[colour].push(String.fromCharCode(97 + x) + (y + 1));
  }
  const setup = { ...stones, to_move: $('setup-to-move').value };
  const placed = app.setup;
  app.setup = null;
  $('size').value = String(app.state.width);
  if (await newGame(null, { setup })) {
    $('setup-box').hidden = true;
  } else {
    app.setup = placed; // the server said why; the stones stay for another try
    draw();
  }
}

function updateForm() {
  const engine = $('mode').value === 'engine';
  $('level').disabled = !engine;
  // Clocks are for games between humans.
  $('clock').disabled = engine;
  const rule = $('rule').value;
  for (const option of $('opening').options) {
    const fits = option.value === 'none' ||
      (option.value === 'taraguchi10' ? rule === 'renju'
        : !['renju', 'reversi'].includes(rule));
    option.hidden = !fits;
    option.disabled = !fits;
  }
  if ($('opening').selectedOptions[0].disabled) $('opening').value = 'none';
  // Under an opening rule between humans the creator opens from Black's seat and the rule gives
  // the colours; against the engine the colour says who opens (Black's seat).
  $('color').disabled = $('mode').value === 'local' ||
    (!engine && $('opening').value !== 'none');
}

/// The level choices of the selected rule: Reversi's engine has levels of its own.
function fillLevels() {
  if (!app.info) return;
  const reversi = $('rule').value === 'reversi';
  const levels = reversi ? app.info.reversi_levels : app.info.levels;
  const chosen = Number($('level').value) || app.info.default_level;
  $('level').textContent = '';
  for (const l of levels) {
    const option = document.createElement('option');
    option.value = l.level;
    option.textContent = `${l.level} (${l.spec})`;
    option.selected = l.level === chosen;
    $('level').appendChild(option);
  }
}

/// Reversi is played on 8x8 only: the size follows the rule.
function updateRule() {
  const reversi = $('rule').value === 'reversi';
  $('size').disabled = reversi;
  if (reversi) {
    $('size').value = '8';
  } else if ($('size').value === '8') {
    $('size').value = '15';
  }
  fillLevels();
  updateForm();
}

async function start() {
  try {
    const info = await api('GET', '/api/info');
    app.info = info;
    fillLevels();
    for (const r of info.rules) {
      if (![...$('rule').options].some((o) => o.value === r.name)) {
        const option = document.createElement('option');
        option.value = r.name;
        option.textContent = r.name;
        $('rule').appendChild(option);
      }
    }
  } catch (e) {
    showMessage('cannot reach the server: ' + e.message);
  }
  $('new-game').addEventListener('submit', newGame);
  $('mode').addEventListener('change', updateForm);
  $('opening').addEventListener('change', updateForm);
  $('rule').addEventListener('change', updateRule);
  $('numbers').addEventListener('change', draw);
  // On the holder, not the SVG: a redraw between press and release would lose the click.
  $('board').addEventListener('click', onBoardClick);
  $('undo').addEventListener('click', () => send('undo', { token: app.token }));
  $('analyse').addEventListener('click', () => analyse());
  $('hint').addEventListener('click', hint);
  $('vcf').addEventListener('click', () => threatSearch('vcf'));
  $('vct').addEventListener('click', () => threatSearch('vct'));
  $('auto-analyse').addEventListener('change', () => {
    if ($('auto-analyse').checked) analyse();
  });
  $('first').addEventListener('click', () => setView(0));
  $('back').addEventListener('click', () => setView(shownPly() - 1));
  $('forward').addEventListener('click', () => setView(shownPly() + 1));
  $('last').addEventListener('click', () => setView(Infinity));
  $('import').addEventListener('click', importGame);
  $('import-file').addEventListener('change', async () => {
    const file = $('import-file').files[0];
    if (file) $('import-text').value = await file.text();
  });
  $('setup').addEventListener('click', startSetup);
  $('setup-start').addEventListener('click', finishSetup);
  $('setup-cancel').addEventListener('click', endSetup);
  setInterval(showClocks, 250);
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select') || event.ctrlKey || event.metaKey ||
        event.altKey) return;
    const keys = {
      ArrowLeft: () => setView(shownPly() - 1),
      ArrowRight: () => setView(shownPly() + 1),
      Home: () => setView(0),
      End: () => setView(Infinity),
      a: () => analyse(),
      h: hint,
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
  $('copy-invite').addEventListener('click', async () => {
    $('invite').select();
    try {
      await navigator.clipboard.writeText($('invite').value);
    } catch (e) {
      document.execCommand('copy');
    }
  });
  updateForm();
  updateRule();

  const params = new URLSearchParams(location.search);
  if (params.get('game')) {
    app.invite = '';
    follow(params.get('game'), params.get('token') || '', null);
  } else {
    await newGame();
  }
}

start();
