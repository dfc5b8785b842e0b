#!/usr/bin/env python3
"""Scripted sessions of tengen_play through a pipe, one CTest case each.

Usage: play_test.py PATH_TO_TENGEN_PLAY CASE   (play_test.py --list prints the cases)

Every engine in these sessions is limited by depth or is greedy with a fixed seed, so the games
are the same on every machine. Standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile
import time

BINARY = ""
TIMEOUT_SECONDS = 60
ESCAPE = "\x1b["
ENGINE_LINE = re.compile(
    r"(Black|White) \([^)]*\) plays [a-v]\d+: depth \d+, value [^,]+, \d+ nodes, \d+ ms")


class Failure(Exception):
    pass


def run(args, lines=(), env=None, cwd=None):
    """Runs tengen_play with `args`, feeding `lines` on stdin; returns (status, stdout, stderr)."""
    environment = dict(os.environ)
    environment.pop("NO_COLOR", None)
    environment.update(env or {})
    text = "".join(line + "\n" for line in lines)
    done = subprocess.run([BINARY, *args], input=text, capture_output=True, text=True,
                          env=environment, cwd=cwd, timeout=TIMEOUT_SECONDS, check=False)
    return done.returncode, done.stdout, done.stderr


def expect(condition, what, output=""):
    if not condition:
        raise Failure(what + ("\n--- output ---\n" + output if output else ""))


def expect_in(needle, haystack, what=""):
    expect(needle in haystack, (what or "missing") + ": " + repr(needle), haystack)


def session(args, lines, env=None, cwd=None):
    """A session that must end cleanly (status 0, nothing on stderr) at the end of its input."""
    status, out, err = run(args, lines, env, cwd)
    expect(status == 0, f"exit status {status}, stderr: {err}", out)
    expect(err == "", "unexpected stderr: " + err, out)
    expect(ESCAPE not in out, "escape codes in piped output", out)
    return out


def prompts(out):
    return len(re.findall(r"(?m)(?:^|\n)(?:move \d+, (?:black|white) \([XO]\)|game over)> ", out))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


# ---------------------------------------------------------------------------------------------


def case_flags():
    """Bad flags: a non-zero status, a message on stderr, no game. The old positional form."""
    bad = [
        ["--size", "4"], ["--size", "23"], ["--size", "big"], ["--rule", "gomoku"],
        ["--level", "0"], ["--level", "8"], ["--engine", "ab:depth=0"], ["--engine", "strong"],
        ["--level", "3", "--engine", "2"], ["--black", "robot"],
        ["--you", "black", "--white", "human"], ["--you", "purple"],
        ["--black", "human", "--black-engine", "2"], ["--you", "both", "--white-engine", "1"],
        ["--moves", "z99"], ["--moves", "h8h8"], ["--size", "9", "--moves", "k10"],
        ["--color", "sometimes"], ["--seed", "x"], ["--bogus"], ["renju", "--rule", "caro"],
        ["renju", "9", "--size", "9"], ["sudoku"], ["renju", "4"],
    ]
    for args in bad:
        status, out, err = run(args, ["quit"])
        expect(status != 0, f"{args}: exit status 0", out)
        expect(err.strip() != "", f"{args}: no message on stderr", out)
        expect("to move" not in out, f"{args}: a game started", out)
    out = session(["renju", "9", "--you", "both"], ["quit"])
    expect_in("renju on 9x9", out)
    out = session(["caro", "--you", "both"], ["quit"])
    expect_in("caro on 15x15", out)


def case_help():
    status, out, err = run(["--help"])
    expect(status == 0, f"--help exit status {status}: {err}", out)
    for flag in ["--rule", "--size", "--black", "--white", "--you", "--level", "--engine",
                 "--black-engine", "--white-engine", "--seed", "--color", "--moves", "--svg",
                 "--html", "freestyle", "standard", "renju", "caro", "greedy", "depth=",
                 "Levels", "undo", "hint", "new", "save FILE", "load FILE", "quit", "help"]:
        expect_in(flag, out, "--help lacks")
    for level in range(1, 8):
        expect(re.search(rf"(?m)^  {level}  \S", out), f"--help lacks level {level}", out)


def case_defaults():
    """README's command: human Black against the one-second level on freestyle 15x15."""
    out = session([], ["h8", "quit"])
    expect_in("freestyle on 15x15", out)
    expect_in("Black (X): you", out)
    expect_in("White (O): tengen level 6 (ab:time=1000)", out)
    expect(ENGINE_LINE.search(out), "no engine move with its statistics", out)


def case_human_win():
    """Two humans: Black makes five; moves after the end are refused; undo reopens the game."""
    moves = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"]
    out = session(["--you", "both"], moves + ["m8", "undo", "m8", "quit"])
    expect_in("Black (human) wins: five.", out)
    expect_in("the game is over", out)
    expect_in("undone: l8.", out)
    expect(out.count("wins: five") == 1, "m8 after undo should not win", out)
    # The winning row is marked on the board (lower case) and named under it.
    expect_in(" 8 . . . . . . . x x x x[x]. . .  8", out)
    expect_in("Winning row (x): h8 i8 j8 k8 l8.", out)
    # The last move's bracket never touches the row number on the right.
    out = session(["--you", "both"], ["o15", "quit"])
    expect_in("15 . . . . . . . . . . . . . .[X] 15", out)
    out = session(["--you", "both", "--rule", "caro", "--size", "9"],
                  ["b2", "a1", "c3", "g7", "d4", "a9", "e5", "i1", "f6"])
    expect("wins" not in out, "caro: a five blocked at both ends won", out)
    expect(prompts(out) == 10, "caro: the game should go on", out)


def case_engine_win():
    """A depth-1 engine beats a human who plays harmless scattered stones: always the same."""
    # Rows 1 and 15, every other column: no two of these stones ever share a five-cell window.
    harmless = [f"{column}{row}" for row in (1, 15) for column in "acegikmo"]
    games = []
    for _ in range(2):
        out = session(["--engine", "ab:depth=1"], harmless + ["save /dev/null"])
        expect_in("White (tengen) wins: five.", out)
        expect(re.search(r"White \(tengen\) plays [a-o]\d+: depth 1, value win in 1", out),
               "the engine should see its win", out)
        expect_in("game over> save /dev/null", out)
        games.append(ENGINE_LINE.findall(out) and re.findall(r"plays ([a-o]\d+)", out))
    expect(games[0] == games[1], f"a depth-limited engine should repeat its moves: {games}")
    out = session(["--you", "white", "--engine", "ab:depth=1", "--size", "9"], ["quit"])
    expect_in("Black (tengen) plays e5", out)


def case_watch():
    """Engine against engine to the end, without reading the input; seeded greedy repeats."""
    with tempfile.TemporaryDirectory() as tmp:
        args = ["--you", "none", "--black-engine", "greedy:3", "--white-engine", "ab:depth=2",
                "--size", "9", "--seed", "5", "--svg", "end.svg", "--html", "end.html"]
        status, out, err = run(args, cwd=tmp)
        expect(status == 0 and err == "", f"exit status {status}: {err}", out)
        expect(re.search(r"(wins: \S|Draw: board full)", out), "the game did not end", out)
        expect(prompts(out) == 0, "watching should not prompt", out)
        expect(read(os.path.join(tmp, "end.svg")).startswith("<svg"), "no SVG written")
        expect(read(os.path.join(tmp, "end.html")).startswith("<!DOCTYPE html>"), "no HTML")
    played = [re.findall(r"plays ([a-v]\d+)", run(["--black-engine", "1", "--white-engine", "1",
                                                    "--seed", "11", "--size", "11"])[1])
              for _ in range(2)]
    expect(played[0] == played[1] and len(played[0]) >= 9, f"seeded games differ: {played}")


def case_undo():
    with tempfile.TemporaryDirectory() as tmp:
        out = session(["--engine", "ab:depth=1"],
                      ["undo", "h8", "undo", "undo", "save a.txt"], cwd=tmp)
        expect(out.count("nothing to undo") == 2, "undo with no move of yours", out)
        expect(re.search(r"undone: h8 [a-o]\d+\.", out), "undo should take back two plies", out)
        expect(read(os.path.join(tmp, "a.txt")) == "\n", "board not empty after undo")

        out = session(["--you", "both"], ["h8", "i9", "undo", "save b.txt"], cwd=tmp)
        expect_in("undone: i9.", out)
        expect(read(os.path.join(tmp, "b.txt")) == "h8\n", "two humans: undo takes one ply")

        out = session(["--you", "white", "--engine", "ab:depth=1", "--size", "9"],
                      ["undo", "a1", "undo", "save c.txt"], cwd=tmp)
        expect_in("nothing to undo", out)
        expect(re.search(r"undone: a1 [a-i]\d\.", out), "undo as White", out)
        expect(read(os.path.join(tmp, "c.txt")) == "e5\n", "only the engine's first move stays")


def case_hint():
    with tempfile.TemporaryDirectory() as tmp:
        out = session(["--engine", "ab:depth=2", "--size", "11"],
                      ["h8", "hint", "save a.txt"], cwd=tmp)
        expect(re.search(r"hint: [a-k]\d+ \(depth \d+, value [^,]+, \d+ nodes", out), "no hint",
               out)
        expect(len(read(os.path.join(tmp, "a.txt")).strip()) in (4, 5), "hint changed the game")
        # The hint comes from level 6 (not the depth-2 opponent) and shows its line.
        expect(re.search(r"; the line: [a-k]\d+ [a-k]\d+.*\. \(level 6 \(ab:time=1000\)\)", out),
               "the hint names no line or the wrong engine", out)
        # ... and the next best two, searched to the same depth (multi-PV).
        # (two, or one when the time ran out part-way through a depth that reordered them)
        expect(re.search(r"  next best: [a-k]\d+ \([^,]+, depth \d+\)(, [a-k]\d+ \([^,]+, "
                         r"depth \d+\))?\.", out), "the hint names no next best moves", out)
        out = session(["--level", "3", "--hint-engine", "ab:depth=3", "--size", "11"], ["h8", "hint"])
        expect(re.search(r"hint: [a-k]\d+ \(depth 3, .*\(ab:depth=3\)", out), "--hint-engine", out)
        out = session(["--you", "both", "--engine", "greedy"],
                      ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "hint"])
        expect(re.search(r"hint: (g8|l8) \(", out), "the hint should block the four", out)
        out = session(["--you", "both", "--engine", "ab:depth=1", "--moves",
                       "h8a1i8a2j8a3k8a4l8"], ["hint"])
        expect_in("the game is over", out)


def case_illegal():
    """Every bad input gets one message and a new prompt; the game is unchanged."""
    inputs = {
        "z99": "'z99' is off the 15x15 board: columns a to o and rows 1 to 15 (x,y from 0,0 "
               "to 14,14)",
        "99,99": "'99,99' is off the 15x15 board: columns a to o",
        "h8": None,
        "H8": "is occupied",
        "7,7": "is occupied",
        "p1": "p1 (15,0) is off the 15x15 board: columns a to o and rows 1 to 15",
        # Arrow keys on a plain line reader: no raw escape bytes, a word on what happened.
        "\x1b[A": "arrow and editing keys do nothing here",
        "\x1b[D\x1bOC": "arrow and editing keys do nothing here",
        "15,3": "off the 15x15 board",
        "hello": "unknown command 'hello'",
        "h": "must be followed by a row number",
        "8,": "expected two non-negative numbers",
        "h0": "must be a number from 1",
        "#": "expected a column letter",
        "save": "usage: save FILE",
        "load": "usage: load FILE",
        "load /nonexistent/file.txt": "cannot read",
        "save /nonexistent/dir/file.txt": "cannot write",
        "": None,
        "   ": None,
    }
    with tempfile.TemporaryDirectory() as tmp:
        lines = list(inputs) + ["save s.txt"]
        out = session(["--you", "both"], lines, cwd=tmp)
        for text, message in inputs.items():
            if message:
                expect_in(message, out, f"no message for {text!r}")
        expect(prompts(out) == len(lines) + 1, f"expected {len(lines) + 1} prompts", out)
        expect(read(os.path.join(tmp, "s.txt")) == "h8\n", "bad input changed the game")


def case_save_load():
    with tempfile.TemporaryDirectory() as tmp:
        def path(name):
            return os.path.join(tmp, name)

        with open(path("bad.psq"), "w", encoding="utf-8") as f:
            f.write("not a record\n")
        with open(path("bad.txt"), "w", encoding="utf-8") as f:
            f.write("h8i9h8\n")
        session(["--you", "both", "--size", "9"], ["e5", "save small.psq"], cwd=tmp)

        out = session(["--you", "both"],
                      ["h8", "i9", "h9", "save g.psq", "save g.txt", "save g.svg",
                       "save g.html", "new", "load g.psq", "save a.txt", "new", "load g.txt",
                       "save b.txt", "load missing.psq", "load bad.psq", "load bad.txt",
                       "load small.psq", "save c.txt", "j10", "save d.txt"], cwd=tmp)
        expect(read(path("g.psq")).startswith("Piskvorky 15x15,"), "bad .psq")
        expect(read(path("g.txt")) == "h8i9h9\n", "bad move string")
        expect(read(path("g.svg")).startswith("<svg"), "bad SVG")
        expect(read(path("g.html")).startswith("<!DOCTYPE html>"), "bad HTML")
        for name in ["a.txt", "b.txt", "c.txt"]:
            expect(read(path(name)) == "h8i9h9\n", f"{name}: the round trip changed the game")
        expect(read(path("d.txt")) == "h8i9h9j10\n", "play after load")
        expect(out.count("loaded 3 moves") == 2, "both loads should succeed", out)
        expect(out.count("the game is unchanged") == 4, "four failed loads", out)
        expect_in("9x9 game and this board is 15x15", out)
        expect("White (O, human) to move; last move h9" in out.split("load g.psq")[1],
               "the loaded game is not shown", out)

        out = session(["--engine", "ab:depth=1", "--size", "9"], ["load small.psq"], cwd=tmp)
        expect(re.search(r"loaded 1 move from .*\n(.*\n)*White \(tengen\) plays", out),
               "the engine should answer a loaded position", out)


# A file load must refuse at once and without holding more than this (resident, in MB).
LOAD_MEMORY_MB = 64
LOAD_SECONDS = 10


def watched_session(args, lines, cwd, max_rss_mb, seconds):
    """Runs tengen_play like session(), but stops it (and fails) as soon as its resident memory
    passes `max_rss_mb` or it runs for `seconds`. Returns (stdout, peak resident MB)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([BINARY, *args], stdin=subprocess.PIPE, stdout=out, stderr=err,
                                cwd=cwd)
        proc.stdin.write("".join(line + "\n" for line in lines).encode())
        proc.stdin.close()
        started = time.monotonic()
        problem = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid != 0:
                proc.returncode = os.waitstatus_to_exitcode(status)
                break
            if problem is None:
                rss = resident_mb(proc.pid)
                if rss is not None and rss > max_rss_mb:
                    problem = f"{rss:.0f} MB resident, more than {max_rss_mb} MB"
                elif time.monotonic() - started > seconds:
                    problem = f"still running after {seconds} s"
                if problem is not None:
                    proc.kill()
            time.sleep(0.01)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    expect(problem is None, problem or "", stdout)
    expect(proc.returncode == 0, f"exit status {proc.returncode}, stderr: {stderr}", stdout)
    expect(stderr == "", "unexpected stderr: " + stderr, stdout)
    # ru_maxrss is in KiB on Linux.
    return stdout, usage.ru_maxrss / 1024


def resident_mb(pid):
    """The resident memory of process `pid` in MB, or None where /proc does not tell."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def case_load_limits():
    """load refuses what is not a small regular file, at once, and leaves the game alone."""
    with tempfile.TemporaryDirectory() as tmp:
        directory = os.path.join(tmp, "records")
        os.mkdir(directory)
        fifo = os.path.join(tmp, "fifo.txt")
        os.mkfifo(fifo)
        big = os.path.join(tmp, "big.txt")
        with open(big, "w", encoding="ascii") as f:
            f.write("h8" + " " * (1 << 20))  # a valid pos string, padded past 1 MiB
        out, peak = watched_session(
            ["--you", "both"],
            ["h8", "i9", "save before.txt", f"load {directory}", f"load {big}",
             "load /dev/zero", f"load {fifo}", "save after.txt"],
            tmp, LOAD_MEMORY_MB, LOAD_SECONDS)
        for path, why in ((directory, "it is a directory, not a regular file"),
                          (big, "it is larger than 1 MiB, the most that is read"),
                          ("/dev/zero", "it is a character device, not a regular file"),
                          (fifo, "it is a FIFO, not a regular file")):
            expect_in(f"cannot read '{path}': {why}; the game is unchanged.", out)
        expect("loaded" not in out, "a refused file was loaded", out)
        expect(read(os.path.join(tmp, "before.txt")) == "h8i9\n", "the game before the loads")
        expect(read(os.path.join(tmp, "after.txt")) == "h8i9\n", "the loads changed the game")
        print(f"directory, 1 MiB + 2 bytes, /dev/zero and a FIFO refused; peak {peak:.0f} MB")


def case_controls():
    """Text from a file is shown through the one sanitiser: no C0 or C1 control (U+009B is a
    terminal's CSI) reaches the terminal in an error message."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "evil.txt"), "wb") as f:
            f.write(b"\xc2\x9b" b"2J\x1b[2J\x9b" b"31m")
        out = session(["--you", "both"], ["h8", "load evil.txt", "save after.txt"], cwd=tmp)
        for control in ("\x9b", "\x1b", "\ufffd"):
            expect(control not in out, "a control reached the terminal: %r" % control, out)
        expect_in("?2J?[2J?31m", out, "the controls shown as '?'")
        expect(read(os.path.join(tmp, "after.txt")) == "h8\n", "the refused load changed the game")
        print("C0, C1 and malformed bytes in a loaded file shown as '?'")


def case_renju():
    """A forbidden point is marked; declining keeps the game; confirming loses it."""
    opening = ["--rule", "renju", "--you", "both", "--moves", "h7a1g8a3i8a5h9a7"]
    out = session(opening, ["h8", "n", "h8", "y", "undo"])
    expect_in("Forbidden for Black: h8 (double-three).", out)
    expect(re.search(r"(?m)^ 8 \. \. \. \. \. \. X # X", out), "h8 is not marked", out)
    expect_in("h8 is forbidden for Black (double-three)", out)
    expect_in("Not played.", out)
    expect_in("White (human) wins: forbidden double-three.", out)
    expect_in("undone: h8.", out)
    status, out, _ = run(opening, ["h8"])
    expect(status == 0, "end of input at the question should end cleanly", out)
    out = session(["--rule", "renju", "--you", "white", "--engine", "ab:depth=2",
                   "--moves", "h7a1g8a3i8a5h9"], ["a7", "quit"])
    expect(not re.search(r"Black \(tengen\) plays h8", out), "the engine played a foul", out)


def case_colour():
    args = ["--you", "both", "--moves", "h8i9", "--rule", "renju"]
    for env, extra, coloured in [({}, [], False), ({"NO_COLOR": "1"}, [], False),
                                 ({}, ["--color", "never"], False),
                                 ({}, ["--color", "always"], True),
                                 ({"NO_COLOR": "1"}, ["--colour", "always"], True),
                                 ({"NO_COLOR": ""}, [], False)]:
        status, out, _ = run(args + extra, ["quit"], env)
        expect(status == 0, f"{env} {extra}: exit status {status}", out)
        expect((ESCAPE in out) == coloured, f"{env} {extra}: colour should be {coloured}", out)
        expect(ESCAPE not in out.split("\n")[0], "the header is never coloured", out)


CASES = {name[len("case_"):]: f for name, f in globals().items() if name.startswith("case_")}


def main():
    global BINARY
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print(" ".join(CASES))
        return 0
    if len(sys.argv) != 3 or sys.argv[2] not in CASES:
        print(__doc__, file=sys.stderr)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    try:
        CASES[sys.argv[2]]()
    except Failure as failure:
        print(f"play_test {sys.argv[2]}: FAILED: {failure}")
        return 1
    print(f"play_test {sys.argv[2]}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
