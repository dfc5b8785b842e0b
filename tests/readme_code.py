#!/usr/bin/env python3
"""Compiles every C++ block of a Markdown file, so that the README's examples cannot drift from
the library:

    readme_code.py README.md COMPILER INCLUDE_DIR [FLAG ...]

A block that defines main() is compiled as it is; any other is an excerpt: its #include and
using lines go to file scope after <tengen/tengen.hpp> and the standard headers excerpts lean
on, the rest becomes the body of main(). Each block is checked with -fsyntax-only (templates
are instantiated, nothing is linked) and warnings as errors, unused variables excepted (an
excerpt shows a call and its result without using it). Exit status 1 names every block that
fails, with its line in the Markdown file and the compiler's message.
"""

import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")
PRELUDE = """#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <tengen/tengen.hpp>
using namespace tengen;
"""


def blocks(path):
    """[(first line number, text)] of the ```cpp blocks of the file at `path`."""
    found = []
    language = None
    lines = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fence = FENCE.match(line)
            if fence and language is None:
                language, start, lines = fence.group(1), number + 1, []
            elif fence:
                if language in ("cpp", "c++"):
                    found.append((start, "".join(lines)))
                language = None
            elif language is not None:
                lines.append(line)
    return found


def translation_unit(text):
    if re.search(r"\bint\s+main\s*\(", text):
        return text
    top, body = [], []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#include") or stripped.startswith("using namespace"):
            top.append(line)
        else:
            body.append("    " + line if line else line)
    return PRELUDE + "\n".join(top) + "\n\nint main() {\n" + "\n".join(body) + "\n}\n"


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    markdown, compiler, include = argv[0], argv[1], argv[2]
    flags = argv[3:]
    found = blocks(markdown)
    if not found:
        print(f"readme_code: no C++ block in {markdown}", file=sys.stderr)
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for start, text in found:
            source = os.path.join(folder, f"block_{start}.cpp")
            with open(source, "w", encoding="utf-8") as f:
                f.write(translation_unit(text))
            command = [compiler, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                       "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-I", include,
                       *flags, source]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                failures += 1
                print(f"{markdown}:{start}: this C++ block does not compile:\n{result.stderr}",
                      file=sys.stderr)
            else:
                print(f"{markdown}:{start}: compiles")
    if failures:
        print(f"readme_code: {failures} of {len(found)} blocks fail", file=sys.stderr)
        return 1
    print(f"readme_code: all {len(found)} C++ blocks of {markdown} compile")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
