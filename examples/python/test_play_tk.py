#!/usr/bin/env python3
"""Drives play_tk.py's window under a display (CTest runs it with xvfb-run): clicks a move, waits
for the engine's reply, checks a renju foul is marked and refused, undo and new, then saves a
screenshot of the window as a test artefact.

    xvfb-run -a python3 examples/python/test_play_tk.py SCREENSHOT.png
"""

import sys
import time
from pathlib import Path

from PIL import ImageGrab

sys.path.insert(0, str(Path(__file__).resolve().parent))
import play_tk  # noqa: E402


def settle(game, seconds=10.0):
    """Runs the event loop until the engine has answered (or the time is up)."""
    deadline = time.monotonic() + seconds
    game.update()
    while game.thinking and time.monotonic() < deadline:
        game.update()
        time.sleep(0.01)
    game.update()
    assert not game.thinking, "the engine did not answer"


def click(game, point):
    x, y = game.xy(point)
    game.canvas.event_generate("<Button-1>", x=x, y=y)
    settle(game)


def main():
    screenshot = Path(sys.argv[1])
    game = play_tk.Game("renju", 15, 0.1, "black")
    game.update()
    click(game, (7, 7))  # h8
    assert game.board.move_count == 2, game.board.history
    assert game.status["text"] == "Your move."
    click(game, (7, 7))  # occupied: refused with the reason
    assert game.board.move_count == 2 and "occupied" in game.status["text"]

    # A renju foul: Black's plain cross, set up, then clicked.
    game.board.set_position([("h7", "black"), ("a1", "white"), ("g8", "black"), ("a3", "white"),
                             ("i8", "black"), ("a5", "white"), ("h9", "black"), ("o15", "white")])
    game.draw()
    crosses = [item for item in game.canvas.find_all()
               if game.canvas.type(item) == "line" and game.canvas.itemcget(item, "fill") == "red"]
    assert len(crosses) == 2 * len(game.board.forbidden_points()) >= 2
    click(game, (7, 7))
    assert game.board.move_count == 8 and "forbidden" in game.status["text"]

    click(game, (10, 10))  # a legal move: the engine answers
    assert game.board.move_count == 10
    game.ask_hint()
    assert game.hint is not None and game.board.is_legal(game.hint)
    game.undo()
    assert game.board.move_count == 8 and game.board.side_to_move == "black"
    game.update()
    time.sleep(0.2)
    game.update()
    x, y = game.winfo_rootx(), game.winfo_rooty()
    image = ImageGrab.grab(bbox=(x, y, x + game.winfo_width(), y + game.winfo_height()),
                           xdisplay=None)
    image.save(screenshot)
    assert image.size[0] > 400 and len(set(image.getdata())) > 4, "a blank screenshot"
    game.new()
    settle(game)
    assert game.board.move_count == 0
    game.destroy()
    print(f"play_tk: every check passed; screenshot {screenshot}")


if __name__ == "__main__":
    main()
