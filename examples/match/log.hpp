#pragma once
/// \file
/// tengen_match: the progress, the CSV in game order and the summary of a match.

#include "../common/terminal.hpp"
#include "elo.hpp"
#include "game.hpp"
#include "settings.hpp"
#include "sprt.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <iostream>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tengen::examples {

// ---------------------------------------------------------------------------------------------
// Progress and output
// ---------------------------------------------------------------------------------------------

/// Collects finished games from every worker: writes the CSV in game order as soon as the rows
/// before are known, counts the colour-swapped pairs, runs the sequential test when asked, and
/// shows the progress.
class MatchLog {
public:
    MatchLog(const MatchSettings& settings, std::ostream* csv)
        : settings_(settings), csv_(csv), outcomes_(static_cast<std::size_t>(settings.games)),
          terminal_(!settings.quiet && examples::is_terminal(stderr)) {
        if (csv_) {
            *csv_ << csv_header() << std::flush;
            check_csv();
        }
        if (terminal_)
            draw_bar();
    }

    /// Takes a finished game (from any thread).
    void add(GameOutcome outcome) {
        const std::lock_guard lock(mutex_);
        ++finished_;
        outcome.add_to(running_);
        const auto index = static_cast<std::size_t>(outcome.number - 1);
        outcomes_[index] = std::move(outcome);
        // Games 2k and 2k + 1 (from 0) play one opening with colours swapped.
        const std::size_t partner = index ^ 1U;
        if (partner < outcomes_.size() && outcomes_[partner]) {
            pairs_.add(outcomes_[index]->a_points(), outcomes_[partner]->a_points());
            if (settings_.sprt && decision_ == SprtDecision::undecided) {
                llr_ = sprt_llr(pairs_, *settings_.sprt);
                decision_ = sprt_decision(llr_, *settings_.sprt);
                if (decision_ != SprtDecision::undecided) {
                    decided_at_pairs_ = pairs_.pairs();
                    stop_.store(true);
                }
            }
        }
        if (!settings_.quiet && !terminal_)
            std::cerr << describe(*outcomes_[index]) << '\n';
        while (next_row_ < outcomes_.size() && outcomes_[next_row_]) {
            if (csv_) {
                *csv_ << csv_record(settings_, *outcomes_[next_row_]) << std::flush;
                if (check_csv())
                    ++csv_rows_;
            }
            ++next_row_;
        }
        if (terminal_)
            draw_bar();
    }

    /// Ends the progress bar's line.
    void finish() {
        if (terminal_)
            std::cerr << '\n';
    }

    /// True once the sequential test has decided: start no more games (those under way finish
    /// and are counted).
    [[nodiscard]] bool stopped() const noexcept { return stop_.load(); }

    /// The pairs whose two games have finished.
    [[nodiscard]] PairCounts pairs() const {
        const std::lock_guard lock(mutex_);
        return pairs_;
    }
    /// The sequential test's verdict, the ratio it was taken at, and after how many pairs (the
    /// pairs counted so far while undecided).
    struct SprtOutcome {
        SprtDecision decision = SprtDecision::undecided;
        double llr = 0.0;
        int pairs = 0;
    };
    [[nodiscard]] SprtOutcome sprt_outcome() const {
        const std::lock_guard lock(mutex_);
        return {decision_, llr_,
                decision_ == SprtDecision::undecided ? pairs_.pairs() : decided_at_pairs_};
    }

    /// True if a CSV write failed (the rows after it were not written). Precondition: no game
    /// is being added.
    [[nodiscard]] bool csv_failed() const noexcept { return csv_failed_; }
    /// The CSV rows written (the header not counted). Precondition: as for csv_failed.
    [[nodiscard]] int csv_rows() const noexcept { return csv_rows_; }

    /// The finished games in order. Precondition: no game is under way (those played are the
    /// first ones: a stopped match starts no more).
    [[nodiscard]] std::vector<GameOutcome> outcomes() const {
        std::vector<GameOutcome> all;
        for (const auto& g : outcomes_)
            if (g)
                all.push_back(*g);
        return all;
    }

private:
    /// After a CSV write: true if it succeeded. On the first failure, says so on stderr at once
    /// and writes no more to the file; the match goes on and its summary is still printed.
    bool check_csv() {
        if (*csv_)
            return true;
        csv_ = nullptr;
        csv_failed_ = true;
        if (terminal_)
            std::cerr << '\n';
        std::cerr << "tengen_match: error: cannot write " << settings_.csv_path << " after "
                  << csv_rows_ << " of " << settings_.games
                  << " rows; no more rows are written to it, the match goes on" << std::endl;
        return false;
    }

    /// The time the games left should take at the pace so far: "1h02m", "12m05s", "40s".
    [[nodiscard]] std::string eta_text() const {
        using namespace std::chrono;
        const auto elapsed = duration_cast<seconds>(steady_clock::now() - started_);
        const auto left = elapsed * (settings_.games - finished_) / finished_;
        const auto two_digits = [](long long v) { return (v < 10 ? "0" : "") + std::to_string(v); };
        const long long h = duration_cast<hours>(left).count();
        const long long m = duration_cast<minutes>(left).count() % 60;
        const long long sec = left.count() % 60;
        if (h > 0)
            return std::to_string(h) + "h" + two_digits(m) + "m";
        if (m > 0)
            return std::to_string(m) + "m" + two_digits(sec) + "s";
        return std::to_string(sec) + "s";
    }

    [[nodiscard]] std::string tally() const {
        return "A +" + std::to_string(running_.wins) + " -" + std::to_string(running_.losses) +
               " =" + std::to_string(running_.draws);
    }

    [[nodiscard]] std::string describe(const GameOutcome& g) const {
        std::string text = "game " + std::to_string(g.number) + "/" +
                           std::to_string(settings_.games) + ": A (" +
                           (g.a_is_black ? "black" : "white") + ") ";
        if (!g.winner)
            text += "draws";
        else
            text += (*g.winner == Color::Black) == g.a_is_black ? "wins" : "loses";
        text += " (" + g.reason + ", " + std::to_string(g.engine_plies()) + " plies); " + tally();
        if (settings_.sprt)
            text += "; LLR " + fixed(llr_, 2);
        return text;
    }

    void draw_bar() const {
        constexpr int bar_width = 30;
        const int filled = settings_.games == 0 ? 0 : bar_width * finished_ / settings_.games;
        const EloEstimate e = estimate_elo(running_);
        constexpr double percent = 100.0;
        std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
                  << std::string(static_cast<std::size_t>(bar_width - filled), '.') << "] "
                  << finished_ << "/" << settings_.games << "  " << tally();
        if (finished_ > 0) {
            std::cerr << "  " << fixed(e.score * percent, 1) << "%  Elo " << format_elo(e.elo);
            if (settings_.sprt)
                std::cerr << "  LLR " << fixed(llr_, 2) << " ("
                          << fixed(settings_.sprt->lower_bound(), 2) << ", "
                          << fixed(settings_.sprt->upper_bound(), 2) << ")";
            else if (finished_ < settings_.games)
                std::cerr << "  ETA " << eta_text();
        }
        std::cerr << "   " << std::flush;
    }

    const MatchSettings& settings_;
    std::ostream* csv_; ///< nullptr without --csv and after a failed write
    bool csv_failed_ = false;
    int csv_rows_ = 0;
    std::vector<std::optional<GameOutcome>> outcomes_;
    bool terminal_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
    mutable std::mutex mutex_;
    int finished_ = 0;
    std::size_t next_row_ = 0;
    MatchCounts running_;
    PairCounts pairs_;
    double llr_ = 0.0;
    SprtDecision decision_ = SprtDecision::undecided;
    int decided_at_pairs_ = 0;
    std::atomic<bool> stop_{false};
};

/// What the games' tables took: per game, how many games at once, at most in all.
[[nodiscard]] inline std::string tables_summary(const MatchSettings& s) {
    if (game_table_megabytes(s) == 0)
        return "none (no alpha-beta player)";
    return game_tables_text(s) + " a game, " + std::to_string(s.workers) +
           (s.workers == 1 ? " game" : " games") + " at once: at most " +
           std::to_string(game_table_megabytes(s) * static_cast<std::size_t>(s.workers)) + " MiB";
}

/// The pairs' lines of the summary: their counts and the Elo they imply.
[[nodiscard]] inline std::string pairs_text(const PairCounts& pairs) {
    if (pairs.pairs() == 0)
        return "";
    std::string text = "Pairs by A's points (0, 1/2, 1, 3/2, 2):";
    for (int c : pairs.counts)
        text += " " + std::to_string(c);
    const EloEstimate e = estimate_pair_elo(pairs);
    return text + "\nElo difference of A over pairs: " + format_elo(e.elo) + ", 95% CI [" +
           format_elo(e.lower) + ", " + format_elo(e.upper) + "]\n";
}

/// "H1 accepted (A gains at least +10.0)" and the like: the sequential test's verdict.
[[nodiscard]] inline std::string sprt_verdict(const SprtHypotheses& h,
                                              const MatchLog::SprtOutcome& o) {
    switch (o.decision) {
    case SprtDecision::accept_h1:
        return "H1 accepted (A gains at least " + format_elo(h.elo1) + ")";
    case SprtDecision::accept_h0:
        return "H0 accepted (A gains at most " + format_elo(h.elo0) + ")";
    case SprtDecision::undecided:
        break;
    }
    return "no decision";
}

/// Prints the match's summary: the settings, A's score and Elo (over games and over pairs), the
/// sequential test's verdict when one was asked, the colours' wins and the cost of a move.
/// Precondition: no game is under way.
inline void print_summary(const MatchSettings& s, const MatchLog& log) {
    const std::vector<GameOutcome> games = log.outcomes();
    MatchCounts a;
    std::array<int, 2> wins_by_colour{};
    SideTotals a_totals;
    SideTotals b_totals;
    for (const GameOutcome& g : games) {
        g.add_to(a);
        if (g.winner)
            ++wins_by_colour[side_index(*g.winner)];
        const Color a_color = g.a_is_black ? Color::Black : Color::White;
        const SideTotals& a_side = g.sides[side_index(a_color)];
        const SideTotals& b_side = g.sides[side_index(opponent(a_color))];
        for (auto [to, from] : {std::pair{&a_totals, &a_side}, std::pair{&b_totals, &b_side}}) {
            to->moves += from->moves;
            to->time += from->time;
            to->nodes += from->nodes;
        }
    }
    const EloEstimate e = estimate_elo(a);
    constexpr double percent = 100.0;
    const auto per_move_text = [](const SideTotals& t) {
        constexpr int time_decimals = 3;
        constexpr int node_decimals = 1;
        return fixed(per_move(to_ms(t.time), t.moves), time_decimals) + " ms, " +
               fixed(per_move(static_cast<double>(t.nodes), t.moves), node_decimals) + " nodes";
    };
    const std::string played =
        std::to_string(games.size()) +
        (static_cast<int>(games.size()) == s.games ? "" : " of " + std::to_string(s.games));
    std::cout << "Match: " << s.rule_name << " " << s.size << "x" << s.size << ", " << played
              << " games, "
              << (s.openings.empty()
                      ? "random balanced openings of " + std::to_string(s.balance.shape.stones) +
                            " stones"
                      : std::to_string(s.openings.size()) + " openings from " + s.openings_path)
              << ", seed " << s.seed << "\n"
              << "A: " << s.a_meaning << "\n"
              << "B: " << s.b_meaning << "\n"
              << "Tables: " << tables_summary(s) << "\n"
              << "Score of A vs B: " << a.wins << " wins, " << a.losses << " losses, " << a.draws
              << " draws (" << fixed(e.score * percent, 1) << "%)\n"
              << "Elo difference of A: " << format_elo(e.elo) << ", 95% CI [" << format_elo(e.lower)
              << ", " << format_elo(e.upper) << "]\n"
              << pairs_text(log.pairs());
    if (s.sprt) {
        const MatchLog::SprtOutcome o = log.sprt_outcome();
        std::cout << "SPRT: H0 elo0 " << format_elo(s.sprt->elo0) << ", H1 elo1 "
                  << format_elo(s.sprt->elo1) << ", alpha " << s.sprt->alpha << ", beta "
                  << s.sprt->beta << "; LLR " << fixed(o.llr, 3) << " after " << o.pairs
                  << " pairs, bounds [" << fixed(s.sprt->lower_bound(), 3) << ", "
                  << fixed(s.sprt->upper_bound(), 3) << "]: " << sprt_verdict(*s.sprt, o) << "\n";
    }
    std::cout << "Black won " << wins_by_colour[0] << ", White won " << wins_by_colour[1]
              << ", draws " << a.draws << "\n"
              << "Per move: A " << per_move_text(a_totals) << "; B " << per_move_text(b_totals)
              << "\n";
}

} // namespace tengen::examples
