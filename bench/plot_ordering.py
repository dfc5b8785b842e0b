#!/usr/bin/env python3
"""Draws nodes against depth for the four ordering variants, on a log scale, as SVG.

Usage (from the repository root, after `cmake --workflow --preset bench`):

    build/release/bench/tengen_bench --benchmark_filter='^Ordering/' \\
        --benchmark_format=json > build/ordering.json
    python3 bench/plot_ordering.py build/ordering.json docs/ordering.svg

Each curve is the geometric mean over the positions of every gomoku rule found in the file,
drawn at the depths where the variant ran on every position. Capped counts (a variant stopped
at its node cap) are drawn as they are: lower bounds. Needs only the Python standard library.

With a third argument `--table`, also prints the README's table (Markdown) to standard output:
geometric means per rule and depth, every depth for the first rule and the deepest for the rest.
"""

import json
import math
import sys
from collections import defaultdict

VARIANTS = [
    ("minimax_nodes", "minimax", "#7f7f7f"),
    ("unordered_nodes", "alpha-beta, no ordering", "#d62728"),
    ("ordered_nodes", "alpha-beta, full ordering", "#1f77b4"),
    ("oracle_nodes", "alpha-beta, oracle ordering", "#2ca02c"),
    ("critical_tree", "critical tree (all iterations)", "#9467bd"),
    ("knuth_moore", "Knuth-Moore minimal tree", "#000000"),
]

# Ordering/<game>/... entries of other games than gomoku share the file; docs/reversi.md has
# their own table.
OTHER_GAMES = {"reversi"}

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 80, 230, 30, 50


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    # series[variant][depth] -> list of counts
    series = defaultdict(lambda: defaultdict(list))
    positions = defaultdict(int)  # depth -> benchmarks at that depth
    rules = []  # in file order, for the title
    for bench in data.get("benchmarks", []):
        parts = bench.get("name", "").split("/")
        if len(parts) < 4 or parts[0] != "Ordering" or parts[1] in OTHER_GAMES:
            continue
        if bench.get("error_occurred"):
            continue
        depth = int(parts[3])
        positions[depth] += 1
        if parts[1] not in rules:
            rules.append(parts[1])
        for key, _, _ in VARIANTS:
            value = bench.get(key, 0)
            if value and value > 0:
                series[key][depth].append(float(value))
    # A mean over some of the positions (minimax runs only where its tree is small) is no
    # point of the curve.
    for per_depth in series.values():
        for depth in [d for d, counts in per_depth.items() if len(counts) < positions[d]]:
            del per_depth[depth]
    return series, rules


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def render(series, rules):
    depths = sorted({d for per in series.values() for d in per})
    if not depths:
        raise SystemExit("no Ordering/ benchmarks in the input")
    points = {
        key: [(d, geometric_mean(series[key][d])) for d in depths if series[key][d]]
        for key, _, _ in VARIANTS
    }
    values = [v for pts in points.values() for _, v in pts]
    low = math.floor(math.log10(min(values)))
    high = math.ceil(math.log10(max(values)))
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x_of(depth):
        span = max(depths) - min(depths) or 1
        return LEFT + (depth - min(depths)) / span * plot_w

    def y_of(value):
        return TOP + (high - math.log10(value)) / (high - low or 1) * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{LEFT}" y="18" font-size="14">Nodes searched against depth '
        f"(15x15 {'/'.join(rules)} middle games, geometric mean, log scale)</text>",
    ]
    for exponent in range(low, high + 1):
        y = y_of(10 ** exponent)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                   'stroke="#dddddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">1e{exponent}</text>')
    for depth in depths:
        x = x_of(depth)
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 20}" text-anchor="middle">{depth}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">depth (plies)</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
               'stroke="#444444"/>')
    for row, (key, label, colour) in enumerate(VARIANTS):
        pts = points[key]
        if pts:
            path = " ".join(f"{x_of(d):.1f},{y_of(v):.1f}" for d, v in pts)
            dash = ' stroke-dasharray="5,4"' if key == "knuth_moore" else ""
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"{dash}/>')
            for d, v in pts:
                out.append(f'<circle cx="{x_of(d):.1f}" cy="{y_of(v):.1f}" r="3" fill="{colour}"/>')
        ly = TOP + 10 + row * 22
        lx = LEFT + plot_w + 15
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{colour}" '
                   'stroke-width="2"/>')
        out.append(f'<text x="{lx + 30}" y="{ly + 4}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def table(path):
    """The README's Markdown table from the benchmark JSON."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    # rows[(rule, depth)] -> list of benchmark entries, rules in file order
    rows = defaultdict(list)
    rules = []
    for bench in data.get("benchmarks", []):
        parts = bench.get("name", "").split("/")
        if len(parts) < 4 or parts[0] != "Ordering" or parts[1] in OTHER_GAMES:
            continue
        if bench.get("error_occurred"):
            print(f"skipped {bench['name']}: {bench.get('error_message')}", file=sys.stderr)
            continue
        if parts[1] not in rules:
            rules.append(parts[1])
        rows[(parts[1], int(parts[3]))].append(bench)

    def mean(entries, key):
        values = [float(e[key]) for e in entries if e.get(key, 0) > 0]
        return geometric_mean(values) if len(values) == len(entries) else None

    def capped(entries, key):
        return any(e.get(key, 0) > 0 for e in entries)

    def count(value, at_least=False):
        return "-" if value is None else ("≥ " if at_least else "") + f"{value:,.0f}"

    lines = [
        "| rule | depth | minimax | no ordering | full ordering | oracle | critical tree "
        "| Knuth–Moore | none / full | full / oracle | full / critical | first-move cutoffs "
        "| nodes/s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for rule in rules:
        depths = sorted(d for r, d in rows if r == rule)
        for depth in depths if rule == rules[0] else depths[-1:]:
            entries = rows[(rule, depth)]
            minimax = mean(entries, "minimax_nodes")
            unordered = mean(entries, "unordered_nodes")
            ordered = mean(entries, "ordered_nodes")
            oracle = mean(entries, "oracle_nodes")
            critical = mean(entries, "critical_tree")
            unordered_capped = capped(entries, "unordered_capped")
            oracle_capped = capped(entries, "oracle_capped")
            ratio = unordered / ordered
            versus_oracle = ordered / oracle
            cutoffs = sum(e["first_move_cutoff_rate"] for e in entries) / len(entries)
            speed = mean(entries, "ordered_nodes_per_second")
            lines.append(
                f"| {rule} | {depth} | {count(minimax)} | {count(unordered, unordered_capped)} "
                f"| {count(ordered)} | {count(oracle, oracle_capped)} | {count(critical)} "
                f"| {count(mean(entries, 'knuth_moore'))} "
                f"| {'≥ ' if unordered_capped else ''}{ratio:.{1 if ratio < 10 else 0}f} "
                f"| {'≤ ' if oracle_capped else ''}{versus_oracle:.2f} "
                f"| {'-' if critical is None else f'{ordered / critical:.2f}'} | {cutoffs:.1%} "
                f"| {speed / 1e6:.1f} M |")
    return "\n".join(lines)


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--table"):
        raise SystemExit(__doc__)
    svg = render(*load(argv[1]))
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(svg)
    if len(argv) == 4:
        print(table(argv[1]))


if __name__ == "__main__":
    main(sys.argv)
