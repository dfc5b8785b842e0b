#!/usr/bin/env python3
"""Forced-win positions: does an engine's move keep a win that is there, and does it walk into one
that was not? (standard library only)

Two steps, each driving Gomocup-protocol engines one position at a time (START, INFO, BOARD):

    # 1. collect: positions of self-play games where the side to move has a forced win, proven
    #    by a long search of one of the judges ("+M7" from Rapfi, "win in 7" from pbrain-tengen)
    forced_wins.py collect --games examples/tune/freestyle.games --games examples/tune/renju.games \\
        --judge "rapfi=/path/pbrain-rapfi --config /path/config.toml" \\
        --judge "tengen=build/dev/examples/pbrain-tengen" --judge-time 3000 \\
        --per-rule 100 --out tests/data/forced_wins.txt

    # 2. play: each engine moves in each position at --move-time; the move keeps the win when
    #    it makes five, or when a judge's long search proves the opponent lost after it
    forced_wins.py play --positions tests/data/forced_wins.txt --move-time 300 \\
        --engine "tengen=build/dev/examples/pbrain-tengen" --engine "rapfi=/path/pbrain-rapfi ..." \\
        --judge ... --judge-time 3000 --csv kept.csv

Two more for defence, from the games an engine lost (c-gomoku-cli's SGF records, as
gomocup_match.py --sgf keeps them):

    # 3. walk-ins: in each game LOSER lost, the position before its move that let the opponent
    #    force a win (the judges prove a win after that move, and none proves a loss before it)
    forced_wins.py walk-ins --sgf freestyle.sgf --loser tengen --opening-stones 3 \
        --judge "rapfi=..." --judge-time 3000 --out tests/data/walk_ins.txt

    # 4. defend: each engine moves in those positions; the move holds unless a judge proves a
    #    win for the opponent after it
    forced_wins.py defend --positions tests/data/walk_ins.txt --move-time 1000 \
        --engine "tengen=..." --engine "rapfi=..." --judge "rapfi=..." --csv held.csv

A position is proven won when any judge proves it (a mate score is a proof as far as the judge's
search is sound; judges of different authors keep one's blind spots from deciding); the judges are
asked in turn until one proves it.
Candidates are the positions of decided games with the eventual winner to move, between
--min-plies and --max-plies before the game's last move; one a game, chosen by --seed. Positions
whose win is --min-mate plies or shorter (a five or an open four on the board) are left out:
every engine keeps those.

Games files have one game a line, "rule outcome moves" (tengen_tune_eval's format); positions
files one position a line, "rule moves mate_plies judge". Moves are pos strings (column letter,
row from the top: "h8i9"). Every engine gets a fresh process for each position, warmed up by one
move on the empty board, then the position with BOARD, the turn time as INFO timeout_turn, no
match clock, and one thread.

Time the measurement with nothing else running: a build in another shell takes its share of the
cores whatever its nice value (Linux groups processes by session).
"""

import argparse
import concurrent.futures
import csv
import math
import random
import re
import shlex
import subprocess
import sys
import time

RULES = {"freestyle": 0, "standard": 1, "renju": 4}
SIZE = 15
UNLIMITED_TIME_LEFT = 2147483647
MOVE_LINE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
# Rapfi: "MESSAGE Depth 12-20 | Eval +M7 | Time ..."; pbrain-tengen: "MESSAGE depth 9, value
# win in 7, ...". A positive count is a win for the side to move, a negative one a loss.
RAPFI_MATE = re.compile(r"\bEval ([+-])M(\d+)\b")
TENGEN_MATE = re.compile(r"\bvalue (win|loss) in (\d+)\b")
POS_MOVE = re.compile(r"([a-z])(\d+)")
Z_95 = 1.959963984540054
# Seconds an engine may take beyond the turn time before it counts as hung.
GRACE_SECONDS = 30
# The turn time of the warm-up move on the empty board (see ask), and the pause after it.
WARM_UP_MS = 100
SETTLE_SECONDS = 0.2


def parse_pos(text):
    """[(x, y), ...] of a pos string; raises ValueError on anything else."""
    moves = []
    at = 0
    for m in POS_MOVE.finditer(text):
        if m.start() != at:
            raise ValueError(f"bad pos string {text!r}")
        x, y = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise ValueError(f"move {m.group(0)} is off a {SIZE}x{SIZE} board")
        moves.append((x, y))
        at = m.end()
    if at != len(text) or len(set(moves)) != len(moves):
        raise ValueError(f"bad pos string {text!r}")
    return moves


def to_pos(moves):
    return "".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in moves)


def makes_five(moves, rule):
    """True if the last move of `moves` completes a winning line under `rule` (renju: Black
    exactly five, White five or more; standard: exactly five; freestyle: five or more)."""
    if not moves:
        return False
    mover = (len(moves) - 1) % 2
    mine = {m for i, m in enumerate(moves) if i % 2 == mover}
    x, y = moves[-1]
    exact = rule == "standard" or (rule == "renju" and mover == 0)
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while (x + sign * k * dx, y + sign * k * dy) in mine:
                run += 1
                k += 1
        if run == 5 or (run > 5 and not exact):
            return True
    return False


def board_commands(moves):
    """BOARD ... DONE for the side to move after `moves` (1 its stones, 2 the opponent's), in
    move order as renju engines need."""
    to_move = len(moves) % 2
    lines = ["BOARD"]
    for i, (x, y) in enumerate(moves):
        lines.append(f"{x},{y},{1 if i % 2 == to_move else 2}")
    lines.append("DONE")
    return lines


def read_answer(process, command, seen):
    """(move or None, mate) from the engine's lines up to its move: mate is the signed plies to
    the end of the last mate score it reported (None if none). Every line read goes to `seen`."""
    mate = None
    for line in process.stdout:
        seen.append(line.rstrip())
        found = RAPFI_MATE.search(line)
        if found:
            mate = int(found.group(2)) * (1 if found.group(1) == "+" else -1)
        found = TENGEN_MATE.search(line)
        if found:
            mate = int(found.group(2)) * (1 if found.group(1) == "win" else -1)
        found = MOVE_LINE.match(line)
        if found:
            return (int(found.group(1)), int(found.group(2))), mate
        if line.startswith("ERROR"):
            break
    return None, mate


def ask_once(command, rule, moves, turn_ms, seen):
    settings = [f"INFO rule {RULES[rule]}", "INFO timeout_match 0",
                f"INFO time_left {UNLIMITED_TIME_LEFT}", "INFO max_memory 367001600",
                "INFO thread_num 1"]
    warm_up = [f"START {SIZE}", *settings, f"INFO timeout_turn {WARM_UP_MS}", "BEGIN"]
    script = [f"START {SIZE}", *settings, f"INFO timeout_turn {turn_ms}",
              *board_commands(moves)]
    process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    move = mate = None
    try:
        process.stdin.write("\n".join(warm_up) + "\n")
        process.stdin.flush()
        if read_answer(process, command, seen)[0] is not None:
            # Rapfi drops a command that arrives while it still counts itself thinking, which
            # it does for a moment after printing its move.
            time.sleep(SETTLE_SECONDS)
            process.stdin.write("\n".join(script) + "\n")
            process.stdin.flush()
            move, mate = read_answer(process, command, seen)
        process.stdin.write("END\n")
        process.stdin.close()
        process.wait(timeout=GRACE_SECONDS + turn_ms / 1000)
    except (BrokenPipeError, subprocess.TimeoutExpired):
        process.kill()
        process.wait()
    seen.append(f"(exit status {process.returncode})")
    return move, mate


def ask(command, rule, moves, turn_ms):
    """Runs `command` on the position after `moves`; returns (move or None, mate) where mate is
    the signed plies to the end of the last mate score the engine reported (None if none).

    The engine first answers a move on the empty board at WARM_UP_MS: what a process does once
    (building tables lazily, say) is then not charged to the move measured, as it is not in a
    match, where one process plays many moves. An engine that gives no move is asked once more,
    then reported on stderr with the last lines it wrote."""
    attempts = 2
    for attempt in range(1, attempts + 1):
        seen = []
        move, mate = ask_once(command, rule, moves, turn_ms, seen)
        if move is not None:
            return move, mate
        print(f"forced_wins: no move from {shlex.split(command)[0]} in {rule} {to_pos(moves)} "
              f"(attempt {attempt} of {attempts}); its last lines: {' | '.join(seen[-6:])}",
              file=sys.stderr, flush=True)
    return None, None


def named(text, what):
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip():
        raise SystemExit(f"forced_wins: {what} must be NAME=COMMAND, got {text!r}")
    return name, command


def prove(judges, rule, moves, turn_ms, sign):
    """(mate, judge name): the first judge's mate score of the sign wanted (+1 a win for the side
    to move, -1 a loss), or (None, "") when no judge proves one. A judge that answers with a
    five has proved a win in 1 (Rapfi then plays at once and reports no mate score)."""
    for name, command in judges:
        move, mate = ask(command, rule, moves, turn_ms)
        if mate is None and move is not None and makes_five(moves + [move], rule):
            mate = 1
        if mate is not None and mate * sign > 0:
            return mate, name
    return None, ""


def read_games(paths):
    games = []
    for path in paths:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                words = line.split()
                if not words or words[0].startswith("#"):
                    continue
                if len(words) != 3 or words[0] not in RULES or words[1] not in ("1-0", "0-1",
                                                                                "1/2"):
                    raise SystemExit(f"forced_wins: {path}:{number}: expected 'rule outcome "
                                     f"moves'")
                try:
                    games.append((words[0], words[1], parse_pos(words[2])))
                except ValueError as error:
                    raise SystemExit(f"forced_wins: {path}:{number}: {error}")
    return games


def read_positions(path):
    positions = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            try:
                if len(words) != 4 or words[0] not in RULES:
                    raise ValueError("expected 'rule moves mate_plies judge'")
                positions.append((words[0], parse_pos(words[1]), int(words[2]), words[3]))
            except ValueError as error:
                raise SystemExit(f"forced_wins: {path}:{number}: {error}")
    return positions


SGF_GAME = re.compile(r"\(;(.*?)\)", re.S)
SGF_PROPERTY = re.compile(r"([A-Z]{1,2})\[([^\]]*)\]")
SGF_MOVE = re.compile(r";([BW])\[([a-z])([a-z])\]")
SGF_RULES = {"0": "freestyle", "1": "standard", "4": "renju"}


def read_sgf(paths):
    """(rule, black name, white name, winner 0/1/None, moves) of each game of c-gomoku-cli's
    SGF files, in file order."""
    games = []
    for path in paths:
        with open(path) as f:
            text = f.read()
        for body in SGF_GAME.findall(text):
            props = dict(SGF_PROPERTY.findall(body.split(";", 1)[0]))
            rule = SGF_RULES.get(props.get("RU", ""))
            if rule is None or props.get("SZ", str(SIZE)) != str(SIZE):
                continue
            moves = [(ord(x) - ord("a"), ord(y) - ord("a")) for _, x, y in SGF_MOVE.findall(body)]
            winner = {"B+1": 0, "W+1": 1}.get(props.get("RE", ""))
            games.append((rule, props.get("PB", ""), props.get("PW", ""), winner, moves))
    return games


def walk_ins(args):
    """The position before the move with which --loser let the opponent force a win, in each game
    it lost: searching back from the end of the game, the earliest of its moves after which a
    judge still proves a win for the opponent, kept when no judge proves a loss for the loser in
    the position before it (a holding move may exist there)."""
    judges = [named(j, "--judge") for j in args.judge]
    lost = []
    for rule, black, white, winner, moves in read_sgf(args.sgf):
        if winner is None or args.loser not in (black, white):
            continue
        loser = 0 if black == args.loser else 1
        if winner != loser and (args.rule is None or rule == args.rule):
            lost.append((rule, loser, moves))

    def find(game):
        rule, loser, moves = game
        own = [i for i in range(args.opening_stones, len(moves)) if i % 2 == loser]
        earliest = None
        for i in list(reversed(own))[:args.max_back]:
            mate, judge = prove(judges, rule, moves[:i + 1], args.judge_time, +1)
            if mate is None:
                break
            earliest = (i, mate, judge)
        if earliest is None:
            return None
        i, mate, judge = earliest
        before = moves[:i]
        if prove(judges, rule, before, args.judge_time, -1)[0] is not None:
            return None  # already lost before the move: no holding move to miss
        return rule, before, moves[i], mate, judge

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as workers:
        found = [row for row in workers.map(find, lost) if row is not None]
    with open(args.out, "w") as f:
        f.write("# Walk-ins (examples/match/forced_wins.py walk-ins): positions of games "
                f"{args.loser} lost, {args.loser} to move, where its move let the opponent force a "
                "win.\n# rule, moves (pos, row 1 at the top), the move played, plies to the "
                "opponent's win the judge proved after it, judge.\n"
                f"# judges {', '.join(n for n, _ in judges)} at {args.judge_time} ms; "
                f"from {', '.join(args.sgf)}\n")
        for rule, before, move, mate, judge in found:
            f.write(f"{rule} {to_pos(before)} {to_pos([move])} {mate} {judge}\n")
    print(f"wrote {len(found)} positions of {len(lost)} lost games to {args.out}")
    return 0


def read_walk_ins(path):
    positions = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            try:
                if len(words) != 5 or words[0] not in RULES:
                    raise ValueError("expected 'rule moves played mate_plies judge'")
                positions.append((words[0], parse_pos(words[1]), words[2]))
            except ValueError as error:
                raise SystemExit(f"forced_wins: {path}:{number}: {error}")
    return positions


def defend(args):
    """Each engine's move in each walk-in position: it holds unless a judge proves a win for
    the opponent after it (a move that makes five holds)."""
    engines = [named(e, "--engine") for e in args.engine]
    judges = [named(j, "--judge") for j in args.judge]
    positions = read_walk_ins(args.positions)
    if args.rule:
        positions = [p for p in positions if p[0] == args.rule]
    if not positions:
        raise SystemExit(f"forced_wins: no positions in {args.positions}")

    def run(index):
        rule, moves, played = positions[index]
        row = [index + 1, rule, to_pos(moves), played]
        for name, command in engines:
            move, _ = ask(command, rule, moves, args.move_time)
            if move is None or move in moves:
                row += [to_pos([move]) if move else "none", 0,
                        "no answer" if move is None else "occupied point"]
                continue
            after = moves + [move]
            if makes_five(after, rule):
                row += [to_pos([move]), 1, "five"]
                continue
            mate, judge = prove(judges, rule, after, args.judge_time, +1)
            row += [to_pos([move]), int(mate is None), judge or "-"]
        return row

    rows = tabulate(args, len(positions), run, engines, judges,
                    ("played", "played", "holds", "holds", "LOSES"))
    for rule in sorted({r[1] for r in rows}):
        of_rule = [r for r in rows if r[1] == rule]
        for i, (name, _) in enumerate(engines):
            held = sum(r[5 + 3 * i] for r in of_rule)
            low, high = wilson(held, len(of_rule))
            print(f"{rule}: {name} holds in {held} of {len(of_rule)} "
                  f"({100 * held / len(of_rule):.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f})")
    return 0


def collect(args):
    judges = [named(j, "--judge") for j in args.judge]
    rng = random.Random(args.seed)
    candidates = {}
    for rule, outcome, moves in read_games(args.games):
        if outcome == "1/2":
            continue
        winner = 0 if outcome == "1-0" else 1
        # Plies before the last move (the winner's five) with the winner to move.
        choices = [d for d in range(args.min_plies, args.max_plies + 1)
                   if d < len(moves) and (len(moves) - 1 - d) % 2 == winner]
        if choices:
            d = rng.choice(choices)
            candidates.setdefault(rule, []).append(moves[:len(moves) - 1 - d])
    kept = []
    for rule in sorted(candidates):
        pool = candidates[rule]
        rng.shuffle(pool)
        found = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as workers:
            # In batches, so that the run stops soon after --per-rule positions are proven.
            for start in range(0, len(pool), args.jobs * 4):
                batch = pool[start:start + args.jobs * 4]
                proofs = list(workers.map(lambda m: prove(judges, rule, m, args.judge_time, +1),
                                          batch))
                for moves, (mate, judge) in zip(batch, proofs):
                    if mate is not None and mate > args.min_mate:
                        found.append((rule, moves, mate, judge))
                print(f"{rule}: {len(found)} proven of {start + len(batch)} tried",
                      file=sys.stderr, flush=True)
                if len(found) >= args.per_rule:
                    break
        kept += found[:args.per_rule]
    with open(args.out, "w") as f:
        f.write("# Forced-win positions from self-play (examples/match/forced_wins.py collect):\n"
                "# rule, moves (pos, row 1 at the top), plies to the win the judge proved for "
                "the side to move, judge.\n"
                f"# judges {', '.join(n for n, _ in judges)} at {args.judge_time} ms; "
                f"{args.min_plies}-{args.max_plies} plies before the end; wins longer than "
                f"{args.min_mate} plies; seed {args.seed}\n")
        for rule, moves, mate, judge in kept:
            f.write(f"{rule} {to_pos(moves)} {mate} {judge}\n")
    print(f"wrote {len(kept)} positions to {args.out}")
    return 0


def wilson(kept, n):
    if n == 0:
        return 0.0, 1.0
    p = kept / n
    centre = (p + Z_95 ** 2 / (2 * n)) / (1 + Z_95 ** 2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + Z_95 ** 2 / (4 * n * n)) / (1 + Z_95 ** 2 / n)
    return centre - half, centre + half


def tabulate(args, count, run, engines, judges, columns):
    """Runs `run` on positions 0..count-1 with --jobs workers and returns its rows: a line a
    position on stdout unless --quiet, the rows in --csv, then the judges' line. `columns`:
    the words before a row's fourth field, that field's CSV header, the verdict's header, and
    the words for a verdict of 1 and of 0."""
    first, fourth, verdict, good, bad = columns
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as workers:
        rows = []
        for row in workers.map(run, range(count)):
            rows.append(row)
            if not args.quiet:
                marks = " ".join(f"{n} {row[4 + 3 * i]} {good if row[5 + 3 * i] else bad}"
                                 for i, (n, _) in enumerate(engines))
                print(f"{row[0]:4d} {row[1]} {row[2]} ({first} {row[3]}): {marks}", flush=True)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["position", "rule", "moves", fourth] +
                         [f"{n}_{c}" for n, _ in engines for c in ("move", verdict, "judge")])
            out.writerows(rows)
    print(f"{args.move_time} ms a move, judges {', '.join(n for n, _ in judges)} at "
          f"{args.judge_time} ms")
    return rows


def play(args):
    engines = [named(e, "--engine") for e in args.engine]
    judges = [named(j, "--judge") for j in args.judge]
    positions = read_positions(args.positions)
    if args.rule:
        positions = [p for p in positions if p[0] == args.rule]
    if args.limit:
        positions = positions[:args.limit]
    if not positions:
        raise SystemExit(f"forced_wins: no positions in {args.positions}")
    verdicts = {}

    def judge(rule, moves):
        key = (rule, to_pos(moves))
        if key not in verdicts:
            if makes_five(moves, rule):
                verdicts[key] = (True, "five")
            else:
                mate, name = prove(judges, rule, moves, args.judge_time, -1)
                verdicts[key] = (mate is not None, name)
        return verdicts[key]

    def run(index):
        rule, moves, mate, _ = positions[index]
        row = [index + 1, rule, to_pos(moves), mate]
        for name, command in engines:
            move, _ = ask(command, rule, moves, args.move_time)
            if move is None:
                row += ["none", 0, "no answer"]
                continue
            if move in moves:
                row += [to_pos([move]), 0, "occupied point"]
                continue
            kept, by = judge(rule, moves + [move])
            row += [to_pos([move]), int(kept), by]
        return row

    rows = tabulate(args, len(positions), run, engines, judges,
                    ("win in", "mate_plies", "kept", "kept", "LOST"))
    for rule in sorted({r[1] for r in rows}):
        of_rule = [r for r in rows if r[1] == rule]
        for i, (name, _) in enumerate(engines):
            kept = sum(r[5 + 3 * i] for r in of_rule)
            low, high = wilson(kept, len(of_rule))
            silent = sum(1 for r in of_rule if r[6 + 3 * i] == "no answer")
            print(f"{rule}: {name} kept {kept} of {len(of_rule)} wins "
                  f"({100 * kept / len(of_rule):.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f})"
                  + (f"; no answer in {silent}" if silent else ""))
        if len(engines) == 2:
            only = [sum(1 for r in of_rule if r[5 + 3 * i] and not r[5 + 3 * (1 - i)])
                    for i in range(2)]
            print(f"{rule}: kept by {engines[0][0]} alone {only[0]}, by {engines[1][0]} alone "
                  f"{only[1]}")
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="step", required=True)
    c = sub.add_parser("collect", help="prove wins in positions of self-play games")
    c.add_argument("--games", action="append", required=True, help="a games file (repeatable)")
    c.add_argument("--out", required=True, help="the positions file to write")
    c.add_argument("--per-rule", type=int, default=100, help="positions to keep a rule")
    c.add_argument("--min-plies", type=int, default=6, help="fewest plies before the end")
    c.add_argument("--max-plies", type=int, default=16, help="most plies before the end")
    c.add_argument("--min-mate", type=int, default=3,
                   help="leave out wins of this many plies or fewer")
    c.add_argument("--seed", type=int, default=1)
    for q in (c, sub.add_parser("play", help="let engines move in the positions")):
        q.add_argument("--judge", action="append", required=True,
                       help="NAME=COMMAND of an engine whose long search proves wins "
                            "(repeatable)")
        q.add_argument("--judge-time", type=int, default=3000, help="a judge's milliseconds")
        q.add_argument("--jobs", type=int, default=1, help="positions at once")
    w = sub.add_parser("walk-ins", help="positions of lost games where the loser's move let "
                                        "the opponent force a win")
    w.add_argument("--sgf", action="append", required=True,
                   help="c-gomoku-cli's SGF records (repeatable)")
    w.add_argument("--loser", required=True, help="the engine's name in the records")
    w.add_argument("--out", required=True, help="the positions file to write")
    w.add_argument("--opening-stones", type=int, default=0,
                   help="stones of the opening at the start of each game, never the loser's move")
    w.add_argument("--max-back", type=int, default=12,
                   help="the loser's moves to look back at from the end of a game")
    w.add_argument("--rule", choices=sorted(RULES), help="only this rule's games")
    d = sub.add_parser("defend", help="does an engine's move in the walk-in positions hold?")
    d.add_argument("--positions", required=True, help="a walk-ins file")
    d.add_argument("--engine", action="append", required=True,
                   help="NAME=COMMAND of an engine to test (repeatable)")
    d.add_argument("--move-time", type=int, default=1000, help="the engines' milliseconds")
    d.add_argument("--rule", choices=sorted(RULES), help="only this rule's positions")
    d.add_argument("--csv", help="one row a position: each engine's move and verdict")
    d.add_argument("--quiet", action="store_true", help="no line a position")
    for q in (w, d):
        q.add_argument("--judge", action="append", required=True,
                       help="NAME=COMMAND of an engine whose long search proves wins "
                            "(repeatable)")
        q.add_argument("--judge-time", type=int, default=3000, help="a judge's milliseconds")
        q.add_argument("--jobs", type=int, default=1, help="positions at once")
    q = sub.choices["play"]
    q.add_argument("--positions", required=True, help="a positions file")
    q.add_argument("--engine", action="append", required=True,
                   help="NAME=COMMAND of an engine to test (repeatable)")
    q.add_argument("--move-time", type=int, default=300, help="the engines' milliseconds")
    q.add_argument("--rule", choices=sorted(RULES), help="only this rule's positions")
    q.add_argument("--limit", type=int, default=0, help="only the first N positions")
    q.add_argument("--csv", help="one row a position: its moves, each engine's move and verdict")
    q.add_argument("--quiet", action="store_true", help="no line a position")
    args = p.parse_args(argv)
    if args.jobs < 1 or args.judge_time < 1 or getattr(args, "move_time", 1) < 1:
        p.error("--jobs, --judge-time and --move-time must be positive")
    steps = {"collect": collect, "play": play, "walk-ins": walk_ins, "defend": defend}
    return steps[args.step](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
