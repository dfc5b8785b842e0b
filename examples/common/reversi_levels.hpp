#pragma once
/// \file
/// Reversi engine levels shared by tengen_reversi and tengen_web: greedy at the bottom, α-β with
/// the exact endgame solver above, numbered like the gomoku levels (1 to max_level).

#include <tengen/reversi/game.hpp>

#include <array>
#include <optional>

namespace tengen::examples {

/// What one level does: a Greedy score or an α-β depth (0: by time), and from how many empty
/// squares on the exact solver takes over (0: never).
struct ReversiLevel {
    const char* description;
    std::optional<ReversiHintScore> greedy; ///< set: a Greedy level scoring by this
    int greedy_choices = 1;                 ///< Greedy picks among this many best moves
    int depth = 0;                          ///< α-β depth; 0 with no greedy: by time
    int solver_empties = 0;                 ///< solve exactly from this many empties on
};

/// The number of Reversi levels.
inline constexpr int reversi_level_count = 7;

/// Levels 1 to reversi_level_count (index = level - 1).
inline constexpr std::array<ReversiLevel, reversi_level_count> reversi_levels{{
    {"greedy, most flips, some randomness", ReversiHintScore::Flips, 3, 0, 0},
    {"greedy, most flips", ReversiHintScore::Flips, 1, 0, 0},
    {"greedy, best evaluation", ReversiHintScore::Evaluation, 1, 0, 0},
    {"alpha-beta, depth 2", std::nullopt, 1, 2, 0},
    {"alpha-beta, depth 4, exact from 10 empties", std::nullopt, 1, 4, 10},
    {"alpha-beta, depth 6, exact from 12 empties", std::nullopt, 1, 6, 12},
    {"alpha-beta by time, exact from 14 empties", std::nullopt, 1, 0, 14},
}};

} // namespace tengen::examples
