"""Pictures of a board as numpy RGB arrays: a wooden board, its grid, the stones, the last move
marked, for Gymnasium's render_mode="rgb_array" and for saving frames."""

from __future__ import annotations

import numpy as np

__all__ = ["render_rgb"]

CELL = 24  # pixels a point
WOOD = (220, 179, 92)
LINE = (60, 40, 20)
BLACK = (20, 20, 20)
WHITE = (245, 245, 245)
MARK = (200, 30, 30)


def render_rgb(board, cell: int = CELL) -> np.ndarray:
    """A uint8 array (height * cell, width * cell, 3) picturing the board."""
    height, width = board.shape
    image = np.empty((height * cell, width * cell, 3), dtype=np.uint8)
    image[:] = WOOD
    half = cell // 2
    for i in range(width):
        image[half:height * cell - half + 1, i * cell + half] = LINE
    for j in range(height):
        image[j * cell + half, half:width * cell - half + 1] = LINE
    yy, xx = np.mgrid[0:cell, 0:cell]
    disc = (xx - half + 0.5) ** 2 + (yy - half + 0.5) ** 2 <= (cell * 0.45) ** 2
    dot = (xx - half + 0.5) ** 2 + (yy - half + 0.5) ** 2 <= (cell * 0.12) ** 2
    cells = board.to_numpy()
    for y, x in zip(*np.nonzero(cells)):
        tile = image[y * cell:(y + 1) * cell, x * cell:(x + 1) * cell]
        tile[disc] = BLACK if cells[y, x] == 1 else WHITE
    history = [move for move in board.history if move is not None]
    if history:
        x, y = history[-1]
        image[y * cell:(y + 1) * cell, x * cell:(x + 1) * cell][dot] = MARK
    return image
