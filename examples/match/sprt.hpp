#pragma once
/// \file
/// The sequential probability ratio test of a match played in colour-swapped pairs: does A gain
/// at least elo1 over B, or at most elo0? Pure functions, no I/O, so that the numbers can be
/// unit-tested.
///
/// A pair is one opening played twice, A with Black then A with White; A scores 0, 1/2, 1, 3/2 or
/// 2 points over it (the pentanomial counts). Pairs rather than games are the samples: the two
/// games of an opening are correlated (a lopsided opening gives each side one win), and counting
/// them apart would overstate the spread and slow the test down.
///
/// The log-likelihood ratio is the generalised one: for each hypothesis the pentanomial
/// distribution nearest the observed frequencies (the maximum-likelihood one) whose mean score is
/// that hypothesis's, then the log of the ratio of the two likelihoods of the observed counts.
/// Scores map to Elo through the logistic model of elo.hpp. The test stops when the ratio leaves
/// [log(β/(1-α)), log((1-β)/α)] (Wald's bounds): below, H0 (A gains at most elo0) is accepted with
/// a chance of at most β of being wrong; above, H1 (A gains at least elo1) with at most α.

#include "elo.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>

namespace tengen::examples {

/// The scores a pair can give A, per game: 0, 1/4, 1/2, 3/4, 1 (a pair's points halved).
inline constexpr std::array<double, 5> pair_scores{0.0, 0.25, 0.5, 0.75, 1.0};

/// How many pairs gave A each of 0, 1/2, 1, 3/2 and 2 points.
struct PairCounts {
    std::array<int, 5> counts{};

    /// Counts a pair: A's points in its two games, each 0, 1/2 or 1.
    void add(double first_points, double second_points) noexcept {
        // Points are multiples of 1/2, so twice their sum is an exact small integer.
        const auto index =
            static_cast<std::size_t>(std::lround(2.0 * (first_points + second_points)));
        if (index < counts.size())
            ++counts[index];
    }
    /// Pairs counted.
    [[nodiscard]] constexpr int pairs() const noexcept {
        int n = 0;
        for (int c : counts)
            n += c;
        return n;
    }
};

/// The score (in [0, 1]) at which a player is `elo` stronger than its opponent (logistic model).
[[nodiscard]] inline double score_from_elo(double elo) noexcept {
    constexpr double elo_scale = 400.0;
    return 1.0 / (1.0 + std::pow(10.0, -elo / elo_scale));
}

/// Score, Elo difference and 95% interval of A over `pairs`, with the spread of the pairs' scores
/// (which is smaller than the games' when openings favour one colour). No pairs: score 1/2,
/// Elo 0, interval (-inf, +inf); every pair won (or lost) in both games: the exact binomial bound
/// of estimate_elo over the pairs.
[[nodiscard]] inline EloEstimate estimate_pair_elo(const PairCounts& pairs) noexcept {
    EloEstimate e;
    const int n = pairs.pairs();
    if (n <= 0)
        return e;
    const std::size_t last = pair_scores.size() - 1;
    if (pairs.counts[0] == n || pairs.counts[last] == n)
        return estimate_elo(MatchCounts{pairs.counts[last], 0, pairs.counts[0]});
    double sum = 0.0;
    for (std::size_t k = 0; k < pair_scores.size(); ++k)
        sum += pairs.counts[k] * pair_scores[k];
    const double s = sum / n;
    double variance = 0.0;
    for (std::size_t k = 0; k < pair_scores.size(); ++k)
        variance += pairs.counts[k] * (pair_scores[k] - s) * (pair_scores[k] - s);
    variance /= n;
    const double margin = z_95 * std::sqrt(variance / n);
    e.score = s;
    e.elo = elo_from_score(s);
    e.lower = elo_from_score(s - margin);
    e.upper = elo_from_score(s + margin);
    return e;
}

/// What the test is asked: H0 "A gains at most elo0" against H1 "A gains at least elo1", with
/// the chances of accepting H1 wrongly (alpha) and H0 wrongly (beta).
struct SprtHypotheses {
    double elo0 = 0.0;
    double elo1 = 10.0;
    double alpha = 0.05;
    double beta = 0.05;

    /// The ratio below which H0 is accepted: log(β/(1-α)).
    [[nodiscard]] double lower_bound() const noexcept { return std::log(beta / (1.0 - alpha)); }
    /// The ratio above which H1 is accepted: log((1-β)/α).
    [[nodiscard]] double upper_bound() const noexcept { return std::log((1.0 - beta) / alpha); }
    /// Why these hypotheses cannot be tested, or nothing: elo0 < elo1, both finite, 0 < α, β
    /// and α + β < 1 (else the bounds do not straddle 0).
    [[nodiscard]] std::optional<std::string> check() const {
        if (!std::isfinite(elo0) || !std::isfinite(elo1) || !(elo0 < elo1))
            return "elo0 must be less than elo1";
        if (!(alpha > 0.0) || !(beta > 0.0) || !(alpha + beta < 1.0))
            return "alpha and beta must be positive and add up to less than 1";
        return std::nullopt;
    }
};

/// The verdict of the test so far.
enum class SprtDecision {
    undecided, ///< the ratio is within the bounds: play on
    accept_h0, ///< below the lower bound: A gains at most elo0
    accept_h1, ///< above the upper bound: A gains at least elo1
};

/// The log-likelihood ratio of H1 against H0 given `pairs` (0 without pairs).
///
/// A count of zero is taken as a small fraction of a pair (as fishtest does) so that a
/// distribution with the hypothesis's mean exists near any observed one.
[[nodiscard]] inline double sprt_llr(const PairCounts& pairs, const SprtHypotheses& h) noexcept {
    const int n = pairs.pairs();
    if (n <= 0)
        return 0.0;
    constexpr double empty_count = 1e-3;
    std::array<double, 5> counts{};
    double total = 0.0;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        counts[k] = pairs.counts[k] > 0 ? pairs.counts[k] : empty_count;
        total += counts[k];
    }
    // The maximum-likelihood distribution with mean s: p_k = f_k / (1 + λ (a_k - s)), λ the root
    // of Σ f_k (a_k - s) / (1 + λ (a_k - s)) = 0, which decreases in λ on the interval where
    // every denominator is positive. Every a_k has a count, so that interval is
    // (-1 / (1 - s), 1 / s). Bisection: 64 halvings reach the precision of a double.
    const auto log_likelihood = [&](double s) {
        const double low_end = -1.0 / (pair_scores.back() - s);
        const double high_end = 1.0 / (s - pair_scores.front());
        const auto slope = [&](double lambda) {
            double sum = 0.0;
            for (std::size_t k = 0; k < counts.size(); ++k)
                sum += counts[k] * (pair_scores[k] - s) / (1.0 + lambda * (pair_scores[k] - s));
            return sum;
        };
        double low = low_end;
        double high = high_end;
        constexpr int halvings = 64;
        for (int i = 0; i < halvings; ++i) {
            const double mid = 0.5 * (low + high);
            // The ends themselves are poles; stay strictly inside.
            if (mid <= low_end || mid >= high_end)
                break;
            (slope(mid) > 0.0 ? low : high) = mid;
        }
        const double lambda = 0.5 * (low + high);
        double sum = 0.0;
        for (std::size_t k = 0; k < counts.size(); ++k) {
            const double p = counts[k] / total / (1.0 + lambda * (pair_scores[k] - s));
            sum += counts[k] * std::log(p);
        }
        return sum;
    };
    return log_likelihood(score_from_elo(h.elo1)) - log_likelihood(score_from_elo(h.elo0));
}

/// The verdict of a log-likelihood ratio against the bounds of `h`.
[[nodiscard]] inline SprtDecision sprt_decision(double llr, const SprtHypotheses& h) noexcept {
    if (llr <= h.lower_bound())
        return SprtDecision::accept_h0;
    if (llr >= h.upper_bound())
        return SprtDecision::accept_h1;
    return SprtDecision::undecided;
}

} // namespace tengen::examples
