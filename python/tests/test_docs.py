"""Runs every ```python block of README.md and docs/python.md, so that the examples users copy
cannot drift from the package."""

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```python\s*\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)


def python_blocks(name):
    text = (ROOT / name).read_text(encoding="utf-8")
    for match in FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        yield pytest.param(match.group(1), id=f"{name}:{line}")


BLOCKS = [*python_blocks("README.md"), *python_blocks("docs/python.md")]


def test_the_docs_have_python_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS)
def test_example_runs(code):
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, "<example>", "exec"), {})  # noqa: S102 - our own documentation
