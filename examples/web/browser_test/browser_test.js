// The page of tengen_web in headless Chromium, driven by Playwright (playwright-core: no
// browser download; Chromium comes from the system).
//
//   node browser_test.js <tengen_web> <chromium> <output directory>
//
// Starts the server on a free port, plays against the engine by clicking, takes a move back,
// checks renju's forbidden-point warning and the announced result at one screen, and plays a
// networked game between two browser contexts, plays one Reversi move against the engine, studies
// an imported game (review, analysis, hint, VCF, set-up), goes through swap2 with a clock and
// Taraguchi-10's first square, and plays on a phone-sized screen.
// Screenshots go to the output directory.
'use strict';

const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

/// The whole test must finish within this (CTest's own timeout is larger).
const TEST_TIMEOUT_MS = 280000;
/// A move must reach the other browser within this; the server pushes it at once.
const PUSH_TIMEOUT_MS = 3000;
/// The engine at level 2 answers at once; this covers a slow sanitizer build.
const ENGINE_TIMEOUT_MS = 20000;

const [binary, chromiumPath, outDir] = process.argv.slice(2);
if (!binary || !chromiumPath || !outDir) {
  console.error('usage: node browser_test.js <tengen_web> <chromium> <output directory>');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn(binary, ['--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/http:\/\/([0-9.]+):(\d+)\//);
      if (match) resolve({ server, base: `http://${match[1]}:${match[2]}` });
    });
    server.on('exit', (code) => reject(new Error(`tengen_web exited with ${code}: ${output}`)));
  });
}

/// Where on the screen point (x, y) of the board is, from the SVG's box and its layout data.
async function screenPoint(page, x, y, offset = { dx: 0, dy: 0 }) {
  // Measured in one step inside the page: the SVG is redrawn whenever the game changes.
  const layout = await page.evaluate(() => {
    const svg = document.querySelector('#board svg');
    const box = svg.getBoundingClientRect();
    return {
      left: box.left, top: box.top, scale: box.width / svg.viewBox.baseVal.width,
      cell: Number(svg.dataset.cell), margin: Number(svg.dataset.margin),
      squares: svg.dataset.family === 'reversi',
    };
  });
  const half = layout.squares ? layout.cell / 2 : 0;
  return {
    x: layout.left + (layout.margin + half + (x + offset.dx) * layout.cell) * layout.scale,
    y: layout.top + (layout.margin + half + (y + offset.dy) * layout.cell) * layout.scale,
  };
}

async function clickPoint(page, x, y, offset) {
  const p = await screenPoint(page, x, y, offset);
  await page.mouse.click(p.x, p.y);
}

function stones(page, colour) {
  return page.locator(`#board circle.stone.${colour}`);
}

async function stoneAt(page, x, y) {
  return page.locator(`#board circle.stone[data-x="${x}"][data-y="${y}"]`).count();
}

/// Waits until the board shows `n` stones; on a timeout saves a screenshot and says what the
/// page shows.
async function waitForStones(page, n, what, timeout = 10000) {
  try {
    await page.waitForFunction((count) => document.querySelectorAll('circle.stone').length === count,
                               n, { timeout });
  } catch (e) {
    await page.screenshot({ path: path.join(outDir, 'failure.png') });
    const shown = await page.evaluate(() => ({
      stones: document.querySelectorAll('circle.stone').length,
      message: document.getElementById('message').textContent,
      turn: document.getElementById('turn').textContent,
      moves: app.state && app.state.moves.map((m) => m.name).join(' '),
      busy: app.busy,
    }));
    throw new Error(`${what}: expected ${n} stones, the page shows ${JSON.stringify(shown)}`);
  }
}

async function newGame(page, settings) {
  for (const [id, value] of Object.entries(settings)) {
    await page.selectOption('#' + id, String(value));
  }
  // The page starts a game of its own on load: wait for it, or it could pass for ours.
  await page.waitForFunction(() => app.state !== null);
  const before = await page.evaluate(() => app.state.id);
  await page.click('#new');
  await page.waitForFunction((old) => app.state && app.state.id !== old, before);
}

function watchErrors(page, errors, name) {
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${name} console: ${m.text()}`);
  });
}

async function againstEngine(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  watchErrors(page, errors, 'engine');
  await page.goto(base + '/');
  await page.waitForSelector('#board svg');
  await newGame(page, { rule: 'freestyle', size: 15, mode: 'engine', color: 'black', level: 2 });
  assert.match(await page.textContent('#turn'), /your turn/);

  // A click a third of a cell off h8 snaps to h8; the engine answers with a white stone.
  await clickPoint(page, 7, 7, { dx: 0.3, dy: -0.3 });
  await page.waitForFunction(() => document.querySelectorAll('circle.stone.white').length === 1,
                             null, { timeout: ENGINE_TIMEOUT_MS });
  assert.equal(await stoneAt(page, 7, 7), 1, 'the click did not snap to h8');
  await page.waitForSelector('#thinking', { state: 'hidden' });

  // Two more moves of ours, each answered.
  for (let i = 1; i <= 2; ++i) {
    const state = await page.evaluate(() => app.state);
    const empty = [];
    state.board.forEach((row, y) => [...row].forEach((c, x) => { if (c === '.') empty.push([x, y]); }));
    empty.sort((a, b) => (Math.abs(a[0] - 7) + Math.abs(a[1] - 7)) - (Math.abs(b[0] - 7) + Math.abs(b[1] - 7)));
    await clickPoint(page, empty[0][0], empty[0][1]);
    await page.waitForFunction((n) => document.querySelectorAll('circle.stone.white').length === n,
                               i + 1, { timeout: ENGINE_TIMEOUT_MS });
  }
  assert.equal(await stones(page, 'black').count(), 3);
  await page.check('#numbers');
  await page.screenshot({ path: path.join(outDir, 'engine.png') });
  assert.equal(await page.locator('#board text.number').count(), 6);

  // Undo takes back our move and the engine's answer.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('circle.stone').length === 4);
  const href = await page.getAttribute('#download-psq', 'href');
  assert.match(href, /^\/api\/games\/[0-9a-f]+\/record\.psq$/);
  const psq = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  assert.match(psq, /^Piskvorky 15x15/);
  await context.close();
}

async function atOneScreen(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  watchErrors(page, errors, 'local');
  await page.goto(base + '/');
  await page.waitForSelector('#board svg');
  await newGame(page, { rule: 'renju', size: 15, mode: 'local' });
  // Black builds a double-three at h8 while White plays along the edge.
  const moves = [[5, 7], [0, 0], [6, 7], [0, 2], [7, 5], [0, 4], [7, 6], [0, 6]];
  for (const [i, [x, y]] of moves.entries()) {
    await clickPoint(page, x, y);
    await waitForStones(page, i + 1, `move ${i} (${x}, ${y})`);
  }
  await page.waitForSelector('#board g.forbidden[data-x="7"][data-y="7"]');
  await page.screenshot({ path: path.join(outDir, 'renju-forbidden.png') });
  // The first click on a forbidden point only warns; playing elsewhere is fine.
  await clickPoint(page, 7, 7);
  await page.waitForFunction(() => /forbidden/.test(document.getElementById('message').textContent));
  assert.equal(await stoneAt(page, 7, 7), 0, 'a single click played a forbidden point');
  // Black then wins with a five on row 12 (White keeps to column 14) and the page says so.
  const finish = [[3, 12], [14, 0], [4, 12], [14, 2], [5, 12], [14, 4], [6, 12], [14, 6], [7, 12]];
  for (const [i, [x, y]] of finish.entries()) {
    await clickPoint(page, x, y);
    await waitForStones(page, moves.length + i + 1, `finishing move ${i} (${x}, ${y})`);
  }
  await page.waitForSelector('#result:not([hidden])');
  assert.match(await page.textContent('#result'), /Black wins/);
  // The winning five is ringed, d13 to h13.
  const five = await page.$$eval('#board g.five circle', (cs) => cs.map((c) => `${c.dataset.x},${c.dataset.y}`));
  assert.deepEqual(five, ['3,12', '4,12', '5,12', '6,12', '7,12']);
  await page.screenshot({ path: path.join(outDir, 'result.png') });
  // Clicks after the end change nothing.
  await clickPoint(page, 10, 10);
  await page.waitForTimeout(300);
  assert.equal(await stoneAt(page, 10, 10), 0);
  await context.close();
}

async function overTheNetwork(browser, base, errors) {
  const blackContext = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const black = await blackContext.newPage();
  watchErrors(black, errors, 'network black');
  await black.goto(base + '/');
  await black.waitForSelector('#board svg');
  await newGame(black, { rule: 'freestyle', size: 19, mode: 'network', color: 'black' });
  const invite = await black.inputValue('#invite');
  assert.match(invite, /\?game=[0-9a-f]+&token=[0-9a-f]+$/);

  const whiteContext = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const white = await whiteContext.newPage();
  watchErrors(white, errors, 'network white');
  await white.goto(invite);
  await white.waitForSelector('#board svg');
  await black.waitForFunction(() => /White has joined/.test(document.getElementById('opponent-state').textContent),
                              null, { timeout: PUSH_TIMEOUT_MS });
  assert.match(await white.textContent('#turn'), /waiting for your opponent/);

  // White clicking out of turn sends nothing.
  await clickPoint(white, 3, 3);
  await white.waitForTimeout(300);
  assert.equal(await stoneAt(black, 3, 3), 0);

  const moves = [[9, 9], [10, 10], [9, 10], [10, 9], [9, 11]];
  for (const [i, [x, y]] of moves.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [black, white] : [white, black];
    await mover.waitForFunction(() => document.getElementById('turn').dataset.mine === 'true',
                                null, { timeout: PUSH_TIMEOUT_MS });
    await clickPoint(mover, x, y);
    await watcher.waitForSelector(`#board circle.stone[data-x="${x}"][data-y="${y}"]`,
                                  { timeout: PUSH_TIMEOUT_MS });
  }
  await black.screenshot({ path: path.join(outDir, 'network-black.png') });
  await white.screenshot({ path: path.join(outDir, 'network-white.png') });
  await blackContext.close();
  await whiteContext.close();
}

async function reversiAgainstEngine(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  watchErrors(page, errors, 'reversi');
  await page.goto(base + '/');
  await page.waitForSelector('#board svg');
  await newGame(page, { rule: 'reversi', mode: 'engine', color: 'black', level: 2 });
  assert.equal(await page.inputValue('#size'), '8');
  assert.ok(await page.isDisabled('#size'), 'the size is not fixed for Reversi');
  assert.equal(await page.locator('#board svg.reversi').count(), 1);
  assert.equal(await page.locator('#board circle.legal').count(), 4);
  assert.equal(await page.textContent('#discs'), 'Black 2 – White 2');
  assert.ok(await page.isHidden('#download-svg'), 'Reversi has no SVG record');

  // f5 is a legal opening square; the engine answers with a move of its own.
  await clickPoint(page, 5, 4);
  await page.waitForFunction(() => app.state.moves.length === 2 && !app.state.thinking, null,
                             { timeout: ENGINE_TIMEOUT_MS });
  assert.equal(await stoneAt(page, 5, 4), 1, 'no disc on f5');
  const discs = await page.evaluate(() => app.state.discs);
  assert.equal(await page.textContent('#discs'), `Black ${discs.black} – White ${discs.white}`);
  assert.equal(await page.locator('#board circle.stone').count(), discs.black + discs.white);
  await page.screenshot({ path: path.join(outDir, 'reversi.png') });
  await context.close();
}

/// Studying a game: import, the game's settings shown after a reload, stepping through the
/// moves, analysis with its line on the board, a hint, a VCF, set-up by hand.
async function studyBoard(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  watchErrors(page, errors, 'study');
  await page.goto(base + '/');
  await page.waitForFunction(() => app.state !== null);
  const before = await page.evaluate(() => app.state.id);
  await page.selectOption('#rule', 'renju');
  await page.selectOption('#mode', 'local');
  await page.click('#import-box summary');
  await page.fill('#import-text', 'h8 h9 i8 i9 j8 a1');
  await page.click('#import');
  await page.waitForFunction((old) => app.state && app.state.id !== old, before);
  await waitForStones(page, 6, 'the imported game');
  assert.equal(await page.locator('#move-list button').count(), 6);
  assert.match(await page.textContent('#game-info'), /renju · 15×15 · two players at this screen/);

  // A reload (or a friend with the link) shows the game's own settings, not the defaults.
  await page.reload();
  await waitForStones(page, 6, 'after a reload');
  assert.match(await page.textContent('#game-info'), /^renju · 15×15/);
  assert.equal(await page.inputValue('#rule'), 'renju');
  assert.equal(await page.inputValue('#mode'), 'local');

  // Stepping back and forth: buttons, the move list and the arrow keys.
  await page.click('#back');
  await waitForStones(page, 5, 'one move back');
  await page.click('#first');
  await waitForStones(page, 0, 'the first position');
  await page.keyboard.press('ArrowRight');
  await waitForStones(page, 1, 'the right arrow');
  await page.click('#move-list button[data-ply="4"]');
  await waitForStones(page, 4, 'move 4 from the list');
  assert.match(await page.textContent('#review-state'), /move 4 of 6/);
  // A click on the board while looking back plays nothing.
  await clickPoint(page, 10, 10);
  await page.waitForFunction(() => /looking at move 4/.test(document.getElementById('message').textContent));
  await page.screenshot({ path: path.join(outDir, 'review.png') });
  await page.keyboard.press('End');
  await waitForStones(page, 6, 'back to the game');

  // Black has an open three on row 8: the analysis sees the win and draws its line.
  await page.click('#analyse');
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('eval-text').textContent),
                             null, { timeout: ENGINE_TIMEOUT_MS });
  assert.match(await page.textContent('#eval-text'), /Black to move: win in \d+/);
  assert.ok(await page.locator('#candidates button.candidate').count() >= 1, 'no candidate moves');
  assert.ok(await page.locator('#board g.ghosts circle.ghost').count() >= 1, 'no line on the board');
  const bar = await page.evaluate(() => parseFloat(document.getElementById('eval-fill').style.width));
  assert.equal(bar, 100, 'a win for Black fills the bar');
  await page.waitForTimeout(400); // the bar's transition
  await page.screenshot({ path: path.join(outDir, 'analysis.png') });

  await page.click('#hint');
  await page.waitForSelector('#board g.ghosts.hint circle.ghost.first', { timeout: ENGINE_TIMEOUT_MS });
  assert.match(await page.textContent('#note'), /Hint for Black: (g8|k8)/);

  await page.click('#vcf');
  await page.waitForFunction(() => /wins by VCF/.test(document.getElementById('note').textContent),
                             null, { timeout: ENGINE_TIMEOUT_MS });
  assert.ok(await page.locator('#board g.ghosts.threat circle.ghost').count() >= 3);
  await page.screenshot({ path: path.join(outDir, 'vcf.png') });

  // Set-up by hand: three stones, White to move.
  await page.click('#import-box summary');
  await page.click('#setup');
  await waitForStones(page, 0, 'an empty set-up board');
  await clickPoint(page, 7, 7);
  await clickPoint(page, 8, 7);
  await clickPoint(page, 8, 8);
  await clickPoint(page, 8, 8); // a second click makes it white
  await page.selectOption('#setup-to-move', 'white');
  await page.selectOption('#setup-color', 'black');
  await clickPoint(page, 6, 6);
  await waitForStones(page, 4, 'the stones set up');
  const old = await page.evaluate(() => app.state.id);
  await page.click('#setup-start');
  await page.waitForFunction((o) => app.state && app.state.id !== o, old);
  const state = await page.evaluate(() => app.state);
  assert.equal(state.to_move, 'white');
  assert.equal(state.board[7].slice(7, 9), 'xx');
  assert.equal(state.board[8][8], 'o');
  await context.close();
}

/// Opening rules and clocks at one screen: swap2 through its "two more stones" branch, and the
/// first square of Taraguchi-10.
async function openingRules(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  watchErrors(page, errors, 'opening');
  await page.goto(base + '/');
  await page.waitForSelector('#board svg');
  await page.selectOption('#mode', 'local');
  await page.selectOption('#clock', '300,0');
  await page.selectOption('#opening', 'swap2');
  await newGame(page, { rule: 'freestyle' });
  assert.match(await page.textContent('#opening-prompt'), /Black: place three stones/);
  assert.match(await page.textContent('#game-info'), /opening swap2 · clock 5:00 a side/);
  assert.match(await page.textContent('#clock-black'), /Black [45]:\d\d/);
  assert.ok(await page.locator('#clock-black.running').count() === 1, 'Black\'s clock is not running');
  for (const [i, [x, y]] of [[7, 7], [8, 8], [9, 7]].entries()) {
    await clickPoint(page, x, y);
    await waitForStones(page, i + 1, `opening stone ${i + 1}`);
  }
  await page.waitForSelector('#opening-choices button[data-choice="place2"]');
  assert.match(await page.textContent('#opening-prompt'), /White: choose/);
  await page.click('#opening-choices button[data-choice="place2"]');
  await page.waitForFunction(() => /place two more stones: white, black/.test(document.getElementById('opening-prompt').textContent));
  await clickPoint(page, 6, 6);
  await waitForStones(page, 4, 'the 4th stone');
  await clickPoint(page, 10, 7);
  await waitForStones(page, 5, 'the 5th stone');
  await page.waitForSelector('#opening-choices button[data-choice="swap"]');
  await page.screenshot({ path: path.join(outDir, 'swap2.png') });
  await page.click('#opening-choices button[data-choice="stay"]');
  await page.waitForSelector('#opening-box', { state: 'hidden' });
  assert.match(await page.textContent('#turn'), /White to move/);
  assert.ok(await page.locator('#clock-white.running').count() === 1, 'White\'s clock is not running');

  // Taraguchi-10: the first stone goes in the centre, which the board marks.
  await page.selectOption('#rule', 'renju');
  await page.selectOption('#opening', 'taraguchi10');
  await page.selectOption('#clock', '');
  await newGame(page, {});
  await page.waitForSelector('#board rect.opening-area');
  await clickPoint(page, 3, 3);
  await page.waitForFunction(() => /1x1/.test(document.getElementById('message').textContent));
  await clickPoint(page, 7, 7);
  await waitForStones(page, 1, 'the centre stone');
  await page.waitForSelector('#opening-choices button[data-choice="swap"]');
  assert.ok(await page.isHidden('#clocks'), 'a game without a clock shows one');
  await context.close();
}

/// A phone: the grid keeps a finger's size (the board scrolls), the buttons are tall enough.
async function onAPhone(browser, base, errors) {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 }, hasTouch: true,
                                             isMobile: true });
  const page = await context.newPage();
  watchErrors(page, errors, 'phone');
  await page.goto(base + '/');
  await page.waitForSelector('#board svg');
  const step = await page.evaluate(() => {
    const svg = document.querySelector('#board svg');
    return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * Number(svg.dataset.cell);
  });
  assert.ok(step >= 32, `intersections ${step.toFixed(1)} px apart on a phone`);
  for (const id of ['undo', 'analyse', 'hint', 'back', 'forward']) {
    const box = await page.locator('#' + id).boundingBox();
    assert.ok(box.height >= 32, `#${id} is ${box.height} px tall`);
  }
  // A tap plays: the board scrolls to h8 first.
  await page.evaluate(() => { document.getElementById('board-area').scrollLeft = 120; });
  const p = await screenPoint(page, 7, 7);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction(() => app.state.moves.length >= 1, null, { timeout: ENGINE_TIMEOUT_MS });
  assert.equal(await page.evaluate(() => app.state.moves[0].name), 'h8');
  await page.screenshot({ path: path.join(outDir, 'phone.png'), fullPage: true });
  await context.close();
}

async function main() {
  const timer = setTimeout(() => {
    console.error('browser test timed out');
    process.exit(1);
  }, TEST_TIMEOUT_MS);
  const { server, base } = await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    // CI runs as root, where Chromium's sandbox cannot start.
    args: ['--no-sandbox'],
  });
  const errors = [];
  try {
    await againstEngine(browser, base, errors);
    console.log('against the engine: ok');
    await atOneScreen(browser, base, errors);
    console.log('at one screen: ok');
    await overTheNetwork(browser, base, errors);
    console.log('over the network: ok');
    await reversiAgainstEngine(browser, base, errors);
    console.log('reversi against the engine: ok');
    await studyBoard(browser, base, errors);
    console.log('study board (import, review, analysis, hint, VCF, set-up): ok');
    await openingRules(browser, base, errors);
    console.log('opening rules and clocks: ok');
    await onAPhone(browser, base, errors);
    console.log('on a phone: ok');
    assert.deepEqual(errors, [], 'the page reported errors');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    clearTimeout(timer);
  }
  console.log(`screenshots in ${outDir}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
