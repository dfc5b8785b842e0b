#!/usr/bin/env python3
"""Drives pbrain-tengen through pipes, as a Gomocup manager would, and checks its answers.

Usage: pbrain_test.py PATH_TO_PBRAIN_TENGEN CASE   (CASE: one of --list, or "all")

Standard library only. Each case starts its own engine process; every read has a timeout, so a
hung engine fails the case instead of hanging the test run.
"""

import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

ENGINE = ""

# Seconds to wait for an answer that needs no real search.
QUICK = 5.0
# Answers with a short turn time must come well within this.
MOVE_WAIT = 10.0

# Turn time for the cases that use a fixed-depth player: their moves take milliseconds, but a
# sanitizer build must not spend the 5 s default on each.
SLOW_BUILD_TURN = 1000

MOVE_RE = re.compile(r"^(\d+),(\d+)$")
ABOUT_RE = re.compile(r'^name="tengen", version="[^"]+", author="[^"]+"$')


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def next_line(lines, proc, timeout):
    """The next output line the reader thread of `proc` put in `lines` (None: the output closed),
    or a Failure after `timeout` seconds."""
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty:
        raise Failure("no answer within %.1f s" % timeout) from None
    if line is None:
        raise Failure("the engine closed its output (exit code %s)" % proc.poll())
    return line


class Engine:
    """One engine process with a thread that collects its output lines."""

    def __init__(self, *args, turn_ms=None):
        self.proc = subprocess.Popen(
            [ENGINE, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.transcript = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        if turn_ms is not None:
            self.send("INFO timeout_turn %d" % turn_ms)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, *lines, end="\n"):
        for line in lines:
            self.transcript.append("> " + line)
            self.proc.stdin.write(line + end)
        self.proc.stdin.flush()

    def read(self, timeout=QUICK):
        line = next_line(self.lines, self.proc, timeout)
        self.transcript.append("< " + line)
        return line

    def answer(self, timeout=QUICK):
        """The next line that is not MESSAGE or DEBUG."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.read(max(0.0, deadline - time.monotonic()))
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def ask(self, *lines, timeout=QUICK):
        self.send(*lines)
        return self.answer(timeout)

    def expect(self, lines, expected, timeout=QUICK):
        if isinstance(lines, str):
            lines = [lines]
        got = self.ask(*lines, timeout=timeout)
        check(got == expected, "%r: expected %r, got %r" % (lines, expected, got))

    def expect_error(self, *lines, prefix="ERROR"):
        got = self.ask(*lines)
        check(got.startswith(prefix + " "), "%r: expected %s, got %r" % (lines, prefix, got))
        return got

    def move(self, *lines, timeout=MOVE_WAIT):
        got = self.ask(*lines, timeout=timeout)
        m = MOVE_RE.match(got)
        check(m is not None, "%r: expected a move, got %r" % (lines, got))
        return int(m.group(1)), int(m.group(2))

    def expect_silence(self, seconds=0.3):
        try:
            line = self.lines.get(timeout=seconds)
        except queue.Empty:
            return
        raise Failure("unexpected output %r" % line)

    def close(self, timeout=2.0):
        """Sends END; the engine must exit at once, print nothing and succeed."""
        if self.proc.poll() is None:
            self.send("END")
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure("the engine did not exit within %.1f s of END" % timeout) from None
        check(code == 0, "exit code %d" % code)
        self.reader.join(timeout)
        rest = []
        while True:
            line = self.lines.get_nowait() if not self.lines.empty() else None
            if line is None:
                break
            rest.append(line)
        check(not rest, "output after END: %r" % rest)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# ----- A referee for the games ------------------------------------------------------------------

FREESTYLE, STANDARD, RENJU, CARO = "freestyle", "standard", "renju", "caro"
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Board:
    def __init__(self, width, height=None):
        self.width = width
        self.height = height if height is not None else width
        self.cells = {}

    def on_board(self, x, y):
        return 0 <= x < self.width and 0 <= y < self.height

    def empty(self, x, y):
        return self.on_board(x, y) and (x, y) not in self.cells

    def place(self, p, color):
        check(self.empty(*p), "illegal move %s on %r" % (p, sorted(self.cells.items())))
        self.cells[p] = color

    def wins(self, p, rule):
        """True if the stone on p makes a winning row under rule (p's colour; 1 = Black)."""
        color = self.cells[p]
        other = 3 - color
        for dx, dy in DIRECTIONS:
            n = 1
            ends = []
            for sx, sy in ((dx, dy), (-dx, -dy)):
                x, y = p[0] + sx, p[1] + sy
                while self.cells.get((x, y)) == color:
                    n += 1
                    x, y = x + sx, y + sy
                ends.append((x, y))
            if n < 5:
                continue
            if n > 5 and (rule == STANDARD or (rule == RENJU and color == 1)):
                continue
            if rule == CARO and n == 5 and all(self.cells.get(e) == other for e in ends):
                continue
            return True
        return False

    def near_empty(self, rng, distance=2):
        """A random empty point near the stones (the centre on an empty board)."""
        if not self.cells:
            return (self.width // 2, self.height // 2)
        options = sorted(
            {
                (x + dx, y + dy)
                for (x, y) in self.cells
                for dx in range(-distance, distance + 1)
                for dy in range(-distance, distance + 1)
                if self.empty(x + dx, y + dy)
            }
        )
        return rng.choice(options)


def forbidden_points(e):
    """Asks YXSHOWFORBID (Black to move) and returns the points as a set."""
    line = e.ask("YXSHOWFORBID")
    check(re.match(r"^FORBID (\d{4})*\.$", line) is not None, "YXSHOWFORBID answered %r" % line)
    pairs = line[len("FORBID "):-1]
    return {(int(pairs[i:i + 2]), int(pairs[i + 2:i + 4])) for i in range(0, len(pairs), 4)}


def play_game(rule, info_rule, size, engine_first, seed, turn_ms=100):
    """A whole game against a random opponent: the engine must win, or the board fill up."""
    rng = random.Random(seed)
    e = Engine()
    try:
        e.expect("START %d" % size, "OK")
        e.send("INFO rule %d" % info_rule, "INFO timeout_turn %d" % turn_ms,
               "INFO timeout_match 0", "INFO time_left 2147483647")
        board = Board(size)
        engine_color = 1 if engine_first else 2
        command = "BEGIN"
        if not engine_first:
            p = board.near_empty(rng)
            board.place(p, 1)
            command = "TURN %d,%d" % p
        for _ in range(size * size):
            forbidden = forbidden_points(e) if rule == RENJU and engine_color == 1 else set()
            move = e.move(command)
            check(move not in forbidden, "engine played forbidden point %s" % (move,))
            board.place(move, engine_color)
            if board.wins(move, rule) or len(board.cells) == size * size:
                return len(board.cells)
            # Under renju the random opponent, when Black, keeps off the forbidden points.
            forbidden = forbidden_points(e) if rule == RENJU and engine_color == 2 else set()
            while True:
                p = board.near_empty(rng)
                if p not in forbidden:
                    break
            board.place(p, 3 - engine_color)
            check(not board.wins(p, rule), "the random opponent won with %s" % (p,))
            command = "TURN %d,%d" % p
        raise Failure("game did not end")
    except Failure:
        print("\n".join(e.transcript[-40:]))
        raise
    finally:
        e.close()


# ----- Cases ------------------------------------------------------------------------------------

def case_about():
    # Command-line options: --help succeeds, a bad option fails before reading anything.
    for args, code in ((["--help"], 0), (["--level", "3", "--hash", "8", "--quiet"], 0),
                       (["--bogus"], 2), (["--level", "99"], 2), (["--player", "ab:x=1"], 2),
                       (["--rule", "k4"], 2), (["--hash", "0"], 2)):
        run = subprocess.run([ENGINE, *args], input="", capture_output=True, text=True,
                             timeout=QUICK)
        check(run.returncode == code, "%r: exit code %d, expected %d" %
              (args, run.returncode, code))
    e = Engine()
    line = e.ask("ABOUT")
    check(ABOUT_RE.match(line) is not None, "ABOUT answered %r" % line)
    e.close()
    # CR LF line endings and lower-case commands.
    e = Engine()
    e.send("about", end="\r\n")
    check(ABOUT_RE.match(e.answer()) is not None, "about with CR LF")
    e.send("info timeout_turn 200", "start 15", end="\r\n")
    check(e.answer() == "OK", "start 15 with CR LF")
    e.send("turn 7,7", end="\r\n")
    check(MOVE_RE.match(e.answer(MOVE_WAIT)), "turn with CR LF")
    e.close()


def case_sizes():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    for n in (20, 15, 5, 22, 19):
        e.expect("START %d" % n, "OK")
        x, y = e.move("BEGIN")
        check(0 <= x < n and 0 <= y < n, "move %d,%d off a %dx%d board" % (x, y, n, n))
    e.expect("START 20", "OK")
    first = e.move("TURN 10,10")
    for bad in ("START 30", "START 4", "START 0", "START -3", "START", "START x", "START 20 1",
                "RECTSTART 4,10", "RECTSTART 10,23", "RECTSTART 20", "RECTSTART a,b",
                "START 99999999999999999999"):
        e.expect_error(bad)
    # The 20x20 game survived the bad sizes: 19,19 is on it and free.
    second = e.move("TURN 19,19")
    check(second not in (first, (10, 10), (19, 19)), "move %s" % (second,))
    e.expect("RECTSTART 20,10", "OK")
    for command in ("BEGIN", "TURN 19,9", "TURN 0,0"):
        x, y = e.move(command)
        check(0 <= x < 20 and 0 <= y < 10, "move %d,%d off the 20x10 board" % (x, y))
    e.expect_error("TURN 5,12")
    e.close()


def case_errors():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    for before_start in ("BEGIN", "TURN 7,7", "BOARD", "YXBOARD", "TAKEBACK 7,7", "RESTART",
                         "YXSHOWFORBID", "PLAY 7,7", "SWAP2BOARD", "YXNBEST 3", "YXBLOCK",
                         "YXBLOCKUNDO", "YXBLOCKRESET", "YXSEARCHDEFEND", "YXBALANCEONE",
                         "YXBALANCETWO"):
        e.expect_error(before_start)
    for unknown in ("HELLO", "FOO bar baz", "YXHASHDUMP", "x"):
        got = e.expect_error(unknown, prefix="UNKNOWN")
        check(unknown.split()[0] in got, got)
    e.expect_error("DONE")
    e.expect("START 15", "OK")
    e.send("")  # empty lines are ignored
    board = Board(15)
    mine = e.move("TURN 7,7")
    board.place((7, 7), 2)
    board.place(mine, 1)
    for bad in ("TURN 15,3", "TURN 3,15", "TURN 7,7", "TURN %d,%d" % mine, "TURN -1,3",
                "TURN 3", "TURN a,b", "TURN 3,4,5", "TURN", "BEGIN now", "RESTART 3",
                "TURN 1000,1000", "TAKEBACK 1,1", "TAKEBACK", "PLAY 7,7"):
        e.expect_error(bad)
    # Nothing changed: the engine's next move is legal on our copy of the board.
    p = board.near_empty(random.Random(1))
    board.place(p, 2)
    board.place(e.move("TURN %d,%d" % p), 1)
    e.expect("RESTART", "OK")
    e.move("TURN 7,7")  # the board is empty again
    e.close()


def case_games():
    results = []
    for rule, info, size, first, seed in (
            (FREESTYLE, 0, 20, True, 1),
            (FREESTYLE, 0, 15, False, 2),
            (STANDARD, 1, 15, True, 3),
            (RENJU, 4, 15, True, 4),
            (RENJU, 2, 15, False, 5),
            (CARO, 8, 15, True, 6),
    ):
        stones = play_game(rule, info, size, first, seed)
        results.append("%s(%d) %dx%d: %d stones" % (rule, info, size, size, stones))
    print("games won by the engine: " + "; ".join(results))


def case_board():
    e = Engine("--player", "ab:depth=3", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    # Four own stones in a row with both ends open: the engine completes the five.
    got = e.move("BOARD", "3,3,1", "4,3,1", "5,3,1", "6,3,1", "3,9,2", "9,9,2", "12,1,2",
                 "0,14,2", "DONE")
    check(got in ((2, 3), (7, 3)), "BOARD: expected a five at 2,3 or 7,3, got %s" % (got,))
    # The opponent has a four: the engine (White, one stone fewer) blocks it.
    got = e.move("BOARD", "5,5,2", "5,6,2", "5,7,2", "5,8,2", "5,4,1", "10,10,1", "12,12,1",
                 "DONE")
    check(got == (5, 9), "BOARD: expected the block 5,9, got %s" % (got,))
    # Inconsistent counts, bad lines, duplicates and finished games are errors; f = 3 is ignored.
    for block in (["1,1,1", "2,2,1", "3,3,2", "DONE"],
                  ["1,1,2", "2,2,2", "3,3,2", "DONE"],
                  ["1,1,1", "1,1,2", "DONE"],
                  ["1,1,4", "2,2,2", "DONE"],
                  ["1,1", "2,2,2", "DONE"],
                  ["15,1,1", "2,2,2", "DONE"],
                  ["1,1,1", "2,x,2", "DONE"],
                  ["0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2",
                   "0,5,1", "1,5,1", "2,5,1", "3,5,1", "9,9,1", "DONE"]):
        e.expect_error("BOARD", *block)
    got = e.move("BOARD", "7,7,2", "3,3,3", "4,4,3", "DONE")
    if got != (3, 3):
        e.move("TURN 3,3")  # free: the f = 3 stone was not placed
    # A command inside the block abandons it, with an ERROR, and is then handled.
    e.expect_error("BOARD", "7,7,1", "ABOUT")
    check(ABOUT_RE.match(e.answer()) is not None, "ABOUT after an abandoned BOARD")
    # Renju, stones in move order, White (the engine) to move: 3 black, 2 white.
    e.send("INFO rule 4")
    got = e.move("BOARD", "7,7,2", "8,8,1", "7,8,2", "7,9,1", "6,8,2", "DONE")
    check(got not in ((7, 7), (8, 8), (7, 8), (7, 9), (6, 8)), "occupied %s" % (got,))
    e.close()


# A renju position, Black to move, with a double-three at 7,7 (h8), an overline point at 6,1
# and a double-four at 12,12. White's stones are far from all of them.
RENJU_BLACK = [(5, 7), (6, 7), (7, 5), (7, 6),      # double-three at 7,7
               (3, 1), (4, 1), (5, 1), (7, 1), (8, 1),  # six in a row at 6,1
               (9, 12), (10, 12), (11, 12), (12, 9), (12, 10), (12, 11)]  # double-four at 12,12
RENJU_WHITE = [(0, 14), (2, 14), (0, 12), (14, 5), (14, 7), (0, 6), (1, 9), (3, 13),
               (14, 0), (13, 3), (2, 4), (9, 14), (14, 14), (11, 0), (0, 0)]
RENJU_FORBID = "FORBID 060107071212."


def yx_lines(black, white, black_own):
    lines = []
    for i in range(max(len(black), len(white))):
        if i < len(black):
            lines.append("%d,%d,%d" % (black[i] + ((1 if black_own else 2),)))
        if i < len(white):
            lines.append("%d,%d,%d" % (white[i] + ((2 if black_own else 1),)))
    return lines


def case_yxboard():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    e.send("INFO rule 4", "YXBOARD", *yx_lines(RENJU_BLACK, RENJU_WHITE, True), "DONE")
    e.expect_silence()
    e.expect("YXSHOWFORBID", RENJU_FORBID)
    got = e.move("BEGIN")
    check(got not in ((6, 1), (7, 7), (12, 12)), "engine (Black) played forbidden %s" % (got,))
    # YXBOARD errors leave the position alone.
    e.expect_error("YXBOARD", "1,1,1", "2,2,1", "3,3,2", "DONE")
    e.expect_error("YXBOARD", "1,1,9", "DONE")
    # An empty YXBOARD clears the board; a YXBOARD with the opponent one stone ahead leaves
    # White to move, so no forbidden points are shown.
    e.send("YXBOARD", "DONE")
    e.expect_silence()
    e.expect("YXSHOWFORBID", "FORBID .")
    e.send("YXBOARD", "7,7,2", "DONE")
    e.expect_silence()
    e.expect("YXSHOWFORBID", "FORBID .")
    got = e.move("BEGIN")
    check(got != (7, 7), "occupied")
    e.close()


def case_takeback():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    m1 = e.move("BEGIN")
    m2 = e.move("TURN 3,3")
    e.expect_error("TAKEBACK 3,3")  # not the last stone
    e.expect_error("TAKEBACK %d,%d" % m1)
    e.expect("TAKEBACK %d,%d" % m2, "OK")
    e.expect("TAKEBACK 3,3", "OK")
    # 3,3 and m2 are free again: the opponent may play on m2 now.
    m3 = e.move("TURN %d,%d" % m2)
    check(m3 != m2 and m3 != m1, "move %s" % (m3,))
    e.expect("TAKEBACK %d,%d" % m3, "OK")
    e.expect("TAKEBACK %d,%d" % m2, "OK")
    e.expect("TAKEBACK %d,%d" % m1, "OK")
    e.expect_error("TAKEBACK %d,%d" % m1)
    e.expect_error("TAKEBACK 3,x")
    e.expect_error("TAKEBACK 40,3")
    e.move("TURN %d,%d" % m1)
    e.close()


def case_forbid():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    e.send("INFO rule 4")
    e.expect("YXSHOWFORBID", "FORBID .")
    e.send("YXBOARD", *yx_lines(RENJU_BLACK, RENJU_WHITE, True), "DONE")
    e.expect("YXSHOWFORBID", RENJU_FORBID)
    # Rule 2 is renju too (Yixin-Board); standard and freestyle have no forbidden points.
    e.send("INFO rule 2")
    e.expect("YXSHOWFORBID", RENJU_FORBID)
    e.send("INFO rule 1")
    e.expect("YXSHOWFORBID", "FORBID .")
    e.send("INFO rule 0")
    e.expect("YXSHOWFORBID", "FORBID .")
    # The rule change re-created the board keeping the stones: back to renju, same answer.
    e.send("INFO rule 4")
    e.expect("YXSHOWFORBID", RENJU_FORBID)
    # Only the double-three, as the classic h8 example.
    e.send("YXBOARD", *yx_lines(RENJU_BLACK[:4], RENJU_WHITE[:4], True), "DONE")
    e.expect("YXSHOWFORBID", "FORBID 0707.")
    # Black's foul at 7,7 given as a BOARD: the engine (White) is to move; no FORBID list.
    e.send("YXBOARD", *yx_lines(RENJU_BLACK[:4], RENJU_WHITE[:3], False), "DONE")
    e.expect("YXSHOWFORBID", "FORBID .")
    e.close()


def timed_moves(e, rng, board, moves, limit_ms, label, renju=False):
    """Plays up to `moves` turns against a random opponent, timing each answer from the TURN to
    the move. Returns the worst answer time and the worst search time the MESSAGE reports."""
    worst = 0.0
    worst_search = 0
    for _ in range(moves):
        # The random opponent is Black: under renju it keeps off the forbidden points.
        forbidden = forbidden_points(e) if renju else set()
        p = board.near_empty(rng)
        while p in forbidden:
            p = board.near_empty(rng)
        board.place(p, 2)
        if board.wins(p, FREESTYLE):
            break
        started = time.monotonic()
        e.send("TURN %d,%d" % p)
        message = e.read(limit_ms / 1000.0 + MOVE_WAIT)
        got = e.move(timeout=limit_ms / 1000.0 + MOVE_WAIT)
        elapsed = (time.monotonic() - started) * 1000.0
        m = re.match(r"^MESSAGE .*, (\d+) ms$", message)
        check(m is not None, "%s: MESSAGE expected, got %r" % (label, message))
        worst_search = max(worst_search, int(m.group(1)))
        board.place(got, 1)
        worst = max(worst, elapsed)
        check(elapsed < limit_ms, "%s: answer after %.0f ms, limit %d ms" %
              (label, elapsed, limit_ms))
        if board.wins(got, FREESTYLE):
            break
    return worst, worst_search


# The engine's safety margin (safety_margin in engine.hpp): a search gets the turn time less it.
MARGIN_MS = 30


def case_timing():
    rng = random.Random(7)
    report = []
    for rule, size in ((0, 15), (4, 15), (0, 20), (8, 15)):
        e = Engine()
        e.expect("START %d" % size, "OK")
        e.send("INFO rule %d" % rule, "INFO timeout_turn 300", "INFO timeout_match 0",
               "INFO time_left 2147483647")
        # A manager would send the move at once; waiting here keeps the first use of a rule
        # (its pattern tables, a new hash table) out of what this case measures.
        check(ABOUT_RE.match(e.ask("ABOUT")) is not None, "ABOUT")
        worst, search = timed_moves(e, rng, Board(size), 12, 300, "timeout_turn 300",
                                    renju=rule == 4)
        report.append("rule %d %dx%d: worst answer %.0f ms, worst search %d ms (overshoot %d ms)"
                      % (rule, size, size, worst, search, search - (300 - MARGIN_MS)))
        e.close()
    # timeout_turn 0: answer at once.
    e = Engine()
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 0")
    worst, _ = timed_moves(e, rng, Board(15), 5, 100, "timeout_turn 0")
    report.append("timeout_turn 0: worst answer %.0f ms" % worst)
    e.close()
    # Little match time left: a share of it (1/20), never all of it.
    e = Engine()
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 5000", "INFO timeout_match 100000", "INFO time_left 2000")
    worst, _ = timed_moves(e, rng, Board(15), 5, 2000 // 20 + 100, "time_left 2000")
    report.append("time_left 2000: worst answer %.0f ms" % worst)
    e.close()
    print("\n".join(report))


def midgame(e, size=15):
    """Sets up a quiet middle game (no forced win for either side) with YXBOARD."""
    e.send("YXBOARD", "7,7,2", "8,8,1", "8,6,2", "6,8,1", "9,7,2", "7,9,1", "DONE")


def case_yxstop():
    e = Engine()
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647")
    midgame(e)
    e.send("BEGIN")
    e.expect_silence(0.5)  # thinking
    started = time.monotonic()
    e.send("YXSTOP")
    got = e.answer(timeout=QUICK)
    elapsed = (time.monotonic() - started) * 1000.0
    check(MOVE_RE.match(got), "YXSTOP: expected a move, got %r" % got)
    check(elapsed < 300, "YXSTOP answered after %.0f ms" % elapsed)
    # A YXSTOP while idle is ignored; the next search is not cut short by it.
    e.send("YXSTOP")
    e.expect_silence(0.2)
    e.send("INFO timeout_turn 400")
    midgame(e)
    started = time.monotonic()
    e.move("BEGIN")
    later = (time.monotonic() - started) * 1000.0
    check(later > 200, "a stale YXSTOP cut the next search short (%.0f ms)" % later)
    # A YXSTOP sent right behind the move request stops it too (Yixin-Board's "play now").
    e.send("INFO timeout_turn 60000")
    started = time.monotonic()
    midgame(e)
    e.send("BEGIN", "YXSTOP")
    got = e.answer(timeout=QUICK)
    quick = (time.monotonic() - started) * 1000.0
    check(MOVE_RE.match(got) and quick < 300, "TURN + YXSTOP: %r after %.0f ms" % (got, quick))
    e.close()
    print("YXSTOP while thinking: answered after %.0f ms; TURN+YXSTOP: %.0f ms" %
          (elapsed, quick))


def case_end():
    # END while thinking: exit at once, with no move printed.
    e = Engine()
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 60000")
    midgame(e)
    e.send("BEGIN")
    e.expect_silence(0.3)
    started = time.monotonic()
    e.close(timeout=1.0)
    thinking = (time.monotonic() - started) * 1000.0
    # END while idle, and end of input.
    e = Engine()
    e.expect("START 15", "OK")
    started = time.monotonic()
    e.close(timeout=1.0)
    idle = (time.monotonic() - started) * 1000.0
    e = Engine()
    e.expect("START 15", "OK")
    e.proc.stdin.close()
    check(e.proc.wait(timeout=2.0) == 0, "exit at end of input")
    print("END while thinking: exit after %.0f ms; while idle: %.0f ms" % (thinking, idle))


def case_swap2():
    e = Engine("--player", "ab:depth=2", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    got = e.ask("SWAP2BOARD", "DONE")
    points = got.split(" ")
    check(len(points) == 3 and all(MOVE_RE.match(p) for p in points) and
          len(set(points)) == 3, "SWAP2BOARD (empty): %r" % got)
    # Three stones: SWAP, White's move, or White's and Black's stones for the other to choose;
    # five stones: SWAP or White's move.
    for stones in (["7,7", "8,8", "9,7"], ["7,7", "7,8", "9,9"],
                   ["7,7", "8,8", "9,7", "6,6", "10,9"]):
        got = e.ask("SWAP2BOARD", *stones, "DONE", timeout=MOVE_WAIT)
        placed = got.split(" ")
        legal = (all(MOVE_RE.match(p) for p in placed) and len(set(placed)) == len(placed) and
                 not set(placed) & set(stones))
        count_ok = len(placed) == 1 or (len(placed) == 2 and len(stones) == 3)
        check(got == "SWAP" or (legal and count_ok), "SWAP2BOARD %r: %r" % (stones, got))
    e.expect_error("SWAP2BOARD", "7,7", "8,8", "DONE")
    e.expect_error("SWAP2BOARD", "7,7", "7,7", "8,8", "DONE")
    e.expect_error("SWAP2BOARD", "7,7", "8,8", "20,1", "DONE")
    e.close()


def case_analysis():
    """YXNBEST, YXBLOCK, YXBLOCKUNDO, YXBLOCKRESET, YXSEARCHDEFEND, YXHASHCLEAR, YXSHOWHASHUSAGE
    and STOP, with their errors."""
    e = Engine("--player", "ab:depth=3", turn_ms=SLOW_BUILD_TURN)
    e.expect("START 15", "OK")
    midgame(e)
    e.send("YXNBEST 3")
    lines = [e.read(timeout=MOVE_WAIT) for _ in range(3)]
    moves = []
    for k, line in enumerate(lines, 1):
        m = re.match(r"^MESSAGE line %d: (\d+,\d+), value \S+, depth 3, pv \d+,\d+" % k, line)
        check(m is not None, "YXNBEST 3, line %d: %r" % (k, line))
        moves.append(m.group(1))
    check(len(set(moves)) == 3, "YXNBEST 3 named a move twice: %r" % moves)
    best = e.answer(timeout=MOVE_WAIT)
    check(best == moves[0], "YXNBEST 3 played %r, its first line was %r" % (best, moves[0]))
    for bad in ("YXNBEST", "YXNBEST 0", "YXNBEST -2", "YXNBEST many", "YXNBEST 1001"):
        e.expect_error(bad)
    # The best move blocked: another comes; unblocked, the best again.
    midgame(e)
    e.send("YXBLOCK", moves[0], "DONE")
    e.expect_silence(0.2)
    other = "%d,%d" % e.move("BEGIN")
    check(other != moves[0], "YXBLOCK %s: the engine played it" % moves[0])
    e.expect_error("YXBLOCKUNDO", moves[0], "15,15", "DONE")
    midgame(e)
    check("%d,%d" % e.move("BEGIN") != moves[0], "a refused YXBLOCKUNDO unblocked a move")
    midgame(e)
    e.send("YXBLOCKUNDO", moves[0], "DONE")
    e.expect_silence(0.2)
    check("%d,%d" % e.move("BEGIN") == moves[0], "YXBLOCKUNDO: the best move is back")
    midgame(e)
    e.send("YXBLOCK", moves[0], "DONE", "YXBLOCKRESET")
    e.expect_silence(0.2)
    check("%d,%d" % e.move("BEGIN") == moves[0], "YXBLOCKRESET: the best move is back")
    e.expect_error("YXBLOCKRESET 1")
    # White (the engine) facing an open three: the blocks hold, a move far away does not.
    e.send("YXBOARD", "5,7,2", "0,0,1", "6,7,2", "14,0,1", "7,7,2", "DONE")
    e.send("YXSEARCHDEFEND")
    line = e.read(timeout=MOVE_WAIT)
    check(line.startswith("MESSAGE moves that hold:") and " 4,7 " in line + " " and
          " 8,7 " in line + " " and " 11,11 " not in line + " ", "YXSEARCHDEFEND: %r" % line)
    e.move()
    e.expect_error("YXSEARCHDEFEND now")
    # Balance: one stone, then two (the side to move's and the opponent's), legal and new.
    e.send("YXBOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    e.send("YXBALANCEONE")
    check(e.read(timeout=MOVE_WAIT).startswith("MESSAGE balance: "), "YXBALANCEONE message")
    one = e.answer(timeout=MOVE_WAIT)
    check(MOVE_RE.match(one) and one not in ("7,7", "8,8", "7,8"), "YXBALANCEONE: %r" % one)
    e.send("YXBOARD", "7,7,2", "8,8,1", "7,8,2", "DONE")
    e.send("YXBALANCETWO -20")
    check(e.read(timeout=MOVE_WAIT).startswith("MESSAGE balance: "), "YXBALANCETWO message")
    two = e.answer(timeout=MOVE_WAIT).split(" ")
    check(len(two) == 2 and all(MOVE_RE.match(m) for m in two) and len(set(two)) == 2 and
          not set(two) & {"7,7", "8,8", "7,8"}, "YXBALANCETWO: %r" % two)
    e.expect_error("YXBALANCETWO lots")
    e.send("YXSHOWHASHUSAGE")
    check(re.match(r"^MESSAGE hash table \d+\.\d% full$", e.read()), "YXSHOWHASHUSAGE")
    e.send("YXHASHCLEAR")
    check(e.read() == "MESSAGE hash table cleared", "YXHASHCLEAR")
    e.send("YXSHOWHASHUSAGE")
    check(e.read() == "MESSAGE hash table 0.0% full", "YXSHOWHASHUSAGE after YXHASHCLEAR")
    e.close()
    # STOP, Rapfi's spelling of YXSTOP, stops a search at once.
    e = Engine()
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647")
    midgame(e)
    e.send("BEGIN")
    e.expect_silence(0.5)
    started = time.monotonic()
    e.send("STOP")
    got = e.answer(timeout=QUICK)
    elapsed = (time.monotonic() - started) * 1000.0
    check(MOVE_RE.match(got) and elapsed < 300, "STOP: %r after %.0f ms" % (got, elapsed))
    e.close()


def case_info():
    e = Engine()
    e.expect("START 15", "OK")
    # Unknown keys and the keys the engine does not use are accepted silently, whatever their
    # values; so are good values, a negative time_left among them.
    e.send("INFO", "INFO nonsense 3", "INFO folder", "INFO folder C:\\some where",
           "INFO evaluate 7,7", "INFO game_type 1", "INFO thread_num 4", "INFO THREAD_NUM 0",
           "INFO TIMEOUT_TURN 200", "INFO timeout_match 0", "INFO time_left -20",
           "INFO time_left 2147483647", "INFO max_memory 1", "INFO max_depth 0")
    e.expect_silence(0.3)
    # A bad value of a key it uses: one warning each (a MESSAGE, which managers show or skip
    # wherever it comes), and the previous value stays.
    kept = " (ignored; the previous value stays)"
    for line, why in (("INFO timeout_turn -5", "timeout_turn must be >= 0, got '-5'"),
                      ("INFO timeout_turn abc", "timeout_turn must be a whole number, got 'abc'"),
                      ("INFO timeout_match -1", "timeout_match must be >= 0, got '-1'"),
                      ("INFO max_memory -1", "max_memory must be >= 0, got '-1'"),
                      ("INFO rule -1", "rule must be >= 0, got '-1'"),
                      ("INFO rule x", "rule must be a whole number, got 'x'"),
                      ("INFO time_left", "time_left must be a whole number, got ''"),
                      ("INFO max_depth -2", "max_depth must be >= 0, got '-2'"),
                      ("INFO max_node 1.5", "max_node must be a whole number, got '1.5'"),
                      ("INFO thread_num x", "thread_num must be a whole number, got 'x'"),
                      ("INFO thread_num -2", "thread_num must be >= 0, got '-2'"),
                      ("INFO timeout_turn 99999999999999999999",
                       "timeout_turn must be a whole number, got '99999999999999999999'")):
        e.send(line)
        got = e.read()
        check(got == "MESSAGE INFO " + why + kept, "%r: answered %r" % (line, got))
    e.expect_silence(0.3)
    # timeout_turn -5 and abc left the 200 ms in force (not the 5 s default).
    started = time.monotonic()
    e.move("BEGIN")
    elapsed = (time.monotonic() - started) * 1000.0
    check(elapsed < 200, "INFO TIMEOUT_TURN 200 (upper case): answer after %.0f ms" % elapsed)
    # max_memory within reason, and max_depth caps the search.
    e.send("INFO max_memory 83886080", "INFO max_depth 1", "INFO timeout_turn 5000")
    e.send("TURN 3,3")
    message = e.read(MOVE_WAIT)
    check(message.startswith("MESSAGE depth 1,"), "max_depth 1: %r" % message)
    check(MOVE_RE.match(e.answer(MOVE_WAIT)), "a move")
    # Two search threads (Rapfi's spelling of the key) search to the depth asked for.
    e.send("INFO THREAD_NUM 2", "INFO max_depth 4")
    e.send("TURN 9,9")
    message = e.read(MOVE_WAIT)
    check(message.startswith("MESSAGE depth 4,"), "two threads, max_depth 4: %r" % message)
    check(MOVE_RE.match(e.answer(MOVE_WAIT)), "a move with two threads")
    e.close()


def status_bytes(e, field):
    """A field of /proc/PID/status (VmRSS: resident now, VmHWM: the peak) in bytes."""
    with open("/proc/%d/status" % e.proc.pid, encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise Failure("no %s in /proc/%d/status" % (field, e.proc.pid))


def sync(e):
    """Waits until every line sent so far has been handled."""
    check(ABOUT_RE.match(e.ask("ABOUT")) is not None, "ABOUT")


class RawEngine:
    """An engine process spoken to in bytes, to send what no text stream would and to see every
    byte of the answers."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([ENGINE, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, *lines):
        for line in lines:
            self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def write(self, data):
        self.proc.stdin.write(data)

    def read(self, timeout=QUICK):
        return next_line(self.lines, self.proc, timeout)

    def until_about(self):
        """Sends ABOUT and returns every line before its answer."""
        self.send(b"ABOUT")
        lines = []
        while True:
            line = self.read()
            if line.startswith(b'name="tengen"'):
                return lines
            lines.append(line)

    def close(self):
        self.send(b"END")
        check(self.proc.wait(timeout=2.0) == 0, "exit code %s" % self.proc.poll())


# The longest ERROR, UNKNOWN or MESSAGE line the engine may send (max_notice_bytes in engine.hpp).
MAX_NOTICE = 160


def check_clean(line, sent):
    """An answer line must be printable ASCII and short, whatever it answers."""
    body = line[:-1] if line.endswith(b"\n") else line
    check(all(0x20 <= b <= 0x7E for b in body), "answer to %r holds control or non-ASCII "
          "bytes: %r" % (sent[:80], body[:200]))
    check(len(body) <= MAX_NOTICE, "answer to %r is %d bytes long" % (sent[:80], len(body)))


def case_echo():
    """No received text reaches an answer raw: control characters, ESC, NUL, CR, the bytes of
    UTF-8 characters (U+009B is CSI) all come out as '?', and an excerpt is short."""
    rng = random.Random(14)
    garbage = bytes(rng.choice([b for b in range(1, 256) if b != 0x0A]) for _ in range(60000))
    hostile = [
        b"TURN 1\r\x1b[2J,\x00 2", b"TURN 7,\xc2\x9b2J", b"TURN " + garbage,
        b"PLAY \x1b]0;owned\x07,3", b"TAKEBACK 1\x1b,2", b"TAKEBACK \xc2\x9b1,1",
        b"START \x1b[2J", b"RECTSTART \x1b,\x9b", b"\x1b[2JHELLO \x00", b"RESTART \x1b",
        b"BEGIN \xc2\x9b", b"DONE \x1b",
        b"INFO timeout_turn \x1b[2J", b"INFO max_memory \xc2\x9b",
    ]
    blocks = [
        [b"BOARD", b"1,1\x1b[2J,1", b"DONE"],
        [b"BOARD", b"1\xc2\x9b,2,1", b"DONE"],
        [b"BOARD", b"1,1,\x1b", b"DONE"],
        [b"YXBOARD", b"7,7," + garbage[:5000], b"DONE"],
        [b"BOARD", b"1,1,1", b"\x1b[31m red", b"DONE"],
        [b"SWAP2BOARD", b"1,\x1b", b"DONE"],
    ]
    e = RawEngine("--player", "ab:depth=1")
    e.send(b"START 15")
    check(e.read() == b"OK\n", "START 15")
    answers = 0
    for line in hostile:
        e.send(line)
        got = e.until_about()
        # Every command answers once; an INFO with a bad value at most once.
        check(len(got) == 1 or (line.startswith(b"INFO") and not got),
              "%r: %d answers %r" % (line[:80], len(got), got))
        for answer in got:
            check_clean(answer, line)
        answers += len(got)
    for block in blocks:
        e.send(*block)
        got = e.until_about()
        check(got, "%r: no answer" % block)
        for answer in got:
            check_clean(answer, block[1])
        answers += len(got)
    e.close()
    print("%d hostile lines: %d answers, all printable ASCII of at most %d bytes" %
          (len(hostile) + sum(map(len, blocks)), answers, MAX_NOTICE))


MIB = 1 << 20
# The longest line the engine reads (max_line_bytes in input.hpp).
MAX_LINE = 64 * 1024
TOO_LONG = b"ERROR line too long (65536 bytes max)\n"
# What a line without end may add to the engine's peak memory.
LONG_LINE_MEMORY = 50 * MIB


def case_long_line():
    """A line longer than 64 KiB is discarded as it is read, answered by one ERROR, and counts
    for nothing else; the memory it costs is bounded."""
    e = RawEngine("--player", "ab:depth=1", "--quiet")
    e.send(b"START 15")
    check(e.read() == b"OK\n", "START 15")
    e.until_about()
    time.sleep(0.3)  # the pattern tables built at start-up count in the baseline
    baseline = status_bytes(e, "VmHWM")
    flood = 100 * MIB
    chunk = b"x" * MIB
    for _ in range(flood // MIB):
        e.write(chunk)
    e.send(b"")
    got = e.until_about()
    check(got == [TOO_LONG], "100 MiB without a line end: %r" % [g[:100] for g in got])
    peak = status_bytes(e, "VmHWM")
    check(peak - baseline < LONG_LINE_MEMORY, "a 100 MiB line raised the peak from %.0f to "
          "%.0f MiB" % (baseline / MIB, peak / MIB))
    # The bound exactly: a line of 64 KiB is read, one byte more is not.
    e.send(b"ABOUT" + b" " * (MAX_LINE - len(b"ABOUT")))
    check(e.read().startswith(b'name="tengen"'), "a line of exactly 64 KiB")
    e.send(b"ABOUT" + b" " * (MAX_LINE + 1 - len(b"ABOUT")))
    check(e.read() == TOO_LONG, "a line of 64 KiB + 1")
    # A discarded line is no command: not END, not YXSTOP, not a move.
    for word in (b"END", b"YXSTOP", b"BEGIN", b"TURN 7,7"):
        e.send(word + b" " * MAX_LINE)
        check(e.until_about() == [TOO_LONG], "%s padded past the bound" % word.decode())
    # Inside a block it spoils the block: DONE answers an ERROR, not a move from a position
    # missing a stone.
    e.send(b"BOARD", b"7,7,2", b"8,8," + b"1" * MAX_LINE, b"DONE")
    got = e.until_about()
    check(len(got) == 2 and got[0] == TOO_LONG and got[1].startswith(b"ERROR BOARD"),
          "a long line inside BOARD: %r" % got)
    e.send(b"BEGIN")
    check(MOVE_RE.match(e.read().decode().strip()), "a move after the spoilt BOARD")
    e.close()
    print("100 MiB line: one ERROR, peak %.0f MiB -> %.0f MiB" % (baseline / MIB, peak / MIB))
# INFO max_memory for the memory case: below the smallest table it is tested with, above the
# 48 MiB the engine keeps for itself.
MEMORY_LIMIT = 100 * 1000 * 1000
# The most memory_during_search waits for the first search's table to become resident.
TABLE_RESIDENT_SECONDS = 3.0


def case_memory():
    """INFO max_memory holds at every moment: the table comes with the limit (outside any
    move's time), within it, and one made before the limit arrived shrinks as soon as it does."""
    try:
        open("/proc/self/status").close()
    except OSError:
        print("no /proc: the memory case needs Linux")
        return
    if os.environ.get("TENGEN_SANITIZED"):
        # Resident memory is then mostly the sanitizer's (CMake sets TENGEN_SANITIZED); the
        # unsanitized build checks the bounds.
        print("memory: skipped under a sanitizer")
        return
    mb = lambda v: v / MIB
    # c-gomoku-cli's order with a big --hash: START first, INFO max_memory after.
    e = Engine("--hash", "800", "--player", "ab:depth=3")
    e.expect("START 15", "OK")
    sync(e)
    before = status_bytes(e, "VmRSS")
    e.send("INFO max_memory %d" % MEMORY_LIMIT, "INFO timeout_turn %d" % SLOW_BUILD_TURN)
    sync(e)
    announced = status_bytes(e, "VmRSS")
    check(announced <= MEMORY_LIMIT, "after START and INFO max_memory: %.0f MiB resident" %
          mb(announced))
    # The table is written when it is made, so it is resident: the figures mean something.
    check(announced - before >= 16 * MIB, "no table after INFO max_memory (%.0f MiB, then %.0f "
          "MiB)" % (mb(before), mb(announced)))
    e.move("BEGIN")
    after = status_bytes(e, "VmRSS")
    check(after <= MEMORY_LIMIT, "after a move: %.0f MiB resident" % mb(after))
    check(after - announced < 16 * MIB, "the first move made another table (%.0f MiB, then %.0f "
          "MiB)" % (mb(announced), mb(after)))
    # Each rule change makes a new game with a new table, the old one gone first.
    for rule in (4, 1, 8, 0):
        e.send("INFO rule %d" % rule, "RESTART")
        check(e.answer() == "OK", "RESTART")
        e.move("BEGIN")
    peak = status_bytes(e, "VmHWM")
    check(peak <= MEMORY_LIMIT, "peak %.0f MiB through four rule changes, limit %.0f MiB" %
          (mb(peak), mb(MEMORY_LIMIT)))
    e.close()
    # A table made before any limit (a manager that sends none at first) shrinks at once.
    e = Engine("--hash", "256", "--player", "ab:depth=2")
    e.expect("START 15", "OK")
    e.move("BEGIN")
    big = status_bytes(e, "VmRSS")
    check(big >= 200 * MIB, "--hash 256 after a move: only %.0f MiB resident" % mb(big))
    e.send("INFO max_memory %d" % MEMORY_LIMIT)
    sync(e)
    shrunk = status_bytes(e, "VmRSS")
    check(shrunk <= MEMORY_LIMIT, "after INFO max_memory: still %.0f MiB resident" % mb(shrunk))
    e.move("TURN 3,3")
    check(status_bytes(e, "VmRSS") <= MEMORY_LIMIT, "the next move grew the table again")
    e.close()
    print("max_memory %.0f MiB: %.0f MiB resident after START, %.0f MiB after a move, peak "
          "%.0f MiB through rule changes; --hash 256 (%.0f MiB resident) shrank to %.0f MiB"
          % (mb(MEMORY_LIMIT), mb(before), mb(after), mb(peak), mb(big), mb(shrunk)))


# Every line the engine may print: a move, three opening stones, SWAP, OK, FORBID, ABOUT's line,
# MESSAGE, ERROR and UNKNOWN (one line each).
FUZZ_ANSWER_RE = re.compile(r'^(\d+,\d+|\d+,\d+ \d+,\d+ \d+,\d+|SWAP|OK|FORBID (\d{4})*\.|'
                            r'name="tengen".*|(MESSAGE|ERROR|UNKNOWN) [^\r\n]*)$')


def fuzz_line(rng):
    words = ["START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "YXBOARD", "DONE",
             "INFO", "TAKEBACK", "ABOUT", "PLAY", "SWAP2BOARD", "YXSHOWFORBID", "YXSTOP",
             "start", "Turn", "SUGGEST", "RESTART 1"]
    keys = ["timeout_turn", "timeout_match", "time_left", "max_memory", "game_type", "rule",
            "thread_num", "max_depth", "max_node", "folder", "evaluate", "unknown"]
    numbers = ["0", "1", "2", "4", "5", "8", "15", "19", "20", "21", "22", "23", "-1",
               "2147483647", "99999999999999999999", "", "x", "3.5", " 7 "]
    kind = rng.randrange(10)
    if kind == 0:
        return "".join(chr(rng.randrange(1, 256)) for _ in range(rng.randrange(0, 40))).replace(
            "\n", " ")
    if kind == 1:
        return rng.choice(numbers) + "," + rng.choice(numbers) + "," + rng.choice(numbers)
    if kind == 2:
        return "INFO %s %s" % (rng.choice(keys), rng.choice(numbers))
    if kind == 3:
        return "%d,%d" % (rng.randrange(-2, 24), rng.randrange(-2, 24))
    if kind == 4:
        return "%d,%d,%d" % (rng.randrange(-1, 23), rng.randrange(-1, 23), rng.randrange(0, 5))
    if kind == 5:
        return "x" * rng.randrange(1000, 20000)
    if kind == 6:
        return "START %s" % rng.choice(numbers)
    word = rng.choice(words)
    if rng.randrange(2):
        return "%s %d,%d" % (word, rng.randrange(-1, 23), rng.randrange(-1, 23))
    return word


# Fuzz lines sent at once: with one in ten up to 20 KB long, well within the input queue's 8 MiB.
FUZZ_CHUNK = 200


def case_fuzz():
    rng = random.Random(20240601)
    e = Engine("--player", "ab:depth=1")
    e.send("START 15", "INFO timeout_turn 0")
    lines = []
    while len(lines) < 4000:
        line = fuzz_line(rng)
        first = line.split()[0].upper() if line.split() else ""
        if first == "END":
            continue
        # Long turn times would make the run slow, not more interesting: keep every move
        # budget at zero (an instant answer).
        if first == "INFO" and "time" in line:
            line = " ".join(line.split()[:2] + [rng.choice(["0", "1", "30", "-1", "x"])])
        lines.append(line)
    started = time.monotonic()
    deadline = time.monotonic() + 40.0
    answers = 0
    # In chunks that fit the input queue's bounds (input.hpp; the flood case tests what lies
    # beyond them), each followed by a marker line whose answer shows every line before it
    # handled. After each chunk, DONE closes any open block.
    for i in range(0, len(lines), FUZZ_CHUNK):
        marker = "FUZZ-MARKER-%d" % rng.randrange(10 ** 9)
        e.send(*lines[i:i + FUZZ_CHUNK], "DONE", marker)
        while True:
            line = e.read(max(0.1, deadline - time.monotonic()))
            if marker in line:
                break
            answers += 1
            check(FUZZ_ANSWER_RE.match(line) is not None, "fuzz: unexpected answer %r" % line)
    check(e.proc.poll() is None, "the engine died")
    check(ABOUT_RE.match(e.ask("ABOUT")) is not None, "ABOUT after the fuzz")
    e.expect("START 15", "OK")
    e.move("TURN 7,7")
    elapsed = time.monotonic() - started
    e.close()
    print("fuzz: %d lines handled in %.1f s, %d answers" % (len(lines), elapsed, answers))


# What lines sent throughout a search may add to the engine's resident memory: the queue's
# bound (8 MiB, input.hpp) and the reader's line buffer, with room for the allocator.
FLOOD_MEMORY = 24 * MIB


def case_flood():
    """Lines sent faster than the engine answers wait in a bounded queue: the resident memory
    stays near its size before the flood, the lines beyond the bound are dropped and said so in
    one ERROR, YXSTOP still stops the search at once and the engine goes on answering."""
    if os.environ.get("TENGEN_SANITIZED"):
        print("flood: skipped under a sanitizer (its memory is mostly the sanitizer's)")
        return
    e = Engine("--quiet")
    e.expect("START 15", "OK")
    # max_memory 0 (no limit) brings the table now, so that the baseline holds it.
    e.send("INFO timeout_turn 60000", "INFO timeout_match 0", "INFO time_left 2147483647",
           "INFO max_memory 0")
    midgame(e)
    sync(e)
    before = status_bytes(e, "VmRSS")
    e.send("BEGIN")
    # 60 KB lines (under the 64 KiB line bound, so each one is read and queued) for 2 s: 600
    # lines, 36 MB, while the search runs.
    line = "INFO folder " + "x" * (60 * 1000)
    sent = 0
    stop_at = time.monotonic() + 2.0
    while time.monotonic() < stop_at:
        e.send(*([line] * 20))
        sent += 20
    time.sleep(0.3)  # the reader has read what was sent
    during = status_bytes(e, "VmRSS")
    started = time.monotonic()
    e.send("YXSTOP")
    got = e.answer(timeout=QUICK)
    elapsed = (time.monotonic() - started) * 1000.0
    check(MOVE_RE.match(got), "YXSTOP after the flood: expected a move, got %r" % got)
    check(elapsed < 300, "YXSTOP answered after %.0f ms" % elapsed)
    dropped = e.answer()
    check(re.match(r"^ERROR \d+ lines dropped", dropped) is not None,
          "expected the ERROR of the dropped lines, got %r" % dropped[:120])
    count = int(dropped.split()[1])
    check(0 < count < sent, "%d lines dropped of %d" % (count, sent))
    sync(e)
    check(during - before < FLOOD_MEMORY, "%d lines of 60 KB during a search took the resident "
          "memory from %.0f to %.0f MiB" % (sent, before / MIB, during / MIB))
    e.close()
    print("flood: %d lines of 60 KB during a search, %d dropped; resident %.0f -> %.0f MiB"
          % (sent, count, before / MIB, during / MIB))


def case_memory_during_search():
    """INFO max_memory below the table in use, sent while the engine searches, stops the search
    (its move answered) and shrinks the table at once, instead of waiting for the move."""
    if os.environ.get("TENGEN_SANITIZED"):
        print("memory_during_search: skipped under a sanitizer")
        return
    e = Engine("--hash", "800", "--quiet")
    e.expect("START 15", "OK")
    e.send("INFO timeout_turn 6000", "INFO timeout_match 0", "INFO time_left 2147483647")
    midgame(e)
    sync(e)
    e.send("BEGIN")  # the first search makes the 800 MiB table
    # Making it resident (the table is cleared before the search starts) takes a while on a
    # machine whose memory is fresh: wait until the resident size is large and has stopped
    # growing, well within the 6 s turn.
    deadline = time.monotonic() + TABLE_RESIDENT_SECONDS
    resident = status_bytes(e, "VmRSS")
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = status_bytes(e, "VmRSS")
        if now > 400 * MIB and now == resident:
            break
        resident = now
    check(status_bytes(e, "VmRSS") > 400 * MIB, "no large table in the first search")
    started = time.monotonic()
    e.send("INFO max_memory %d" % MEMORY_LIMIT)
    got = e.answer(timeout=QUICK)
    elapsed = (time.monotonic() - started) * 1000.0
    check(MOVE_RE.match(got), "expected the move, got %r" % got)
    check(elapsed < 1000, "the search went on %.0f ms after the lowered limit" % elapsed)
    sync(e)
    resident = status_bytes(e, "VmRSS")
    check(resident <= MEMORY_LIMIT, "%.0f MiB resident after INFO max_memory %d" %
          (resident / MIB, MEMORY_LIMIT))
    # A limit that leaves the table as it is does not cut a search short.
    midgame(e)
    e.send("BEGIN")
    time.sleep(0.5)
    e.send("INFO max_memory %d" % (2 * MEMORY_LIMIT))
    e.expect_silence(1.0)
    e.send("YXSTOP")
    check(MOVE_RE.match(e.answer()), "a move after YXSTOP")
    e.close()
    print("memory_during_search: move %.0f ms after the limit, then %.0f MiB resident"
          % (elapsed, resident / MIB))


CASES = {
    "about": case_about,
    "sizes": case_sizes,
    "errors": case_errors,
    "games": case_games,
    "board": case_board,
    "yxboard": case_yxboard,
    "takeback": case_takeback,
    "forbid": case_forbid,
    "timing": case_timing,
    "yxstop": case_yxstop,
    "end": case_end,
    "swap2": case_swap2,
    "analysis": case_analysis,
    "info": case_info,
    "memory": case_memory,
    "echo": case_echo,
    "long_line": case_long_line,
    "flood": case_flood,
    "memory_during_search": case_memory_during_search,
    "fuzz": case_fuzz,
}


def main():
    global ENGINE
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print(" ".join(CASES))
        return 0
    if len(sys.argv) != 3 or (sys.argv[2] not in CASES and sys.argv[2] != "all"):
        print("usage: pbrain_test.py ENGINE CASE (%s, all)" % ", ".join(CASES), file=sys.stderr)
        return 2
    ENGINE = sys.argv[1]
    names = list(CASES) if sys.argv[2] == "all" else [sys.argv[2]]
    for name in names:
        started = time.monotonic()
        try:
            CASES[name]()
        except Failure as failure:
            print("pbrain %s: FAILED: %s" % (name, failure))
            return 1
        print("pbrain %s: ok (%.1f s)" % (name, time.monotonic() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
