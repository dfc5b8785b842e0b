#!/usr/bin/env python3
"""Steps a second of tengen's environments, side by side in one run with a plain numpy gomoku
environment written the way tutorials write one (a board array, a win check by counting along
the four directions through the new stone): random legal actions, masks included, one core.
Two rates a row: the whole loop (choosing the actions too: VectorEnv.sample_actions for tengen's
vector environment, numpy for the others) and the environment's step alone.

    PYTHONPATH=build/dev/python python3 examples/python/bench_env.py [--seconds 2] [--envs 64]
"""

import argparse
import time

import numpy as np

import tengen

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class NumpyVectorEnv:
    """Freestyle self-play on N boards, the tutorials' way: int8 boards, a Python win check."""

    def __init__(self, count, size=15):
        self.size = size
        self.boards = np.zeros((count, size, size), np.int8)
        self.to_move = np.ones(count, np.int8)  # 1 Black, -1 White

    def reset(self):
        self.boards[:] = 0
        self.to_move[:] = 1
        return self.observations(), self.masks()

    def wins(self, board, x, y):
        colour = board[y, x]
        for dx, dy in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while 0 <= cx < self.size and 0 <= cy < self.size and board[cy, cx] == colour:
                    run += 1
                    cx, cy = cx + sign * dx, cy + sign * dy
            if run >= 5:
                return True
        return False

    def step(self, actions):
        rewards = np.zeros(len(actions), np.float32)
        terminated = np.zeros(len(actions), bool)
        for i, action in enumerate(actions):
            y, x = divmod(int(action), self.size)
            board = self.boards[i]
            if board[y, x] != 0:
                raise ValueError(f"action {action} of board {i} is illegal")
            board[y, x] = self.to_move[i]
            if self.wins(board, x, y):
                rewards[i], terminated[i] = 1.0, True
            elif not (board == 0).any():
                terminated[i] = True
            self.to_move[i] = -self.to_move[i]
            if terminated[i]:
                board[:] = 0
                self.to_move[i] = 1
        return self.observations(), rewards, terminated, np.zeros_like(terminated), self.masks()

    def observations(self):
        own = self.boards == self.to_move[:, None, None]
        opp = self.boards == -self.to_move[:, None, None]
        black = np.broadcast_to((self.to_move == 1)[:, None, None], own.shape)
        return np.stack([own, opp, np.zeros_like(own), black], axis=1).astype(np.float32)

    def masks(self):
        return (self.boards == 0).reshape(len(self.boards), -1).astype(np.int8)


def random_actions(masks, rng):
    """A random legal action a board, vectorised so that choosing costs little."""
    return np.argmax(rng.random(masks.shape) * masks, axis=1)


def vector_steps_per_second(env, seconds, rng):
    """(steps a second of the loop, of env.step alone)."""
    _, masks = env.reset()
    sample = getattr(env, "sample_actions", None)
    steps, stepping, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = sample() if sample else random_actions(masks, rng)
        before = time.perf_counter()
        _, _, _, _, masks = env.step(actions)
        stepping += time.perf_counter() - before
        steps += len(masks)
    return steps / (time.perf_counter() - start), steps / stepping


def single_steps_per_second(env, seconds, rng):
    """(steps a second of the agent-environment loop, of env.step alone)."""
    env.reset(seed=0)
    steps, stepping, start = 0, 0.0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.reset()
            continue
        action = int(random_actions(info["action_mask"][None, :], rng)[0])
        before = time.perf_counter()
        env.step(action)
        stepping += time.perf_counter() - before
        steps += 1
    return steps / (time.perf_counter() - start), steps / stepping


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--envs", type=int, default=64)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rows = [
        ("VectorEnv freestyle", vector_steps_per_second(
            tengen.VectorEnv(args.envs, "freestyle", 15), args.seconds, rng)),
        ("VectorEnv renju", vector_steps_per_second(
            tengen.VectorEnv(args.envs, "renju", 15), args.seconds, rng)),
        ("numpy tutorial env, freestyle", vector_steps_per_second(
            NumpyVectorEnv(args.envs), args.seconds, rng)),
        ("GomokuAECEnv freestyle (one board)", single_steps_per_second(
            tengen.GomokuAECEnv("freestyle", 15), args.seconds, rng)),
        ("GomokuAECEnv renju (one board)", single_steps_per_second(
            tengen.GomokuAECEnv("renju", 15), args.seconds, rng)),
    ]
    loop_baseline, step_baseline = rows[2][1]
    print(f"| environment ({args.envs} boards where batched) | steps/s, loop | vs numpy "
          "| steps/s, step alone | vs numpy |")
    print("|---|---|---|---|---|")
    for name, (loop, step) in rows:
        print(f"| {name} | {loop:,.0f} | {loop / loop_baseline:.1f}x "
              f"| {step:,.0f} | {step / step_baseline:.1f}x |")


if __name__ == "__main__":
    main()
