#!/usr/bin/env python3
"""Scripted sessions of tengen_reversi through a pipe, one CTest case each.

Usage: reversi_test.py PATH_TO_TENGEN_REVERSI CASE   (reversi_test.py --list prints the cases)

Engines in these sessions are greedy with a fixed seed or limited by depth, so the games are the
same on every machine. Standard library only.
"""

import re
import subprocess
import sys

BINARY = ""
TIMEOUT_SECONDS = 60
# A request the program must refuse gets its answer at once.
REFUSAL_SECONDS = 10
START_COUNTS = "Black (X) 2, White (O) 2"


class Failure(Exception):
    pass


def run(args, lines=(), timeout=TIMEOUT_SECONDS):
    """Runs tengen_reversi with `args`, feeding `lines` on stdin; returns (status, out, err)."""
    text = "".join(line + "\n" for line in lines)
    try:
        done = subprocess.run([BINARY, *args], input=text, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise Failure(f"{' '.join(args)}: still running after {timeout} s") from None
    return done.returncode, done.stdout, done.stderr


def expect(condition, what, output=""):
    if not condition:
        raise Failure(what + ("\n--- output ---\n" + output if output else ""))


def expect_in(needle, haystack, what="missing"):
    expect(needle in haystack, what + ": " + repr(needle), haystack)


def session(args, lines):
    """A session that must end cleanly (status 0, nothing on stderr)."""
    status, out, err = run(args, lines)
    expect(status == 0, f"exit status {status}, stderr: {err}", out)
    expect(err == "", "unexpected stderr: " + err, out)
    return out


def case_scripted():
    out = session(["--you", "both"], ["f5", "d6", "c3", "d3", "c4", "moves"])
    expect_in("f5d6c3d3c4", out, "the move list")
    # Each input is echoed after its prompt when piped.
    expect_in("move 1, black (X)> f5", out, "the first prompt")
    expect_in("move 6, white (O)> moves", out, "the prompt after five moves")
    # The start board with the legal moves marked.
    expect_in("3 . . . * . . . .\n4 . . * O X . . .", out, "the marked start board")
    expect_in("Black (X) 4, White (O) 1", out, "the counts after f5")


def case_illegal():
    out = session(["--you", "both"], ["a1", "z9", "d4", "pass", "f5"])
    expect_in("error: a1: illegal move: it flips no disc", out)
    expect_in("error: 'z9': the column must be a letter a-h", out)
    expect_in("error: d4: the square is not empty", out)
    expect_in("error: pass: cannot pass: black has a move", out)
    expect_in("Black (X) 4, White (O) 1", out, "f5 played after the errors")


def case_undo():
    out = session(["--you", "black", "--level", "2"], ["f5", "undo", "moves", "undo"])
    expect_in("White (level 2) plays", out, "the engine's reply")
    after_undo = out.split("black (X)> undo", 1)[1]
    expect_in(START_COUNTS, after_undo, "the start position after undo")
    expect_in("(no moves yet)", out, "the empty move list")
    expect_in("nothing to undo", out)


def case_perft():
    out = session(["perft", "6"], [])
    expect(re.search(r"^perft 6: 8200 leaves in [0-9.e-]+ s", out, re.M) is not None,
           "perft 6 = 8200", out)
    status, out, err = run(["perft"], [])
    expect(status != 0, "perft without a depth must fail", out + err)
    # Depths that would run for hours are refused at once, with the maximum named.
    for depth in ("20", "13", "-1", "x"):
        status, out, err = run(["perft", depth], [], timeout=REFUSAL_SECONDS)
        expect(status != 0, f"perft {depth} must be refused", out + err)
        expect_in("a depth from 0 to 12", err, f"perft {depth}: the maximum")
        expect(out == "", f"perft {depth} counted something", out)


def case_engines():
    out = session(["--you", "none", "--black-level", "1", "--white-level", "5", "--seed", "3"], [])
    expect_in("game over: Black ", out, "the end of the game")
    expect_in("White (level 5) plays", out)
    expect_in("solved: final score", out, "the solver near the end")
    out2 = session(["--you", "none", "--black-level", "1", "--white-level", "5", "--seed", "3"], [])
    expect(re.sub(r"\d+ ms", "", out) == re.sub(r"\d+ ms", "", out2),
           "the same seed must give the same game", out + out2)


def case_help():
    status, out, err = run(["--help"], [])
    expect(status == 0, "--help exits 0", out + err)
    expect_in("Levels:", out)
    expect_in("perft", out)
    status, out, err = run(["--level", "9"], [])
    expect(status != 0, "level 9 is refused", out + err)
    status, out, err = run(["--you", "black", "--black-level", "3"], [])
    expect(status != 0, "a level for a human colour is refused", out + err)
    status, out, err = run(["--moves", "f5a1"], [])
    expect(status != 0 and "illegal" in err, "a bad --moves is refused", out + err)


CASES = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    global BINARY
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        print("\n".join(CASES))
        return 0
    if len(sys.argv) != 3 or sys.argv[2] not in CASES:
        print(__doc__, file=sys.stderr)
        return 2
    BINARY = sys.argv[1]
    try:
        CASES[sys.argv[2]]()
    except Failure as failure:
        print("FAIL:", failure, file=sys.stderr)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
