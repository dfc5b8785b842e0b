// tengen._core: the compiled part of the Python package (python/tengen re-exports it).

#include "bindings.hpp"

#include <tengen/core/version.hpp>

#include <string>

PYBIND11_MODULE(_core, m) {
    m.doc() = "tengen's C++ core: boards of every gomoku-family rule, the engine, threat solvers.";
    m.attr("__version__") = std::to_string(TENGEN_VERSION_MAJOR) + "." +
                            std::to_string(TENGEN_VERSION_MINOR) + "." +
                            std::to_string(TENGEN_VERSION_PATCH);
    tengen::python::bind_board(m);
    tengen::python::bind_search(m);
    tengen::python::bind_vector_env(m);
    tengen::python::bind_reversi(m);
}
