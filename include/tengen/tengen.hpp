#pragma once
/// \file
/// Umbrella header: everything most programs need from tengen.

#include <tengen/board/board.hpp>
#include <tengen/board/game_result.hpp>
#include <tengen/core/expected.hpp>
#include <tengen/core/point_set.hpp>
#include <tengen/core/types.hpp>
#include <tengen/core/zobrist.hpp>
#include <tengen/io/notation.hpp>
#include <tengen/pattern/line_pattern.hpp>
#include <tengen/pattern/pattern_table.hpp>
#include <tengen/pattern/threat.hpp>
#include <tengen/rules/caro.hpp>
#include <tengen/rules/dispatch.hpp>
#include <tengen/rules/freestyle.hpp>
#include <tengen/rules/k_in_a_row.hpp>
#include <tengen/rules/renju.hpp>
#include <tengen/rules/rule_policy.hpp>
#include <tengen/rules/standard.hpp>
