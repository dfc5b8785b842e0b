#pragma once
/// \file
/// Choosing a rule at run time: rule descriptions, Gomocup rule numbers, and `visit_rule`, which
/// calls a generic function with the rule's policy type, all derived from one list of rules.

#include <tengen/core/expected.hpp>
#include <tengen/gomoku/rules/caro.hpp>
#include <tengen/gomoku/rules/freestyle.hpp>
#include <tengen/gomoku/rules/k_in_a_row.hpp>
#include <tengen/gomoku/rules/renju.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/rules/standard.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
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

/// A list of rule policy types; `apply<T>` is `T<Rules...>` (a std::variant of boards, say).
template <RulePolicy... Rules> struct RuleList {
    static constexpr std::size_t size = sizeof...(Rules);
    template <template <typename...> typename T> using apply = T<Rules...>;
};

/// Every rule tengen offers at run time, the one list that every run-time dispatch derives from
/// (visit_rule, rule_from_string, supported_rules, the board of engine/any_board.hpp). The
/// first is what an invalid RuleSpec falls back to.
using SupportedRules =
    RuleList<Freestyle, Standard, Renju, Caro, KInARow<3>, KInARow<4>, KInARow<5>, KInARow<6>>;

/// The RuleSpec naming the policy type `Rule`.
template <RulePolicy Rule> [[nodiscard]] constexpr RuleSpec spec_of() noexcept {
    return RuleSpec{Rule::id, Rule::win_length};
}

namespace detail {

template <RulePolicy... Rules>
[[nodiscard]] constexpr std::array<RuleSpec, sizeof...(Rules)>
specs_of(RuleList<Rules...>) noexcept {
    return {spec_of<Rules>()...};
}

template <typename F, RulePolicy First, RulePolicy... Rest>
decltype(auto) visit_rule_at(std::size_t index, F&& f) {
    if constexpr (sizeof...(Rest) == 0) {
        return std::forward<F>(f)(RuleTag<First>{});
    } else {
        if (index == 0)
            return std::forward<F>(f)(RuleTag<First>{});
        return visit_rule_at<F, Rest...>(index - 1, std::forward<F>(f));
    }
}

template <typename F, RulePolicy... Rules>
decltype(auto) visit_rule_in(RuleList<Rules...>, std::size_t index, F&& f) {
    return visit_rule_at<F, Rules...>(index, std::forward<F>(f));
}

} // namespace detail

/// Every rule of SupportedRules, in its order.
inline constexpr auto supported_rules = detail::specs_of(SupportedRules{});

/// The position of `spec` in SupportedRules (0, the first rule's, when it names none).
[[nodiscard]] constexpr std::size_t rule_index(RuleSpec spec) noexcept {
    for (std::size_t i = 0; i < supported_rules.size(); ++i)
        if (supported_rules[i] == spec)
            return i;
    return 0;
}

/// Calls `f(RuleTag<R>{})` with the policy type `R` that `spec` names and returns its result.
/// Precondition: `spec` is valid (see check_rule); an invalid one calls `f` with the first rule
/// of SupportedRules (Freestyle).
template <typename F> decltype(auto) visit_rule(RuleSpec spec, F&& f) {
    return detail::visit_rule_in(SupportedRules{}, rule_index(spec), std::forward<F>(f));
}

/// The name of the policy type `Rule` that rule_from_string reads: its own, or `kN` for
/// k-in-a-row.
template <RulePolicy Rule> [[nodiscard]] std::string rule_name() {
    if constexpr (Rule::id == RuleId::KInARow)
        return "k" + std::to_string(Rule::win_length);
    else
        return std::string(Rule::name);
}

/// An Error saying why `spec` is not a rule tengen supports (one of SupportedRules), or
/// nothing.
[[nodiscard]] inline std::optional<Error> check_rule(RuleSpec spec) {
    if (std::find(supported_rules.begin(), supported_rules.end(), spec) != supported_rules.end())
        return std::nullopt;
    if (spec.id == RuleId::KInARow)
        return Error{"k-in-a-row supports k from 3 to 6, not " + std::to_string(spec.k)};
    if (spec.k != 5)
        return Error{"only k-in-a-row takes a win length other than 5"};
    return Error{"unknown rule id"};
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

/// The name rule_from_string reads back.
[[nodiscard]] inline std::string to_string(RuleSpec spec) {
    return visit_rule(spec, [](auto tag) { return rule_name<typename decltype(tag)::type>(); });
}

/// Every rule name rule_from_string reads, in SupportedRules' order, separated by `separator`.
[[nodiscard]] inline std::string supported_rule_names(std::string_view separator = ", ") {
    std::string names;
    for (const RuleSpec spec : supported_rules) {
        if (!names.empty())
            names += separator;
        names += to_string(spec);
    }
    return names;
}

/// Parses a rule name: `freestyle`, `standard`, `renju`, `caro`, or `k3` .. `k6` (k-in-a-row):
/// the names of SupportedRules.
[[nodiscard]] inline Expected<RuleSpec> rule_from_string(std::string_view name) {
    for (const RuleSpec spec : supported_rules)
        if (to_string(spec) == name)
            return spec;
    return Error{"unknown rule '" + std::string(name) + "' (expected " + supported_rule_names() +
                 ")"};
}

} // namespace tengen
