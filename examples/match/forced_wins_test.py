#!/usr/bin/env python3
"""Test of forced_wins.py with pbrain-tengen as an engine and a judge, a stand-in engine that
blunders, and a stand-in judge that reports mates in Rapfi's words:

    forced_wins_test.py <path to forced_wins.py> <path to pbrain-tengen>
"""

import csv
import os
import subprocess
import sys
import tempfile

# A stand-in Gomocup engine: answers BEGIN (the warm-up) with the centre, and any position with
# the first empty cell of the top row, first printing, when asked to, a Rapfi-style search line
# with the mate score given.
FAKE_ENGINE = """#!/usr/bin/env python3
import sys
mate = sys.argv[1] if len(sys.argv) > 1 else ""
taken = set()
for line in sys.stdin:
    if line.startswith("START"):
        taken.clear()
    if line.startswith("BEGIN"):
        print("7,7", flush=True)
    words = line.strip().split(",")
    if len(words) == 3:
        taken.add((int(words[0]), int(words[1])))
    if line.startswith("DONE"):
        if mate:
            print(f"MESSAGE Depth 9-14 | Eval {mate} | Time 3ms | h8 i9", flush=True)
        x = next(x for x in range(15) if (x, 0) not in taken)
        print(f"{x},0", flush=True)
    if line.startswith("END"):
        break
"""

# A freestyle game Black won: after h8 a1 g8 a3 f8 o15, Black to move has an open three (f8 g8 h8)
# and wins in 3 plies by e8 or i8 (an open four); White's stones are scattered.
WON_GAME = "freestyle 1-0 h8a1g8a3f8o15e8o13i8"


# c-gomoku-cli's SGF of three games. In the first tengen (White: g9 and i7 beside Black's
# stones) lets Black's open three f8 g8 h8 stand (o15) and loses to the open four; the second
# tengen won; the third is a game between two others.
SGF = """(;FF[4]GM[4]GN[1]EV[black x tengen]RO[1.1]RU[0]SZ[15]PB[black]PW[tengen]RE[B+1]TE[five]
;B[hh]C[opening move];W[gi]C[10ms];B[gh]C[10ms];W[ig]C[10ms];B[fh]C[10ms];W[oo]C[10ms]
;B[eh]C[10ms];W[ae]C[10ms];B[ih]C[10ms])
(;FF[4]GM[4]GN[2]EV[tengen x black]RO[1.2]RU[0]SZ[15]PB[tengen]PW[black]RE[B+1]TE[five]
;B[hh];W[aa];B[gh];W[ac];B[fh];W[oo];B[eh];W[ae];B[ih])
(;FF[4]GM[4]GN[3]EV[x x y]RO[1.3]RU[0]SZ[15]PB[x]PW[y]RE[B+1]TE[five]
;B[hh];W[aa];B[gh];W[ac];B[fh];W[oo];B[eh];W[ae];B[ih])
"""


def run(args):
    result = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, (args, result.returncode, result.stdout, result.stderr)
    return result.stdout


def main():
    script, tengen = sys.argv[1], os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as folder:
        fake = os.path.join(folder, "fake-engine")
        with open(fake, "w") as f:
            f.write(FAKE_ENGINE)
        os.chmod(fake, 0o755)
        games = os.path.join(folder, "games.txt")
        with open(games, "w") as f:
            f.write("# rule outcome moves\n" + WON_GAME + "\nrenju 1/2 h8i9\n")
        positions = os.path.join(folder, "positions.txt")

        # collect: the position 2 plies before Black's five (Black to move, open three on the
        # board) is a win in 3 for tengen's judge; the drawn game gives no candidate.
        out = run([script, "collect", "--games", games, "--out", positions,
                   "--judge", f"tengen={tengen}", "--judge-time", "500",
                   "--min-plies", "2", "--max-plies", "2", "--min-mate", "1"])
        assert "wrote 1 positions" in out, out
        with open(positions) as f:
            rows = [line.split() for line in f if not line.startswith("#")]
        assert rows == [["freestyle", "h8a1g8a3f8o15", "3", "tengen"]], rows

        # A judge that never proves anything leaves a position out.
        out = run([script, "collect", "--games", games, "--out", positions,
                   "--judge", f"silent={fake}", "--min-plies", "2", "--max-plies", "2"])
        assert "wrote 0 positions" in out, out

        # play: both sides have an open three (f8 g8 h8, f10 g10 h10), Black to move. tengen
        # makes the open four (kept, proven by the judge after it); the stand-in plays a1, the
        # first empty cell of the top row, and loses: White's own open four wins. (After a
        # blunder that only lets White block the three, Black may still have a forced win too
        # deep for the judge to be sure of either answer.)
        with open(positions, "w") as f:
            f.write("freestyle h8h10g8g10f8f10 3 tengen\n")
        table = os.path.join(folder, "kept.csv")
        out = run([script, "play", "--positions", positions, "--move-time", "200",
                   "--engine", f"tengen={tengen}", "--engine", f"blunder={fake}",
                   "--judge", f"tengen={tengen}", "--judge-time", "500",
                   "--csv", table, "--quiet"])
        assert "freestyle: tengen kept 1 of 1 wins (100.0%" in out, out
        assert "freestyle: blunder kept 0 of 1 wins (0.0%" in out, out
        assert "kept by tengen alone 1, by blunder alone 0" in out, out
        with open(table) as f:
            table_rows = list(csv.reader(f))
        assert table_rows[0][:4] == ["position", "rule", "moves", "mate_plies"], table_rows
        assert table_rows[1][4] in ("e8", "i8") and table_rows[1][5] == "1", table_rows
        assert table_rows[1][7:9] == ["a1", "0"], table_rows

        # A Rapfi-style judge: "Eval -M4" after the move is a loss for the side to move there.
        out = run([script, "play", "--positions", positions, "--move-time", "100",
                   "--engine", f"blunder={fake}", "--judge", f"rapfi={fake} -M4", "--quiet"])
        assert "freestyle: blunder kept 1 of 1 wins" in out, out

        # A move that makes five is kept without asking a judge.
        with open(positions, "w") as f:
            f.write("freestyle a1h8b1h9c1h10d1h11 1 tengen\n")
        out = run([script, "play", "--positions", positions, "--move-time", "100",
                   "--engine", f"blunder={fake}", "--judge", f"silent={fake}", "--quiet"])
        assert "freestyle: blunder kept 1 of 1 wins" in out, out

        # walk-ins: back from the end of the game tengen lost, its moves a5 and o15 let Black
        # force a win (a win in 1, then in 3, after them), i7 did not; before o15 nothing proves
        # White lost. The game it won and the others' game give nothing.
        records = os.path.join(folder, "games.sgf")
        with open(records, "w") as f:
            f.write(SGF)
        walk_ins = os.path.join(folder, "walk_ins.txt")
        out = run([script, "walk-ins", "--sgf", records, "--loser", "tengen",
                   "--out", walk_ins, "--judge", f"tengen={tengen}", "--judge-time", "500"])
        assert "wrote 1 positions of 1 lost games" in out, out
        with open(walk_ins) as f:
            rows = [line.split() for line in f if not line.startswith("#")]
        assert rows == [["freestyle", "h8g9g8i7f8", "o15", "3", "tengen"]], rows

        # defend: tengen blocks the three (holds: its stones g9 and i7 keep Black from a forced
        # win after the block); the stand-in plays a1 (loses: the judge proves Black's win).
        held = os.path.join(folder, "held.csv")
        out = run([script, "defend", "--positions", walk_ins, "--move-time", "200",
                   "--engine", f"tengen={tengen}", "--engine", f"blunder={fake}",
                   "--judge", f"tengen={tengen}", "--judge-time", "500", "--csv", held,
                   "--quiet"])
        assert "freestyle: tengen holds in 1 of 1 (100.0%" in out, out
        assert "freestyle: blunder holds in 0 of 1 (0.0%" in out, out
        with open(held) as f:
            held_rows = list(csv.reader(f))
        assert held_rows[0][:4] == ["position", "rule", "moves", "played"], held_rows
        assert held_rows[1][5] == "1" and held_rows[1][7:9] == ["a1", "0"], held_rows

        # A judge that answers with the five proves a win in 1 even without a mate score (Rapfi
        # reports none then): tengen's o15 left Black's four a1-d1 open; before it, the stand-in
        # proves nothing, and after its h8 Black had only a three.
        with open(records, "w") as f:
            f.write("(;FF[4]GM[4]GN[1]RO[1.1]RU[0]SZ[15]PB[black]PW[tengen]RE[B+1]\n"
                    ";B[aa];W[hh];B[ba];W[ll];B[ca];W[mm];B[da];W[oo];B[ea])\n")
        out = run([script, "walk-ins", "--sgf", records, "--loser", "tengen",
                   "--out", walk_ins, "--judge", f"silent={fake}", "--judge-time", "100"])
        assert "wrote 1 positions of 1 lost games" in out, out
        with open(walk_ins) as f:
            rows = [line.split() for line in f if not line.startswith("#")]
        assert rows == [["freestyle", "a1h8b1l12c1m13d1", "o15", "1", "silent"]], rows

        # Malformed input is a clear error.
        with open(positions, "w") as f:
            f.write("freestyle h8h8 3 tengen\n")
        bad = subprocess.run([sys.executable, script, "play", "--positions", positions,
                              "--engine", f"x={fake}", "--judge", f"y={fake}"],
                             capture_output=True, text=True, timeout=60)
        assert bad.returncode != 0 and "positions.txt:1: bad pos string" in bad.stderr, bad
    print("forced_wins.py: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
