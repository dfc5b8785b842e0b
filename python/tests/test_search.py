"""tengen.Searcher, the threat solvers and the greedy chooser."""

import _thread
import threading
import time
from pathlib import Path

import pytest

import tengen

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"


def test_search_finds_the_win_and_leaves_the_board_alone():
    board = tengen.Board.from_pos("h8h9i8i9j8j9k8k9")  # Black to move, four on the row
    before = board.history
    result = tengen.Searcher(hash_mb=1).search(board, depth=3)
    assert result.move in ((11, 7), (6, 7))
    assert result.forced_in == 1 and result.description == "win in 1"
    assert result.pv[0] == result.move and result.depth >= 1 and result.nodes >= 1
    assert board.history == before


def test_search_limits_and_exclusions():
    board = tengen.Board.from_pos("h8h9i8", "renju")
    searcher = tengen.Searcher(hash_mb=1)
    by_depth = searcher.search(board, depth=2)
    assert by_depth.depth == 2 and board.is_legal(by_depth.move)
    by_nodes = searcher.search(board, nodes=2000)
    assert by_nodes.nodes <= 2000 + 64
    other = searcher.search(board, depth=2, exclude=[by_depth.move])
    assert other.move != by_depth.move and board.is_legal(other.move)
    started = time.monotonic()
    searcher.search(board, time=0.05)
    assert time.monotonic() - started < 1.0


def test_search_lines_gives_the_best_moves_at_one_depth():
    board = tengen.Board.from_pos("h8i9j7h7i8g8")
    searcher = tengen.Searcher(hash_mb=1)
    lines = searcher.search_lines(board, 3, depth=3)
    assert len(lines) == 3 and len({line.move for line in lines}) == 3
    assert all(line.depth == 3 and line.pv[0] == line.move for line in lines)
    assert [line.value for line in lines] == sorted((line.value for line in lines), reverse=True)
    assert lines[0].value == searcher.search(board, depth=3).value
    # Excluded moves stay out; more lines than moves gives one a move.
    others = searcher.search_lines(board, 2, depth=3, exclude=[lines[0].move])
    assert lines[0].move not in {line.move for line in others}
    small = tengen.Board.from_pos("a1b1a2b2a3b3a4", size=5)  # White must block a5
    assert [line.move for line in searcher.search_lines(small, 10, depth=2)] == [(0, 4)]
    assert searcher.search_lines(tengen.Board.from_pos("h8h9i8i9j8j9k8k9l8"), 3, depth=2) == []
    with pytest.raises(ValueError, match="count"):
        searcher.search_lines(board, 0, depth=2)
    with pytest.raises(TypeError):
        searcher.search_lines(board, "three", depth=2)


def test_a_finished_game_has_no_move():
    board = tengen.Board.from_pos("h8h9i8i9j8j9k8k9l8")
    assert tengen.Searcher(hash_mb=1).search(board, depth=2).move is None
    assert tengen.greedy_move(board) is None


def test_the_search_releases_the_gil():
    board = tengen.Board.from_pos("h8h9i8", "renju")
    searcher = tengen.Searcher(hash_mb=1)
    ticks = 0
    worker = threading.Thread(target=lambda: searcher.search(board, time=0.5))
    worker.start()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 50  # the main thread ran while the search did


def test_several_search_threads():
    board = tengen.Board.from_pos("h8i9j7h7i8g8")
    searcher = tengen.Searcher(hash_mb=1, threads=2)
    assert searcher.threads == 2
    result = searcher.search(board, depth=5)
    assert result.depth == 5 and board.is_legal(result.move)
    lines = searcher.search_lines(board, 3, depth=4)
    assert len({line.move for line in lines}) == 3
    threading.Timer(0.1, searcher.stop).start()
    assert board.is_legal(searcher.search(board, time=30).move)


def test_stop_from_another_thread():
    board = tengen.Board.from_pos("h8h9i8")
    searcher = tengen.Searcher(hash_mb=1)
    threading.Timer(0.1, searcher.stop).start()
    started = time.monotonic()
    result = searcher.search(board, time=30)
    assert time.monotonic() - started < 5
    assert board.is_legal(result.move)


def test_ctrl_c_stops_a_search_and_raises_keyboard_interrupt():
    board = tengen.Board.from_pos("h8h9i8")
    searcher = tengen.Searcher(hash_mb=1)
    threading.Timer(0.2, _thread.interrupt_main).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        searcher.search(board, time=30)
    assert time.monotonic() - started < 0.2 + 0.1 + 0.4  # 100 ms, and slack for a busy machine
    assert searcher.search(board, depth=1).move is not None  # usable afterwards


def _puzzles(name):
    for line in (DATA / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rule, moves, expected = (f.strip() for f in line.split("|")[:3])
            yield rule, moves, expected


@pytest.mark.parametrize("name, find", [("vcf_puzzles.txt", tengen.find_vcf),
                                        ("vct_puzzles.txt", tengen.find_vct)])
def test_threat_solvers_on_the_puzzles(name, find):
    solved = 0
    for rule, moves, expected in _puzzles(name):
        board = tengen.Board.from_pos(moves, rule)
        found = find(board, max_moves=4 if find is tengen.find_vct else 10, nodes=200_000)
        if expected.startswith("win"):
            wanted = int(expected.split()[1])
            assert found and (len(found.line) + 1) // 2 <= wanted, (rule, moves)
            replay = board.copy()
            for move in found.line:
                replay.play(move, allow_foul=True)
            assert replay.winner == board.side_to_move, (rule, moves)
            solved += 1
        elif expected == "none":
            assert not found.found and not found.line, (rule, moves)
        assert board.pos == moves
    assert solved >= 5


def test_greedy_takes_a_win_and_blocks_a_five():
    win = tengen.Board.from_pos("h8h9i8i9j8j9k8k9")
    assert tengen.greedy_move(win) in ((11, 7), (6, 7))
    block = tengen.Board.from_pos("h8h9i8i9j8j9k8")
    assert tengen.greedy_move(block, choices=4, seed=3) in ((11, 7), (6, 7))
