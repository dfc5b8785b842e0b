#pragma once
/// \file
/// The `Game` concept: what a two-player game must offer for tengen's search strategies.

#include <tengen/core/types.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>

#include <concepts>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace tengen {

/// What a game tells the move picker about one move. Each field feeds one switchable ordering
/// component; `index` breaks ties so that every search order is reproducible.
struct MoveHints {
    int stage = 0; ///< threat stage: higher is urgent (win now, stop a win, make a winning threat)
    Value score = 0; ///< static promise of the move (pattern scores in gomoku)
    int index = 0;   ///< a stable number for the move (gomoku: the point's index)
};

/// A two-player, zero-sum, perfect-information game that the strategies search in place.
///
/// - `side_to_move()`, `hash()` (64-bit, equal positions with equal side to move hash equally).
/// - `is_terminal()`; at a terminal node, `terminal_value(ply)` from the side to move's view, using
///   win_in / loss_in with the node's distance `ply` from the root, or value_draw.
/// - `evaluate()`: a static value from the side to move's view, within ±value_known_win.
/// - `generate_moves(list)`: the moves the search must consider (legal; a game may restrict them
///   to forced replies, e.g. the blocks of a five threat). Never empty at a non-terminal node.
/// - `play(m)` / `undo()`: in place.
/// - `hints(m)`: ordering information for a move generated at the current node.
template <typename G>
concept Game = requires(G& game, const G& view, typename G::Move move,
                        MoveList<typename G::Move>& moves, int ply) {
    typename G::Move;
    requires std::equality_comparable<typename G::Move>;
    requires std::is_trivially_copyable_v<typename G::Move>;
    { view.side_to_move() } -> std::same_as<Color>;
    { view.hash() } -> std::same_as<std::uint64_t>;
    { view.is_terminal() } -> std::same_as<bool>;
    { view.terminal_value(ply) } -> std::same_as<Value>;
    { view.evaluate() } -> std::same_as<Value>;
    { view.hints(move) } -> std::same_as<MoveHints>;
    game.generate_moves(moves);
    game.play(move);
    game.undo();
};

/// A game that can look for a forced win beyond the search horizon (gomoku: VCF).
/// `forced_win(ply, node_budget, budget)` returns a win value for the side to move
/// (win_in(ply + n)) or 0 when none is found within `node_budget` nodes. Each node it visits is
/// spent from `budget`, the calling search's (so it counts in the search's statistics and
/// against its limits), and it gives up, returning 0, as soon as `budget` says stop. It must
/// leave the game as it found it.
template <typename G>
concept HasForcedWinSearch = Game<G> &&
    requires(G& game, int ply, std::int64_t node_budget, SearchBudget& budget) {
    { game.forced_win(ply, node_budget, budget) } -> std::same_as<Value>;
};

/// A game that can tell cheaply when the side to move has a single reply (gomoku: the block of a
/// four). `forced_reply()` returns a move only when `generate_moves` would generate that move and
/// no other (it may return nothing even then); searches then play it at their horizon too,
/// instead of evaluating a position whose next move is already decided.
template <typename G>
concept HasForcedReply = Game<G> && requires(G& game) {
    { game.forced_reply() } -> std::same_as<std::optional<typename G::Move>>;
};

/// A game with a tactical quiescence search beyond the horizon (gomoku: fours and their blocks).
/// `tactical_moves(list)`, at a node that is not terminal, replaces `list` with the moves such a
/// search tries and returns whether the side to move may stand on the static evaluation instead:
/// - true: nothing must be answered now; the list holds the side's forcing moves (gomoku: its
///   fours), possibly none;
/// - false: a threat must be answered or a win taken now; the list holds the moves that matter
///   (gomoku: our five, else the blocks of the opponent's five), never empty: when nothing
///   answers the threat, one legal move, which loses.
/// Every move listed is one generate_moves would generate.
template <typename G>
concept HasTacticalMoves = Game<G> && requires(G& game, MoveList<typename G::Move>& moves) {
    { game.tactical_moves(moves) } -> std::same_as<bool>;
};

/// A game that can tell when the side to move is threatened: its opponent, left alone, would
/// win by force within a move or two (gomoku: the opponent has a point where it makes a five, an
/// open four, a double four or a four-three). `threatened()` must be cheap (it is asked at many
/// nodes). Searches never take a threatened position's static value for a cutoff: it cannot see
/// the loss coming.
template <typename G>
concept HasThreatCheck = Game<G> && requires(const G& view) {
    { view.threatened() } -> std::same_as<bool>;
};

/// What a search does at its horizon (depth 0) before the static evaluation. A game that lacks
/// what a choice needs (HasTacticalMoves, HasForcedWinSearch) gets the next one down the list.
enum class Horizon {
    /// The static evaluation, after the game's forced reply (HasForcedReply) when the single
    /// reply extension is on.
    evaluation,
    /// As `evaluation`, but first the game's forced-win search within a small node budget
    /// (gomoku: a VCF), whose win, when found, is the value.
    forced_win,
    /// The game's tactical quiescence search (gomoku: fours and their blocks): the side to move
    /// stands on the static evaluation or tries its forcing moves; the opponent answers every
    /// threat. Where the game has none, `forced_win`.
    quiescence,
};

/// A game that can tell the hash a move leads to without playing it. Searches use it to fetch
/// the child's transposition-table entry into cache while the move is being played.
template <typename G>
concept HasHashAfter = Game<G> && requires(const G& view, typename G::Move move) {
    { view.hash_after(move) } -> std::same_as<std::uint64_t>;
};

/// A game that can check cheaply that a move may be played now (gomoku: an empty point on the
/// board). Searches use it to try the transposition table's move before generating the others;
/// it guards against a hash collision handing them a move from another position.
template <typename G>
concept HasPlayableCheck = Game<G> && requires(const G& view, typename G::Move move) {
    { view.is_playable(move) } -> std::same_as<bool>;
};

/// Which selective parts of the α-β search measured a gain for a game, and the game's own
/// numbers for them: a game states them (HasSelectiveSearch) where they were measured, and
/// AlphaBeta's default options then play with them. A game that states nothing is searched
/// exactly by default (no part that can change a value).
struct SelectiveSearch {
    bool late_move_reductions = false;   ///< AlphaBetaOptions::late_move_reductions
    bool logarithmic_reductions = false; ///< AlphaBetaOptions::logarithmic_reductions
    bool static_cutoffs = false;         ///< AlphaBetaOptions::static_cutoffs
    bool move_count_pruning = false;     ///< AlphaBetaOptions::move_count_pruning
    bool aspiration_windows = false;     ///< AlphaBetaOptions::aspiration_windows
    /// The first half-width of an aspiration window, in the game's value units.
    Value aspiration_half_width = 1;
    /// The margin a ply of depth of a static-value cutoff, in the game's value units.
    Value static_cutoff_margin = 1;
    /// AlphaBetaOptions::quiescence_forcing_moves; 0 keeps the options' default.
    int quiescence_forcing_moves = 0;
    /// AlphaBetaOptions::futility_pruning (a game's rule may decide it).
    bool futility_pruning = false;
    /// AlphaBetaOptions::futility_margin, in the game's value units.
    Value futility_margin = 1;
    /// AlphaBetaOptions::futility_max_move_score, in the units of MoveHints::score.
    Value futility_max_move_score = 0;
};

/// A game that states the selective search it plays best with (`G::selective_search`, a
/// constant SelectiveSearch).
template <typename G>
concept HasSelectiveSearch = Game<G> && requires {
    { G::selective_search } -> std::convertible_to<SelectiveSearch>;
};

} // namespace tengen
