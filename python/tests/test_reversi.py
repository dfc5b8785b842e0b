"""tengen.ReversiBoard, perft against the published counts, the endgame solver on FFO
positions."""

from pathlib import Path

import numpy as np
import pytest

import tengen

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
# Leaves of the standard start by depth, a forced pass counted as a ply (Aart Bik's table).
PERFT = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def test_perft_from_the_start():
    board = tengen.ReversiBoard()
    assert [tengen.perft(board, depth) for depth in range(len(PERFT))] == PERFT


def test_play_undo_and_the_start():
    board = tengen.ReversiBoard()
    assert (board.black_discs, board.white_discs, board.side_to_move) == (2, 2, "black")
    assert sorted(board.legal_moves()) == ["c4", "d3", "e6", "f5"]
    before = board.hash
    assert board.play("d3") == ["d4"]
    assert board.play((2, 2)) == ["d4"]  # c3 for White, along c3-d4-e5
    assert board.history == ["d3", "c3"]
    assert board.undo() == "c3" and board.undo() == "d3"
    assert board.hash == before and board.ply == 0
    cells = board.to_numpy()
    assert cells.dtype == np.int8 and cells[3, 3] == -1 and cells[3, 4] == 1
    again = tengen.ReversiBoard(board.position)
    assert again.position == board.position and again.hash == board.hash


def test_bad_reversi_moves_change_nothing():
    board = tengen.ReversiBoard()
    before = (board.position, board.hash)
    for move, error in (("a1", ValueError), ("d4", ValueError), ("pass", ValueError),
                        ("z9", ValueError), ((8, 0), ValueError), (3, TypeError),
                        (None, TypeError)):
        with pytest.raises(error):
            board.play(move)
    with pytest.raises(ValueError, match="no move to undo"):
        board.undo()
    with pytest.raises(ValueError):
        tengen.ReversiBoard("not a position")
    with pytest.raises(ValueError):
        tengen.perft(board, -1)
    assert (board.position, board.hash) == before


def ffo(number):
    for line in (DATA / "ffo_endgames.txt").read_text().splitlines():
        if line.startswith(f"{number} "):
            fields = line.split(";")
            squares, side = fields[0].split()[1:3]
            best = fields[1].strip().split(":")
            return f"{squares} {side}", best[0].lower(), int(best[1])
    raise LookupError(number)


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_solver_on_ffo_positions(number):
    position, move, score = ffo(number)
    board = tengen.ReversiBoard(position)
    result = tengen.solve_endgame(board, time=60)
    assert result.complete and result.score == score
    replay = board.copy()
    replay.play(result.best_move)
    assert -tengen.solve_endgame(replay).score == score  # the move keeps the score
    assert board.position == position  # solved without touching the board


def test_a_limited_solve_says_it_is_incomplete():
    position, _, _ = ffo(1)
    result = tengen.solve_endgame(tengen.ReversiBoard(position), nodes=100)
    assert not result.complete
