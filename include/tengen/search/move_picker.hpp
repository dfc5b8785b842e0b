#pragma once
/// \file
/// MovePicker: the staged move ordering of AlphaBeta. The hash move first, before the other moves
/// are generated when the game can vouch for it; then the generated moves by threat stage
/// (MoveHints::stage), killer, pattern score plus history, and generation order. Each component
/// can be switched off (OrderingOptions) without changing which moves are searched.

#include <tengen/core/types.hpp>
#include <tengen/search/game.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

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

/// The ordering's tuned constants, in one place.
struct OrderingParams {
    static constexpr int max_killers = 2;
    static constexpr int history_size = 4096; ///< MoveHints::index must be below this
    static constexpr Value history_max = 1 << 14;
    /// History bonus of a cutoff at remaining depth d: d * d, capped.
    static constexpr Value history_bonus_cap = 1 << 10;
    /// Moves picked one by one by selection before the rest is sorted: most cutoffs come from
    /// the first moves.
    static constexpr std::size_t selected_picks = 3;
};

/// A move with its ordering key, as the picker hands it out.
template <typename Move> struct RankedMove {
    Move move{};
    bool hash_move = false; ///< the table's move (with OrderingOptions::hash_move): tried first
    int stage = 0;          ///< MoveHints::stage when ordering by threat stages, else 0
    int killer = 0;         ///< 2 for the newest killer, 1 for the older, 0 for none
    Value score = 0;        ///< pattern score plus history, as enabled
    int order = 0;          ///< generation order: the final tie-break
    Value hint_score = 0;   ///< MoveHints::score, whatever the ordering uses
    bool quiet = true; ///< MoveHints::stage is 0, whatever the ordering uses; the hash move never
};

/// What the ordering learns from cutoffs during one search: killers per ply and a history per
/// side and move index, bounded by "gravity".
template <typename Move> class OrderingHistory {
public:
    using Killers = std::array<std::optional<Move>, OrderingParams::max_killers>;

    /// Forgets everything (a new search).
    void clear() {
        for (auto& side : history_)
            side.fill(0);
    }

    /// The history value of move `index` for `side` (0 outside the table).
    [[nodiscard]] Value history(Color side, int index) const noexcept {
        if (index < 0 || index >= OrderingParams::history_size)
            return 0;
        return history_[index_of(side)][static_cast<std::size_t>(index)];
    }

    /// Credits the quiet move `m` (hints index `index`) of `side`, which cut off at remaining
    /// depth `depth`, to `killers` (the node's ply's) and to the history.
    void credit(Killers& killers, Move m, Color side, int index, int depth) {
        if (!(killers[0] && *killers[0] == m)) {
            for (std::size_t k = killers.size() - 1; k > 0; --k)
                killers[k] = killers[k - 1];
            killers[0] = m;
        }
        if (index < 0 || index >= OrderingParams::history_size)
            return;
        // "Gravity": the bonus shrinks as the entry nears its bound, so entries stay bounded.
        Value& h = history_[index_of(side)][static_cast<std::size_t>(index)];
        const Value bonus = std::min(depth * depth, OrderingParams::history_bonus_cap);
        h += bonus - h * bonus / OrderingParams::history_max;
    }

private:
    std::array<std::array<Value, OrderingParams::history_size>, 2> history_{};
};

/// Hands out the moves of one node in the order to try them, in stages: the hash move (when the
/// game can vouch for it, HasPlayableCheck, before anything is generated: most nodes that have
/// one cut off on it and never pay for generating and ranking the rest), then the generated
/// moves, the hash move left out if it was tried already. Uses the caller's buffer, so that a
/// search keeps one per ply.
template <Game G> class MovePicker {
public:
    using Move = typename G::Move;
    using Ranked = RankedMove<Move>;
    using Killers = typename OrderingHistory<Move>::Killers;

    /// A picker for the side to move of `game`; `tt_move` is the table's move, `tt_move_first`
    /// whether the table vouches for it as one of this node's generated moves (a result of the
    /// main search rather than of a quiescence), `tt_only_move` what the table says of the node
    /// having a single move. The game, options, killers, history, buffer and stats must outlive
    /// the picker.
    MovePicker(G& game, const OrderingOptions& options, std::optional<Move> tt_move,
               bool tt_move_first, bool tt_only_move, const Killers& killers,
               const OrderingHistory<Move>& history, MoveList<Ranked>& buffer, SearchStats& stats)
        : game_(game), options_(options), tt_move_(tt_move), killers_(killers), history_(history),
          ranked_(buffer), stats_(stats) {
        ranked_.clear();
        only_move_ = tt_move_first && tt_only_move;
        if (options_.hash_move && tt_move_first && can_try_before_generating(*tt_move_)) {
            Ranked first;
            first.move = *tt_move_;
            first.hash_move = true;
            first.quiet = false;
            ranked_.push_back(first);
            stage_ = Stage::HashMove;
        } else {
            generate(false);
        }
    }

    /// The next move to try, or nothing when every move has been handed out.
    [[nodiscard]] const Ranked* next() {
        if (next_ == ranked_.size()) {
            if (stage_ == Stage::Generated)
                return nullptr;
            generate(true); // the hash move did not cut off: now the rest
            if (next_ == ranked_.size())
                return nullptr;
        }
        select(next_);
        return &ranked_[next_++];
    }

    /// True when the node has a single move: known from the table, or once generated.
    [[nodiscard]] bool only_move() const noexcept { return only_move_; }
    /// Moves handed out so far.
    [[nodiscard]] std::size_t picked() const noexcept { return next_; }

private:
    enum class Stage : std::uint8_t { HashMove, Generated };

    [[nodiscard]] bool can_try_before_generating(Move m) const {
        if constexpr (HasPlayableCheck<G>)
            return game_.is_playable(m);
        else
            return false;
    }

    /// Generates the node's moves and appends them, ranked; the hash move is left out when it
    /// was `tried` already.
    void generate(bool tried) {
        MoveList<Move> moves;
        game_.generate_moves(moves);
        ++stats_.interior_nodes;
        stats_.generated_moves += static_cast<std::int64_t>(moves.size());
        const Color side = game_.side_to_move();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = moves[i];
            const bool is_tt_move = tt_move_ && *tt_move_ == m;
            if (tried && is_tt_move)
                continue;
            const MoveHints hints = game_.hints(m);
            Ranked r;
            r.move = m;
            r.order = static_cast<int>(i);
            r.quiet = hints.stage == 0;
            if (options_.threat_stages)
                r.stage = hints.stage;
            if (options_.killers)
                for (std::size_t k = 0; k < killers_.size(); ++k)
                    if (killers_[k] && *killers_[k] == m)
                        r.killer = static_cast<int>(killers_.size() - k);
            r.hint_score = hints.score;
            if (options_.pattern_scores)
                r.score += hints.score;
            if (options_.history)
                r.score += history_.history(side, hints.index);
            if (options_.hash_move && is_tt_move) {
                r.hash_move = true;
                r.quiet = false;
            }
            ranked_.push_back(r);
        }
        only_move_ = moves.size() == 1;
        stage_ = Stage::Generated;
    }

    /// True if `a` is tried before `b`: the hash move, then stage, killer, score, then
    /// generation order.
    [[nodiscard]] static bool before(const Ranked& a, const Ranked& b) noexcept {
        if (a.hash_move != b.hash_move)
            return a.hash_move;
        if (a.stage != b.stage)
            return a.stage > b.stage;
        if (a.killer != b.killer)
            return a.killer > b.killer;
        if (a.score != b.score)
            return a.score > b.score;
        return a.order < b.order;
    }

    /// Brings the move to try `i`-th into place: the first few by selection, then the rest
    /// sorted at once.
    void select(std::size_t i) {
        if (i < OrderingParams::selected_picks) {
            std::size_t best = i;
            for (std::size_t j = i + 1; j < ranked_.size(); ++j)
                if (before(ranked_[j], ranked_[best]))
                    best = j;
            std::swap(ranked_[i], ranked_[best]);
        } else if (i == OrderingParams::selected_picks) {
            // A closure, not the function's address, so that the comparisons are inlined.
            std::sort(ranked_.begin() + static_cast<std::ptrdiff_t>(i), ranked_.end(),
                      [](const Ranked& a, const Ranked& b) { return before(a, b); });
        }
    }

    G& game_;
    const OrderingOptions& options_;
    std::optional<Move> tt_move_;
    const Killers& killers_;
    const OrderingHistory<Move>& history_;
    MoveList<Ranked>& ranked_;
    SearchStats& stats_;
    Stage stage_ = Stage::Generated;
    std::size_t next_ = 0;
    bool only_move_ = false;
};

} // namespace tengen
