#pragma once
/// \file
/// pbrain-tengen's boards: the Gomocup rule numbers of INFO rule and the boards the protocol
/// offers.

#include <tengen/tengen.hpp>

#include <cstdint>
#include <string>

namespace tengen::pbrain {

/// An empty `width` x `height` board under `spec`, or an Error naming an unsupported size or
/// rule (k-in-a-row has no Gomocup rule number and is not offered).
[[nodiscard]] inline Expected<AnyBoard> make_board(RuleSpec spec, int width, int height) {
    if (spec.id == RuleId::KInARow)
        return Error{"k-in-a-row is not a Gomocup rule"};
    return AnyBoard::create(spec, width, height);
}

/// The rule of an INFO rule value, whose bits combine: 4 or 2 (Yixin-Board's renju) mean renju,
/// else 8 caro, else 1 standard (exactly five), else freestyle. Negative values are an Error.
[[nodiscard]] inline Expected<RuleSpec> rule_from_info(std::int64_t value) {
    constexpr std::int64_t exact_five_bit = 1;
    constexpr std::int64_t yixin_renju_bit = 2;
    constexpr std::int64_t renju_bit = 4;
    constexpr std::int64_t caro_bit = 8;
    if (value < 0)
        return Error{"negative rule " + std::to_string(value)};
    int gomocup = 0;
    if ((value & (renju_bit | yixin_renju_bit)) != 0)
        gomocup = static_cast<int>(renju_bit);
    else if ((value & caro_bit) != 0)
        gomocup = static_cast<int>(caro_bit);
    else if ((value & exact_five_bit) != 0)
        gomocup = static_cast<int>(exact_five_bit);
    return rule_from_gomocup(gomocup);
}

} // namespace tengen::pbrain
