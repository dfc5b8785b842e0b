#pragma once
/// \file
/// ParallelSearch: AlphaBeta on several threads at once over one shared transposition table
/// ("Lazy SMP"). Every thread searches the whole tree from the same position with its own copy
/// of the game, killers and history; what one thread stores, the others find, so together they
/// reach a depth sooner than one thread alone.

#include <tengen/search/alpha_beta.hpp>
#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/transposition_table.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <exception>
#include <memory>
#include <span>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace tengen {

/// Searches one position with as many threads as it is given games. Thread 0 (the calling
/// thread, on the first game) is the main thread: it prepares the table and follows the limits'
/// time policy (SearchLimits::continue_after); the helpers search until the main thread, or any
/// thread, is done or a limit is reached. The deadline, the node limit and the stop flag bind
/// every thread; the node limit may be passed by (threads - 1) * SearchBudget::clock_check_interval
/// nodes (SearchBudget). The answer is the deepest completed iteration of any thread (at equal
/// depth the one with the most lines, then the main thread's); its stats are summed over the
/// threads, its elapsed time the main thread's. With one game this is AlphaBeta::search_lines
/// itself, node for node.
///
/// The games must be independent objects in the same position (gomoku: each over a board of
/// its own); each is restored on return. Construct once and reuse; not itself thread-safe.
template <Game G> class ParallelSearch {
public:
    using Move = typename G::Move;

    /// A search with `options` over `table`, which the caller owns and keeps alive as long as
    /// this object.
    ParallelSearch(AlphaBetaOptions options, TranspositionTable<Move>& table)
        : options_(options), table_(table) {}

    /// AlphaBeta::search_lines with one thread a game of `games` (at least one).
    [[nodiscard]] std::vector<SearchResult<Move>>
    search_lines(std::span<G* const> games, const SearchLimits& limits, std::size_t lines,
                 std::span<const Move> excluded = {}) {
        if (games.empty())
            throw std::invalid_argument("ParallelSearch: no game to search");
        while (workers_.size() < games.size())
            workers_.push_back(std::make_unique<AlphaBeta<G>>(options_, table_));
        if (games.size() == 1)
            return workers_.front()->search_lines(*games.front(), limits, lines, excluded);

        workers_.front()->prepare_table();
        SharedBudget shared;
        // The helpers have no time policy, and their clock starts when the main thread's does.
        SearchLimits helper_limits = limits;
        helper_limits.continue_after = nullptr;
        if (limits.max_time) {
            const auto end = std::chrono::steady_clock::now() + *limits.max_time;
            helper_limits.deadline = limits.deadline ? std::min(*limits.deadline, end) : end;
            helper_limits.max_time.reset();
        }

        std::vector<std::vector<SearchResult<Move>>> outcomes(games.size());
        std::vector<std::exception_ptr> errors(games.size());
        {
            std::vector<std::jthread> helpers;
            helpers.reserve(games.size() - 1);
            for (std::size_t i = 1; i < games.size(); ++i)
                helpers.emplace_back([&, i] {
                    try {
                        outcomes[i] = workers_[i]->run(*games[i], helper_limits, lines, excluded,
                                                       &shared, static_cast<int>(i));
                    } catch (...) {
                        errors[i] = std::current_exception();
                        shared.stop.store(true, std::memory_order_relaxed);
                    }
                });
            try {
                outcomes[0] = workers_[0]->run(*games[0], limits, lines, excluded, &shared, 0);
            } catch (...) {
                errors[0] = std::current_exception();
            }
            shared.stop.store(true, std::memory_order_relaxed);
        } // the helpers are joined here
        for (const std::exception_ptr& error : errors)
            if (error)
                std::rethrow_exception(error);

        // A thread stopped by another may have cut its last iteration short and kept fewer
        // lines at the same depth: at equal depth the more lines, then the main thread, win.
        const auto rank = [](const std::vector<SearchResult<Move>>& outcome) {
            return std::pair{outcome.front().depth, outcome.size()};
        };
        std::size_t chosen = 0;
        for (std::size_t i = 1; i < outcomes.size(); ++i)
            if (rank(outcomes[i]) > rank(outcomes[chosen]))
                chosen = i;
        SearchStats stats;
        for (const auto& outcome : outcomes)
            add(stats, outcome.front().stats);
        stats.elapsed = outcomes.front().front().stats.elapsed;
        std::vector<SearchResult<Move>> results = std::move(outcomes[chosen]);
        results.front().stats = stats;
        return results;
    }

    /// AlphaBeta::search with one thread a game of `games` (at least one).
    [[nodiscard]] SearchResult<Move> search(std::span<G* const> games, const SearchLimits& limits,
                                            std::span<const Move> excluded = {}) {
        return std::move(search_lines(games, limits, 1, excluded).front());
    }

private:
    static void add(SearchStats& sum, const SearchStats& s) {
        sum.nodes += s.nodes;
        sum.forced_win_nodes += s.forced_win_nodes;
        sum.quiescence_nodes += s.quiescence_nodes;
        sum.leaf_nodes += s.leaf_nodes;
        sum.interior_nodes += s.interior_nodes;
        sum.generated_moves += s.generated_moves;
        sum.cutoffs += s.cutoffs;
        sum.first_move_cutoffs += s.first_move_cutoffs;
        sum.tt_probes += s.tt_probes;
        sum.tt_hits += s.tt_hits;
        sum.reduced_searches += s.reduced_searches;
        sum.pruned_moves += s.pruned_moves;
        sum.futile_moves += s.futile_moves;
        sum.static_cutoffs += s.static_cutoffs;
        sum.aspiration_researches += s.aspiration_researches;
    }

    AlphaBetaOptions options_;
    TranspositionTable<Move>& table_;
    std::vector<std::unique_ptr<AlphaBeta<G>>> workers_; ///< one a thread, kept between searches
};

} // namespace tengen
