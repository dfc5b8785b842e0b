#pragma once
/// \file
/// Choosing a rule at run time: rule descriptions, Gomocup rule numbers, and `visit_rule`, which
/// calls a generic function with the rule's policy type.

#include <tengen/core/expected.hpp>
#include <tengen/gomoku/rules/caro.hpp>
#include <tengen/gomoku/rules/freestyle.hpp>
#include <tengen/gomoku/rules/k_in_a_row.hpp>
#include <tengen/gomoku/rules/renju.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/rules/standard.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tengen {

/// A rule chosen at run time: the family and, for k-in-a-row, k.
struct RuleSpec {
    RuleId id = RuleId::Freestyle;
    int k = 5; ///< win length; must be 5 for every family but KInARow (3..6)

    friend constexpr bool operator==(const RuleSpec&, const RuleSpec&) noexcept = default;
};

/// Tag carrying a rule policy type to a generic lambda: `[](auto tag) { using R = typename
/// decltype(tag)::type; ... }`.
template <RulePolicy Rule> struct RuleTag { using type = Rule; };

/// Calls `f(RuleTag<R>{})` with the policy type `R` that `spec` names and returns its result.
/// Precondition: `spec` is valid (see check_rule); an invalid one calls `f` with Freestyle.
template <typename F> decltype(auto) visit_rule(RuleSpec spec, F&& f) {
    switch (spec.id) {
    case RuleId::Standard:
        return std::forward<F>(f)(RuleTag<Standard>{});
    case RuleId::Renju:
        return std::forward<F>(f)(RuleTag<Renju>{});
    case RuleId::Caro:
        return std::forward<F>(f)(RuleTag<Caro>{});
    case RuleId::KInARow:
        switch (spec.k) {
        case 3:
            return std::forward<F>(f)(RuleTag<KInARow<3>>{});
        case 4:
            return std::forward<F>(f)(RuleTag<KInARow<4>>{});
        case 6:
            return std::forward<F>(f)(RuleTag<KInARow<6>>{});
        default:
            return std::forward<F>(f)(RuleTag<KInARow<5>>{});
        }
    case RuleId::Freestyle:
        break;
    }
    return std::forward<F>(f)(RuleTag<Freestyle>{});
}

/// An Error saying why `spec` is not a rule tengen supports, or nothing.
[[nodiscard]] inline std::optional<Error> check_rule(RuleSpec spec) {
    if (spec.id == RuleId::KInARow) {
        if (spec.k < 3 || spec.k > 6)
            return Error{"k-in-a-row supports k from 3 to 6, not " + std::to_string(spec.k)};
        return std::nullopt;
    }
    if (spec.k != 5)
        return Error{"only k-in-a-row takes a win length other than 5"};
    if (static_cast<int>(spec.id) > static_cast<int>(RuleId::KInARow))
        return Error{"unknown rule id"};
    return std::nullopt;
}

/// The rule of a Gomocup `INFO rule` value: 0 freestyle, 1 standard, 4 renju (and 2, as
/// Yixin-Board sends renju), 8 caro. Other values are an Error.
[[nodiscard]] inline Expected<RuleSpec> rule_from_gomocup(int value) {
    switch (value) {
    case 0:
        return RuleSpec{RuleId::Freestyle};
    case 1:
        return RuleSpec{RuleId::Standard};
    case 2:
    case 4:
        return RuleSpec{RuleId::Renju};
    case 8:
        return RuleSpec{RuleId::Caro};
    default:
        return Error{"unsupported rule " + std::to_string(value)};
    }
}

/// Parses a rule name: `freestyle`, `standard`, `renju`, `caro`, or `k3` .. `k6` (k-in-a-row).
[[nodiscard]] inline Expected<RuleSpec> rule_from_string(std::string_view name) {
    if (name == Freestyle::name)
        return RuleSpec{RuleId::Freestyle};
    if (name == Standard::name)
        return RuleSpec{RuleId::Standard};
    if (name == Renju::name)
        return RuleSpec{RuleId::Renju};
    if (name == Caro::name)
        return RuleSpec{RuleId::Caro};
    if (name.size() == 2 && name[0] == 'k' && name[1] >= '3' && name[1] <= '6')
        return RuleSpec{RuleId::KInARow, name[1] - '0'};
    return Error{"unknown rule '" + std::string(name) +
                 "' (expected freestyle, standard, renju, caro or k3..k6)"};
}

/// The name rule_from_string reads back.
[[nodiscard]] inline std::string to_string(RuleSpec spec) {
    return visit_rule(spec, [&](auto tag) -> std::string {
        using R = typename decltype(tag)::type;
        if constexpr (R::id == RuleId::KInARow)
            return "k" + std::to_string(R::win_length);
        else
            return std::string(R::name);
    });
}

} // namespace tengen
