#pragma once
// A fixture for the layering check's own test: the search must not include a game, so
// check_includes.cmake must reject this tree.
#include <tengen/gomoku/board.hpp>
