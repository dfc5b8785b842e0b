#pragma once
/// \file
/// AlphaBeta: negamax with principal-variation search, iterative deepening, a transposition
/// table and a move ordering whose every component can be switched off on its own.

#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/transposition_table.hpp>
#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>

namespace tengen {

/// The components of AlphaBeta's move ordering. Each changes only the order in which moves are
/// tried, never which moves are searched: with every component off, moves are tried in the
/// game's generation order.
struct OrderingOptions {
    bool hash_move = true;      ///< the transposition table's move first
    bool threat_stages = true;  ///< by MoveHints::stage (wins, blocks, winning threats, fours)
    bool killers = true;        ///< two quiet moves per ply that caused cutoffs
    bool pattern_scores = true; ///< by MoveHints::score
    bool history = true;        ///< by how often a move caused cutoffs anywhere

    /// Every component off: plain generation order.
    [[nodiscard]] static constexpr OrderingOptions none() noexcept {
        return {false, false, false, false, false};
    }
};

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
    /// At depth 0, when the quiescence is off or the game has none, ask the game for a forced
    /// win beyond the horizon (gomoku: VCF) before the static evaluation, when it offers one.
    bool leaf_forced_win = true;
    /// Node budget of each leaf's forced-win search. Its nodes count in SearchStats::nodes (and
    /// SearchStats::forced_win_nodes) and against the limits (docs/strength.md has why 400).
    std::int64_t leaf_forced_win_nodes = 400;
    /// Late-move reductions: a quiet move (MoveHints::stage 0) tried late, at enough depth, is
    /// searched shallower with a null window first, and again at full depth only if it beats
    /// alpha. Selective: with it on, values may differ from Minimax's. Off here (unmeasured
    /// for Reversi); SearcherOptions::playing_defaults turns it on for gomoku.
    bool late_move_reductions = false;
    /// At depth 0, where the game offers one (HasTacticalMoves), a quiescence search instead
    /// of the leaf forced-win search: the side to move stands on the static evaluation or tries
    /// its forcing moves (gomoku: fours), the opponent answers every threat (the blocks), to
    /// `quiescence_forcing_moves` forcing moves a line, inside the α-β window, sharing the
    /// transposition table, every node counted. Minimax has the same switch. Off, the horizon
    /// is the forced reply, then leaf_forced_win (docs/strength.md: the quiescence against the
    /// leaf VCF).
    bool quiescence = true;
    /// Forcing moves of the side that makes them, per line of the quiescence search.
    int quiescence_forcing_moves = 8;
    /// Move-count pruning: at a node off the principal variation with little depth left
    /// (AlphaBetaParams::move_count_max_depth), quiet moves (MoveHints::stage 0, not a killer)
    /// past the first AlphaBetaParams::move_count_limit(depth) are not searched. Selective.
    bool move_count_pruning = false;
    /// Aspiration windows: from AlphaBetaParams::aspiration_min_depth on, each iteration first
    /// searches a window around the previous iteration's value, widened on a fail low or high
    /// until the value falls inside. The value found is the full window's (up to the table's
    /// cutoffs); only the work differs.
    bool aspiration_windows = false;
    /// The first half-width of an aspiration window, in the game's value units: the game's to
    /// choose (SearcherOptions::playing_defaults takes gomoku's, GomokuEvaluator).
    Value aspiration_half_width = 1;
};

/// Tuned constants of the move ordering and the selective search, in one place.
struct AlphaBetaParams {
    static constexpr int max_killers = 2;
    static constexpr int history_size = 4096; ///< MoveHints::index must be below this
    static constexpr Value history_max = 1 << 14;
    /// History bonus of a cutoff at remaining depth d: d * d, capped.
    static constexpr Value history_bonus_cap = 1 << 10;
    /// Late-move reductions: the moves tried before reducing, the remaining depth from which a
    /// node reduces, and where the reduction grows from one ply to two.
    static constexpr std::size_t lmr_full_depth_moves = 3;
    static constexpr int lmr_min_depth = 3;
    static constexpr std::size_t lmr_deep_moves = 8;
    static constexpr int lmr_deep_depth = 6;
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

/// Negamax α-β over any Game. Construct once and reuse: the transposition table, killers and
/// history live in the object. Not thread-safe; stop it from another thread with
/// SearchLimits::stop.
template <Game G> class AlphaBeta {
public:
    using Move = typename G::Move;

    /// A search with a table of its own, of `options.tt_megabytes`.
    explicit AlphaBeta(AlphaBetaOptions options = {})
        : options_(options),
          own_table_(std::make_unique<TranspositionTable<Move>>(options.tt_megabytes)),
          tt_(own_table_.get()) {}
    /// A search with `table`, which the caller owns, sizes and keeps alive as long as this
    /// object: for a table that outlives the searches that use it (GomokuSearcher keeps one
    /// across the boards it is given). `options.tt_megabytes` does not apply.
    AlphaBeta(AlphaBetaOptions options, TranspositionTable<Move>& table)
        : options_(options), tt_(&table) {}

    /// The options in force.
    [[nodiscard]] const AlphaBetaOptions& options() const noexcept { return options_; }
    /// Changes the options (a table of its own is resized when its size changes).
    void set_options(const AlphaBetaOptions& options) {
        if (own_table_ && options.tt_megabytes != options_.tt_megabytes)
            own_table_->resize(options.tt_megabytes);
        options_ = options;
    }
    /// The transposition table, for inspection and for seeding an oracle search.
    [[nodiscard]] TranspositionTable<Move>& table() noexcept { return *tt_; }

    /// Searches `game` (restored on return) by iterative deepening from depth 1 to
    /// `limits.max_depth`, stopping early on a proven result or a limit. The result holds the
    /// last completed iteration (its depth), with the move, value and PV of the interrupted
    /// iteration when that one finished searching at least one root move (the previous best
    /// is searched first, so its choice is the better informed); if no iteration completed,
    /// the first move generated.
    [[nodiscard]] SearchResult<Move> search(G& game, const SearchLimits& limits) {
        if (options_.clear_tt_each_search)
            tt_->clear();
        else
            tt_->new_search();
        killers_.assign(static_cast<std::size_t>(max_ply) + 1, {});
        for (auto& side : history_)
            side.fill(0);
        stats_ = SearchStats{};
        pv_table_.assign(static_cast<std::size_t>(max_ply) + 1, {});
        SearchBudget budget(limits);
        budget_ = &budget;

        SearchResult<Move> result;
        if (game.is_terminal()) {
            result.value = game.terminal_value(0);
            result.stats.nodes = budget.nodes();
            result.stats.elapsed = budget.elapsed();
            return result;
        }
        MoveList<Move> root_moves;
        game.generate_moves(root_moves);
        if (!root_moves.empty())
            result.best_move = root_moves[0];

        for (int depth = 1; depth <= std::max(1, limits.max_depth); ++depth) {
            const Value value = search_root(game, depth, result);
            if (budget.stopped()) {
                // The root moves searched to the end of the interrupted iteration began with the
                // previous best: the best of them is a better choice than the previous result.
                const auto& partial = pv_table_[0];
                if (result.depth > 0 && !partial.empty()) {
                    result.value = root_value_;
                    result.pv = partial;
                    result.best_move = partial.front();
                }
                break;
            }
            const std::optional<Move> previous_move = result.best_move;
            const Value previous_value = result.depth > 0 ? result.value : value;
            result.value = value;
            result.depth = depth;
            result.pv = pv_table_[0];
            if (!result.pv.empty())
                result.best_move = result.pv.front();
            // A proven result within the searched depth cannot change with more depth.
            if (is_decisive(value) && plies_to_end(value) <= depth)
                break;
            if (limits.continue_after) {
                IterationReport report;
                report.depth = depth;
                report.value = value;
                report.previous_value = previous_value;
                report.best_move_changed = depth > 1 && previous_move != result.best_move;
                report.single_move = root_moves.size() == 1;
                report.elapsed = budget.elapsed();
                if (!limits.continue_after(report))
                    break;
            }
        }
        result.stats = stats_;
        result.stats.nodes = budget.nodes();
        result.stats.elapsed = budget.elapsed();
        budget_ = nullptr;
        return result;
    }

private:
    using Killers = std::array<std::optional<Move>, AlphaBetaParams::max_killers>;

    /// A generated move with its ordering key.
    struct Ranked {
        Move move;
        int stage;
        int killer;
        Value score;
        int order;         ///< generation order: the final tie-break
        bool quiet = true; ///< MoveHints::stage is 0, whatever the ordering uses
    };

    Value negamax(G& game, int depth, int ply, Value alpha, Value beta) {
        // Step 1. Count the node; stop on a limit (the value is then ignored).
        pv_table_[static_cast<std::size_t>(ply)].clear();
        if (!budget_->spend_node())
            return 0;

        // Step 2. Terminal positions and the horizon.
        if (game.is_terminal()) {
            ++stats_.leaf_nodes;
            return game.terminal_value(ply);
        }
        if (depth <= 0 || ply >= max_ply) {
            if constexpr (HasTacticalMoves<G>) {
                if (options_.quiescence)
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
                if (options_.leaf_forced_win) {
                    const std::int64_t before = budget_->nodes();
                    const Value forced =
                        game.forced_win(ply, options_.leaf_forced_win_nodes, *budget_);
                    stats_.forced_win_nodes += budget_->nodes() - before;
                    if (budget_->stopped())
                        return 0;
                    if (forced != 0)
                        return forced;
                }
            }
            return game.evaluate();
        }

        // Step 3. Transposition table: a move to try first, and a value that may settle it.
        const bool pv_node = beta - alpha > 1;
        const std::uint64_t key = game.hash();
        std::optional<Move> tt_move;
        bool only_move = false; // the node has a single move (known once generated or stored)
        // A quiescence result (stored below depth 0) has a move but never generated them all,
        // so it cannot say whether the node has a single move: its move is only ranked first.
        bool tt_move_first = false;
        ++stats_.tt_probes;
        if (const auto* entry = tt_->probe(key)) {
            ++stats_.tt_hits;
            if (entry->has_move) {
                tt_move = entry->move;
                tt_move_first = entry->depth >= 0;
                only_move = tt_move_first && entry->only_move;
            }
            if (options_.tt_cutoffs && !pv_node && entry->depth >= depth) {
                const Value v = value_from_node(entry->value, ply);
                if (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && v >= beta) ||
                    (entry->bound == Bound::Upper && v <= alpha))
                    return v;
            }
        }

        // Step 4. The moves to try. The hash move goes first, so when the game can vouch for it
        // it is tried before the others are generated: most nodes that have one cut off on it,
        // and never pay for generating and ranking the rest. The table stored it from this very
        // position, so it is one of the moves generation would give (is_playable only guards
        // against a hash collision).
        MoveList<Ranked>& ranked = ranked_at(ply);
        ranked.clear();
        bool generated = false;
        if (options_.ordering.hash_move && tt_move_first &&
            can_try_before_generating(game, *tt_move)) {
            ranked.push_back(Ranked{*tt_move, hash_move_stage, 0, 0, 0, false});
        } else {
            only_move = generate_and_rank(game, ply, tt_move, false, ranked);
            generated = true;
        }

        // Step 5. Search the moves, the first with the full window, the rest with a null window
        // re-searched when they beat alpha.
        const Value original_alpha = alpha;
        Value best = -value_infinite;
        std::optional<Move> best_move;
        // Selective pruning of quiet moves, decided once per node.
        const bool prunable_node = !pv_node && ply > 0;
        const int quiet_limit = options_.move_count_pruning && prunable_node &&
                                        depth <= AlphaBetaParams::move_count_max_depth
                                    ? AlphaBetaParams::move_count_limit(depth)
                                    : -1;
        int quiet_searched = 0;
        for (std::size_t i = 0;; ++i) {
            if (i == ranked.size()) {
                if (generated)
                    break;
                // The hash move did not cut off: now the rest.
                only_move = generate_and_rank(game, ply, tt_move, true, ranked);
                generated = true;
                if (i == ranked.size())
                    break;
            }
            const int child_depth =
                options_.single_reply_extension && only_move ? depth : depth - 1;
            select_next(ranked, i);
            const Move m = ranked[i].move;
            if constexpr (HasHashAfter<G>) {
                // The child probes the table first thing: fetch its entry during the move.
                if (child_depth > 0)
                    tt_->prefetch(game.hash_after(m));
            }
            if (i > 0 && !only_move && ranked[i].quiet && ranked[i].killer == 0) {
                if (quiet_limit >= 0 && quiet_searched >= quiet_limit) {
                    ++stats_.pruned_moves;
                    continue;
                }
                ++quiet_searched;
            }
            const int reduction = late_move_reduction(ranked[i], i, depth, only_move);
            game.play(m);
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

            if (v > best) {
                best = v;
                best_move = m;
                if (v > alpha) {
                    alpha = v;
                    update_pv(ply, m);
                    if (ply == 0)
                        root_value_ = v;
                    if (alpha >= beta) {
                        // Step 6. A cutoff: remember the move for ordering elsewhere.
                        ++stats_.cutoffs;
                        if (i == 0)
                            ++stats_.first_move_cutoffs;
                        remember_cutoff(game, m, ply, depth, ranked[i].stage);
                        break;
                    }
                }
            }
        }

        // Step 7. Store the result.
        const Bound bound = best >= beta            ? Bound::Lower
                            : best > original_alpha ? Bound::Exact
                                                    : Bound::Upper;
        if (options_.tt_writes)
            tt_->store(key, depth, value_to_node(best, ply), bound, best_move, only_move);
        return best;
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
        pv_table_[static_cast<std::size_t>(ply)].clear();
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

        const std::uint64_t key = game.hash();
        std::optional<Move> tt_move;
        ++stats_.tt_probes;
        if (const auto* entry = tt_->probe(key)) {
            ++stats_.tt_hits;
            if (entry->has_move)
                tt_move = entry->move;
            if (options_.tt_cutoffs && entry->depth >= quiescence_depth(forcing_left)) {
                const Value v = value_from_node(entry->value, ply);
                if (entry->bound == Bound::Exact || (entry->bound == Bound::Lower && v >= beta) ||
                    (entry->bound == Bound::Upper && v <= alpha))
                    return v;
            }
        }

        MoveList<Move>& moves = quiescence_moves_at(ply);
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

        std::optional<Move> best_move;
        const int child_forcing_left = may_stand ? forcing_left - 1 : forcing_left;
        for (const Move m : moves) {
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
        const Bound bound = best >= beta            ? Bound::Lower
                            : best > original_alpha ? Bound::Exact
                                                    : Bound::Upper;
        if (options_.tt_writes)
            tt_->store_unless_deeper(key, quiescence_depth(forcing_left), value_to_node(best, ply),
                                     bound, best_move);
        return best;
    }

    /// The table depth of a quiescence result with `forcing_left` forcing moves left: below 0,
    /// higher with more of them left (-1 with all of them).
    [[nodiscard]] int quiescence_depth(int forcing_left) const noexcept {
        return forcing_left - options_.quiescence_forcing_moves - 1;
    }

    /// The quiescence move buffer of `ply` (see ranked_at).
    MoveList<Move>& quiescence_moves_at(int ply) {
        while (quiescence_buffers_.size() <= static_cast<std::size_t>(ply))
            quiescence_buffers_.emplace_back();
        return quiescence_buffers_[static_cast<std::size_t>(ply)];
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
        return i >= P::lmr_deep_moves && depth >= P::lmr_deep_depth ? 2 : 1;
    }

    /// True if `m`, the table's move for this position, may be tried before generating.
    [[nodiscard]] static bool can_try_before_generating(const G& game, Move m) {
        if constexpr (HasPlayableCheck<G>)
            return game.is_playable(m);
        else
            return false;
    }

    /// Generates the node's moves and appends them, ranked, to `ranked`; the hash move is left
    /// out when it was `tried` already. Returns true if the node has a single move.
    bool generate_and_rank(G& game, int ply, const std::optional<Move>& tt_move, bool tried,
                           MoveList<Ranked>& ranked) {
        MoveList<Move> moves;
        game.generate_moves(moves);
        ++stats_.interior_nodes;
        stats_.generated_moves += static_cast<std::int64_t>(moves.size());
        rank(game, moves, ply, tt_move, tried, ranked);
        return moves.size() == 1;
    }

    /// Appends the generated moves, scored by the enabled components, to `ranked`; the hash
    /// move is left out when it was `tried` already.
    void rank(const G& game, const MoveList<Move>& moves, int ply,
              const std::optional<Move>& tt_move, bool tried, MoveList<Ranked>& ranked) const {
        const OrderingOptions& o = options_.ordering;
        const Color side = game.side_to_move();
        const Killers& killers = killers_[static_cast<std::size_t>(ply)];
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            const bool is_tt_move = tt_move && *tt_move == m;
            if (tried && is_tt_move)
                continue;
            const MoveHints hints = game.hints(m);
            Ranked r{m, 0, 0, 0, static_cast<int>(i), hints.stage == 0};
            if (o.threat_stages)
                r.stage = hints.stage;
            if (o.killers)
                for (std::size_t k = 0; k < killers.size(); ++k)
                    if (killers[k] && *killers[k] == m)
                        r.killer = static_cast<int>(killers.size() - k);
            if (o.pattern_scores)
                r.score += hints.score;
            if (o.history)
                r.score += history_value(side, hints.index);
            if (o.hash_move && is_tt_move) {
                r.stage = hash_move_stage;
                r.quiet = false;
            }
            ranked.push_back(r);
        }
    }

    /// True if `a` is tried before `b`: stage, killer, score, then generation order.
    [[nodiscard]] static bool before(const Ranked& a, const Ranked& b) noexcept {
        if (a.stage != b.stage)
            return a.stage > b.stage;
        if (a.killer != b.killer)
            return a.killer > b.killer;
        if (a.score != b.score)
            return a.score > b.score;
        return a.order < b.order;
    }

    /// Brings the move to try `i`-th into place. Most cutoffs come from the first moves, so the
    /// first few are picked by selection and only then is the rest sorted.
    static void select_next(MoveList<Ranked>& ranked, std::size_t i) {
        constexpr std::size_t selected_picks = 3;
        if (i < selected_picks) {
            std::size_t best = i;
            for (std::size_t j = i + 1; j < ranked.size(); ++j)
                if (before(ranked[j], ranked[best]))
                    best = j;
            std::swap(ranked[i], ranked[best]);
        } else if (i == selected_picks) {
            std::sort(ranked.begin() + static_cast<std::ptrdiff_t>(i), ranked.end(), before);
        }
    }

    /// The move buffer of `ply`; a deque keeps earlier plies' buffers in place as it grows.
    MoveList<Ranked>& ranked_at(int ply) {
        while (ranked_buffers_.size() <= static_cast<std::size_t>(ply))
            ranked_buffers_.emplace_back();
        return ranked_buffers_[static_cast<std::size_t>(ply)];
    }

    [[nodiscard]] Value history_value(Color side, int index) const noexcept {
        if (index < 0 || index >= AlphaBetaParams::history_size)
            return 0;
        return history_[index_of(side)][static_cast<std::size_t>(index)];
    }

    /// Credits a quiet move that cut off to the killers and the history. Urgent moves are
    /// found by their stage anyway, and a cutoff by the hash move credits neither (crediting
    /// it measured no gain: docs/strength.md).
    void remember_cutoff(const G& game, Move m, int ply, int depth, int stage) {
        if (stage > 0)
            return;
        Killers& killers = killers_[static_cast<std::size_t>(ply)];
        if (!(killers[0] && *killers[0] == m)) {
            for (std::size_t k = killers.size() - 1; k > 0; --k)
                killers[k] = killers[k - 1];
            killers[0] = m;
        }
        const int index = game.hints(m).index;
        if (index < 0 || index >= AlphaBetaParams::history_size)
            return;
        // "Gravity": the bonus shrinks as the entry nears its bound, so entries stay bounded.
        Value& h = history_[index_of(game.side_to_move())][static_cast<std::size_t>(index)];
        const Value bonus = std::min(depth * depth, AlphaBetaParams::history_bonus_cap);
        h += bonus - h * bonus / AlphaBetaParams::history_max;
    }

    void update_pv(int ply, Move m) {
        auto& line = pv_table_[static_cast<std::size_t>(ply)];
        const auto& child = pv_table_[static_cast<std::size_t>(ply) + 1];
        line.assign(1, m);
        line.insert(line.end(), child.begin(), child.end());
    }

    /// Above every stage a game reports.
    static constexpr int hash_move_stage = 1 << 20;

    AlphaBetaOptions options_;
    std::unique_ptr<TranspositionTable<Move>> own_table_; ///< empty when the caller's is used
    TranspositionTable<Move>* tt_;                        ///< never null
    std::vector<Killers> killers_;
    std::array<std::array<Value, AlphaBetaParams::history_size>, 2> history_{};
    std::vector<std::vector<Move>> pv_table_;
    std::deque<MoveList<Ranked>> ranked_buffers_;
    std::deque<MoveList<Move>> quiescence_buffers_;
    SearchStats stats_;
    Value root_value_ = 0; ///< value of the root's best move so far in the current iteration
    SearchBudget* budget_ = nullptr; ///< the running search's
};

} // namespace tengen
