#pragma once
/// \file
/// AlphaBeta: negamax with principal-variation search, iterative deepening, a transposition
/// table, the staged move ordering of move_picker.hpp and, each behind its own switch, the
/// selective parts that measured a gain in play (docs/strength.md). Written as numbered steps;
/// every selective part off, it equals Minimax (AlphaBetaOptions::exact).

#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/move_picker.hpp>
#include <tengen/search/transposition_table.hpp>
#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <numeric>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace tengen {

/// A selective part of the search that may be left to the game: on, off, or as the game states
/// (HasSelectiveSearch), which may depend on its rule.
enum class Toggle : std::uint8_t { off, on, by_game };

/// How AlphaBeta searches.
struct AlphaBetaOptions {
    OrderingOptions ordering{};
    bool tt_cutoffs = true; ///< return stored values that settle a node
    /// Store results in the table. Off only to replay an earlier search's moves unchanged, as
    /// the oracle ordering of the benchmarks does.
    bool tt_writes = true;
    std::size_t tt_megabytes = 16;    ///< transposition table size
    bool clear_tt_each_search = true; ///< start every search from an empty table (reproducible)
    bool pvs = true;                  ///< null-window searches after the first move
    /// Search a node with a single move (gomoku: the block of a four) without using up depth,
    /// and at the horizon play a game's forced reply (HasForcedReply) before evaluating, so
    /// forcing lines cost the horizon only their attacker's moves. Off, every ply counts.
    /// Decides which positions are searched, not the order: Minimax has the same switch.
    bool single_reply_extension = true;
    /// What the search does at depth 0 (Horizon). The quiescence shares the transposition
    /// table, keeps inside the α-β window and counts every node; Minimax has the same option.
    Horizon horizon = Horizon::quiescence;
    /// Forcing moves of the side that makes them, per line of the quiescence search
    /// (playing<G>() takes the game's, SelectiveSearch::quiescence_forcing_moves).
    int quiescence_forcing_moves = 8;
    /// Node budget of each horizon forced-win search (Horizon::forced_win). Its nodes count in
    /// SearchStats::nodes (and SearchStats::forced_win_nodes) and against the limits
    /// (docs/strength.md has why 400).
    std::int64_t forced_win_nodes = 400;
    /// Late-move reductions: a quiet move (MoveHints::stage 0) tried late, at enough depth, is
    /// searched shallower with a null window first, and again at full depth only if it beats
    /// alpha. Selective: with it on, values may differ from Minimax's. On in playing<G>() for a
    /// game that measured it (HasSelectiveSearch).
    bool late_move_reductions = false;
    /// With late-move reductions: reduce a late move by ln(depth) ln(move number) /
    /// AlphaBetaParams::lmr_log_divisor plies, at least one and leaving at least one, instead of
    /// one ply (two for very late moves at depth): the later the move and the deeper the node,
    /// the shallower the first look at it.
    bool logarithmic_reductions = false;
    /// Static-value cutoffs ("reverse futility pruning"): at a node off the principal variation
    /// with at most AlphaBetaParams::static_cutoff_max_depth plies left, where the game says the
    /// side to move is not threatened (HasThreatCheck), the static value is returned when it
    /// beats beta by static_cutoff_margin a ply of depth left: the side to move is so far ahead
    /// that a search is not expected to bring it back below beta. Selective; nothing happens for
    /// a game without HasThreatCheck, whose static value could hide a loss.
    bool static_cutoffs = false;
    /// The margin of a static-value cutoff a ply of depth left, in the game's value units
    /// (playing<G>() takes the game's, SelectiveSearch::static_cutoff_margin).
    Value static_cutoff_margin = 1;
    /// Move-count pruning: at a node off the principal variation with little depth left
    /// (AlphaBetaParams::move_count_max_depth), quiet moves (MoveHints::stage 0, not a killer)
    /// past the first AlphaBetaParams::move_count_limit(depth) are not searched. Selective.
    bool move_count_pruning = false;
    /// Futility pruning: on, off, or by_game: as the game states (SelectiveSearch::
    /// futility_pruning, which may depend on its rule; off for a game that states none). At a
    /// node off the principal variation with at most AlphaBetaParams::futility_max_depth plies
    /// left, where the game says the side to move is not threatened (HasThreatCheck), a quiet
    /// move (MoveHints::stage 0, not the first searched, not a killer, not the only move) whose
    /// MoveHints::score is below futility_max_move_score is not searched when the static value
    /// plus futility_margin a ply of depth left does not beat alpha: so small a move is not
    /// expected to lift the value that far. Selective; nothing happens for a game without
    /// HasThreatCheck.
    Toggle futility_pruning = Toggle::off;
    /// The margin of futility pruning a ply of depth left, in the game's value units
    /// (playing<G>() takes the game's, SelectiveSearch::futility_margin).
    Value futility_margin = 1;
    /// The move score (MoveHints::score) from which a move is never futile (playing<G>() takes
    /// the game's, SelectiveSearch::futility_max_move_score).
    Value futility_max_move_score = 0;
    /// Aspiration windows: from AlphaBetaParams::aspiration_min_depth on, each iteration first
    /// searches a window around the previous iteration's value, widened on a fail low or high
    /// until the value falls inside. The value found is the full window's (up to the table's
    /// cutoffs); only the work differs.
    bool aspiration_windows = false;
    /// The first half-width of an aspiration window, in the game's value units (playing<G>()
    /// takes the game's, SelectiveSearch::aspiration_half_width).
    Value aspiration_half_width = 1;

    /// The exact search: every selective part off (late-move reductions, static-value cutoffs,
    /// futility pruning, move-count pruning, aspiration windows), so that values equal Minimax's
    /// with the same horizon, and the table cleared for every search, so that equal inputs give
    /// equal counters. These are the members' defaults.
    [[nodiscard]] static AlphaBetaOptions exact() { return AlphaBetaOptions{}; }

    /// The search that plays `G`, AlphaBeta<G>'s default: the exact search with the selective
    /// parts that `G` measured a gain for (HasSelectiveSearch; none for a game that states
    /// none), and the table kept from one search to the next, as a player keeps what it learned
    /// on the previous move.
    template <Game G> [[nodiscard]] static AlphaBetaOptions playing() {
        AlphaBetaOptions options;
        options.clear_tt_each_search = false;
        if constexpr (HasSelectiveSearch<G>) {
            constexpr SelectiveSearch selective = G::selective_search;
            options.late_move_reductions = selective.late_move_reductions;
            options.logarithmic_reductions = selective.logarithmic_reductions;
            options.static_cutoffs = selective.static_cutoffs;
            options.static_cutoff_margin = selective.static_cutoff_margin;
            options.move_count_pruning = selective.move_count_pruning;
            options.aspiration_windows = selective.aspiration_windows;
            options.aspiration_half_width = selective.aspiration_half_width;
            options.futility_pruning = Toggle::by_game;
            options.futility_margin = selective.futility_margin;
            options.futility_max_move_score = selective.futility_max_move_score;
            if (selective.quiescence_forcing_moves > 0)
                options.quiescence_forcing_moves = selective.quiescence_forcing_moves;
        }
        return options;
    }
};

/// Tuned constants of the selective search, in one place (the ordering's are OrderingParams).
struct AlphaBetaParams {
    /// Late-move reductions: the moves tried before reducing, the remaining depth from which a
    /// node reduces, and where the reduction grows from one ply to two.
    static constexpr std::size_t lmr_full_depth_moves = 3;
    static constexpr int lmr_min_depth = 3;
    static constexpr std::size_t lmr_deep_moves = 8;
    static constexpr int lmr_deep_depth = 6;
    /// Logarithmic reductions (AlphaBetaOptions::logarithmic_reductions): the divisor of
    /// ln(depth) ln(move number).
    static constexpr double lmr_log_divisor = 2.0;
    /// Static-value cutoffs: the deepest remaining depth they apply at.
    static constexpr int static_cutoff_max_depth = 3;
    /// Futility pruning: the deepest remaining depth it applies at.
    static constexpr int futility_max_depth = 2;
    /// Move-count pruning: the deepest remaining depth it applies at, and the quiet moves
    /// searched at remaining depth d: base + per_depth_squared * d * d.
    static constexpr int move_count_max_depth = 3;
    static constexpr int move_count_base = 4;
    static constexpr int move_count_per_depth_squared = 3;
    [[nodiscard]] static constexpr int move_count_limit(int depth) noexcept {
        return move_count_base + move_count_per_depth_squared * depth * depth;
    }
    /// Aspiration windows: the first iteration that uses one, and the factor the half-width
    /// (AlphaBetaOptions::aspiration_half_width) grows by after each failure.
    static constexpr int aspiration_min_depth = 4;
    static constexpr Value aspiration_growth = 4;
};

template <Game G> class ParallelSearch;

/// Negamax α-β over any Game. Construct once and reuse: the transposition table, killers and
/// history live in the object. Not thread-safe; stop it from another thread with
/// SearchLimits::stop.
template <Game G> class AlphaBeta {
public:
    using Move = typename G::Move;

    /// A search with a table of its own, of `options.tt_megabytes`; by default the search that
    /// plays the game (AlphaBetaOptions::playing). AlphaBetaOptions::exact() equals Minimax.
    explicit AlphaBeta(AlphaBetaOptions options = AlphaBetaOptions::playing<G>())
        : options_(options), futility_pruning_(prunes_futile_moves(options)),
          own_table_(std::make_unique<TranspositionTable<Move>>(options.tt_megabytes)),
          tt_(own_table_.get()) {}
    /// A search with `table`, which the caller owns, sizes and keeps alive as long as this
    /// object: for a table that outlives the searches that use it (GomokuSearcher keeps one
    /// across the boards it is given). `options.tt_megabytes` does not apply.
    AlphaBeta(AlphaBetaOptions options, TranspositionTable<Move>& table)
        : options_(options), futility_pruning_(prunes_futile_moves(options)), tt_(&table) {}

    /// The options in force.
    [[nodiscard]] const AlphaBetaOptions& options() const noexcept { return options_; }
    /// Changes the options (a table of its own is resized when its size changes).
    void set_options(const AlphaBetaOptions& options) {
        if (own_table_ && options.tt_megabytes != options_.tt_megabytes)
            own_table_->resize(options.tt_megabytes);
        options_ = options;
        futility_pruning_ = prunes_futile_moves(options);
    }
    /// The transposition table, for inspection and for seeding an oracle search.
    [[nodiscard]] TranspositionTable<Move>& table() noexcept { return *tt_; }

    /// Searches `game` (restored on return) by iterative deepening from depth 1 to
    /// `limits.max_depth`, stopping early on a proven result or a limit. The result holds the
    /// last completed iteration (its depth), with the move, value and PV of the interrupted
    /// iteration when that one finished searching at least one root move (the previous best
    /// is searched first, so its choice is the better informed); if no iteration completed,
    /// the first move generated.
    ///
    /// The moves of `excluded` are not searched at the root (a move found to lose by other
    /// means, or the best moves already reported by a multi-PV search): the result is the best
    /// of the others, with no move when every root move is excluded. Nothing of such a search's
    /// root is stored in the table, whose entry for the position stays the unrestricted one.
    [[nodiscard]] SearchResult<Move> search(G& game, const SearchLimits& limits,
                                            std::span<const Move> excluded = {}) {
        return std::move(search_lines(game, limits, 1, excluded).front());
    }

    /// Multi-PV: the `lines` best root moves (at least one; fewer when the root has fewer
    /// moves), each with its own value and principal variation, searched to the same depth; the
    /// lines are returned best first. Each iteration searches the root's moves once: the
    /// previous iteration's best first, each with the full window until there are `lines`
    /// values, every later move with a null window at the worst of the `lines` best values so
    /// far, and again for its exact value when it beats it. When a limit interrupts an
    /// iteration, the lines are the last completed iteration's (only the first, with the first
    /// move generated, if none completed). With one line this is search(), node for node, the
    /// interrupted iteration's move included. The stats are in the first line.
    [[nodiscard]] std::vector<SearchResult<Move>>
    search_lines(G& game, const SearchLimits& limits, std::size_t lines,
                 std::span<const Move> excluded = {}) {
        prepare_table();
        return run(game, limits, lines, excluded, nullptr, 0);
    }

private:
    template <Game> friend class ParallelSearch;

    /// Readies the table for a new search: cleared, or its generation advanced.
    void prepare_table() {
        if (options_.clear_tt_each_search)
            tt_->clear();
        else
            tt_->new_search();
    }

    /// search_lines() on a prepared table. In a parallel search (`shared` set), thread
    /// `thread` of the search: its budget is the threads' shared one, odd helpers search each
    /// iteration one ply deeper than the main thread (thread 0), so that the threads' tables
    /// entries differ, and the thread that ends its iterations stops the others.
    [[nodiscard]] std::vector<SearchResult<Move>> run(G& game, const SearchLimits& limits,
                                                      std::size_t lines,
                                                      std::span<const Move> excluded,
                                                      SharedBudget* shared, int thread) {
        for (PlyState& state : stack_) {
            state.killers = {};
            state.pv.clear();
        }
        ordering_history_.clear();
        stats_ = SearchStats{};
        SearchBudget budget(limits, shared);
        budget_ = &budget;

        std::vector<SearchResult<Move>> results(1);
        const auto finish = [&] {
            results.front().stats = stats_;
            results.front().stats.nodes = budget.nodes();
            results.front().stats.elapsed = budget.elapsed();
            budget_ = nullptr;
            excluded_ = {};
            if (shared)
                shared->stop.store(true, std::memory_order_relaxed);
            return std::move(results);
        };
        if (game.is_terminal()) {
            results.front().value = game.terminal_value(0);
            return finish();
        }
        MoveList<Move> root_moves;
        game.generate_moves(root_moves);
        std::size_t kept = 0;
        for (const Move m : root_moves)
            if (std::find(excluded.begin(), excluded.end(), m) == excluded.end())
                root_moves[kept++] = m;
        root_moves.truncate(kept);
        if (root_moves.empty())
            return finish();
        results.assign(std::clamp<std::size_t>(lines, 1, root_moves.size()), SearchResult<Move>{});
        results.front().best_move = root_moves[0];

        const int first_depth = 1 + thread % 2;
        for (int depth = std::min(first_depth, std::max(1, limits.max_depth));
             depth <= std::max(1, limits.max_depth); ++depth) {
            const std::optional<Move> previous_move = results.front().best_move;
            const Value previous_value =
                results.front().depth > 0 ? results.front().value : Value{0};
            bool interrupted = false;
            if (results.size() == 1) {
                SearchResult<Move>& result = results.front();
                excluded_ = excluded;
                const Value value = search_root(game, depth, result);
                if (budget.stopped()) {
                    // The root moves searched to the end of the interrupted iteration began with
                    // the previous best: the best of them is a better choice than the previous
                    // result.
                    const auto& partial = at(0).pv;
                    if (result.depth > 0 && !partial.empty()) {
                        result.value = root_value_;
                        result.pv = partial;
                        result.best_move = partial.front();
                    }
                    interrupted = true;
                } else {
                    result.value = value;
                    result.depth = depth;
                    result.pv = at(0).pv;
                    if (!result.pv.empty())
                        result.best_move = result.pv.front();
                }
            } else {
                // Interrupted, the lines stay the last completed iteration's.
                interrupted = !search_root_lines(
                    game, depth, ordered_root_moves(game, excluded, results), results);
            }
            if (interrupted) {
                drop_unsearched(results);
                break;
            }
            // A proven result within the searched depth cannot change with more depth.
            const bool settled =
                std::all_of(results.begin(), results.end(), [depth](const SearchResult<Move>& r) {
                    return is_decisive(r.value) && plies_to_end(r.value) <= depth;
                });
            if (settled)
                break;
            if (limits.continue_after) {
                const SearchResult<Move>& best = results.front();
                IterationReport report;
                report.depth = depth;
                report.value = best.value;
                report.previous_value = depth > 1 ? previous_value : best.value;
                report.best_move_changed = depth > 1 && previous_move != best.best_move;
                report.single_move = root_moves.size() == 1;
                report.elapsed = budget.elapsed();
                if (!limits.continue_after(report))
                    break;
            }
        }
        return finish();
    }

    using Ranked = RankedMove<Move>;
    using Entry = TTEntry<Move>;

    /// The root moves of `game` but `excluded` in the order a multi-PV iteration searches
    /// them: the moves of `previous` (the last iteration's lines, best first) first, then the
    /// others in the move picker's order at the root.
    std::vector<Ranked> ordered_root_moves(G& game, std::span<const Move> excluded,
                                           const std::vector<SearchResult<Move>>& previous) {
        PlyState& state = at(0);
        MovePicker<G> picker(game, options_.ordering, std::nullopt, false, false, state.killers,
                             ordering_history_, state.moves, stats_);
        std::vector<Ranked> root;
        while (const Ranked* picked = picker.next())
            if (std::find(excluded.begin(), excluded.end(), picked->move) == excluded.end())
                root.push_back(*picked);
        auto front = root.begin();
        for (const SearchResult<Move>& line : previous) {
            if (line.depth == 0 || !line.best_move)
                continue;
            const auto found = std::find_if(
                front, root.end(), [&](const Ranked& r) { return r.move == *line.best_move; });
            if (found != root.end())
                std::rotate(front++, found, std::next(found));
        }
        return root;
    }

    /// One iteration of a multi-PV search to `depth` over `root` (more moves than `lines`
    /// holds), in one pass: until there are as many values as lines, each move is searched
    /// with the full window; after that, each with a null window at the worst of the best
    /// values so far, and again for its exact value when it beats it. On completion `lines`
    /// holds the best moves, best first, each with its value and line; false, and `lines`
    /// unchanged, when a limit stopped the iteration.
    bool search_root_lines(G& game, int depth, std::span<const Ranked> root,
                           std::vector<SearchResult<Move>>& lines) {
        struct Line {
            Value value;
            std::vector<Move> pv;
        };
        std::vector<Line> best; // best first
        for (std::size_t i = 0; i < root.size(); ++i) {
            const Move m = root[i].move;
            const bool filling = best.size() < lines.size();
            const Value alpha = filling ? -value_infinite : best.back().value;
            if constexpr (HasHashAfter<G>)
                tt_->prefetch(game.hash_after(m));
            game.play(m);
            Value v = -value_infinite;
            if (filling) {
                v = -negamax(game, depth - 1, 1, -value_infinite, value_infinite);
            } else {
                const int reduction = late_move_reduction(root[i], i, depth, false);
                if (reduction > 0) {
                    ++stats_.reduced_searches;
                    v = -negamax(game, depth - 1 - reduction, 1, -alpha - 1, -alpha);
                }
                if (reduction == 0 || (v > alpha && !budget_->stopped()))
                    v = -negamax(game, depth - 1, 1, -alpha - 1, -alpha);
                if (v > alpha && !budget_->stopped())
                    v = -negamax(game, depth - 1, 1, -value_infinite, -alpha);
            }
            game.undo();
            if (budget_->stopped())
                return false;
            if (filling || v > alpha) {
                update_pv(0, m);
                const auto place = std::find_if(best.begin(), best.end(),
                                                [v](const Line& l) { return l.value < v; });
                best.insert(place, Line{v, at(0).pv});
                if (best.size() > lines.size())
                    best.pop_back();
            }
        }
        for (std::size_t k = 0; k < lines.size(); ++k) {
            lines[k].value = best[k].value;
            lines[k].depth = depth;
            lines[k].pv = std::move(best[k].pv);
            lines[k].best_move = lines[k].pv.front();
        }
        return true;
    }

    /// What the search keeps for one ply of the current line.
    struct PlyState {
        typename OrderingHistory<Move>::Killers killers{}; ///< quiet moves that cut off here
        std::vector<Move> pv;                              ///< the best line from this ply
        MoveList<Ranked> moves;                            ///< the picker's buffer
        MoveList<Move> tactical_moves;                     ///< the quiescence's moves
    };

    /// After an interrupted iteration: keeps the first line (always) and the lines a completed
    /// iteration left (an iteration completes every line or none).
    static void drop_unsearched(std::vector<SearchResult<Move>>& results) {
        const auto unsearched =
            std::find_if(std::next(results.begin()), results.end(),
                         [](const SearchResult<Move>& r) { return r.depth == 0; });
        results.erase(unsearched, results.end());
    }

    /// True if `m` is a root move the caller excluded.
    [[nodiscard]] bool is_excluded(const Move& m) const noexcept {
        return std::find(excluded_.begin(), excluded_.end(), m) != excluded_.end();
    }

    /// The state of `ply`; the stack grows on demand (a deque keeps earlier plies in place).
    PlyState& at(int ply) {
        while (stack_.size() <= static_cast<std::size_t>(ply))
            stack_.emplace_back();
        return stack_[static_cast<std::size_t>(ply)];
    }

    /// The table's entry for `key`, counted in the stats.
    [[nodiscard]] std::optional<Entry> probe(std::uint64_t key) {
        ++stats_.tt_probes;
        std::optional<Entry> entry = tt_->probe(key);
        if (entry)
            ++stats_.tt_hits;
        return entry;
    }

    /// The stored value when `entry` was searched to at least `depth` and its bound settles the
    /// window (alpha, beta) at distance `ply` from the root; nothing otherwise.
    [[nodiscard]] std::optional<Value> settled_value(const Entry& entry, int depth, int ply,
                                                     Value alpha, Value beta) const noexcept {
        if (!options_.tt_cutoffs || entry.depth < depth)
            return std::nullopt;
        const Value v = value_from_node(entry.value, ply);
        if (entry.bound == Bound::Exact || (entry.bound == Bound::Lower && v >= beta) ||
            (entry.bound == Bound::Upper && v <= alpha))
            return v;
        return std::nullopt;
    }

    /// Stores `best`, found in the window (original_alpha, beta) to `depth`, for `key`. A
    /// quiescence result (`shallow`) never replaces a deeper one.
    void store(std::uint64_t key, int depth, int ply, Value best, Value original_alpha, Value beta,
               std::optional<Move> best_move, bool only_move, bool shallow) {
        if (!options_.tt_writes)
            return;
        const Bound bound = best >= beta            ? Bound::Lower
                            : best > original_alpha ? Bound::Exact
                                                    : Bound::Upper;
        if (shallow)
            tt_->store_unless_deeper(key, depth, value_to_node(best, ply), bound, best_move);
        else
            tt_->store(key, depth, value_to_node(best, ply), bound, best_move, only_move);
    }

    Value negamax(G& game, int depth, int ply, Value alpha, Value beta) {
        // Step 1. Count the node; stop on a limit (the value is then ignored).
        at(ply).pv.clear();
        if (!budget_->spend_node())
            return 0;

        // Step 2. Terminal positions and the horizon.
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (depth <= 0 || ply >= max_ply)
            return horizon(game, ply, alpha, beta);

        // Step 3. Transposition table: a move to try first, and a value that may settle it. A
        // quiescence result (stored below depth 0) has a move but never generated them all, so
        // it cannot say whether the node has a single move: its move is only ranked first.
        const bool pv_node = beta - alpha > 1;
        const std::uint64_t key = game.hash();
        std::optional<Move> tt_move;
        bool tt_move_first = false;
        bool tt_only_move = false;
        if (const std::optional<Entry> entry = probe(key)) {
            if (entry->has_move) {
                tt_move = entry->move;
                tt_move_first = entry->depth >= 0;
                tt_only_move = entry->only_move;
            }
            if (!pv_node)
                if (const auto v = settled_value(*entry, depth, ply, alpha, beta))
                    return *v;
        }

        // Step 4. Static-value cutoff: off the principal variation, near the horizon, a side to
        // move that nothing threatens and whose static value beats beta by a margin a ply is
        // taken to hold beta.
        const bool pv_or_root = pv_node || ply == 0;
        if constexpr (HasThreatCheck<G>) {
            if (options_.static_cutoffs && !pv_or_root &&
                depth <= AlphaBetaParams::static_cutoff_max_depth && !game.threatened()) {
                const Value static_value = game.evaluate();
                if (static_value - options_.static_cutoff_margin * depth >= beta) {
                    ++stats_.static_cutoffs;
                    return static_value;
                }
            }
        }

        // Step 5. The moves, in the staged picker's order (the hash move first, generated only
        // if it does not cut off).
        PlyState& state = at(ply);
        MovePicker<G> picker(game, options_.ordering, tt_move, tt_move_first, tt_only_move,
                             state.killers, ordering_history_, state.moves, stats_);

        // Step 6. Move-count pruning, decided once per node: off the principal variation with
        // little depth left, only so many quiet moves are searched.
        const bool prunable_node = !pv_or_root;
        const int quiet_limit = options_.move_count_pruning && prunable_node &&
                                        depth <= AlphaBetaParams::move_count_max_depth
                                    ? AlphaBetaParams::move_count_limit(depth)
                                    : -1;
        int quiet_searched = 0;
        // Futility pruning, decided once per node; the static value is computed at the first
        // move that could be futile.
        const bool futile_moves_prunable =
            futility_pruning_ && prunable_node && depth <= AlphaBetaParams::futility_max_depth;
        std::optional<bool> futile_node; // the static value plus the margin is at most alpha
        std::size_t skipped = 0;         // excluded root moves

        const Value original_alpha = alpha;
        Value best = -value_infinite;
        std::optional<Move> best_move;
        while (const Ranked* picked = picker.next()) {
            const Ranked r = *picked;
            if (ply == 0 && !excluded_.empty() && is_excluded(r.move)) {
                ++skipped;
                continue;
            }
            const std::size_t i = picker.picked() - 1 - skipped; // the moves searched before
            const bool only_move = picker.only_move();
            // Step 7. Single-reply extension: a forced move costs no depth.
            const int child_depth =
                options_.single_reply_extension && only_move ? depth : depth - 1;
            if (i > 0 && !only_move && r.quiet && r.killer == 0) {
                if (quiet_limit >= 0 && quiet_searched >= quiet_limit) {
                    ++stats_.pruned_moves;
                    continue;
                }
                // Never while every move searched loses: a pruned move may be the defence, and
                // the node's value would then be a loss that the search did not prove.
                if (futile_moves_prunable && r.hint_score < options_.futility_max_move_score &&
                    !(is_decisive(best) && best < 0)) {
                    if (!futile_node)
                        futile_node = is_futile_node(game, depth, alpha);
                    if (*futile_node) {
                        ++stats_.futile_moves;
                        continue;
                    }
                }
                ++quiet_searched;
            }

            // Step 8. Search the move: the first with the full window, the rest with a null
            // window (late quiet moves first shallower: late-move reductions), re-searched when
            // they beat alpha.
            if constexpr (HasHashAfter<G>) {
                // The child probes the table first thing (the quiescence too): fetch its entry
                // during the move.
                tt_->prefetch(game.hash_after(r.move));
            }
            const int reduction = late_move_reduction(r, i, depth, only_move);
            game.play(r.move);
            Value v;
            if (i == 0 || !options_.pvs) {
                v = -negamax(game, child_depth, ply + 1, -beta, -alpha);
            } else {
                if (reduction > 0) {
                    ++stats_.reduced_searches;
                    v = -negamax(game, child_depth - reduction, ply + 1, -alpha - 1, -alpha);
                    if (v > alpha && !budget_->stopped())
                        v = -negamax(game, child_depth, ply + 1, -alpha - 1, -alpha);
                } else {
                    v = -negamax(game, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if (v > alpha && v < beta && !budget_->stopped())
                    v = -negamax(game, child_depth, ply + 1, -beta, -alpha);
            }
            game.undo();
            if (budget_->stopped())
                return 0;

            // Step 9. A better move: the new principal variation; a cutoff is remembered for
            // the ordering elsewhere.
            if (v > best) {
                best = v;
                best_move = r.move;
                if (v > alpha) {
                    alpha = v;
                    update_pv(ply, r.move);
                    if (ply == 0)
                        root_value_ = v;
                    if (alpha >= beta) {
                        ++stats_.cutoffs;
                        if (i == 0)
                            ++stats_.first_move_cutoffs;
                        remember_cutoff(game, r, ply, depth);
                        break;
                    }
                }
            }
        }

        // Step 10. Store the result (not a root searched without some of its moves).
        if (ply > 0 || excluded_.empty())
            store(key, depth, ply, best, original_alpha, beta, best_move, picker.only_move(),
                  false);
        return best;
    }

    /// The horizon (depth 0) of `negamax`, as AlphaBetaOptions::horizon says: the quiescence
    /// search; else the forced reply played, then the game's forced-win search and the static
    /// evaluation.
    Value horizon(G& game, int ply, Value alpha, Value beta) {
        if constexpr (HasTacticalMoves<G>) {
            if (options_.horizon == Horizon::quiescence)
                return quiescence(game, ply, alpha, beta, options_.quiescence_forcing_moves);
        }
        if constexpr (HasForcedReply<G>) {
            if (options_.single_reply_extension && ply < max_ply) {
                if (const std::optional<Move> reply = game.forced_reply()) {
                    game.play(*reply);
                    const Value v = -negamax(game, 0, ply + 1, -beta, -alpha);
                    game.undo();
                    return v;
                }
            }
        }
        ++stats_.leaf_nodes;
        if constexpr (HasForcedWinSearch<G>) {
            if (options_.horizon != Horizon::evaluation) {
                const std::int64_t before = budget_->nodes();
                const Value forced = game.forced_win(ply, options_.forced_win_nodes, *budget_);
                stats_.forced_win_nodes += budget_->nodes() - before;
                if (budget_->stopped())
                    return 0;
                if (forced != 0)
                    return forced;
            }
        }
        return game.evaluate();
    }

    /// One iteration at the root to `depth`: the full window, or with aspiration windows a
    /// narrow one around the previous value, widened until the value lies inside it.
    Value search_root(G& game, int depth, const SearchResult<Move>& previous) {
        using P = AlphaBetaParams;
        if (!options_.aspiration_windows || depth < P::aspiration_min_depth ||
            previous.depth == 0 || is_decisive(previous.value))
            return negamax(game, depth, 0, -value_infinite, value_infinite);
        Value half_width = options_.aspiration_half_width;
        Value alpha = std::max(previous.value - half_width, -value_infinite);
        Value beta = std::min(previous.value + half_width, value_infinite);
        for (;;) {
            const Value value = negamax(game, depth, 0, alpha, beta);
            if (budget_->stopped() || (value > alpha && value < beta))
                return value;
            ++stats_.aspiration_researches;
            half_width *= P::aspiration_growth;
            // A decisive value or a wide window: search the rest of the range in full.
            const bool full = is_decisive(value) || half_width >= value_known_win;
            if (value <= alpha)
                alpha = full ? -value_infinite : std::max(value - half_width, -value_infinite);
            else
                beta = full ? value_infinite : std::min(value + half_width, value_infinite);
        }
    }

    /// The tactical quiescence search (AlphaBetaOptions::quiescence) at distance `ply` from
    /// the root, with `forcing_left` forcing moves left to the side that may stand pat. Its
    /// results are stored at the depths below 0 (quiescence_depth), never over a deeper entry,
    /// and settle a node only if searched with at least as many forcing moves left.
    Value quiescence(G& game, int ply, Value alpha, Value beta,
                     int forcing_left) requires HasTacticalMoves<G> {
        // Step 1. Count the node; terminal positions and the deepest ply.
        at(ply).pv.clear();
        if (!budget_->spend_node())
            return 0;
        ++stats_.quiescence_nodes;
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (ply >= max_ply) {
            ++stats_.leaf_nodes;
            return game.evaluate();
        }

        // Step 2. Transposition table.
        const std::uint64_t key = game.hash();
        std::optional<Move> tt_move;
        if (const std::optional<Entry> entry = probe(key)) {
            if (entry->has_move)
                tt_move = entry->move;
            if (const auto v =
                    settled_value(*entry, quiescence_depth(forcing_left), ply, alpha, beta))
                return *v;
        }

        // Step 3. Stand pat on the static evaluation, unless a threat must be answered.
        MoveList<Move>& moves = at(ply).tactical_moves;
        const bool may_stand = game.tactical_moves(moves);
        const Value original_alpha = alpha;
        Value best = -value_infinite;
        if (may_stand || moves.empty()) {
            ++stats_.leaf_nodes;
            best = game.evaluate();
            if (best >= beta || forcing_left <= 0 || moves.empty())
                return best;
            alpha = std::max(alpha, best);
        }
        if (tt_move && options_.ordering.hash_move) {
            // The table's move first, when it is one of this node's moves.
            const auto it = std::find(moves.begin(), moves.end(), *tt_move);
            if (it != moves.end())
                std::rotate(moves.begin(), it, it + 1);
        }

        // Step 4. The forcing moves (or the answers to a threat).
        std::optional<Move> best_move;
        const int child_forcing_left = may_stand ? forcing_left - 1 : forcing_left;
        for (const Move m : moves) {
            if constexpr (HasHashAfter<G>)
                tt_->prefetch(game.hash_after(m));
            game.play(m);
            const Value v = -quiescence(game, ply + 1, -beta, -alpha, child_forcing_left);
            game.undo();
            if (budget_->stopped())
                return 0;
            if (v > best) {
                best = v;
                best_move = m;
                if (v > alpha) {
                    alpha = v;
                    update_pv(ply, m);
                    if (alpha >= beta)
                        break;
                }
            }
        }

        // Step 5. Store the result.
        store(key, quiescence_depth(forcing_left), ply, best, original_alpha, beta, best_move,
              false, true);
        return best;
    }

    /// The table depth of a quiescence result with `forcing_left` forcing moves left: below 0,
    /// higher with more of them left (-1 with all of them).
    [[nodiscard]] int quiescence_depth(int forcing_left) const noexcept {
        return forcing_left - options_.quiescence_forcing_moves - 1;
    }

    /// Whether the quiet moves of a node with `depth` plies left can be futile: its side to
    /// move is not threatened and its static value plus the futility margin a ply does not
    /// beat `alpha` (AlphaBetaOptions::futility_pruning).
    [[nodiscard]] bool is_futile_node(G& game, int depth, Value alpha) {
        if constexpr (HasThreatCheck<G>)
            return !game.threatened() &&
                   game.evaluate() + options_.futility_margin * depth <= alpha;
        else
            return false;
    }

    /// Plies by which the `i`-th move tried (`r`) is searched shallower first: late quiet
    /// moves at enough depth, never the only move. Moves with a threat stage, killers and the
    /// hash move keep their depth.
    [[nodiscard]] int late_move_reduction(const Ranked& r, std::size_t i, int depth,
                                          bool only_move) const noexcept {
        using P = AlphaBetaParams;
        if (!options_.late_move_reductions || !options_.pvs || only_move || !r.quiet ||
            r.killer > 0 || i < P::lmr_full_depth_moves || depth < P::lmr_min_depth)
            return 0;
        if (options_.logarithmic_reductions) {
            const double plies = std::log(static_cast<double>(depth)) *
                                 std::log(static_cast<double>(i + 1)) / P::lmr_log_divisor;
            return std::clamp(static_cast<int>(plies), 1, std::max(1, depth - 2));
        }
        return i >= P::lmr_deep_moves && depth >= P::lmr_deep_depth ? 2 : 1;
    }

    /// Credits a quiet move that cut off to the killers and the history. Urgent moves are
    /// found by their stage anyway, and a cutoff by the hash move credits neither (crediting
    /// it measured no gain: docs/strength.md).
    void remember_cutoff(const G& game, const Ranked& r, int ply, int depth) {
        if (r.hash_move || r.stage > 0)
            return;
        ordering_history_.credit(at(ply).killers, r.move, game.side_to_move(),
                                 game.hints(r.move).index, depth);
    }

    void update_pv(int ply, Move m) {
        const std::vector<Move>& child = at(ply + 1).pv;
        std::vector<Move>& line = at(ply).pv;
        line.assign(1, m);
        line.insert(line.end(), child.begin(), child.end());
    }

    /// AlphaBetaOptions::futility_pruning resolved for G: the option, else the game's choice.
    [[nodiscard]] static bool prunes_futile_moves(const AlphaBetaOptions& options) noexcept {
        if constexpr (!HasThreatCheck<G>)
            return false;
        else if (options.futility_pruning != Toggle::by_game)
            return options.futility_pruning == Toggle::on;
        else if constexpr (HasSelectiveSearch<G>)
            return G::selective_search.futility_pruning;
        else
            return false;
    }

    AlphaBetaOptions options_;
    bool futility_pruning_ = false;                       ///< prunes_futile_moves(options_)
    std::unique_ptr<TranspositionTable<Move>> own_table_; ///< empty when the caller's is used
    TranspositionTable<Move>* tt_;                        ///< never null
    std::deque<PlyState> stack_;                          ///< one state a ply of the line
    OrderingHistory<Move> ordering_history_;
    SearchStats stats_;
    Value root_value_ = 0; ///< value of the root's best move so far in the current iteration
    std::span<const Move> excluded_; ///< root moves not to search (the current search's)
    SearchBudget* budget_ = nullptr; ///< the running search's
};

} // namespace tengen
