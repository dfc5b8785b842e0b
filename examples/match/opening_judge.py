#!/usr/bin/env python3
"""Opening judgement: are an engine's swap2 decisions and balanced openings, or a set of openings,
sound in the eyes of another engine? (standard library only)

    # swap2: the engine decides on each opening (SWAP2BOARD with its stones); a judge values the
    # side it ends up with. Three stones: SWAP (it plays Black), a move (it plays White) or two
    # more stones (the opponent then takes the better side, so the engine's is the worse one);
    # five stones: SWAP or a move.
    opening_judge.py swap2 --openings openings3.txt --engine "tengen=build/release/examples/pbrain-tengen" \\
        --move-time 1000 --judge "rapfi=/path/pbrain-rapfi --config /path/config.toml" \\
        --judge-time 1000 --threshold -300 --csv swap2.csv

    # balance: the engine adds two stones to each opening (YXBALANCETWO); the judge values the
    # position it leaves, which counts as balanced within +-threshold
    opening_judge.py balance --openings openings3.txt --engine ... --judge ... --threshold 300

    # value: the judge values each opening as it stands (no engine judged), from Black's view;
    # those within +-threshold count as balanced and --write-balanced keeps them in a file (a
    # balanced opening set for matches, judged by an engine other than the one measured)
    opening_judge.py value --openings openings3.txt --judge ... --threshold 300 \\
        --write-balanced balanced.txt

Openings files have one pos string a line (tengen_match --write-openings writes them); swap2
takes openings of 3 or 5 stones. The judge's value is the last "Eval" of its search (Rapfi:
"MESSAGE Depth 12-20 | Eval 35 | ..."; pbrain-tengen: "MESSAGE depth 9, value 35, ..."), from
the side to move's view, in the judge's own units; a mate counts as +-MATE_VALUE. Each engine
and judge gets a fresh process a position (forced_wins.py's way, warm-up move included).

Time the measurement with nothing else running.
"""

import argparse
import concurrent.futures
import csv
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forced_wins as fw  # noqa: E402  (the shared protocol helpers)

# Rapfi's "Eval 35" or "Eval -M12"; pbrain-tengen's "value 35" or "value win in 7".
RAPFI_EVAL = re.compile(r"\bEval ([+-]?)(M?)(\d+)\b")
TENGEN_EVAL = re.compile(r"\bvalue (?:(win|loss) in (\d+)|(-?\d+))\b")
# A mate's value on the judge's scale: beyond any threshold.
MATE_VALUE = 100000


def parse_eval(line):
    """The value a search line reports for the side to move, or None."""
    found = RAPFI_EVAL.search(line)
    if found:
        sign = -1 if found.group(1) == "-" else 1
        return sign * (MATE_VALUE if found.group(2) else int(found.group(3)))
    found = TENGEN_EVAL.search(line)
    if found:
        if found.group(1):
            return MATE_VALUE if found.group(1) == "win" else -MATE_VALUE
        return int(found.group(3))
    return None


def session(command, rule, turn_ms, lines, until):
    """Runs `command` through a warm-up move on the empty board, then `lines`; returns the lines
    it wrote after them up to and including the first for which until(line) is true (None when
    it gave none)."""
    settings = [f"INFO rule {fw.RULES[rule]}", "INFO timeout_match 0",
                f"INFO time_left {fw.UNLIMITED_TIME_LEFT}", "INFO max_memory 367001600",
                "INFO thread_num 1"]
    warm_up = [f"START {fw.SIZE}", *settings, f"INFO timeout_turn {fw.WARM_UP_MS}", "BEGIN"]
    script = [f"START {fw.SIZE}", *settings, f"INFO timeout_turn {turn_ms}", *lines]
    process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    answer = None
    try:
        process.stdin.write("\n".join(warm_up) + "\n")
        process.stdin.flush()
        if fw.read_answer(process, command, [])[0] is not None:
            time.sleep(fw.SETTLE_SECONDS)
            process.stdin.write("\n".join(script) + "\n")
            process.stdin.flush()
            seen = []
            for line in process.stdout:
                seen.append(line.rstrip())
                if until(line) or line.startswith("ERROR"):
                    answer = seen
                    break
        process.stdin.write("END\n")
        process.stdin.close()
        process.wait(timeout=fw.GRACE_SECONDS + turn_ms / 1000)
    except (BrokenPipeError, subprocess.TimeoutExpired):
        process.kill()
        process.wait()
    return answer


def judge_value(command, rule, moves, turn_ms):
    """The judge's value of the position after `moves` for its side to move (None if none)."""
    seen = session(command, rule, turn_ms, fw.board_commands(moves),
                   lambda line: fw.MOVE_LINE.match(line) is not None)
    if not seen:
        return None
    value = None
    for line in seen:
        v = parse_eval(line)
        if v is not None:
            value = v
    if value is None and fw.MOVE_LINE.match(seen[-1]):
        x, y = (int(w) for w in seen[-1].split(","))
        if fw.makes_five(moves + [(x, y)], rule):
            value = MATE_VALUE
    return value


def engine_answer(command, rule, lines, turn_ms):
    """The engine's answer to a SWAP2BOARD or YXBALANCETWO: the last line, or None."""
    answer = re.compile(r"^(SWAP|\d+,\d+( \d+,\d+)*)\s*$")
    seen = session(command, rule, turn_ms, lines, lambda line: answer.match(line) is not None)
    if not seen or not answer.match(seen[-1]):
        return None
    return seen[-1].strip()


def points(answer):
    return [tuple(int(w) for w in p.split(",")) for p in answer.split(" ")]


def swap2_row(args, engine, judge, index, opening):
    """[index, opening, decision, engine's side, judge's value for that side, good]."""
    lines = ["SWAP2BOARD", *(f"{x},{y}" for x, y in opening), "DONE"]
    answer = engine_answer(engine, args.rule, lines, args.move_time)
    if answer is None:
        return [index, fw.to_pos(opening), "none", "", "", 0]
    if answer == "SWAP":
        # The engine plays Black; White is to move on the stones given.
        v = judge_value(judge, args.rule, opening, args.judge_time)
        side, mine = "black", None if v is None else -v
        decision = "swap"
    else:
        placed = points(answer)
        after = opening + placed
        v = judge_value(judge, args.rule, after, args.judge_time)
        if len(placed) == 1:
            # The engine plays White, its move made; Black is to move.
            side, mine, decision = "white", None if v is None else -v, "move"
        else:
            # Two more stones, White to move: the opponent takes the better side.
            side, mine, decision = "worse", None if v is None else -abs(v), "place two"
    good = 1 if mine is not None and mine >= args.threshold else 0
    return [index, fw.to_pos(opening), decision, side, "" if mine is None else mine, good]


def balance_row(args, engine, judge, index, opening):
    """[index, opening, stones added, judge's value after them, good]."""
    lines = ["YXBOARD"]
    to_move = len(opening) % 2
    for i, (x, y) in enumerate(opening):
        lines.append(f"{x},{y},{1 if i % 2 == to_move else 2}")
    lines += ["DONE", "YXBALANCETWO"]
    answer = engine_answer(engine, args.rule, lines, args.move_time)
    if answer is None or answer == "SWAP" or len(points(answer)) != 2:
        return [index, fw.to_pos(opening), answer or "none", "", 0]
    after = opening + points(answer)
    v = judge_value(judge, args.rule, after, args.judge_time)
    good = 1 if v is not None and abs(v) <= args.threshold else 0
    return [index, fw.to_pos(opening), fw.to_pos(points(answer)), "" if v is None else v, good]


def value_row(args, engine, judge, index, opening):
    """[index, opening, the judge's value from Black's view, good]."""
    v = judge_value(judge, args.rule, opening, args.judge_time)
    # The judge speaks for the side to move: White after an odd number of stones.
    black = None if v is None else (-v if len(opening) % 2 else v)
    good = 1 if black is not None and abs(black) <= args.threshold else 0
    return [index, fw.to_pos(opening), "" if black is None else black, good]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("what", choices=("swap2", "balance", "value"))
    parser.add_argument("--openings", required=True, help="one pos string a line")
    parser.add_argument("--engine", help="NAME=COMMAND of the engine judged (swap2, balance)")
    parser.add_argument("--judge", required=True, help="NAME=COMMAND of the judging engine")
    parser.add_argument("--rule", default="freestyle", choices=sorted(fw.RULES))
    parser.add_argument("--move-time", type=int, default=1000, help="the engine's turn, ms")
    parser.add_argument("--judge-time", type=int, default=1000, help="the judge's turn, ms")
    parser.add_argument("--threshold", type=int, default=None,
                        help="swap2: the worst value of the engine's side that counts as good "
                             "(default -300); balance and value: the largest |value| (default "
                             "300)")
    parser.add_argument("--write-balanced", default="",
                        help="value: write the openings within +-threshold here, one a line")
    parser.add_argument("--limit", type=int, default=0, help="the first N openings only")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--csv", default="")
    args = parser.parse_args(argv[1:])
    default_threshold = 300
    if args.threshold is None:
        args.threshold = -default_threshold if args.what == "swap2" else default_threshold
    if args.what == "value":
        engine_name, engine = "", None
    elif not args.engine:
        parser.error(f"{args.what} needs --engine")
    else:
        engine_name, engine = fw.named(args.engine, "--engine")
    if args.write_balanced and args.what != "value":
        parser.error("--write-balanced goes with value")
    judge_name, judge = fw.named(args.judge, "--judge")
    with open(args.openings) as f:
        texts = [t.strip() for t in f if t.strip() and not t.startswith("#")]
    try:
        openings = [fw.parse_pos(t) for t in texts]
    except ValueError as error:
        raise SystemExit(f"opening_judge: {args.openings}: {error}")
    if args.limit:
        openings = openings[:args.limit]
    wanted = (3, 5) if args.what == "swap2" else None
    for o in openings:
        if wanted and len(o) not in wanted:
            raise SystemExit(f"opening_judge: swap2 takes openings of 3 or 5 stones, not "
                             f"{fw.to_pos(o)}")
    row_of = {"swap2": swap2_row, "balance": balance_row, "value": value_row}[args.what]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as workers:
        rows = list(workers.map(lambda i: row_of(args, engine, judge, i, openings[i]),
                                range(len(openings))))
    for row in rows:
        print(" ".join(str(c) for c in row), flush=True)
    if args.csv:
        header = {"swap2": ["opening", "moves", "decision", "side", "value", "good"],
                  "balance": ["opening", "moves", "added", "value", "good"],
                  "value": ["opening", "moves", "black_value", "good"]}[args.what]
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(header)
            out.writerows(rows)
    good = sum(r[-1] for r in rows)
    low, high = fw.wilson(good, len(rows))
    if args.what == "value":
        if args.write_balanced:
            with open(args.write_balanced, "w") as f:
                f.writelines(r[1] + "\n" for r in rows if r[-1])
        values = sorted(r[2] for r in rows if r[2] != "")
        median = f"{statistics.median(values):g}" if values else "none"
        print(f"{len(rows)} openings judged by {judge_name} at {args.judge_time} ms: {good} "
              f"within +-{args.threshold} ({100 * good / max(1, len(rows)):.0f}%, 95% "
              f"{100 * low:.0f}-{100 * high:.0f}%); Black's median value {median}, Black ahead "
              f"by more in {sum(1 for v in values if v > args.threshold)}, White in "
              f"{sum(1 for v in values if v < -args.threshold)}, no value in "
              f"{len(rows) - len(values)}")
        return 0
    what = (f"the engine's side valued at {args.threshold} or better" if args.what == "swap2"
            else f"within +-{args.threshold}")
    print(f"{engine_name} {args.what}, judged by {judge_name} at {args.judge_time} ms "
          f"({args.move_time} ms a decision): {good} of {len(rows)} {what} "
          f"({100 * good / max(1, len(rows)):.0f}%, 95% {100 * low:.0f}-{100 * high:.0f}%)")
    if args.what == "swap2":
        counts = {}
        for r in rows:
            counts[r[2]] = counts.get(r[2], 0) + 1
        print("decisions: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
