#!/usr/bin/env python3
"""Test of gomocup_match.py against a stand-in for c-gomoku-cli that prints the lines the real
one prints for a fixed set of games (c-gomoku-cli is not a dependency of the project):

    gomocup_match_test.py <path to gomocup_match.py>
"""

import csv
import importlib.util
import os
import subprocess
import sys
import tempfile

# Games as c-gomoku-cli reports them: black, white, result, reason. A is "tengen".
GAMES = [
    ("tengen", "rapfi", "1-0", "Black win by five connection"),
    ("rapfi", "tengen", "1-0", "Black win by five connection"),
    ("rapfi", "tengen", "0-1", "White win by time forfeit"),
    ("tengen", "rapfi", "1/2-1/2", "Draw by board full"),
    ("tengen", "rapfi", "0-1", "White win by time forfeit"),
    ("rapfi", "tengen", "0-1", "White win by five connection"),
]

FAKE_CLI = """#!/usr/bin/env python3
import sys
args = sys.argv[1:]
assert args[args.index("-rule") + 1] == "4", args
assert "-repeat" in args and args[args.index("-games") + 1] == "6", args
assert any(a.startswith("tc=0/0.25") for a in args), args
# c-gomoku-cli reads the tolerance in seconds.
assert "tolerance=1.5" in args, args
assert any(a.startswith("cmd=") and "--level 3" in a for a in args), args
print("Load opening file openings.txt")
games = {games!r}
for i, (black, white, result, reason) in enumerate(games, 1):
    print(f"[1] Started game {{i}} of {{len(games)}} ({{black}} vs {{white}})")
    # Two workers' lines can run together: a problem glued to a game's result.
    glued = "[2] engine tengen timeout at 31 moves after opening" if i == 5 else ""
    print(f"{{glued}}[1] Finished game {{i}} ({{black}} vs {{white}}): {{result}} {{{{{{reason}}}}}}")
"""


# A stand-in that plays up to 40 games, A ("new") winning every one, slowly enough to be
# stopped; it leaves a mark if it was not.
SPRT_CLI = """#!/usr/bin/env python3
import sys, time
args = sys.argv[1:]
games = int(args[args.index("-games") + 1])
for i in range(1, games + 1):
    if i % 2 == 1:
        line = f"[1] Finished game {{i}} (new vs old): 1-0 {{{{Black win by five connection}}}}"
    else:
        line = f"[1] Finished game {{i}} (old vs new): 0-1 {{{{White win by five connection}}}}"
    print(line, flush=True)
    time.sleep(0.2)
open({mark!r}, "w").close()
"""


def load(script):
    spec = importlib.util.spec_from_file_location("gomocup_match", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_sprt(script, folder, openings):
    # The ratio is the one tengen_match computes (examples/match/test_match.cpp has the same
    # values).
    module = load(script)
    assert abs(module.sprt_llr([0, 0, 2, 1, 9], 0.0, 100.0) - 2.963250) < 1e-5
    assert abs(module.sprt_llr([30, 180, 400, 200, 40], 0.0, 10.0) - 1.154107) < 1e-5
    assert abs(module.sprt_llr([100, 800, 2000, 800, 100], -5.0, 5.0)) < 1e-9
    lower, upper = module.sprt_bounds(0.05, 0.05)
    assert abs(lower + 2.944439) < 1e-6 and abs(upper - 2.944439) < 1e-6

    mark = os.path.join(folder, "played-to-the-end")
    cli = os.path.join(folder, "sprt-cli")
    with open(cli, "w") as f:
        f.write(SPRT_CLI.format(mark=mark))
    os.chmod(cli, 0o755)
    run = subprocess.run(
        [sys.executable, script, "--cli", cli, "--a", "new/pbrain-tengen", "--name-a", "new",
         "--b", "old/pbrain-tengen", "--name-b", "old", "--games", "40", "--move-time", "50",
         "--openings", openings, "--sprt", "0,200", "--quiet"],
        capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, (run.returncode, run.stdout, run.stderr)
    out = run.stdout
    assert "H1 accepted (new gains at least +200.0)" in out, out
    assert "bounds [-2.944, 2.944]" in out, out
    assert not os.path.exists(mark), "c-gomoku-cli was not stopped when the test decided"
    for bad in (["--sprt", "10,0"], ["--sprt", "5"], ["--sprt", "0,10", "--alpha", "0"]):
        refused = subprocess.run([sys.executable, script, "--cli", cli, "--a", "x", "--b", "y",
                                  "--openings", openings, *bad],
                                 capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2 and ("--sprt" in refused.stderr or "--alpha" in
                                            refused.stderr), (bad, refused.stderr)


def main():
    script = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        cli = os.path.join(folder, "c-gomoku-cli")
        with open(cli, "w") as f:
            f.write(FAKE_CLI.format(games=GAMES))
        os.chmod(cli, 0o755)
        openings = os.path.join(folder, "openings.txt")
        with open(openings, "w") as f:
            f.write("h8i9\n\nh8h9i7\nh8g7\n")
        table = os.path.join(folder, "games.csv")
        run = subprocess.run(
            [sys.executable, script, "--cli", cli, "--a", "pbrain-tengen --level 3",
             "--name-a", "tengen", "--b", "pbrain-rapfi", "--name-b", "rapfi", "--rule", "renju",
             "--games", "6", "--move-time", "250", "--tolerance", "1500", "--openings", openings,
             "--csv", table, "--quiet"],
            capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, (run.returncode, run.stdout, run.stderr)
        out = run.stdout
        # tengen: won games 1, 3 (as White, Black lost on time) and 6; lost 2 and 5; drew 4.
        assert "Score of tengen vs rapfi: 3 wins, 2 losses, 1 draws (58.3%)" in out, out
        assert "Elo difference of tengen: +58.5, 95% CI [-" in out, out
        assert "Time losses: tengen 1, rapfi 1" in out, out
        # Games 3 and 5 were decided on time; the other four: won 1 and 6, lost 2, drew 4.
        assert "Without time losses: 2 wins, 1 losses, 1 draws (62.5%), Elo +88.7" in out, out
        with open(table) as f:
            rows = list(csv.DictReader(f))
        assert [r["opening"] for r in rows] == ["h8i9", "h8i9", "h8h9i7", "h8h9i7", "h8g7",
                                                "h8g7"], rows
        assert [r["a_points"] for r in rows] == ["1.0", "0.0", "1.0", "0.5", "0.0", "1.0"], rows
        assert rows[2]["a_color"] == "white" and rows[2]["winner"] == "white", rows[2]
        # The problem glued to game 5's result is reported, and the game still counted.
        assert "engine tengen timeout at 31 moves after opening" in run.stderr, run.stderr

        # A bad command line is refused before anything runs.
        bad = subprocess.run([sys.executable, script, "--cli", cli, "--a", "x", "--b", "y",
                              "--openings", openings, "--games", "0"],
                             capture_output=True, text=True, timeout=60)
        assert bad.returncode != 0 and "positive" in bad.stderr, bad.stderr
        folder_as_record = subprocess.run(
            [sys.executable, script, "--cli", cli, "--a", "x", "--b", "y", "--openings", openings,
             "--sgf", folder], capture_output=True, text=True, timeout=60)
        assert folder_as_record.returncode == 2 and "--sgf" in folder_as_record.stderr, \
            folder_as_record.stderr
        check_sprt(script, folder, openings)
    print("gomocup_match: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
