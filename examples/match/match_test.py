#!/usr/bin/env python3
"""Runs tengen_match on short matches and checks what it writes.

    match_test.py TENGEN_MATCH CASE WORKDIR
    match_test.py --list

Each case prints what it checked and exits with 0 on success, 1 on failure.
"""

import csv
import json
import os
import re
import shutil
import subprocess
import sys

COLUMNS = [
    "game", "opening", "black", "white", "a_color", "winner", "reason", "plies",
    "black_time_ms", "white_time_ms", "black_nodes", "white_nodes",
    "black_ms_per_move", "white_ms_per_move", "black_nodes_per_move",
    "white_nodes_per_move", "moves",
]
TIME_COLUMNS = {"black_time_ms", "white_time_ms", "black_ms_per_move", "white_ms_per_move"}
SCORE_LINE = re.compile(
    r"^Score of A vs B: (\d+) wins, (\d+) losses, (\d+) draws \((\d+\.\d)%\)$", re.M)
ELO_LINE = re.compile(
    r"^Elo difference of A: ([+-](?:\d+\.\d|inf)), 95% CI \[([+-](?:\d+\.\d|inf)), "
    r"([+-](?:\d+\.\d|inf))\]$", re.M)


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# Random openings judged by a small search: the default 200,000 nodes for every opening drawn
# cost seconds a match under the sanitizers, and these cases test the match, not the judge
# (examples/match/test_match.cpp tests the judge).
QUICK_BALANCE = ["--balance-nodes", "2000"]


def run(binary, args, expect_code=0):
    result = subprocess.run([binary] + args, capture_output=True, text=True, timeout=120)
    check(result.returncode == expect_code,
          f"{' '.join(args)}: exit code {result.returncode}, expected {expect_code}\n"
          f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


def read_csv(path, games):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    check(rows and rows[0] == COLUMNS, f"{path}: header {rows[0] if rows else None}")
    check(len(rows) == games + 1, f"{path}: {len(rows) - 1} rows, expected {games}")
    records = []
    for number, row in enumerate(rows[1:], start=1):
        check(len(row) == len(COLUMNS), f"{path}: row {number} has {len(row)} columns")
        r = dict(zip(COLUMNS, row))
        check(r["game"] == str(number), f"row {number}: game {r['game']}")
        check(r["winner"] in ("black", "white", "draw"), f"row {number}: winner {r['winner']}")
        check(r["a_color"] == ("black" if number % 2 == 1 else "white"),
              f"row {number}: A plays {r['a_color']}")
        check(int(r["plies"]) > 0, f"row {number}: {r['plies']} plies")
        check(r["moves"].startswith(r["opening"]), f"row {number}: moves do not start with the opening")
        for column in COLUMNS[8:16]:
            check(float(r[column]) >= 0, f"row {number}: {column} = {r[column]}")
        records.append(r)
    for first, second in zip(records[0::2], records[1::2]):
        check(first["opening"] == second["opening"],
              f"games {first['game']} and {second['game']} have different openings")
        check(first["black"] == second["white"] and first["white"] == second["black"],
              f"games {first['game']} and {second['game']} do not swap colours")
    return records


def summary_counts(stdout):
    match = SCORE_LINE.search(stdout)
    check(match, f"no score line in:\n{stdout}")
    check(ELO_LINE.search(stdout), f"no Elo line in:\n{stdout}")
    return tuple(int(match.group(i)) for i in (1, 2, 3))


def counts_from_csv(records):
    wins = losses = draws = 0
    for r in records:
        if r["winner"] == "draw":
            draws += 1
        elif r["winner"] == r["a_color"]:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


def fresh(workdir):
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    return workdir


def case_short(binary, workdir):
    out = os.path.join(fresh(workdir), "short.csv")
    result = run(binary, QUICK_BALANCE + ["--a", "ab:depth=2", "--b", "greedy:2", "--games", "4",
                                          "--size", "15", "--concurrency", "2", "--seed", "7",
                                          "--csv", out])
    records = read_csv(out, 4)
    check(records[0]["black"] == "ab:depth=2", f"game 1: black is {records[0]['black']}")
    check(summary_counts(result.stdout) == counts_from_csv(records),
          "the summary does not match the CSV")
    # stderr is a pipe here: one plain progress line per game.
    progress = [line for line in result.stderr.splitlines() if line.startswith("game ")]
    check(len(progress) == 4, f"{len(progress)} progress lines:\n{result.stderr}")
    quiet = run(binary, QUICK_BALANCE + ["--a", "greedy", "--b", "greedy", "--games", "2",
                                         "--size", "9", "-q"])
    check(quiet.stderr == "", f"--quiet still wrote to stderr:\n{quiet.stderr}")
    summary_counts(quiet.stdout)
    print(result.stdout, end="")


def without_times(records):
    return [{k: v for k, v in r.items() if k not in TIME_COLUMNS} for r in records]


def case_determinism(binary, workdir):
    workdir = fresh(workdir)
    games = 6
    common = QUICK_BALANCE + ["--a", "greedy:3", "--b", "ab:nodes=1000", "--games", str(games),
                              "--rule", "standard", "--size", "11", "--seed", "11", "--quiet"]
    runs = []
    for concurrency in (1, 2):
        out = os.path.join(workdir, f"j{concurrency}.csv")
        result = run(binary, common + ["--concurrency", str(concurrency), "--csv", out])
        runs.append((without_times(read_csv(out, games)), summary_counts(result.stdout)))
    check(runs[0] == runs[1], "concurrency 1 and 2 gave different games")
    other = os.path.join(workdir, "seed12.csv")
    run(binary, common[:-3] + ["--seed", "12", "--quiet", "--csv", other])
    check(read_csv(other, games)[0]["opening"] != runs[0][0][0]["opening"],
          "seeds 11 and 12 gave the same first opening")
    print(f"{games} games identical at concurrency 1 and 2; score {runs[0][1]}")


def case_openings(binary, workdir):
    workdir = fresh(workdir)
    path = os.path.join(workdir, "openings.txt")
    with open(path, "w") as f:
        f.write("# offsets from the centre, then a pos string\n0,0, 1,0, 0,1\n\nh8i9j7\n")
    out = os.path.join(workdir, "openings.csv")
    result = run(binary, ["--a", "ab:depth=2", "--b", "greedy", "--games", "6", "--rule", "renju",
                          "--openings", path, "--concurrency", "2", "--csv", out])
    records = read_csv(out, 6)
    openings = [r["opening"] for r in records]
    check(openings == ["h8i8h9", "h8i8h9", "h8i9j7", "h8i9j7", "h8i8h9", "h8i8h9"],
          f"openings used: {openings}")
    summary_counts(result.stdout)
    check("2 openings from" in result.stdout, f"summary does not name the file:\n{result.stdout}")

    # A FIFO nobody writes to is refused at once, not waited on.
    fifo = os.path.join(workdir, "fifo.txt")
    os.mkfifo(fifo)
    result = run(binary, ["--openings", fifo], expect_code=2)
    check("a FIFO, not a regular file" in result.stderr, f"FIFO:\n{result.stderr}")

    bad = os.path.join(workdir, "bad.txt")
    with open(bad, "w") as f:
        f.write("0,0\n0,0, 1\n")
    result = run(binary, ["--openings", bad], expect_code=2)
    check("line 2" in result.stderr, f"no line number in:\n{result.stderr}")
    print("openings file used in order, twice each, cycled; bad file refused")


def case_write_openings(binary, workdir):
    """--write-openings writes the openings a match with the same settings plays, one pos string
    a line, and plays nothing; a match that reads them back plays the same games."""
    workdir = fresh(workdir)
    path = os.path.join(workdir, "balanced.txt")
    settings = QUICK_BALANCE + ["--games", "5", "--rule", "renju", "--seed", "9",
                                "--opening-stones", "3"]
    result = run(binary, settings + ["--write-openings", path])
    check("Wrote 3 openings" in result.stdout, f"no report:\n{result.stdout}")
    with open(path) as f:
        lines = f.read().splitlines()
    check(len(lines) == 3 and all(re.fullmatch(r"([a-o]\d{1,2}){3}", l) for l in lines),
          f"openings written: {lines}")
    players = ["--a", "ab:depth=1", "--b", "greedy"]
    generated = os.path.join(workdir, "generated.csv")
    run(binary, settings + players + ["--csv", generated])
    replayed = os.path.join(workdir, "replayed.csv")
    run(binary, ["--games", "5", "--rule", "renju", "--seed", "9", "--openings", path,
                 "--csv", replayed] + players)
    a, b = read_csv(generated, 5), read_csv(replayed, 5)
    check([r["opening"] for r in a] == [r["opening"] for r in b], f"{a} != {b}")
    check([r["winner"] for r in a] == [r["winner"] for r in b], "the replayed games differ")
    result = run(binary, settings + ["--write-openings", "/dev/full"], expect_code=1)
    check("cannot write" in result.stderr, result.stderr)
    # The last two stones placed by the balance search: four stones, written twice the same.
    balanced = QUICK_BALANCE + ["--games", "6", "--rule", "freestyle", "--opening-stones", "4",
                                "--balance-stones", "2"]
    texts = []
    for name in ("searched1.txt", "searched2.txt"):
        run(binary, balanced + ["--write-openings", os.path.join(workdir, name)])
        with open(os.path.join(workdir, name)) as f:
            texts.append(f.read())
    lines = texts[0].splitlines()
    check(texts[0] == texts[1] and len(lines) == 3 and
          all(re.fullmatch(r"([a-o]\d{1,2}){4}", l) for l in lines), f"searched: {texts}")
    result = run(binary, balanced[:-1] + ["5", "--write-openings", path], expect_code=2)
    check("--balance-stones" in result.stderr, result.stderr)
    result = run(binary, ["--opening-stones", "1", "--balance-stones", "2", "--write-openings",
                          path], expect_code=2)
    check("more than the opening's" in result.stderr, result.stderr)
    print("openings written, read back, the same games played; balance-searched openings")


def case_records(binary, workdir):
    workdir = fresh(workdir)
    records_dir = os.path.join(workdir, "games")
    out = os.path.join(workdir, "records.csv")
    run(binary, QUICK_BALANCE + ["--a", "greedy", "--b", "ab:depth=1", "--games", "2", "--size",
                                 "13", "--records", records_dir, "--pictures", "--csv", out,
                                 "--quiet"])
    rows = read_csv(out, 2)
    for r in rows:
        files = [name for name in os.listdir(records_dir) if name == f"game-{r['game']}.psq"]
        check(len(files) == 1, f"no record for game {r['game']}: {os.listdir(records_dir)}")
        with open(os.path.join(records_dir, files[0])) as f:
            lines = f.read().splitlines()
        check(lines[0] == "Piskvorky 13x13, 0:0, 0", f"{files[0]}: header {lines[0]!r}")
        moves = [tuple(map(int, line.split(","))) for line in lines[1:]
                 if re.fullmatch(r"\d+,\d+,\d+", line)]
        expected = [(ord(m[0]) - ord("a") + 1, int(m[1:]))
                    for m in re.findall(r"[a-z]\d+", r["moves"])]
        check([(x, y) for x, y, _ in moves] == expected, f"{files[0]}: moves differ from the CSV")
        names = lines[1 + len(moves):]
        a_black = r["a_color"] == "black"
        check(names == (["A: greedy", "B: ab:depth=1"] if a_black else
                        ["B: ab:depth=1", "A: greedy"]), f"{files[0]}: names {names}")
        stem = os.path.join(records_dir, f"game-{r['game']}")
        with open(stem + ".svg") as f:
            svg = f.read()
        stones = svg.count('<circle class="stone')
        check(stones == len(moves), f"{stem}.svg: {stones} stones, {len(moves)} moves")
        with open(stem + ".html") as f:
            html = f.read()
        first_move = re.match(r"[a-z]\d+", r["moves"]).group(0)
        check("<svg" in html and first_move in html, f"{stem}.html: no board or move list")
    print(f"records written: {sorted(os.listdir(records_dir))}")


def case_csv_failure(binary, workdir):
    """A CSV that cannot be written is reported at once; the match goes on to its summary."""
    result = run(binary, QUICK_BALANCE + ["--a", "greedy", "--b", "greedy:2", "--games", "4",
                                          "--size", "9", "--csv", "/dev/full"], expect_code=1)
    summary_counts(result.stdout)
    errors = [i for i, line in enumerate(result.stderr.splitlines())
              if line.startswith("tengen_match: error: cannot write /dev/full")]
    check(len(errors) == 1, f"expected one write error:\n{result.stderr}")
    games = [i for i, line in enumerate(result.stderr.splitlines()) if line.startswith("game ")]
    check(len(games) == 4, f"{len(games)} progress lines:\n{result.stderr}")
    check(errors[0] < games[0], f"the error came after the first game:\n{result.stderr}")
    check("/dev/full is incomplete: 0 of 4 rows written" in result.stderr,
          f"no final word on the CSV:\n{result.stderr}")
    print("--csv /dev/full: reported before the first game, summary printed, exit code 1")


def peak_of(binary, args, expect_code):
    """Runs `args` in a child Python and returns (stdout, stderr, peak resident MiB)."""
    script = (
        "import json, resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)\n"
        "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
        "print(json.dumps([p.returncode, p.stdout, p.stderr, peak]))\n")
    probe = subprocess.run([sys.executable, "-c", script, binary] + args, capture_output=True,
                           text=True, timeout=180)
    check(probe.returncode == 0, f"the probe failed:\n{probe.stderr}")
    code, stdout, stderr, peak = json.loads(probe.stdout)
    check(code == expect_code, f"{' '.join(args)}: exit code {code}, expected {expect_code}\n"
          f"stdout:\n{stdout}\nstderr:\n{stderr}")
    return stdout, stderr, peak


# Resident memory of tengen_match beside its tables (the program, its pattern tables, boards).
BASE_MEMORY_MB = 48


def case_table_memory(binary, workdir):
    """The tables of the games played at once stay within --table-memory (1 GiB by default)."""
    # 4 games of 96 MiB of tables each under a 200 MiB bound: 2 at once, and the note says why.
    args = QUICK_BALANCE + ["--a", "ab:depth=1,hash=64", "--b", "ab:depth=1,hash=32", "--games",
                            "4", "--size", "9", "--concurrency", "1024", "--table-memory", "200",
                            "--quiet"]
    stdout, stderr, peak = peak_of(binary, args, 0)
    summary_counts(stdout)
    check("--concurrency 1024 lowered to 2" in stderr, f"no note:\n{stderr}")
    check("Tables: 96 MiB (A 64 MiB, B 32 MiB) a game, 2 games at once: at most 192 MiB"
          in stdout, f"the summary does not say what the tables took:\n{stdout}")
    # Under a sanitizer the peak is mostly the sanitizer's (CMake sets TENGEN_SANITIZED).
    if not os.environ.get("TENGEN_SANITIZED"):
        check(peak < 200 + BASE_MEMORY_MB, f"peak {peak:.0f} MiB with a 200 MiB table bound")
    # Many threads, few games: two games at once, no note.
    stdout, stderr, _ = peak_of(binary, QUICK_BALANCE + ["--a", "ab:depth=1", "--b", "greedy",
                                                         "--games", "2", "--size", "9",
                                                         "--concurrency", "1024", "--quiet"], 0)
    check(stderr == "", f"unexpected note:\n{stderr}")
    check("Tables: 16 MiB (A 16 MiB, B 0 MiB) a game, 2 games at once: at most 32 MiB"
          in stdout, f"tables line:\n{stdout}")
    # One game's tables beyond the default bound: refused before anything is allocated.
    stdout, stderr, refused_peak = peak_of(
        binary, ["--a", "ab:depth=1,hash=2048", "--b", "greedy", "--games", "2"], 2)
    check("--table-memory" in stderr and "2048 MiB" in stderr, f"no clear refusal:\n{stderr}")
    check(refused_peak < BASE_MEMORY_MB, f"the refusal took {refused_peak:.0f} MiB")
    print(f"2 of 1024 games at once under 200 MiB (peak {peak:.0f} MiB); 2048 MiB refused "
          f"(peak {refused_peak:.0f} MiB)")


BAD_FLAGS = [
    (["--games", "0"], "--games"),
    (["--bogus"], "bogus"),
    (["--a", "nonsense"], "--a"),
    (["--b", "ab:depth=0"], "--b"),
    (["--rule", "chess"], "--rule"),
    (["--size", "99"], "--size"),
    (["--concurrency", "0"], "--concurrency"),
    (["--table-memory", "0"], "--table-memory"),
    (["--games", "many"], "--games"),
    (["--openings", "/nonexistent/openings.txt"], "--openings"),
    (["--openings", "/dev/zero"], "character device"),
    (["--openings", "/"], "directory"),
    (["--openings", "/dev/null", "--opening-stones", "4"], "excludes"),
    (["--balance-nodes", "-1"], "--balance-nodes"),
    (["--openings", "/dev/null", "--balance-nodes", "1000"], "excludes"),
    (["--records", "/dev/null/games"], "--records"),
    (["--pictures"], "--records"),
    (["extra"], "extra"),
    (["--sprt", "10,0"], "--sprt"),
    (["--sprt", "5"], "--sprt"),
    (["--sprt", "0,1,2"], "--sprt"),
    (["--sprt", "0,x"], "--sprt"),
    (["--alpha", "0.1"], "--sprt"),
    (["--sprt", "0,10", "--alpha", "0.6", "--beta", "0.5"], "alpha"),
    (["--sprt", "0,10", "--beta", "0"], "beta"),
]


SPRT_LINE = re.compile(
    r"^SPRT: H0 elo0 ([+-]\d+\.\d), H1 elo1 ([+-]\d+\.\d), alpha ([\d.]+), beta ([\d.]+); "
    r"LLR (-?\d+\.\d+) after (\d+) pairs, bounds \[(-?\d+\.\d+), (-?\d+\.\d+)\]: (.*)$", re.M)
PAIRS_LINE = re.compile(r"^Pairs by A's points \(0, 1/2, 1, 3/2, 2\): (\d+) (\d+) (\d+) (\d+) (\d+)$",
                        re.M)


def pairs_from_csv(records):
    counts = [0] * 5
    points = {r["game"]: (1.0 if r["winner"] == r["a_color"] else 0.5 if r["winner"] == "draw"
                          else 0.0) for r in records}
    for number in range(1, len(records), 2):
        if str(number + 1) in points:
            counts[round(2 * (points[str(number)] + points[str(number + 1)]))] += 1
    return counts


def sprt_match(binary, workdir, a, b, verdict):
    out = os.path.join(workdir, f"{verdict}.csv")
    cap = 200
    result = run(binary, QUICK_BALANCE + ["--a", a, "--b", b, "--games", str(cap), "--seed", "5",
                                          "--concurrency", "2", "--sprt", "0,200", "--csv", out])
    # stderr is a pipe: one line per game, with the ratio so far.
    progress = [line for line in result.stderr.splitlines() if line.startswith("game ")]
    check(progress and all(re.search(r"; LLR -?\d+\.\d\d$", line) for line in progress),
          f"progress lines without the ratio:\n{result.stderr}")
    sprt = SPRT_LINE.search(result.stdout)
    check(sprt, f"no SPRT line in:\n{result.stdout}")
    check(sprt.group(9).startswith(verdict), f"{a} vs {b}: {sprt.group(9)}, expected {verdict}")
    llr, lower, upper = float(sprt.group(5)), float(sprt.group(7)), float(sprt.group(8))
    check(abs(lower + 2.944) < 0.001 and abs(upper - 2.944) < 0.001, f"bounds {lower}, {upper}")
    check(llr >= upper if verdict == "H1" else llr <= lower, f"LLR {llr} against {lower}, {upper}")
    # It stopped early: the games played are the CSV's rows, the first ones, every one counted.
    with open(out, newline="") as f:
        played = len(list(csv.reader(f))) - 1
    check(0 < played < cap, f"{played} of {cap} games played")
    records = read_csv(out, played)
    check(summary_counts(result.stdout) == counts_from_csv(records),
          "the summary does not match the CSV")
    pairs = PAIRS_LINE.search(result.stdout)
    check(pairs and [int(g) for g in pairs.groups()] == pairs_from_csv(records),
          f"the pairs line does not match the CSV:\n{result.stdout}")
    check(f"Match: freestyle 15x15, {played} of {cap} games" in result.stdout,
          f"the summary does not say {played} of {cap} games")
    check(int(sprt.group(6)) <= sum(pairs_from_csv(records)), "decided after more pairs than played")
    print(result.stdout, end="")


def case_sprt(binary, workdir):
    workdir = fresh(workdir)
    sprt_match(binary, workdir, "ab:depth=2", "greedy", "H1")
    sprt_match(binary, workdir, "greedy", "ab:depth=2", "H0")


def case_bad_flags(binary, workdir):
    for args, word in BAD_FLAGS:
        result = run(binary, args, expect_code=2)
        check(word in result.stderr, f"{args}: message does not mention {word!r}:\n{result.stderr}")
        check(result.stdout == "", f"{args}: wrote to stdout:\n{result.stdout}")
    print(f"{len(BAD_FLAGS)} bad command lines refused with exit code 2")


def case_help(binary, workdir):
    result = run(binary, ["--help"])
    for flag in ("--a", "--b", "--games", "--rule", "--size", "--openings", "--opening-stones",
                 "--balance-nodes", "--seed", "--concurrency", "--table-memory", "--csv", "--records",
                 "--quiet", "--sprt", "--alpha", "--beta", "greedy:N", "ab:"):
        check(flag in result.stdout, f"--help does not mention {flag}")
    print("--help explains every flag")


CASES = {
    "short": case_short,
    "determinism": case_determinism,
    "openings": case_openings,
    "write_openings": case_write_openings,
    "records": case_records,
    "csv_failure": case_csv_failure,
    "table_memory": case_table_memory,
    "bad_flags": case_bad_flags,
    "help": case_help,
    "sprt": case_sprt,
}


def main(argv):
    if len(argv) == 2 and argv[1] == "--list":
        print("\n".join(CASES))
        return 0
    if len(argv) != 4 or argv[2] not in CASES:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        CASES[argv[2]](argv[1], argv[3])
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
