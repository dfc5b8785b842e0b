#pragma once
// The parts of the tengen._core extension module, one per file, each adding its classes and
// functions to the module.

#include <pybind11/pybind11.h>

namespace tengen::python {

void bind_board(pybind11::module_& m);      // board.cpp: Board, points and notation
void bind_search(pybind11::module_& m);     // search.cpp: Searcher, find_vcf, find_vct, greedy_move
void bind_vector_env(pybind11::module_& m); // vector_env.cpp: VectorEnv
void bind_reversi(pybind11::module_& m);    // reversi.cpp: ReversiBoard, perft, solve_endgame

} // namespace tengen::python
