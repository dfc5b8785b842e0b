#!/usr/bin/env python3
"""A gomoku/renju board in a window (tkinter) against the tengen engine: click to play, New,
Undo (your last move and the engine's reply), Hint; under renju Black's forbidden points are
marked. The engine thinks in a thread, so the window stays responsive.

    python3 examples/python/play_tk.py --rule renju --time 1 --color black
"""

import argparse
import queue
import threading
import tkinter as tk

import tengen

CELL, MARGIN, STONE = 34, 30, 15  # pixels: a point, the border, a stone's radius
POLL_MS = 20  # how often the window looks for the engine's reply


class Game(tk.Tk):
    def __init__(self, rule, size, seconds, human):
        super().__init__()
        self.title(f"tengen: {rule} {size}x{size}")
        self.board = tengen.Board(rule, size)
        self.searcher = tengen.Searcher()
        self.seconds, self.human, self.thinking, self.hint = seconds, human, False, None
        self.replies = queue.Queue()
        side = 2 * MARGIN + (size - 1) * CELL
        self.canvas = tk.Canvas(self, width=side, height=side, bg="#dcb35c", highlightthickness=0)
        self.canvas.pack()
        self.canvas.bind("<Button-1>", self.click)
        bar = tk.Frame(self)
        bar.pack(fill="x")
        for text, command in (("New", self.new), ("Undo", self.undo), ("Hint", self.ask_hint)):
            tk.Button(bar, text=text, command=command).pack(side="left")
        self.status = tk.Label(bar, anchor="w")
        self.status.pack(side="left", fill="x", expand=True)
        self.new()

    def xy(self, point):
        return MARGIN + point[0] * CELL, MARGIN + point[1] * CELL

    def draw(self):
        c, size = self.canvas, self.board.width
        c.delete("all")
        for i in range(size):
            c.create_line(*self.xy((i, 0)), *self.xy((i, size - 1)))
            c.create_line(*self.xy((0, i)), *self.xy((size - 1, i)))
            c.create_text(self.xy((i, 0))[0], MARGIN / 3, text=chr(ord("a") + i))
            c.create_text(MARGIN / 3, self.xy((0, i))[1], text=str(i + 1))
        if self.board.side_to_move == "black" and not self.board.is_over:
            for point in self.board.forbidden_points():  # renju fouls: a red cross
                x, y = self.xy(point)
                c.create_line(x - 6, y - 6, x + 6, y + 6, fill="red", width=2)
                c.create_line(x - 6, y + 6, x + 6, y - 6, fill="red", width=2)
        moves = [m for m in self.board.history if m is not None]
        for number, point in enumerate(moves):
            x, y = self.xy(point)
            colour = "black" if self.board.stone(point) == "black" else "white"
            c.create_oval(x - STONE, y - STONE, x + STONE, y + STONE, fill=colour)
            if number == len(moves) - 1:
                c.create_oval(x - 4, y - 4, x + 4, y + 4, fill="red", outline="")
        for point in self.board.winning_row:
            c.create_oval(*(v - 5 for v in self.xy(point)), *(v + 5 for v in self.xy(point)),
                          fill="gold", outline="")
        if self.hint:
            x, y = self.xy(self.hint)
            c.create_oval(x - STONE, y - STONE, x + STONE, y + STONE, outline="blue", width=3)
        self.status["text"] = self.describe()

    def describe(self):
        if self.board.is_over:
            if self.board.winner is None:
                return "Draw."
            who = "You win" if self.board.winner == self.human else "The engine wins"
            return f"{who} ({self.board.end_reason.replace('_', ' ')})."
        return "The engine is thinking..." if self.thinking else "Your move."

    def click(self, event):
        if self.thinking or self.board.is_over or self.board.side_to_move != self.human:
            return
        point = (round((event.x - MARGIN) / CELL), round((event.y - MARGIN) / CELL))
        try:
            self.board.play(point)
        except ValueError as refused:  # occupied, off the board, a renju foul
            self.status["text"] = str(refused)
            return
        self.hint = None
        self.engine_move()

    def engine_move(self):
        self.draw()
        if self.board.is_over or self.board.side_to_move == self.human:
            return
        self.thinking = True
        position, seconds = self.board.copy(), self.seconds
        threading.Thread(target=lambda: self.replies.put(
            self.searcher.search(position, time=seconds).move), daemon=True).start()
        self.after(POLL_MS, self.engine_played)
        self.draw()

    def engine_played(self):  # Tk is not thread-safe: its thread polls for the reply
        try:
            move = self.replies.get_nowait()
        except queue.Empty:
            self.after(POLL_MS, self.engine_played)
            return
        self.thinking = False
        self.board.play(move)
        self.draw()

    def ask_hint(self):
        if not self.thinking and not self.board.is_over:
            self.hint = self.searcher.search(self.board, time=min(self.seconds, 0.5)).move
            self.draw()

    def new(self):
        if not self.thinking:
            self.board.clear()
            self.hint = None
            self.engine_move()

    def undo(self):  # back to the human's turn, one move of theirs taken back
        if self.thinking or not self.board.move_count:
            return
        self.board.undo()
        while self.board.move_count and self.board.side_to_move != self.human:
            self.board.undo()
        self.hint = None
        self.engine_move()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", default="freestyle", choices=tengen.RULES)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--time", type=float, default=1.0, help="the engine's seconds a move")
    parser.add_argument("--color", default="black", choices=("black", "white"))
    args = parser.parse_args()
    Game(args.rule, args.size, args.time, args.color).mainloop()


if __name__ == "__main__":
    main()
