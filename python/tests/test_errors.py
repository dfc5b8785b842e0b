"""Bad input: every refusal raises ValueError (TypeError for a wrong type) with the library's
message and leaves the board exactly as it was."""

import pytest

import tengen


def snapshot(board):
    return (board.history, board.hash, board.side_to_move, board.is_over, board.to_numpy().tobytes())


@pytest.fixture
def board():
    return tengen.Board.from_pos("h8h9i8", "renju")


@pytest.mark.parametrize(
    "move, error, message",
    [
        ("h8", ValueError, "is occupied"),
        ((7, 7), ValueError, "is occupied"),
        ((15, 3), ValueError, "is off the 15x15 board"),
        ("p8", ValueError, "off the 15x15 board"),
        ((-1, 3), ValueError, "off every board"),
        ((3, 10**6), ValueError, "off every board"),
        ("zz", ValueError, ""),
        ("", ValueError, ""),
        ("h8h9", ValueError, ""),
        ("7,", ValueError, ""),
        ((1, 2, 3), TypeError, "an \\(x, y\\) pair"),
        ((1.0, 2), TypeError, "integers"),
        ((True, 2), TypeError, "integers"),
        (7, TypeError, "an \\(x, y\\) tuple or a move string"),
        (None, TypeError, ""),
    ],
)
def test_bad_moves_change_nothing(board, move, error, message):
    before = snapshot(board)
    with pytest.raises(error, match=message):
        board.play(move)
    assert snapshot(board) == before


def test_moves_after_the_end_are_refused():
    board = tengen.Board.from_pos("h8h9i8i9j8j9k8k9l8")
    before = snapshot(board)
    with pytest.raises(ValueError, match="the game is over"):
        board.play("a1")
    assert snapshot(board) == before


def test_a_bad_pos_string_plays_nothing(board):
    before = snapshot(board)
    with pytest.raises(ValueError, match="move 2"):
        board.play_pos("a1h8")
    with pytest.raises(ValueError):
        board.play_pos("a1??")
    assert snapshot(board) == before


def test_undo_of_nothing():
    empty = tengen.Board()
    with pytest.raises(ValueError, match="no move to undo"):
        empty.undo()
    assert empty.move_count == 0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rule": "chess"}, "unknown rule 'chess'"),
        ({"rule": "k7"}, "unknown rule"),
        ({"size": 2}, ""),
        ({"size": 1000}, ""),
        ({"width": 0}, ""),
    ],
)
def test_unknown_rules_and_sizes(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tengen.Board(**kwargs)


def test_wrong_types_for_the_constructor():
    with pytest.raises(TypeError):
        tengen.Board(15)
    with pytest.raises(TypeError):
        tengen.Board("renju", "15")


def test_bad_colours_and_points_for_queries(board):
    before = snapshot(board)
    with pytest.raises(ValueError, match="unknown colour"):
        board.threat("j8", "red")
    with pytest.raises(TypeError, match="a colour"):
        board.threat("j8", 1)
    with pytest.raises(ValueError, match="is occupied"):
        board.threat("h8")
    with pytest.raises(ValueError, match="off the"):
        board.patterns((20, 0))
    with pytest.raises(ValueError, match="off the"):
        board.forbidden_kind((15, 15))
    with pytest.raises(ValueError, match="off the"):
        board.stone((15, 0))
    assert snapshot(board) == before


def test_bad_set_up_changes_nothing(board):
    before = snapshot(board)
    with pytest.raises(ValueError, match="given twice"):
        board.set_position([("a1", "black"), ("a1", "white")])
    with pytest.raises(ValueError, match="already over"):
        board.set_position([(p, "black") for p in ("a1", "b1", "c1", "d1", "e1")])
    with pytest.raises(TypeError, match="stone"):
        board.set_position(["a1"])
    with pytest.raises(ValueError, match="unknown colour"):
        board.set_position([("a1", "green")])
    assert snapshot(board) == before


def test_bad_psq_text():
    with pytest.raises(ValueError):
        tengen.Board.from_psq("not a psq file")


def test_bad_search_limits(board):
    searcher = tengen.Searcher(hash_mb=1)
    before = snapshot(board)
    for kwargs in ({"time": 0}, {"time": -1.0}, {"nodes": 0}, {"depth": 0}):
        with pytest.raises(ValueError):
            searcher.search(board, **kwargs)
    with pytest.raises(TypeError):
        searcher.search("h8")
    with pytest.raises(TypeError):
        searcher.search(board, depth="deep")
    with pytest.raises(ValueError):
        tengen.find_vcf(board, max_moves=0)
    for threads in (0, -1, 257):
        with pytest.raises(ValueError):
            tengen.Searcher(hash_mb=1, threads=threads)
    with pytest.raises(TypeError):
        tengen.Searcher(hash_mb=1, threads="two")
    with pytest.raises(TypeError):
        tengen.Searcher(1, 2)  # threads is keyword-only
    assert snapshot(board) == before
