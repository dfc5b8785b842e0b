#pragma once
/// \file
/// ThreatValues: one value for each threat class, by name.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/search/value.hpp>

#include <array>
#include <cstddef>

namespace tengen {

/// A value for each threat class, by name, so that no weight is tied to the Threat enumerators
/// by its position in a list.
struct ThreatValues {
    Value none = 0;
    Value forbidden = 0;
    Value closed_two = 0;
    Value open_two = 0;
    Value double_two = 0;
    Value closed_three = 0;
    Value open_three = 0;
    Value double_three = 0;
    Value four = 0;
    Value four_three = 0;
    Value double_four = 0;
    Value open_four = 0;
    Value five = 0;

    /// The values indexed by Threat, for the evaluation's inner loop.
    [[nodiscard]] constexpr std::array<Value, threat_class_count> by_threat() const noexcept {
        std::array<Value, threat_class_count> table{};
        const auto set = [&](Threat t, Value v) { table[static_cast<std::size_t>(t)] = v; };
        set(Threat::None, none);
        set(Threat::Forbidden, forbidden);
        set(Threat::ClosedTwo, closed_two);
        set(Threat::OpenTwo, open_two);
        set(Threat::DoubleTwo, double_two);
        set(Threat::ClosedThree, closed_three);
        set(Threat::OpenThree, open_three);
        set(Threat::DoubleThree, double_three);
        set(Threat::Four, four);
        set(Threat::FourThree, four_three);
        set(Threat::DoubleFour, double_four);
        set(Threat::OpenFour, open_four);
        set(Threat::Five, five);
        return table;
    }

    friend constexpr bool operator==(const ThreatValues&, const ThreatValues&) noexcept = default;
};
static_assert(sizeof(ThreatValues) == threat_class_count * sizeof(Value),
              "ThreatValues names one value per threat class");

} // namespace tengen
