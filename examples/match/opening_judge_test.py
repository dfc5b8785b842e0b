#!/usr/bin/env python3
"""Test of opening_judge.py: its reading of Rapfi's and pbrain-tengen's search lines, and both
subcommands run with pbrain-tengen as the engine and the judge:

    opening_judge_test.py <path to opening_judge.py> <path to pbrain-tengen>
"""

import csv
import importlib.util
import os
import subprocess
import sys
import tempfile


def fail(message):
    print(f"FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def main(argv):
    if len(argv) != 3:
        fail(__doc__)
    script, engine = argv[1], argv[2]
    spec = importlib.util.spec_from_file_location("opening_judge", script)
    judge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(judge)

    # The judges' words for a value, from the side to move's view.
    mate = judge.MATE_VALUE
    for line, value in (("MESSAGE Depth 12-20 | Eval 35 | Time 1000ms", 35),
                        ("MESSAGE Depth 9-14 | Eval -120 | Time 3ms", -120),
                        ("MESSAGE Depth 9-14 | Eval +M7 | Time 3ms", mate),
                        ("MESSAGE Depth 9-14 | Eval -M12 | Time 3ms", -mate),
                        ("MESSAGE depth 9, value -42, 1000 nodes", -42),
                        ("MESSAGE depth 9, value win in 7, 1000 nodes", mate),
                        ("MESSAGE depth 9, value loss in 4, 1000 nodes", -mate),
                        ("MESSAGE swap2: place two, value 5, depth 2", 5),
                        ("7,7", None)):
        check(judge.parse_eval(line) == value, f"{line!r}: {judge.parse_eval(line)} != {value}")

    with tempfile.TemporaryDirectory() as workdir:
        openings = os.path.join(workdir, "openings.txt")
        with open(openings, "w") as f:
            f.write("# three and five stones\nh8i9j7\nh8i9j7g6k10\n")
        common = ["--openings", openings, "--engine", f"tengen={engine}", "--judge",
                  f"judge={engine}", "--move-time", "100", "--judge-time", "100"]
        swap2_csv = os.path.join(workdir, "swap2.csv")
        result = subprocess.run([sys.executable, script, "swap2", *common, "--csv", swap2_csv],
                                capture_output=True, text=True, timeout=120)
        check(result.returncode == 0, f"swap2: {result.stderr}")
        check("of 2 the engine's side valued at -300 or better" in result.stdout, result.stdout)
        with open(swap2_csv) as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == 2, f"swap2 rows: {rows}")
        check(rows[0]["decision"] in ("swap", "move", "place two"), f"{rows[0]}")
        check(rows[1]["decision"] in ("swap", "move"), f"five stones: {rows[1]}")
        for row in rows:
            check(row["value"] != "" and row["good"] == str(int(int(row["value"]) >= -300)),
                  f"{row}")

        balance_csv = os.path.join(workdir, "balance.csv")
        with open(openings, "w") as f:
            f.write("h8i9j7\n")
        result = subprocess.run([sys.executable, script, "balance", *common, "--csv",
                                 balance_csv], capture_output=True, text=True, timeout=120)
        check(result.returncode == 0, f"balance: {result.stderr}")
        check("of 1 within +-300" in result.stdout, result.stdout)
        with open(balance_csv) as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == 1 and len(rows[0]["added"]) >= 4 and rows[0]["value"] != "",
              f"balance rows: {rows}")

        # A swap2 opening of four stones is refused before any engine runs.
        with open(openings, "w") as f:
            f.write("h8i9j7g6\n")
        result = subprocess.run([sys.executable, script, "swap2", *common],
                                capture_output=True, text=True, timeout=60)
        check(result.returncode != 0 and "3 or 5 stones" in result.stderr, result.stderr)
    print("opening_judge: search lines read, swap2 and balance judged")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
