"""tengen.Board: play, undo, results, notation, numpy views, patterns and renju fouls."""

import copy
from pathlib import Path

import numpy as np
import pytest

import tengen

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"


def test_new_board_is_empty_and_black_moves_first():
    board = tengen.Board()
    assert board.rule == "freestyle"
    assert (board.width, board.height, board.shape) == (15, 15, (15, 15))
    assert board.side_to_move == "black"
    assert board.move_count == 0 and len(board) == 0
    assert not board.is_over and board.winner is None and board.end_reason is None
    assert len(board.legal_moves()) == 15 * 15


@pytest.mark.parametrize("rule", tengen.RULES)
def test_every_rule_and_size_can_be_made(rule):
    for size in (7, 15, 19, tengen.MAX_BOARD_SIZE):
        board = tengen.Board(rule, size)
        assert board.rule == rule and board.shape == (size, size)
    wide = tengen.Board(rule, width=20, height=9)
    assert wide.shape == (9, 20)


def test_moves_in_every_notation():
    board = tengen.Board()
    assert board.play("h8") == (7, 7)
    assert board.play((8, 7)) == (8, 7)
    assert board.play("9,7") == (9, 7)
    assert board.play([10, 7]) == (10, 7)
    assert board.history == [(7, 7), (8, 7), (9, 7), (10, 7)]
    assert board.pos == "h8i8j8k8"
    assert board.stone("h8") == "black" and board.stone((8, 7)) == "white"
    assert board.stone((0, 0)) is None
    assert tengen.parse_point("h8") == (7, 7) == tengen.parse_point("7,7")
    assert tengen.to_pos((7, 7)) == "h8" and tengen.to_gomocup("h8") == "7,7"


def test_undo_restores_everything():
    board = tengen.Board("renju")
    before = board.hash
    board.play("h8")
    after_one = board.hash
    board.play("h9")
    assert board.undo() == (7, 8)
    assert board.hash == after_one and board.side_to_move == "white"
    board.undo()
    assert board.hash == before and board.move_count == 0


def test_five_wins_with_the_winning_row():
    board = tengen.Board.from_pos("h8h9i8i9j8j9k8k9")
    board.play("l8")
    assert board.is_over and board.winner == "black" and board.end_reason == "five"
    assert sorted(board.winning_row) == [(x, 7) for x in range(7, 12)]
    assert board.legal_moves() == []


def test_standard_overline_does_not_win_but_freestyle_does():
    moves = "a1a15b1b15c1c15e1e15f1f15"  # Black a1 b1 c1 . e1 f1, then d1 makes six
    for rule, over in (("standard", False), ("freestyle", True)):
        board = tengen.Board.from_pos(moves, rule)
        board.play("d1")
        assert board.is_over == over
        if over:
            assert board.end_reason == "overline"


def test_numpy_and_planes():
    board = tengen.Board("renju")
    board.set_position([("h7", "black"), ("a1", "white"), ("g8", "black"), ("a3", "white"),
                        ("i8", "black"), ("a5", "white"), ("h9", "black"), ("o15", "white")])
    cells = board.to_numpy()
    assert cells.dtype == np.int8 and cells.shape == (15, 15)
    assert cells[6, 7] == 1 and cells[0, 0] == -1 and cells[7, 7] == 0
    assert int(cells.sum()) == 0
    planes = board.planes()
    assert planes.dtype == np.float32 and planes.shape == (4, 15, 15)
    assert board.side_to_move == "black"
    assert planes[0, 6, 7] == 1 and planes[1, 0, 0] == 1
    assert planes[2, 7, 7] == 1  # h8, the cross's double-three, is forbidden to Black
    assert planes[2].sum() == len(board.forbidden_points())
    assert (planes[3] == 1).all()


def test_renju_fouls_are_refused_unless_asked_for():
    board = tengen.Board("renju")
    board.set_position([("h7", "black"), ("a1", "white"), ("g8", "black"), ("a3", "white"),
                        ("i8", "black"), ("a5", "white"), ("h9", "black"), ("o15", "white")])
    assert board.forbidden_kind("h8") == "double_three"
    assert board.forbidden_points()[(7, 7)] == "double_three"
    assert not board.is_legal("h8") and (7, 7) not in board.legal_moves()
    mask = board.legal_mask()
    assert mask.dtype == np.int8 and mask[7 * 15 + 7] == 0
    assert sorted((i % 15, i // 15) for i in np.flatnonzero(mask)) == sorted(board.legal_moves())
    with pytest.raises(ValueError, match="forbidden for Black"):
        board.play("h8")
    assert board.move_count == 8
    board.play("h8", allow_foul=True)
    assert board.winner == "white" and board.end_reason == "forbidden_double_three"


def _stones(field):
    field = field.strip()
    return [] if field == "-" else field.split()


def test_renju_fouls_agree_with_the_hand_checked_positions():
    checked = 0
    for line in (DATA / "renju_positions.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        black, white, point, expected = (f.strip() for f in line.split("|")[:4])
        board = tengen.Board("renju")
        stones = [(p, "black") for p in _stones(black)] + [(p, "white") for p in _stones(white)]
        try:
            board.set_position(stones)
        except ValueError as refused:
            # A set-up whose stones already hold a foul is a finished game for a referee.
            assert "already over" in str(refused), line
            continue
        kind = board.forbidden_kind(point)
        if expected in ("legal", "five"):
            assert kind is None, line
        else:
            assert kind == expected.replace("-", "_"), line
        checked += 1
    assert checked >= 60


def test_threats_and_patterns_at_a_point():
    board = tengen.Board.from_pos("h8a1i8a3")  # Black h8 i8; White far away
    assert board.threat("j8", "black") == "open_three"
    patterns = board.patterns("j8", "black")
    assert patterns["horizontal"] == "open_three"
    assert set(patterns) == {"horizontal", "vertical", "diagonal", "anti_diagonal"}
    assert board.threat("j8") == board.threat("j8", "black")  # Black is to move


def test_psq_round_trip():
    board = tengen.Board.from_pos("h8i9j10", "renju")
    text = board.to_psq()
    again = tengen.Board.from_psq(text, "renju")
    assert again.history == board.history and again.rule == "renju"


def test_copies_are_independent():
    board = tengen.Board.from_pos("h8i9")
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board)):
        other.play("j10")
        assert board.move_count == 2 and other.move_count == 3
        assert other.hash != board.hash


def test_repr_draws_the_board():
    board = tengen.Board.from_pos("h8")
    text = repr(board)
    assert text.startswith("<tengen.Board freestyle 15x15, 1 moves, white to move>")
    assert "X" in text and str(board) in text
