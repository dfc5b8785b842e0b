#!/usr/bin/env python3
"""Self-play training data: the engine plays itself from random openings and every position is
kept as a sample (planes, move, outcome) in an .npz file, optionally with its eight symmetries.

    python3 examples/python/selfplay.py --games 100 --nodes 20000 --rule renju -o data.npz

The arrays: `planes` float32 (N, 4, H, W) as Board.planes(); `moves` int64 (N,), the move played,
y * W + x; `outcomes` float32 (N,), +1 if the side to move went on to win, -1 if it lost, 0 for a
draw. Loading: `np.load("data.npz")`.
"""

import argparse

import numpy as np

import tengen


def play_game(rule, size, nodes, opening_moves, rng, searcher):
    """One game: `opening_moves` random moves near the centre, then the engine on both sides.
    Returns the samples (planes, move, side to move) and the winner."""
    board = tengen.Board(rule, size)
    centre = size // 2
    while board.move_count < opening_moves:
        point = tuple(int(v) for v in centre + rng.integers(-2, 3, size=2))
        if board.is_legal(point):
            board.play(point)
    samples = []
    while not board.is_over:
        move = searcher.search(board, nodes=nodes).move
        samples.append((board.planes(), move[1] * size + move[0], board.side_to_move))
        board.play(move)
    return samples, board.winner


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rule", default="freestyle", choices=tengen.RULES)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--nodes", type=int, default=20000, help="the engine's nodes a move")
    parser.add_argument("--opening-moves", type=int, default=3)
    parser.add_argument("--symmetries", action="store_true", help="add the 8 board transforms")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--output", default="selfplay.npz")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    searcher = tengen.Searcher()
    planes, moves, outcomes = [], [], []
    for game in range(args.games):
        samples, winner = play_game(args.rule, args.size, args.nodes, args.opening_moves, rng,
                                    searcher)
        for plane, move, side in samples:
            outcome = 0.0 if winner is None else 1.0 if winner == side else -1.0
            for k in range(tengen.SYMMETRY_COUNT if args.symmetries else 1):
                planes.append(tengen.transform_planes(plane, k))
                moves.append(tengen.transform_action(move, args.size, k))
                outcomes.append(outcome)
        print(f"game {game + 1}/{args.games}: {len(samples)} moves, winner {winner}")
    np.savez_compressed(args.output, planes=np.array(planes, np.float32),
                        moves=np.array(moves, np.int64), outcomes=np.array(outcomes, np.float32))
    print(f"{len(moves)} samples written to {args.output}")


if __name__ == "__main__":
    main()
