"""Random games through Python, every result checked against a plain Python referee written
here from the rules (run lengths through the last stone), and every renju foul the board reports
checked to be refused by play() and left out of legal_moves()."""

import zlib

import numpy as np
import pytest

import tengen

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def run_through(cells, x, y, dx, dy):
    """Length of the row of the stone at (x, y) along (dx, dy), and whether each end is open."""
    colour = cells[y, x]
    height, width = cells.shape
    length = 1
    ends = []
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < width and 0 <= cy < height and cells[cy, cx] == colour:
            length += 1
            cx, cy = cx + sign * dx, cy + sign * dy
        ends.append((cx, cy))
    return length, ends


def referee(rule, cells, x, y, k=5):
    """The winner after the stone at (x, y), for the rules whose wins are plain rows: 'black',
    'white' or None. Renju Black's fouls are not judged here (legal_moves keeps them out)."""
    colour = "black" if cells[y, x] == 1 else "white"
    for dx, dy in DIRECTIONS:
        length, ends = run_through(cells, x, y, dx, dy)
        if rule in ("freestyle", "caro") or rule.startswith("k"):
            wins = length >= k
            if rule == "caro" and length == 5:
                height, width = cells.shape
                blocked = [0 <= ex < width and 0 <= ey < height and cells[ey, ex] == -cells[y, x]
                           for ex, ey in ends]
                wins = not all(blocked)
        elif rule == "standard":
            wins = length == 5
        else:  # renju
            wins = length == 5 or (colour == "white" and length > 5)
        if wins:
            return colour
    return None


@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju", "caro", "k4"])
def test_random_games_agree_with_a_python_referee(rule):
    rng = np.random.default_rng(zlib.crc32(rule.encode()))
    k = int(rule[1:]) if rule.startswith("k") else 5
    games = 0
    for game in range(30):
        board = tengen.Board(rule, 11 if game % 2 else 15)
        while not board.is_over:
            legal = board.legal_moves()
            if rule == "renju" and board.side_to_move == "black":
                fouls = board.forbidden_points()
                assert not set(fouls) & set(legal)
                for point in list(fouls)[:2]:
                    with pytest.raises(ValueError, match="forbidden"):
                        board.play(point)
            if not legal:  # every empty point a foul for Black: it must play one and lose
                foul = next(iter(board.forbidden_points()))
                board.play(foul, allow_foul=True)
                assert board.winner == "white" and board.end_reason.startswith("forbidden")
                break
            # Near-stone moves make rows: half the time play next to the last stone.
            history = [m for m in board.history if m is not None]
            near = [p for p in legal if history and max(abs(p[0] - history[-1][0]),
                                                        abs(p[1] - history[-1][1])) <= 1]
            pool = near if near and rng.random() < 0.7 else legal
            x, y = pool[int(rng.integers(len(pool)))]
            board.play((x, y))
            expected = referee(rule, board.to_numpy(), x, y, k)
            assert board.winner == expected, (rule, board.pos)
            if expected:
                assert board.end_reason in ("five", "overline")
                assert (x, y) in board.winning_row
                assert len(board.winning_row) >= k
        games += 1
    assert games == 30
