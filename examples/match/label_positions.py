#!/usr/bin/env python3
"""Labels positions with another engine's values, for tengen_tune_eval's fit (standard library
only):

    # the positions a fit takes (docs/tune.md)
    tengen_tune_eval fit --situation games.games --write-positions positions.txt
    # each valued by a pbrain engine's search of --nodes nodes, one process a job kept for all
    # its positions
    label_positions.py --positions positions.txt --rule freestyle --nodes 20000 --every 4 \\
        --engine "rapfi=pbrain-rapfi --config config.toml" --jobs 2 -o labels.txt
    tengen_tune_eval fit --situation games.games --labels labels.txt

Each line of the output is "pos value": the engine's value for the side to move in its own units,
or win or loss for a proven result. A position the engine gives no value for, or does not answer
within --timeout seconds (its process is then killed and a new one started for the next
position), is left out. The
engine reports its value on MESSAGE lines as Rapfi ("Eval 35", "Eval -M12") and pbrain-tengen
("value 35", "value win in 7") do.
"""

import argparse
import os
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forced_wins as fw  # noqa: E402  (the shared protocol helpers)
import opening_judge as oj  # noqa: E402  (the search lines' values)

# The turn time given with the node limit: long enough that the nodes, not the clock, end the
# search.
TURN_MS_WITH_NODES = 60000
# Seconds a position may take by default before its engine is taken to hang: above the turn time.
DEFAULT_TIMEOUT_SECONDS = 2 * TURN_MS_WITH_NODES / 1000


class Labeller:
    """One engine process, asked about one position after another (restarted if it dies)."""

    def __init__(self, command, rule, nodes, timeout):
        self.command = command
        self.rule = rule
        self.nodes = nodes
        self.timeout = timeout
        self.process = None
        self.timeouts = 0

    def start(self):
        self.process = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)

    def stop(self):
        if self.process is None:
            return
        try:
            self.process.stdin.write("END\n")
            self.process.stdin.close()
            self.process.wait(timeout=fw.GRACE_SECONDS)
        except (BrokenPipeError, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.process = None

    def value(self, moves):
        """The engine's value of the position after `moves` for its side to move: an int, "win",
        "loss", or None (no value, or no answer within the timeout: the process is then killed,
        and the position not asked again)."""
        for _ in range(2):
            if self.process is None:
                self.start()
            process = self.process
            expired = threading.Event()

            def kill_hung():
                expired.set()
                process.kill()

            watchdog = threading.Timer(self.timeout, kill_hung)
            watchdog.start()
            try:
                return self._ask(moves)
            except (BrokenPipeError, OSError, EOFError, ValueError):
                process.kill()
                process.wait()
                self.process = None
                if expired.is_set():
                    self.timeouts += 1
                    return None
            finally:
                watchdog.cancel()
        return None

    def _ask(self, moves):
        settings = [f"START {fw.SIZE}", f"INFO rule {fw.RULES[self.rule]}",
                    "INFO timeout_match 0", f"INFO time_left {fw.UNLIMITED_TIME_LEFT}",
                    "INFO max_memory 367001600", "INFO thread_num 1",
                    f"INFO timeout_turn {TURN_MS_WITH_NODES}", f"INFO max_node {self.nodes}"]
        self.process.stdin.write("\n".join(settings + fw.board_commands(moves)) + "\n")
        self.process.stdin.flush()
        value = None
        for line in self.process.stdout:
            v = oj.parse_eval(line)
            if v is not None:
                value = v
            found = fw.MOVE_LINE.match(line)
            if found:
                if value is None and fw.makes_five(
                        moves + [(int(found.group(1)), int(found.group(2)))], self.rule):
                    value = oj.MATE_VALUE
                # Rapfi drops a command that arrives while it still counts itself thinking,
                # which it does for a moment after printing its move.
                time.sleep(fw.SETTLE_SECONDS)
                if value is None:
                    return None
                if abs(value) >= oj.MATE_VALUE:
                    return "win" if value > 0 else "loss"
                return value
            if line.startswith("ERROR"):
                return None
        raise EOFError("the engine closed its output")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--positions", required=True, help="one pos string a line")
    parser.add_argument("--engine", required=True, help="NAME=COMMAND of the labelling engine")
    parser.add_argument("--rule", choices=sorted(fw.RULES), default="freestyle")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes of each search")
    parser.add_argument("--every", type=int, default=1,
                        help="label one position in this many (the first, then every N-th)")
    parser.add_argument("--jobs", type=int, default=2, help="engine processes at once")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_SECONDS,
                        help="seconds a position may take before the engine is taken to hang "
                        "(default %(default)g)")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    if args.nodes < 1 or args.every < 1 or args.jobs < 1 or not args.timeout > 0:
        parser.error("--nodes, --every, --jobs and --timeout must be positive")
    name, command = fw.named(args.engine, "--engine")

    positions = []
    with open(args.positions) as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text or text.startswith("#"):
                continue
            try:
                positions.append(fw.parse_pos(text))
            except ValueError as e:
                print(f"{args.positions}:{number}: {e}", file=sys.stderr)
                return 1
    chosen = positions[::args.every]

    labels = [None] * len(chosen)
    done = [0]
    timeouts = [0]
    lock = threading.Lock()
    started = time.monotonic()

    def work(job):
        labeller = Labeller(command, args.rule, args.nodes, args.timeout)
        try:
            for i in range(job, len(chosen), args.jobs):
                labels[i] = labeller.value(chosen[i])
                with lock:
                    done[0] += 1
                    if done[0] % 100 == 0 or done[0] == len(chosen):
                        print(f"\r{done[0]}/{len(chosen)} positions asked of {name}",
                              end="", file=sys.stderr, flush=True)
        finally:
            labeller.stop()
            with lock:
                timeouts[0] += labeller.timeouts

    workers = [threading.Thread(target=work, args=(j,)) for j in range(args.jobs)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    if chosen:
        print(file=sys.stderr)
    with open(args.output, "w") as f:
        for moves, label in zip(chosen, labels):
            if label is not None:
                f.write(f"{fw.to_pos(moves)} {label}\n")
    labelled = sum(1 for label in labels if label is not None)
    print(f"{labelled} of {len(chosen)} positions labelled by {name} at {args.nodes} nodes "
          f"({time.monotonic() - started:.0f} s); {len(chosen) - labelled} without a value, "
          f"{timeouts[0]} of them not answered within {args.timeout:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
