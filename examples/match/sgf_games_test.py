#!/usr/bin/env python3
"""Test of sgf_games.py: c-gomoku-cli's records become tengen_tune_eval's games, the games not
decided on the board are left out, and tengen_tune_eval measures a fit on the result.

    sgf_games_test.py SGF_GAMES_PY TENGEN_TUNE_EVAL TRAINING_GAMES
"""

import os
import subprocess
import sys
import tempfile

# Five records as c-gomoku-cli writes them: Black wins by a five (freestyle), White by a five
# (renju), a full-board draw, a time forfeit and an unfinished game (both left out).
SGF = """(;FF[4]GM[4]GN[1]EV[tengen x rapfi]RO[1.1]RU[0]SZ[15]PB[tengen]PW[rapfi]RE[B+1]TE[Black win by five connection]
;B[hh];W[gi];B[gh];W[ig];B[fh];W[oo];B[eh];W[ae];B[ih])
(;FF[4]GM[4]GN[2]EV[rapfi x tengen]RO[1.2]RU[4]SZ[15]PB[rapfi]PW[tengen]RE[W+1]TE[White win by five connection]
;B[hh];W[ha];B[ab];W[ia];B[ad];W[ja];B[af];W[ka];B[ah];W[la])
(;FF[4]GM[4]GN[3]EV[x x y]RO[1.3]RU[0]SZ[15]PB[x]PW[y]RE[0]TE[Draw by fullfilled board]
;B[hh];W[aa])
(;FF[4]GM[4]GN[4]EV[x x y]RO[1.4]RU[0]SZ[15]PB[x]PW[y]RE[W+1]TE[White win by time forfeit]
;B[hh];W[aa];B[ab])
(;FF[4]GM[4]GN[5]EV[x x y]RO[1.5]RU[0]SZ[15]PB[x]PW[y]RE[*]TE[Unterminated]
;B[hh])
"""
EXPECTED = ["freestyle 1-0 h8g9g8i7f8o15e8a5i8",
            "renju 0-1 h8h1a2i1a4j1a6k1a8l1",
            "freestyle 1/2 h8a1"]


def run(args, expect_ok=True):
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if expect_ok:
        assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result


def main(script, tune_eval, training):
    with tempfile.TemporaryDirectory() as folder:
        records = os.path.join(folder, "games.sgf")
        games = os.path.join(folder, "games.games")
        with open(records, "w") as f:
            f.write(SGF)
        out = run([sys.executable, script, records, "-o", games]).stdout
        assert "3 games written" in out and "2 not decided on the board left out" in out, out
        with open(games) as f:
            lines = [line.strip() for line in f if not line.startswith("#")]
        assert lines == EXPECTED, lines

        # A record of another size cannot be converted: an error, no file written.
        other = os.path.join(folder, "other.sgf")
        with open(other, "w") as f:
            f.write(SGF.replace("SZ[15]", "SZ[19]", 1))
        refused = run([sys.executable, script, other, "-o", os.path.join(folder, "o.games")],
                      expect_ok=False)
        assert refused.returncode != 0 and "15x15" in refused.stderr, refused
        assert not os.path.exists(os.path.join(folder, "o.games"))

        # The converted games are a test set for tengen_tune_eval's fit.
        fitted = run([tune_eval, "fit", "--situation", training, "--iterations", "20",
                      "--test", games]).stdout
        assert "--test games," in fitted and "the table in force" in fitted, fitted
    print("sgf_games: 3 of 5 records converted, the fit measured on them")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
