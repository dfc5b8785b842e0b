#!/usr/bin/env python3
"""Turns c-gomoku-cli's SGF game records into tengen_tune_eval's games (standard library only):

    # games against another engine, recorded
    gomocup_match.py ... --sgf rapfi.sgf
    # one game a line, "rule outcome moves", as `tengen_tune_eval generate` writes them
    sgf_games.py rapfi.sgf -o rapfi.games
    # then a fit, or its calibration, on games that are not self-play (docs/tune.md)
    tengen_tune_eval fit --situation freestyle.games --test rapfi.games

Only games decided on the board are written: a five, a renju foul, a full board or an
adjudication. Games lost on time, by a crash or an illegal move, or not finished say nothing
about the position and are left out (counted on stderr).
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forced_wins as fw  # noqa: E402  (the SGF reader and pos strings)

# How c-gomoku-cli ends a game that the board did not decide (its TE property).
NOT_ON_THE_BOARD = re.compile(r"time forfeit|crash|illegal move|Unterminated")
SGF_END = re.compile(r"TE\[([^\]]*)\]")
OUTCOMES = {0: "1-0", 1: "0-1", None: "1/2"}


def convert(paths):
    """(lines, left out): the games of `paths` as "rule outcome moves" lines."""
    lines = []
    left_out = 0
    for path in paths:
        with open(path) as f:
            text = f.read()
        bodies = fw.SGF_GAME.findall(text)
        games = fw.read_sgf([path])
        if len(games) != len(bodies):
            raise ValueError(f"{path}: only games of 15x15 under freestyle, standard or renju "
                             "can be converted")
        for body, (rule, _, _, winner, moves) in zip(bodies, games):
            end = SGF_END.search(body)
            reason = end.group(1) if end else ""
            props = dict(fw.SGF_PROPERTY.findall(body.split(";", 1)[0]))
            decided = props.get("RE") in ("B+1", "W+1", "0")
            if not decided or NOT_ON_THE_BOARD.search(reason) or not moves:
                left_out += 1
                continue
            lines.append(f"{rule} {OUTCOMES[winner]} {fw.to_pos(moves)}")
    return lines, left_out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("sgf", nargs="+", help="c-gomoku-cli's SGF files")
    parser.add_argument("-o", "--output", required=True, help="the games file to write")
    args = parser.parse_args(argv)
    try:
        lines, left_out = convert(args.sgf)
    except (OSError, ValueError) as e:
        print(f"sgf_games: {e}", file=sys.stderr)
        return 1
    with open(args.output, "w") as f:
        f.write(f"# from {', '.join(os.path.basename(p) for p in args.sgf)} (sgf_games.py)\n")
        f.write("# one game a line: rule, outcome (1-0 Black won, 0-1 White, 1/2 a draw), "
                "moves\n")
        for line in lines:
            f.write(line + "\n")
    print(f"{len(lines)} games written to {args.output}; {left_out} not decided on the board "
          "left out")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
