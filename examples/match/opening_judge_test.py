#!/usr/bin/env python3
"""Test of opening_judge.py: its reading of Rapfi's and pbrain-tengen's search lines, and the three
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

        # value: the judge alone, each opening from Black's view. An open four for Black
        # (White to move) is a mate for Black; a quiet opening is within the threshold (wide
        # here: a 100 ms search of pbrain-tengen gives Black's extra stone some 400).
        value_csv = os.path.join(workdir, "value.csv")
        balanced = os.path.join(workdir, "balanced.txt")
        with open(openings, "w") as f:
            f.write("h8a1i8a2j8a3k8\nh8i9j7\n")
        judge_only = ["--openings", openings, "--judge", f"judge={engine}", "--judge-time", "100"]
        result = subprocess.run([sys.executable, script, "value", *judge_only, "--csv", value_csv,
                                 "--threshold", "1000", "--write-balanced", balanced],
                                capture_output=True, text=True, timeout=120)
        check(result.returncode == 0, f"value: {result.stderr}")
        check("2 openings judged by judge at 100 ms: 1 within +-1000" in result.stdout,
              result.stdout)
        check("Black ahead by more in 1, White in 0, no value in 0" in result.stdout,
              result.stdout)
        with open(value_csv) as f:
            rows = list(csv.DictReader(f))
        check(len(rows) == 2 and rows[0]["black_value"] == str(mate) and rows[0]["good"] == "0",
              f"value rows: {rows}")
        check(rows[1]["good"] == "1" and abs(int(rows[1]["black_value"])) <= 1000, f"{rows}")
        with open(balanced) as f:
            check(f.read() == "h8i9j7\n", "--write-balanced keeps the balanced opening alone")
        # --write-balanced belongs to value, and the other subcommands need an engine.
        result = subprocess.run([sys.executable, script, "swap2", *judge_only],
                                capture_output=True, text=True, timeout=60)
        check(result.returncode != 0 and "needs --engine" in result.stderr, result.stderr)
        result = subprocess.run([sys.executable, script, "balance", *common,
                                 "--threshold", "1000", "--write-balanced", balanced],
                                capture_output=True, text=True, timeout=60)
        check(result.returncode != 0 and "goes with value" in result.stderr, result.stderr)

        # A swap2 opening of four stones is refused before any engine runs.
        with open(openings, "w") as f:
            f.write("h8i9j7g6\n")
        result = subprocess.run([sys.executable, script, "swap2", *common],
                                capture_output=True, text=True, timeout=60)
        check(result.returncode != 0 and "3 or 5 stones" in result.stderr, result.stderr)
    print("opening_judge: search lines read, swap2, balance and value judged")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
