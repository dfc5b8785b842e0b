"""The eight symmetries of a square board (four rotations, each with or without a mirror), for
augmenting training data: planes and actions transformed together stay consistent."""

from __future__ import annotations

import numpy as np

__all__ = ["SYMMETRY_COUNT", "transform_planes", "transform_action", "transform_point"]

#: Rotations by 0, 90, 180, 270 degrees, then the same after a left-right mirror.
SYMMETRY_COUNT = 8


def _check(k: int) -> None:
    if not 0 <= k < SYMMETRY_COUNT:
        raise ValueError(f"a symmetry is numbered 0 to {SYMMETRY_COUNT - 1}, not {k}")


def transform_planes(planes: np.ndarray, k: int) -> np.ndarray:
    """Symmetry `k` of an array whose last two axes are (row, column): (..., H, W)."""
    _check(k)
    if planes.shape[-1] != planes.shape[-2] and k % 2 == 1:
        raise ValueError("rotations by 90 degrees need a square board")
    out = np.flip(planes, axis=-1) if k >= 4 else planes
    return np.ascontiguousarray(np.rot90(out, k % 4, axes=(-2, -1)))


def transform_point(point: tuple[int, int], size: int, k: int) -> tuple[int, int]:
    """Where symmetry `k` of a size x size board takes the point (x, y)."""
    _check(k)
    x, y = point
    if k >= 4:
        x = size - 1 - x
    for _ in range(k % 4):  # np.rot90 turns counter-clockwise: (x, y) -> (y, size-1-x)
        x, y = y, size - 1 - x
    return x, y


def transform_action(action: int, size: int, k: int) -> int:
    """Symmetry `k` of the action y * size + x of a size x size board."""
    x, y = transform_point((int(action) % size, int(action) // size), size, k)
    return y * size + x
