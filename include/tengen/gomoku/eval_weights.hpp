#pragma once
/// \file
/// The evaluation's weights of GomokuWeights::tuned() (own, opponent, tempo), fitted by
/// examples/tune_eval.cpp from 2400 self-play games (50872 quiet positions).
/// Generated: do not edit. Regenerate as docs/tune.md says.
/// Logistic scale 718; cross-entropy on the held-out games: hand weights 0.6900, tuned 0.6536.

#include <tengen/gomoku/threat_values.hpp>

namespace tengen::tuned_evaluation {

/// Value of each cell where the side to move would make each threat.
inline constexpr ThreatValues own{.forbidden = -282,
                                  .closed_two = 1,
                                  .open_two = -6,
                                  .double_two = 55,
                                  .closed_three = 22,
                                  .open_three = 106,
                                  .double_three = 209,
                                  .four = 34,
                                  .four_three = 400,
                                  .double_four = 800,
                                  .open_four = 1000,
                                  .five = 5000};
/// Value of each cell where the opponent would make each threat.
inline constexpr ThreatValues opponent{.forbidden = -320,
                                       .closed_two = 2,
                                       .open_two = -8,
                                       .double_two = 17,
                                       .closed_three = 32,
                                       .open_three = 43,
                                       .double_three = -46,
                                       .four = 26,
                                       .four_three = 300,
                                       .double_four = 600,
                                       .open_four = 800,
                                       .five = 4000};
/// Bonus of having the move.
inline constexpr Value tempo = 21;

} // namespace tengen::tuned_evaluation
