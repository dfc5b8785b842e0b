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

const app = {
  game: null,       // the id of the game shown
  token: '',        // our seat's secret ('' for a spectator)
  state: null,      // the server's last description of the game
  pollAbort: null,  // stops the running long poll when the game changes
  pendingForbidden: null, // a renju forbidden point clicked once, waiting for a second click
  busy: false,      // a move or undo request is on its way
  busyVersion: 0,   // the version shown when it left
  info: null,       // /api/info: rules and levels
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

function draw() {
  const state = app.state;
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
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

function myTurn(state) {
  return state && !state.over && !state.thinking && state.you.includes(state.to_move);
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
  $('download-psq').hidden = state.family !== 'gomoku';
  $('download-svg').hidden = state.family !== 'gomoku';
  $('move-text').textContent = state.moves.map((m) => m.name).join(' ');
}

function show(state) {
  // A long poll may answer with a state that a move request already brought, or an older one.
  if (app.state && state.id === app.state.id && state.version <= app.state.version) return;
  app.state = state;
  draw();
  showStatus();
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
  await send('move', { token: app.token, x: p.x, y: p.y });
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

async function newGame(event) {
  if (event) event.preventDefault();
  showMessage('');
  const body = {
    rule: $('rule').value,
    size: Number($('size').value),
    mode: $('mode').value,
    color: $('color').value,
    level: Number($('level').value),
  };
  try {
    const state = await api('POST', '/api/games', body);
    app.invite = state.invite
      ? `${location.origin}/?game=${state.id}&token=${state.invite}` : '';
    $('invite').value = app.invite;
    follow(state.id, state.token, state);
  } catch (e) {
    showMessage(e.message);
  }
}

function updateForm() {
  const engine = $('mode').value === 'engine';
  $('level').disabled = !engine;
  $('color').disabled = $('mode').value === 'local';
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
  $('rule').addEventListener('change', updateRule);
  $('numbers').addEventListener('change', draw);
  // On the holder, not the SVG: a redraw between press and release would lose the click.
  $('board').addEventListener('click', onBoardClick);
  $('undo').addEventListener('click', () => send('undo', { token: app.token }));
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
