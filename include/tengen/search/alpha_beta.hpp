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
    /// The table's replacement scheme: buckets replaced by depth and age
    /// (TTReplacement::DepthAndAge), or, off, one entry a slot always replaced (TTReplacement::
    /// Always). Decides what the table keeps, not what a stored value means. Off: at 100 ms a
    /// move (15x15, 100 games a rule) the buckets scored 49.5% in freestyle and 46.5% in renju
    /// against one entry a slot with the 16 MiB table, 46.5% and 46.5% with 1 MiB (as full as
    /// 16 MiB at a second a move).
    bool tt_buckets = false;
    bool pvs = true; ///< null-window searches after the first move
    /// Search a node with a single move (gomoku: the block of a four) without using up depth,
    /// and at the horizon play a game's forced reply (HasForcedReply) before evaluating, so
    /// forcing lines cost the horizon only their attacker's moves. Off, every ply counts.
    /// Decides which positions are searched, not the order: Minimax has the same switch.
    bool single_reply_extension = true;
    /// At depth 0, when the quiescence is off or the game has none, ask the game for a forced
    /// win beyond the horizon (gomoku: VCF) before the static evaluation, when it offers one.
    bool leaf_forced_win = true;
    /// Node budget of each leaf's forced-win search. Its nodes count in SearchStats::nodes (and
    /// SearchStats::forced_win_nodes) and against the limits. 400 rather than less: against
    /// Greedy at 100k nodes/move it lifted the score from 93% to 96% (50 games).
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
    /// is as before: the forced reply, then leaf_forced_win. On: at 100 ms a move (15x15, 100
    /// games each) it scored 71.5% in freestyle and 78% in renju against the leaf VCF.
    bool quiescence = true;
    /// Forcing moves of the side that makes them, per line of the quiescence search.
    int quiescence_forcing_moves = 8;
    /// Move-count pruning: at a node off the principal variation with little depth left
    /// (AlphaBetaParams::move_count_max_depth), quiet moves (MoveHints::stage 0, not a killer)
    /// past the first AlphaBetaParams::move_count_limit(depth) are not searched. Selective.
    bool move_count_pruning = false;
    /// Futility pruning: at a node off the principal variation with little depth left
    /// (AlphaBetaParams::futility_max_depth) whose static value is so far below alpha that no
    /// quiet move is expected to reach it (AlphaBetaParams::futility_margin), quiet moves after
    /// the first move are not searched. Selective.
    bool futility_pruning = false;
    /// Aspiration windows: from AlphaBetaParams::aspiration_min_depth on, each iteration first
    /// searches a window around the previous iteration's value, widened on a fail low or high
    /// until the value falls inside. The value found is the full window's (up to the table's
    /// cutoffs); only the work differs.
    bool aspiration_windows = false;
    /// Before the first iteration, where the game offers one (HasRootThreatSearch), look for a
    /// forced win of the side to move by threats (gomoku: VCT, threes as well as fours) within
    /// `root_threat_nodes` nodes, and answer with it when found, without iterating. Its nodes
    /// count in SearchStats::nodes and forced_win_nodes and against the limits. Off: at 100 ms a
    /// move (15x15, 100 games a rule) it scored 50.5% in freestyle and 48% in renju against the
    /// same search without; the quiescence and the depth find most of these wins anyway.
    bool root_threat_search = false;
    /// Node budget of the root threat search.
    std::int64_t root_threat_nodes = 20'000;
    /// Credit a cutoff by the hash move to the killers and the history as any other, when the
    /// move is quiet. Off, a hash-move cutoff credits neither (the ordering then learns only
    /// from the moves it had to rank). Changes the order only: values stay Minimax's. Off: at
    /// 100 ms a move (15x15, 100 games a rule) it scored 51.5% in freestyle and 50% in renju.
    bool hash_move_credit = false;
    /// Internal iterative reduction: a node with AlphaBetaParams::iir_min_depth or more depth
    /// left and no move from the table (nothing searched it before, so its ordering is a guess)
    /// is searched one ply shallower; the next iteration, with the move this one stores, searches
    /// it at full depth. Selective: values may differ from Minimax's. Off: at 100 ms a move
    /// (15x15, 100 games a rule) it scored 55% in freestyle and 48% in renju; iterative
    /// deepening leaves it few nodes to reduce.
    bool internal_iterative_reduction = false;
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
    /// Futility pruning: the deepest remaining depth it applies at, and the margin at remaining
    /// depth d (gomoku units: an open three point is worth 40, a four-three point 400).
    static constexpr int futility_max_depth = 2;
    static constexpr Value futility_margin_per_depth = 150;
    [[nodiscard]] static constexpr Value futility_margin(int depth) noexcept {
        return futility_margin_per_depth * depth;
    }
    /// Aspiration windows: the first iteration that uses one, the first half-width, and the
    /// factor it grows by after each failure.
    static constexpr int aspiration_min_depth = 4;
    static constexpr Value aspiration_half_width = 60;
    static constexpr Value aspiration_growth = 4;
    /// Internal iterative reduction: the least remaining depth it applies at.
    static constexpr int iir_min_depth = 4;
};

/// Negamax α-β over any Game. Construct once and reuse: the transposition table, killers and
/// history live in the object. Not thread-safe; stop it from another thread with
/// SearchLimits::stop.
template <Game G> class AlphaBeta {
public:
    using Move = typename G::Move;

    /// A search with a table of its own, of `options.tt_megabytes`.
    explicit AlphaBeta(AlphaBetaOptions options = {})
        : options_(options), own_table_(std::make_unique<TranspositionTable<Move>>(
                                 options.tt_megabytes, replacement_of(options))),
          tt_(own_table_.get()) {}
    /// A search with `table`, which the caller owns, sizes and keeps alive as long as this
    /// object: for a table that outlives the searches that use it (GomokuSearcher keeps one
    /// across the boards it is given). `options.tt_megabytes` and `tt_buckets` do not apply.
    AlphaBeta(AlphaBetaOptions options, TranspositionTable<Move>& table)
        : options_(options), tt_(&table) {}

    /// The options in force.
    [[nodiscard]] const AlphaBetaOptions& options() const noexcept { return options_; }
    /// Changes the options (a table of its own is resized when its size changes).
    void set_options(const AlphaBetaOptions& options) {
        if (own_table_) {
            if (options.tt_megabytes != options_.tt_megabytes)
                own_table_->resize(options.tt_megabytes);
            own_table_->set_replacement(replacement_of(options));
        }
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
        if constexpr (HasRootThreatSearch<G>) {
            if (options_.root_threat_search && root_moves.size() > 1 &&
                search_root_threats(game, budget, result))
                return result;
        }

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
    [[nodiscard]] static TTReplacement replacement_of(const AlphaBetaOptions& options) noexcept {
        return options.tt_buckets ? TTReplacement::DepthAndAge : TTReplacement::Always;
    }

    /// The root threat search (AlphaBetaOptions::root_threat_search): true, with `result` filled
    /// in (the win as value and principal variation, its plies as depth), when it found a win.
    bool search_root_threats(G& game, SearchBudget& budget, SearchResult<Move>& result) {
        std::vector<Move> line;
        const std::int64_t before = budget.nodes();
        const bool found = game.threat_win_line(options_.root_threat_nodes, budget, line);
        stats_.forced_win_nodes += budget.nodes() - before;
        if (!found || line.empty())
            return false;
        result.best_move = line.front();
        result.value = win_in(static_cast<int>(line.size()));
        result.depth = static_cast<int>(line.size());
        result.pv = std::move(line);
        result.stats = stats_;
        result.stats.nodes = budget.nodes();
        result.stats.elapsed = budget.elapsed();
        return true;
    }

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

        // A node with no stored move is ordered by guesswork: cheaper to search it a ply
        // shallower now and let the next iteration, with this one's move, search it in full.
        if (options_.internal_iterative_reduction && ply > 0 && !tt_move_first &&
            depth >= AlphaBetaParams::iir_min_depth) {
            --depth;
            ++stats_.iir_reductions;
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
        const bool futile = options_.futility_pruning && prunable_node &&
                            depth <= AlphaBetaParams::futility_max_depth &&
                            game.evaluate() + AlphaBetaParams::futility_margin(depth) <= alpha;
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
                if (futile || (quiet_limit >= 0 && quiet_searched >= quiet_limit)) {
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
        Value half_width = P::aspiration_half_width;
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

    /// Credits a quiet move that cut off to the killers and the history. A cutoff by the hash
    /// move (its `stage` is hash_move_stage) credits them only with hash_move_credit: with a
    /// bucketed table and the leaf VCF it measured no gain (48% in 100 games at 200,000 nodes).
    void remember_cutoff(const G& game, Move m, int ply, int depth, int stage) {
        // Urgent moves are found by their stage anyway; killers and history are for quiet ones.
        if (stage == hash_move_stage) {
            if (!options_.hash_move_credit || game.hints(m).stage > 0)
                return;
        } else if (stage > 0) {
            return;
        }
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
