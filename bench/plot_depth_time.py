#!/usr/bin/env python3
"""Draws the depth the search completes against the time it is given, one curve a rule, as SVG.

Usage (from the repository root, after `cmake --workflow --preset bench`):

    build/release/bench/tengen_bench --benchmark_filter='^DepthTime/' \\
        --benchmark_format=json > build/depth_time.json
    python3 bench/plot_depth_time.py build/depth_time.json docs/depth_time.svg

Each DepthTime benchmark is one search of a middle game as played (every feature on, the table
cleared first) with the time at which each iteration completed (counters ms_to_depth_DD). The
depth completed by a time t is the deepest iteration that had completed by t; each curve is its
median over the rule's positions, sampled on a logarithmic grid of times. Needs only the Python
standard library.

With a third argument `--table`, also prints the README's table (Markdown) to standard output:
per rule, the median depth (and its range over the positions) completed by 100 ms, 300 ms, 1 s
and 3 s.
"""

import json
import math
import statistics
import sys
from collections import defaultdict

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]
TABLE_TIMES_MS = [100, 300, 1000, 3000]
GRID_FROM_MS, GRID_POINTS = 1.0, 120

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 150, 30, 50


def load(path):
    """rules[rule] -> list of {depth: ms} (one a position), in file order; the longest search."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    rules = defaultdict(list)
    longest = 0.0
    for bench in data.get("benchmarks", []):
        parts = bench.get("name", "").split("/")
        if len(parts) < 3 or parts[0] != "DepthTime" or bench.get("error_occurred"):
            continue
        times = {}
        for key, value in bench.items():
            if key.startswith("ms_to_depth_"):
                times[int(key[len("ms_to_depth_"):])] = float(value)
                longest = max(longest, float(value))
        rules[parts[1]].append(times)
        if len(parts) >= 4:
            longest = max(longest, float(parts[3]))
    return rules, longest


def depth_by(times, t):
    """The deepest iteration completed by t milliseconds (0 if none)."""
    return max((d for d, ms in times.items() if ms <= t), default=0)


def median_depth(positions, t):
    return statistics.median(depth_by(p, t) for p in positions)


def grid(longest):
    top = max(longest, GRID_FROM_MS * 10)
    ratio = (top / GRID_FROM_MS) ** (1 / (GRID_POINTS - 1))
    return [GRID_FROM_MS * ratio**i for i in range(GRID_POINTS)]


def svg(rules, longest):
    times = grid(longest)
    max_depth = max(
        (max(p.keys(), default=0) for positions in rules.values() for p in positions), default=1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    log_lo, log_hi = math.log10(times[0]), math.log10(times[-1])

    def x(t):
        return LEFT + (math.log10(t) - log_lo) / (log_hi - log_lo) * plot_w

    def y(d):
        return TOP + plot_h - d / max_depth * plot_h

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="14">Depth completed against time, as played '
           f'(15x15, median over each rule\'s middle games)</text>']
    for d in range(0, max_depth + 1, 2):
        out.append(f'<line x1="{LEFT}" y1="{y(d):.1f}" x2="{LEFT + plot_w}" y2="{y(d):.1f}" '
                   f'stroke="#e0e0e0"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y(d) + 4:.1f}" text-anchor="end">{d}</text>')
    decade = 10 ** math.floor(log_lo)
    while decade <= times[-1] * 1.0001:
        for m in (1, 3):
            t = decade * m
            if times[0] <= t <= times[-1] * 1.0001:
                label = f"{t / 1000:g} s" if t >= 1000 else f"{t:g} ms"
                out.append(f'<line x1="{x(t):.1f}" y1="{TOP}" x2="{x(t):.1f}" '
                           f'y2="{TOP + plot_h}" stroke="#e0e0e0"/>')
                out.append(f'<text x="{x(t):.1f}" y="{TOP + plot_h + 18}" '
                           f'text-anchor="middle">{label}</text>')
        decade *= 10
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
               f'stroke="black"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">'
               f'time a move (log scale)</text>')
    out.append(f'<text x="18" y="{TOP + plot_h / 2}" text-anchor="middle" '
               f'transform="rotate(-90 18 {TOP + plot_h / 2})">depth (plies)</text>')
    for i, (rule, positions) in enumerate(rules.items()):
        colour = COLOURS[i % len(COLOURS)]
        points = []
        previous = None
        for t in times:
            d = median_depth(positions, t)
            if previous is not None and d != previous:
                points.append(f"{x(t):.1f},{y(previous):.1f}")  # a step, not a slope
            points.append(f"{x(t):.1f},{y(d):.1f}")
            previous = d
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                   f'points="{" ".join(points)}"/>')
        ly = TOP + 20 + 20 * i
        out.append(f'<line x1="{LEFT + plot_w + 15}" y1="{ly}" x2="{LEFT + plot_w + 40}" '
                   f'y2="{ly}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{LEFT + plot_w + 46}" y="{ly + 4}">{rule} ({len(positions)})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def table(rules):
    def label(t):
        return f"{t / 1000:g} s" if t >= 1000 else f"{t} ms"

    lines = ["| rule | " + " | ".join(label(t) for t in TABLE_TIMES_MS) + " |",
             "|---|" + "---|" * len(TABLE_TIMES_MS)]
    for rule, positions in rules.items():
        cells = []
        for t in TABLE_TIMES_MS:
            depths = [depth_by(p, t) for p in positions]
            cells.append(f"{statistics.median(depths):g} ({min(depths)}-{max(depths)})")
        lines.append(f"| {rule} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--table"):
        sys.stderr.write(__doc__)
        return 2
    rules, longest = load(argv[1])
    if not rules:
        sys.stderr.write(f"{argv[1]}: no DepthTime benchmarks\n")
        return 1
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(svg(rules, longest))
    if len(argv) == 4:
        print(table(rules))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
