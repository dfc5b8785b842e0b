#!/usr/bin/env python3
"""Plays two Gomocup-protocol engines against each other through c-gomoku-cli and reports the
first one's score and Elo difference with a 95% interval (standard library only).

    gomocup_match.py --cli PATH/c-gomoku-cli --a "build/release/examples/pbrain-tengen" \\
        --b "/path/pbrain-rapfi --config /path/config.toml" --rule renju --games 100 \\
        --move-time 1000 --openings openings.txt --csv games.csv

Each opening is played twice, colours swapped (c-gomoku-cli's -repeat). Openings are lines of
pos notation ("h8i9j7", row 1 at the top, as c-gomoku-cli's type=pos reads them); make a
balanced set with `tengen_match --write-openings FILE --pairs N` (docs/match.md). Games run
with no match clock and --move-time milliseconds a move (c-gomoku-cli tc=0/S). c-gomoku-cli
counts a move that comes more than half its tolerance late (at most 1 s late) as a loss on time and
kills an engine that has not answered a whole tolerance after the move time. Time losses are
counted apart, and the score is printed again without the games they decided: a fresh engine
process can be slow on its first move (Rapfi's first move at 1 s has come more than 2 s late).

The Elo interval is the one tengen_match prints (examples/match/elo.hpp): the normal
approximation of the per-game score's trinomial spread, its ends mapped through
-400 log10(1/s - 1), an exact binomial bound when one side won every game.

With --sprt ELO0,ELO1 the run is a sequential probability ratio test over colour-swapped pairs,
computed as tengen_match computes it (examples/match/sprt.hpp: pentanomial counts, the
generalised log-likelihood ratio, Wald's bounds from --alpha and --beta); c-gomoku-cli is stopped
as soon as the test decides, --games being the most it plays. For two builds of pbrain-tengen:

    gomocup_match.py --cli PATH/c-gomoku-cli --a "new/pbrain-tengen" --b "old/pbrain-tengen" \
        --move-time 50 --games 20000 --concurrency 2 --sprt 0,10 --openings openings.txt
"""

import argparse
import csv
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

Z_95 = 1.959963984540054
# c-gomoku-cli reads its tolerance in seconds and lets a move come min(tolerance / 2, 1 s) late;
# 2 s is the least tolerance that allows the full second.
TOLERANCE_MS = 2000
RULES = {"freestyle": 0, "standard": 1, "renju": 4}
# "[1] Finished game 3 (tengen vs rapfi): 0-1 {White win by five connection}"; the first name
# plays Black.
OPTION_LINE = re.compile(r"^\s*\w+\s*=")
PROBLEMS = ("error", "crash", "timeout", "illegal", "cannot", "fail")
FINISHED = re.compile(r"Finished game (\d+) \((.+?) vs (.+?)\): (1-0|0-1|1/2-1/2) \{(.*)\}")


def elo_from_score(score):
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def estimate(wins, draws, losses):
    """(score, elo, lower, upper) of a side with these results, as elo.hpp computes them."""
    n = wins + draws + losses
    if n == 0:
        return 0.5, 0.0, -math.inf, math.inf
    s = (wins + 0.5 * draws) / n
    elo = elo_from_score(s)
    if wins == n:
        return s, elo, elo_from_score(0.025 ** (1.0 / n)), elo
    if losses == n:
        return s, elo, elo, elo_from_score(1.0 - 0.025 ** (1.0 / n))
    variance = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n
    margin = Z_95 * math.sqrt(variance / n)
    return s, elo, elo_from_score(s - margin), elo_from_score(s + margin)


# Per-game scores of A over a pair (its points in the two games, halved), and the count that
# stands in for an outcome never seen (so that every hypothesis has a distribution near the data).
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
EMPTY_COUNT = 1e-3
BISECTIONS = 64


def score_from_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def sprt_llr(pairs, elo0, elo1):
    """The generalised log-likelihood ratio of H1 (elo1) against H0 (elo0) for pentanomial
    counts, as examples/match/sprt.hpp computes it."""
    if sum(pairs) == 0:
        return 0.0
    counts = [c if c > 0 else EMPTY_COUNT for c in pairs]
    total = sum(counts)

    def log_likelihood(s):
        # The maximum-likelihood distribution of mean s: p_k = f_k / (1 + lam (a_k - s)).
        low_end, high_end = -1.0 / (1.0 - s), 1.0 / s
        low, high = low_end, high_end
        for _ in range(BISECTIONS):
            mid = 0.5 * (low + high)
            if mid <= low_end or mid >= high_end:
                break
            slope = sum(c * (a - s) / (1.0 + mid * (a - s)) for c, a in zip(counts, PAIR_SCORES))
            if slope > 0.0:
                low = mid
            else:
                high = mid
        lam = 0.5 * (low + high)
        return sum(c * math.log(c / total / (1.0 + lam * (a - s)))
                   for c, a in zip(counts, PAIR_SCORES))

    return log_likelihood(score_from_elo(elo1)) - log_likelihood(score_from_elo(elo0))


def sprt_bounds(alpha, beta):
    """Wald's bounds: H0 below the first, H1 above the second."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def signed(x):
    return "+inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.1f}"


def engine_option(name, command):
    """c-gomoku-cli's engine options for a command line: an absolute program path (a cmd with
    a '/' runs in that program's folder, so relative paths would change meaning)."""
    words = shlex.split(command)
    if not words:
        raise SystemExit(f"gomocup_match: empty command for {name}")
    if os.sep in words[0]:
        words[0] = os.path.abspath(words[0])
    return ["-engine", f"name={name}", "cmd=" + shlex.join(words)]


def parse_arguments(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", required=True, help="the c-gomoku-cli program")
    p.add_argument("--a", required=True, help="engine A's command line (the one scored)")
    p.add_argument("--b", required=True, help="engine B's command line")
    p.add_argument("--name-a", default="A")
    p.add_argument("--name-b", default="B")
    p.add_argument("--rule", choices=sorted(RULES), default="freestyle")
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--games", type=int, default=100, help="games (each opening twice)")
    p.add_argument("--move-time", type=int, default=1000, help="milliseconds a move")
    p.add_argument("--memory", type=int, default=350, help="MiB each engine may use (max_memory)")
    p.add_argument("--nodes", type=int, default=0,
                   help="also limit each move to N nodes (INFO max_node): equal work for an A/B "
                        "run of two builds, with a --move-time generous enough not to bind")
    p.add_argument("--tolerance", type=int, default=TOLERANCE_MS,
                   help="c-gomoku-cli's tolerance in milliseconds: a move more than half of it "
                        "(at most 1 s) past the move time loses on time")
    p.add_argument("--concurrency", type=int, default=1, help="games at once")
    p.add_argument("--openings", required=True, help="file of openings, one pos string a line")
    p.add_argument("--csv", help="one row per game: game, opening, black, white, a_color, "
                                 "winner, a_points, reason")
    p.add_argument("--sgf", help="keep c-gomoku-cli's SGF record of the games in this file")
    p.add_argument("--quiet", action="store_true", help="no line per game")
    p.add_argument("--sprt", metavar="ELO0,ELO1",
                   help="sequential test of H0 'A gains at most ELO0' against H1 'A gains at "
                        "least ELO1' over colour-swapped pairs: stop when it decides")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="with --sprt: the chance of accepting H1 wrongly")
    p.add_argument("--beta", type=float, default=0.05,
                   help="with --sprt: the chance of accepting H0 wrongly")
    args = p.parse_args(argv)
    if args.games < 1 or args.move_time < 1 or args.concurrency < 1 or args.tolerance < 1:
        p.error("--games, --move-time, --tolerance and --concurrency must be positive")
    if args.sprt is not None:
        try:
            args.elo0, args.elo1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            p.error(f"--sprt: expected ELO0,ELO1, got {args.sprt!r}")
        if not (math.isfinite(args.elo0) and math.isfinite(args.elo1) and args.elo0 < args.elo1):
            p.error("--sprt: elo0 must be less than elo1")
        if not (args.alpha > 0 and args.beta > 0 and args.alpha + args.beta < 1):
            p.error("--alpha and --beta must be positive and add up to less than 1")
    if args.name_a == args.name_b:
        p.error("the two engines need different names")
    if args.sgf and os.path.isdir(args.sgf):
        # c-gomoku-cli crashes when asked to write its record to a directory.
        p.error(f"--sgf: expected a file to write the games to, got the directory {args.sgf}")
    return args


def main(argv):
    args = parse_arguments(argv)
    with open(args.openings) as f:
        openings = [line.strip() for line in f if line.strip()]
    if not openings:
        raise SystemExit(f"gomocup_match: no openings in {args.openings}")
    seconds = args.move_time / 1000.0
    command = [args.cli, "-each", f"tc=0/{seconds:g}", f"maxmemory={args.memory * 1024 * 1024}",
               "thread=1", f"tolerance={args.tolerance / 1000.0:g}",
               *([f"nodes={args.nodes}"] if args.nodes else []),
               *engine_option(args.name_a, args.a), *engine_option(args.name_b, args.b),
               "-rule", str(RULES[args.rule]), "-boardsize", str(args.size),
               "-games", str(args.games), "-repeat", "-concurrency", str(args.concurrency),
               "-drawafter", str(args.size * args.size),
               "-openings", f"file={os.path.abspath(args.openings)}", "type=pos", "order=sequential"]
    if args.sgf:
        command += ["-sgf", args.sgf]

    wins = draws = losses = time_losses_a = time_losses_b = 0
    rows = []
    points_of_game = {}
    pairs = [0] * len(PAIR_SCORES)
    verdict = None
    llr = 0.0
    decided_at = 0
    with tempfile.TemporaryDirectory() as scratch:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, cwd=scratch)
        for line in process.stdout:
            match = FINISHED.search(line)
            if not match:
                # c-gomoku-cli's own problems and the engines' (crashes, time losses, illegal
                # moves), not its settings ("fatalerror = 0").
                words = line.lower()
                if not OPTION_LINE.match(line) and any(w in words for w in PROBLEMS):
                    print(line.rstrip(), file=sys.stderr)
                continue
            # Lines of c-gomoku-cli's workers can run together: a problem glued to a result.
            glued = (line[:match.start()] + line[match.end():]).lower()
            if any(w in glued for w in PROBLEMS):
                print(line.rstrip(), file=sys.stderr)
            game, black, white, result, reason = match.groups()
            game = int(game)
            winner = {"1-0": "black", "0-1": "white", "1/2-1/2": ""}[result]
            a_color = "black" if black == args.name_a else "white"
            points = 0.5 if not winner else (1.0 if winner == a_color else 0.0)
            wins += points == 1.0
            losses += points == 0.0
            draws += points == 0.5
            if "time" in reason.lower() and points != 0.5:
                if points == 0.0:
                    time_losses_a += 1
                else:
                    time_losses_b += 1
            # Game 2k-1 and 2k share opening k (sequential order, -repeat).
            opening = openings[((game - 1) // 2) % len(openings)]
            rows.append([game, opening, black, white, a_color, winner or "draw", points, reason])
            points_of_game[game] = points
            partner = game + 1 if game % 2 == 1 else game - 1
            if partner in points_of_game:
                pairs[round(2 * (points + points_of_game[partner]))] += 1
                if args.sprt and verdict is None:
                    llr = sprt_llr(pairs, args.elo0, args.elo1)
                    lower, upper = sprt_bounds(args.alpha, args.beta)
                    if llr <= lower or llr >= upper:
                        verdict = "H1" if llr >= upper else "H0"
                        decided_at = sum(pairs)
                        # Games under way are dropped with c-gomoku-cli.
                        process.terminate()
            if not args.quiet:
                s = estimate(wins, draws, losses)[0]
                test = f" LLR {llr:.2f}" if args.sprt else ""
                print(f"game {game}: {black} (black) vs {white}: {winner or 'draw'} ({reason}); "
                      f"{args.name_a} {wins}-{losses}-{draws} {100 * s:.1f}%{test}", flush=True)
        status = process.wait()
        if verdict:
            status = 0
    if status != 0:
        print(f"gomocup_match: c-gomoku-cli exited with status {status}", file=sys.stderr)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["game", "opening", "black", "white", "a_color", "winner", "a_points",
                          "reason"])
            out.writerows(sorted(rows))
    n = wins + draws + losses
    s, elo, lower, upper = estimate(wins, draws, losses)
    print(f"{args.rule} {args.size}x{args.size}, {seconds:g} s a move, {n} games of "
          f"{args.games}")
    print(f"Score of {args.name_a} vs {args.name_b}: {wins} wins, {losses} losses, {draws} draws "
          f"({100 * s:.1f}%)")
    print(f"Elo difference of {args.name_a}: {signed(elo)}, 95% CI [{signed(lower)}, "
          f"{signed(upper)}]")
    if sum(pairs):
        print(f"Pairs by {args.name_a}'s points (0, 1/2, 1, 3/2, 2): "
              + " ".join(str(c) for c in pairs))
    if args.sprt:
        lower, upper = sprt_bounds(args.alpha, args.beta)
        said = {"H1": f"H1 accepted ({args.name_a} gains at least {signed(args.elo1)})",
                "H0": f"H0 accepted ({args.name_a} gains at most {signed(args.elo0)})",
                None: "no decision"}[verdict]
        print(f"SPRT: H0 elo0 {signed(args.elo0)}, H1 elo1 {signed(args.elo1)}, alpha "
              f"{args.alpha:g}, beta {args.beta:g}; LLR {llr:.3f} after "
              f"{decided_at or sum(pairs)} pairs, bounds [{lower:.3f}, {upper:.3f}]: {said}")
    print(f"Time losses: {args.name_a} {time_losses_a}, {args.name_b} {time_losses_b}")
    if time_losses_a or time_losses_b:
        # A loss on time says little of the play; a lone forfeit moves a small score a lot.
        w, l = wins - time_losses_b, losses - time_losses_a
        s, elo, lower, upper = estimate(w, draws, l)
        print(f"Without time losses: {w} wins, {l} losses, {draws} draws ({100 * s:.1f}%), "
              f"Elo {signed(elo)}, 95% CI [{signed(lower)}, {signed(upper)}]")
    return 0 if status == 0 and (n == args.games or verdict) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
