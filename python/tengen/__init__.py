"""tengen: gomoku, renju and their relatives for Python, on tengen's C++ core.

    >>> import tengen
    >>> board = tengen.Board("renju", 15)
    >>> board.play("h8")
    (7, 7)
    >>> tengen.Searcher().search(board, time=0.1).move  # doctest: +SKIP
    (8, 6)

Points are (x, y) tuples (x the column from the left, y the row from the top, from 0) or move
strings ("h8" or "7,7"). Bad input raises ValueError, or TypeError for a value of the wrong
type, and changes nothing. docs/python.md is the manual.
"""

from ._core import (
    MAX_BOARD_SIZE,
    RULES,
    Board,
    EndgameResult,
    ReversiBoard,
    SearchResult,
    Searcher,
    ThreatResult,
    VectorEnv,
    __version__,
    find_vcf,
    find_vct,
    greedy_move,
    parse_point,
    perft,
    solve_endgame,
    to_gomocup,
    to_pos,
)
from .env import LEVELS, GomokuAECEnv, GomokuEnv, make_opponent
from .render import render_rgb
from .symmetry import SYMMETRY_COUNT, transform_action, transform_planes, transform_point

__all__ = [
    "MAX_BOARD_SIZE",
    "RULES",
    "Board",
    "EndgameResult",
    "ReversiBoard",
    "SearchResult",
    "Searcher",
    "ThreatResult",
    "VectorEnv",
    "__version__",
    "find_vcf",
    "find_vct",
    "greedy_move",
    "parse_point",
    "perft",
    "solve_endgame",
    "to_gomocup",
    "to_pos",
    "GomokuEnv",
    "GomokuAECEnv",
    "LEVELS",
    "make_opponent",
    "render_rgb",
    "SYMMETRY_COUNT",
    "transform_action",
    "transform_planes",
    "transform_point",
]
