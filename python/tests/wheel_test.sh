#!/usr/bin/env bash
# wheel_test.sh PYTHON SOURCE_DIR: builds tengen's wheel with pip the way README's install
# command does (a venv that sees Debian's packages, no build isolation, no network), installs it
# into that venv and uses it from outside the source tree. The sources are copied first, since a
# setuptools build writes into the folder it builds.
set -euo pipefail
python=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
mkdir -p "${work}/src"
cp -r "${source_dir}/python" "${source_dir}/include" "${work}/src/"
"${python}" -m venv --system-site-packages "${work}/venv"
pip=("${work}/venv/bin/python" -m pip --disable-pip-version-check --no-input)
"${pip[@]}" wheel --no-build-isolation --no-deps --wheel-dir "${work}/dist" "${work}/src/python"
wheel=$(ls "${work}"/dist/tengen-*.whl)
echo "built ${wheel##*/}"
"${pip[@]}" install --no-index --no-deps "${wheel}"
cd "${work}"
"${work}/venv/bin/python" - <<'PY'
import pathlib
import tengen

assert "site-packages" in tengen.__file__, tengen.__file__
assert (pathlib.Path(tengen.__file__).parent / "_core.pyi").exists()
assert (pathlib.Path(tengen.__file__).parent / "py.typed").exists()
board = tengen.Board("renju", 15)
board.play("h8")
move = tengen.Searcher(hash_mb=1).search(board, depth=2).move
assert board.is_legal(move)
print("tengen", tengen.__version__, "from the wheel: played", tengen.to_pos(move))
PY
