"""Builds tengen's Python package: the extension tengen._core from python/src and the headers in
../include, and the pure-Python files of python/tengen. pyproject.toml has the metadata."""

import re
from pathlib import Path

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

HERE = Path(__file__).resolve().parent
HEADERS = HERE.parent / "include"


def library_version():
    """The version of the C++ library, from the header CMake reads it from too."""
    text = (HEADERS / "tengen" / "core" / "version.hpp").read_text()
    parts = [re.search(rf"#define TENGEN_VERSION_{name} (\d+)", text).group(1)
             for name in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


core = Pybind11Extension(
    "tengen._core",
    sorted(str(path.relative_to(HERE)) for path in (HERE / "src").glob("*.cpp")),
    include_dirs=[str(HEADERS)],
    cxx_std=20,
    extra_compile_args=["-O2"],
)

setup(
    version=library_version(),
    ext_modules=[core],
    cmdclass={"build_ext": build_ext},
    package_data={"tengen": ["py.typed", "*.pyi"]},
)
