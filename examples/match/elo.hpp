#pragma once
/// \file
/// Match statistics: the score of a series of games and the Elo difference it implies, with a
/// 95% confidence interval. Pure functions, no I/O, so that the numbers can be unit-tested.
///
/// The model is the logistic one: a player who scores `s` (wins count 1, draws 1/2) is
/// `-400 log10(1/s - 1)` Elo stronger than its opponent. The interval comes from the standard
/// error of the mean per-game score, whose variance is that of a trinomial (win, draw, loss)
/// variable, and its two ends are mapped through the same formula.

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace tengen::examples {

/// Results of one side of a match.
struct MatchCounts {
    int wins = 0;
    int draws = 0;
    int losses = 0;

    /// Games counted.
    [[nodiscard]] constexpr int games() const noexcept { return wins + draws + losses; }
};

/// The score of a match and the Elo difference it implies.
struct EloEstimate {
    double score = 0.5; ///< mean points per game, in [0, 1]
    double elo = 0.0;   ///< Elo difference; +inf at a score of 1, -inf at 0
    double lower = -std::numeric_limits<double>::infinity(); ///< 95% interval, may be -inf
    double upper = std::numeric_limits<double>::infinity();  ///< 95% interval, may be +inf
};

/// The two-sided 95% quantile of the standard normal distribution.
inline constexpr double z_95 = 1.959963984540054;

/// The Elo difference of a player scoring `score` (in [0, 1]): -inf at 0, +inf at 1, never NaN
/// (a NaN `score` counts as 1/2).
[[nodiscard]] inline double elo_from_score(double score) noexcept {
    constexpr double elo_scale = 400.0;
    if (std::isnan(score))
        return 0.0;
    if (score <= 0.0)
        return -std::numeric_limits<double>::infinity();
    if (score >= 1.0)
        return std::numeric_limits<double>::infinity();
    return -elo_scale * std::log10(1.0 / score - 1.0);
}

/// Score, Elo difference and 95% interval of a player with `counts`.
///
/// The interval is `score ± z_95 · σ / √n`, σ² being the variance of the points of one game
/// around the score; an end at or beyond 0 or 1 becomes -inf or +inf. A perfect score (or a
/// score of zero) has no spread to measure, so its finite end is the exact binomial bound
/// instead: with n wins in n games the per-game score is at least 0.025^(1/n) at 97.5%
/// confidence. A match of draws only has a zero-width interval at 0. No games at all: score
/// 1/2, Elo 0, interval (-inf, +inf).
[[nodiscard]] inline EloEstimate estimate_elo(const MatchCounts& counts) noexcept {
    EloEstimate e;
    const int n = counts.games();
    if (n <= 0)
        return e;
    const double games = n;
    e.score = (counts.wins + 0.5 * counts.draws) / games;
    e.elo = elo_from_score(e.score);
    constexpr double tail = 0.025; // each side of a two-sided 95% interval
    if (counts.wins == n) {
        e.lower = elo_from_score(std::pow(tail, 1.0 / games));
        e.upper = e.elo;
        return e;
    }
    if (counts.losses == n) {
        e.lower = e.elo;
        e.upper = elo_from_score(1.0 - std::pow(tail, 1.0 / games));
        return e;
    }
    const double s = e.score;
    const double variance = (counts.wins * (1.0 - s) * (1.0 - s) +
                             counts.draws * (0.5 - s) * (0.5 - s) + counts.losses * s * s) /
                            games;
    const double margin = z_95 * std::sqrt(variance / games);
    e.lower = elo_from_score(s - margin);
    e.upper = elo_from_score(s + margin);
    return e;
}

/// An Elo value with a sign and one decimal (`+190.8`, `-35.0`, `+0.0`), or `+inf` / `-inf`.
[[nodiscard]] inline std::string format_elo(double elo) {
    if (std::isinf(elo))
        return elo > 0 ? "+inf" : "-inf";
    if (std::isnan(elo))
        return "nan";
    char text[32];
    // Rounding can print a tiny negative value as -0.0; show zero with a plus like the rest.
    const double rounded = std::round(elo * 10.0) / 10.0;
    std::snprintf(text, sizeof text, "%+.1f", rounded == 0.0 ? 0.0 : rounded);
    return text;
}

} // namespace tengen::examples
