#pragma once
/// \file
/// GomokuSearcher: the engine of every front-end. It owns a transposition table kept across
/// moves, the search options and the evaluation's weights, and searches the boards it is given
/// (an AnyBoard or a typed Board<Rule>): within limits, a deadline and a stop flag, spending a
/// move's time by the time policy of engine/time_policy.hpp, and answering with the one-ply
/// choice when no iteration completes. The board is only borrowed: one searcher per engine
/// seat, any number of boards.

#include <tengen/core/types.hpp>
#include <tengen/engine/any_board.hpp>
#include <tengen/engine/time_policy.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/eval.hpp>
#include <tengen/gomoku/game.hpp>
#include <tengen/gomoku/movegen.hpp>
#include <tengen/gomoku/rules/dispatch.hpp>
#include <tengen/gomoku/vct.hpp>
#include <tengen/search/alpha_beta.hpp>
#include <tengen/search/greedy.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/parallel_search.hpp>
#include <tengen/search/transposition_table.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen {

/// How a GomokuSearcher searches. The defaults are the engine that plays (pbrain-tengen,
/// tengen_play, tengen_web and tengen_match all use them).
struct SearcherOptions {
    /// The α-β search; `search.tt_megabytes` is the table's size. playing_defaults() unless
    /// set: the selective parts that measured a gain, the table kept across searches.
    AlphaBetaOptions search = playing_defaults();
    /// The evaluation's and the move ordering's weights.
    GomokuWeights weights{};
    /// With a time limit (SearchLimits::max_time or deadline), stop starting iterations early
    /// when the choice has settled (time_policy); off, iterate to the limit. A caller's own
    /// SearchLimits::continue_after takes precedence.
    bool time_management = true;
    /// Time a move does not use is worth keeping (a match clock, a user waiting): see
    /// worth_another_iteration.
    bool save_time = true;
    /// Search threads (ParallelSearch), each on a copy of the board, sharing the table; 1
    /// searches on the calling thread alone, as every search did before threads existed.
    /// From 1 to max_threads.
    int threads = 1;
    /// The most search threads a searcher takes.
    static constexpr int max_threads = 256;
    /// Before each search, leave out the root moves after which the opponent has a VCT within
    /// `walk_in_limits` (moves_allowing_vct), unless every move does: a defence against the
    /// forced wins by fours and threes that the search's horizon hides.
    bool avoid_walk_ins = false;
    /// The VCT looked for after each root move when avoid_walk_ins is on.
    VctLimits walk_in_limits{.max_attacker_moves = 7, .max_nodes = 600};

    /// The search that plays gomoku: AlphaBetaOptions::playing for GomokuGame (the selective
    /// parts that measured a gain, docs/strength.md; the table kept across searches).
    [[nodiscard]] static AlphaBetaOptions playing_defaults() {
        return AlphaBetaOptions::playing<GomokuGame<Board<Freestyle>>>();
    }
};

/// Searches gomoku-family boards for the side to move, keeping what it learns in a
/// transposition table from one search to the next.
///
/// The table's entries depend on the rule and the board size (a point's index does), so the
/// searcher forgets them when it is given a board of another rule or size. Movable, not
/// copyable; not thread-safe (stop a search from another thread with SearchLimits::stop).
class GomokuSearcher {
public:
    /// A searcher with a table of `options.search.tt_megabytes` MiB (0: the smallest, one entry).
    /// Throws std::invalid_argument when `options.threads` is outside [1, max_threads].
    explicit GomokuSearcher(const SearcherOptions& options = {})
        : options_(checked(options)), table_(options.search.tt_megabytes) {}

    /// The options in force.
    [[nodiscard]] const SearcherOptions& options() const noexcept { return options_; }
    /// Changes the options. Another table size reallocates and clears the table (the old one
    /// freed first, so the two never use memory at once); other weights clear it, since its
    /// values came from the old ones.
    /// Throws std::invalid_argument, changing nothing, when `options.threads` is outside
    /// [1, max_threads].
    void set_options(const SearcherOptions& options) {
        checked(options);
        if (options.search.tt_megabytes != options_.search.tt_megabytes)
            table_.resize(options.search.tt_megabytes);
        if (options.weights != options_.weights)
            table_.clear();
        options_ = options;
    }
    /// The table's size as asked for (MiB; the table rounds it down to a power of two entries).
    [[nodiscard]] std::size_t table_megabytes() const noexcept {
        return options_.search.tt_megabytes;
    }
    /// Gives the searcher a table of `megabytes` MiB unless it has one of that size (see
    /// set_options).
    void set_table_megabytes(std::size_t megabytes) {
        if (megabytes == table_megabytes())
            return;
        SearcherOptions options = options_;
        options.search.tt_megabytes = megabytes;
        set_options(options);
    }
    /// Forgets everything the table learnt (a new game against a new opponent, say).
    void clear_table() { table_.clear(); }
    /// The transposition table, for inspection.
    [[nodiscard]] const TranspositionTable<Point>& table() const noexcept { return table_; }

    /// An α-β search for the side to move of `board` (restored on return) within `limits`, the
    /// table kept from earlier searches on boards of the same rule and size, the time policy
    /// applied when the options ask for it. The result is the search's own: with depth 0 when
    /// no iteration completed (see choose).
    ///
    /// The moves of `excluded` are not searched at the root (AlphaBeta::search): the result is
    /// the best of the others.
    template <RulePolicy Rule>
    [[nodiscard]] SearchResult<Point> search(Board<Rule>& board, const SearchLimits& limits,
                                             std::span<const Point> excluded = {}) {
        return std::move(search_lines(board, limits, 1, excluded).front());
    }
    /// search() of the typed board.
    [[nodiscard]] SearchResult<Point> search(AnyBoard& board, const SearchLimits& limits,
                                             std::span<const Point> excluded = {}) {
        return board.visit([&](auto& b) { return search(b, limits, excluded); });
    }

    /// Multi-PV (AlphaBeta::search_lines): the `lines` best moves for the side to move of
    /// `board`, each with its value and line, searched to the same depth, best first; the
    /// moves of `excluded` left out, the time policy applied to the first line. The board is
    /// restored on return.
    template <RulePolicy Rule>
    [[nodiscard]] std::vector<SearchResult<Point>>
    search_lines(Board<Rule>& board, const SearchLimits& limits, std::size_t lines,
                 std::span<const Point> excluded = {}) {
        adopt_board(spec_of<Rule>(), board.width(), board.height());
        using Game = GomokuGame<Board<Rule>>;
        const SearchLimits searched = with_time_policy(limits);
        std::vector<Point> left_out;
        if (options_.avoid_walk_ins) {
            left_out = with_walk_ins(board, excluded);
            excluded = left_out;
        }
        if (options_.threads <= 1) {
            Game game(board, options_.weights);
            AlphaBeta<Game> alpha_beta(options_.search, table_);
            return alpha_beta.search_lines(game, searched, lines, excluded);
        }
        // The helpers' boards: copies, searched and restored by their threads alone.
        std::vector<Board<Rule>> copies;
        copies.reserve(static_cast<std::size_t>(options_.threads - 1));
        for (int i = 1; i < options_.threads; ++i)
            copies.push_back(board.clone());
        std::vector<Game> games;
        games.reserve(copies.size() + 1);
        games.emplace_back(board, options_.weights);
        for (Board<Rule>& copy : copies)
            games.emplace_back(copy, options_.weights);
        std::vector<Game*> pointers;
        for (Game& game : games)
            pointers.push_back(&game);
        ParallelSearch<Game> parallel(options_.search, table_);
        return parallel.search_lines(pointers, searched, lines, excluded);
    }
    /// search_lines() of the typed board.
    [[nodiscard]] std::vector<SearchResult<Point>>
    search_lines(AnyBoard& board, const SearchLimits& limits, std::size_t lines,
                 std::span<const Point> excluded = {}) {
        return board.visit([&](auto& b) { return search_lines(b, limits, lines, excluded); });
    }

    /// The move to play: search()'s choice, or the one-ply choice (quick_move) when no
    /// iteration completed (the first generated move of an unfinished iteration is arbitrary),
    /// or, when neither offers one, first_legal_point. `best_move` is empty only when the game
    /// is over or the board full. The board is restored on return.
    template <RulePolicy Rule>
    [[nodiscard]] SearchResult<Point> choose(Board<Rule>& board, const SearchLimits& limits) {
        if (board.result().is_over())
            return {};
        SearchResult<Point> result = search(board, limits);
        if (result.depth == 0)
            if (const auto quick = quick_move(board).best_move)
                result.best_move = quick;
        if (!result.best_move)
            result.best_move = first_legal_point(board);
        return result;
    }
    /// choose() on the typed board.
    [[nodiscard]] SearchResult<Point> choose(AnyBoard& board, const SearchLimits& limits) {
        return board.visit([&](auto& b) { return choose(b, limits); });
    }

    /// The one-ply Greedy choice with the searcher's weights (it never misses a five or the
    /// block of one): for when there is no time to search.
    template <RulePolicy Rule>
    [[nodiscard]] SearchResult<Point> quick_move(Board<Rule>& board,
                                                 const GreedyOptions& greedy = {}) const {
        GomokuGame<Board<Rule>> game(board, options_.weights);
        return Greedy<GomokuGame<Board<Rule>>>(greedy).search(game);
    }
    /// quick_move() on the typed board.
    [[nodiscard]] SearchResult<Point> quick_move(AnyBoard& board,
                                                 const GreedyOptions& greedy = {}) const {
        return board.visit([&](auto& b) { return quick_move(b, greedy); });
    }

private:
    static const SearcherOptions& checked(const SearcherOptions& options) {
        if (options.threads < 1 || options.threads > SearcherOptions::max_threads) {
            std::string message = "search threads must be from 1 to ";
            message += std::to_string(SearcherOptions::max_threads);
            message += ", not ";
            message += std::to_string(options.threads);
            throw std::invalid_argument(message);
        }
        return options;
    }

    /// `excluded` and the moves that walk into an opponent's VCT (moves_allowing_vct), unless
    /// those are every move `excluded` leaves.
    template <RulePolicy Rule>
    [[nodiscard]] std::vector<Point> with_walk_ins(Board<Rule>& board,
                                                   std::span<const Point> excluded) const {
        std::vector<Point> result(excluded.begin(), excluded.end());
        if (board.result().is_over())
            return result;
        MoveList<Point> generated;
        generate_moves(board, generated);
        std::vector<Point> candidates;
        for (Point move : generated)
            if (std::find(excluded.begin(), excluded.end(), move) == excluded.end())
                candidates.push_back(move);
        const std::vector<Point> losing =
            moves_allowing_vct(board, candidates, options_.walk_in_limits);
        if (losing.size() < candidates.size())
            result.insert(result.end(), losing.begin(), losing.end());
        return result;
    }

    /// Clears the table when the board's rule or size differs from the last one searched.
    void adopt_board(RuleSpec rule, int width, int height) {
        const BoardKind kind{rule, width, height};
        if (last_board_ && *last_board_ != kind)
            table_.clear();
        last_board_ = kind;
    }

    /// `limits` with the time policy's continue_after, when the options ask for one and the
    /// move has a time limit.
    [[nodiscard]] SearchLimits with_time_policy(SearchLimits limits) const {
        if (!options_.time_management || limits.continue_after)
            return limits;
        std::optional<std::chrono::milliseconds> budget = limits.max_time;
        if (limits.deadline) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                *limits.deadline - std::chrono::steady_clock::now());
            budget = budget ? std::min(*budget, left) : left;
        }
        if (budget)
            limits.continue_after = time_policy(*budget, options_.save_time);
        return limits;
    }

    struct BoardKind {
        RuleSpec rule;
        int width = 0;
        int height = 0;
        friend constexpr bool operator==(const BoardKind&, const BoardKind&) noexcept = default;
    };

    SearcherOptions options_;
    TranspositionTable<Point> table_;
    std::optional<BoardKind> last_board_; ///< of the last search, whose entries the table holds
};

} // namespace tengen
