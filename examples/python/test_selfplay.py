#!/usr/bin/env python3
"""Runs selfplay.py for two short games and checks the .npz it writes.

    python3 examples/python/test_selfplay.py OUTPUT_DIR
"""

import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for symmetries, factor in ((False, 1), (True, 8)):
        path = out / f"selfplay-{factor}.npz"
        command = [sys.executable, str(HERE / "selfplay.py"), "--games", "2", "--nodes", "3000",
                   "--rule", "renju", "--seed", "4", "-o", str(path)]
        subprocess.run(command + (["--symmetries"] if symmetries else []), check=True)
        data = np.load(path)
        planes, moves, outcomes = data["planes"], data["moves"], data["outcomes"]
        count = len(moves)
        assert count > 0 and count % factor == 0
        assert planes.shape == (count, 4, 15, 15) and planes.dtype == np.float32
        assert set(np.unique(outcomes)) <= {-1.0, 0.0, 1.0}
        for plane, move in zip(planes, moves):
            y, x = divmod(int(move), 15)
            assert plane[0, y, x] == 0 and plane[1, y, x] == 0  # played on an empty point
            assert plane[2, y, x] == 0  # never a renju foul
        # A position's eight transforms share its outcome.
        assert all(len(set(outcomes[i:i + factor])) == 1 for i in range(0, count, factor))
    print("selfplay: every check passed")


if __name__ == "__main__":
    main()
