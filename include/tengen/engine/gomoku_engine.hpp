#pragma once
/// \file
/// GomokuEngine: a gomoku-family game whose rule and size are chosen at run time, with an engine
/// whose transposition table lives across the moves of a game. The one place front-ends (a
/// protocol engine, a terminal game, a web server) turn a RuleSpec into template arguments.

#include <tengen/core/expected.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/game.hpp>
#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/rules/dispatch.hpp>
#include <tengen/search/alpha_beta.hpp>
#include <tengen/search/greedy.hpp>
#include <tengen/search/limits.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tengen {

/// A stone of a position to set up.
struct Stone {
    Point point;
    Color color = Color::Black;
    friend constexpr bool operator==(const Stone&, const Stone&) noexcept = default;
};

/// How a GomokuEngine searches. The defaults are those of a playing engine: the table is kept
/// from one search to the next (AlphaBetaOptions::clear_tt_each_search off).
struct GomokuEngineOptions {
    AlphaBetaOptions search = playing_defaults();
    /// The evaluation's and the move ordering's weights.
    GomokuWeights weights{};

    /// AlphaBetaOptions' defaults (the threat quiescence included) with the table kept across
    /// searches and these selective parts on, each measured against the same search without it
    /// (15x15, 100 games a rule, tengen_match): late-move reductions, at 100 ms a move with the
    /// quiescence, 49.5% in freestyle and 58% in renju (at 200,000 nodes with the leaf VCF,
    /// 57.5% and 54.5%); move-count pruning, at 100 ms a move, 54% and 65%; aspiration
    /// windows, at 100 ms a move with the two before, 56% and 57.5%. Futility pruning is left
    /// off: 53.5% and 51%.
    [[nodiscard]] static AlphaBetaOptions playing_defaults() {
        AlphaBetaOptions options;
        options.clear_tt_each_search = false;
        options.late_move_reductions = true;
        options.move_count_pruning = true;
        options.aspiration_windows = true;
        return options;
    }
};

namespace detail {

/// The board and the searcher of one rule.
template <RulePolicy Rule> struct RuleEngine {
    using BoardType = Board<Rule>;
    using GameType = GomokuGame<BoardType>;

    RuleEngine(int width, int height, const GomokuEngineOptions& options)
        : board(width, height), searcher(options.search), weights(options.weights) {}

    BoardType board;
    AlphaBeta<GameType> searcher;
    GomokuWeights weights;
};

/// Every rule visit_rule can name.
using AnyRuleEngine = std::variant<RuleEngine<Freestyle>, RuleEngine<Standard>, RuleEngine<Renju>,
                                   RuleEngine<Caro>, RuleEngine<KInARow<3>>, RuleEngine<KInARow<4>>,
                                   RuleEngine<KInARow<5>>, RuleEngine<KInARow<6>>>;

} // namespace detail

/// A gomoku-family game under a rule and a size chosen at run time, with its engine.
///
/// Every operation that takes untrusted input (a point, a size, a position) checks it and, when
/// it refuses, says why and changes nothing. The engine's transposition table is allocated once
/// and kept across moves and searches; set_search_options with
/// another tt_megabytes changes its size (freeing the old table first). For anything else, visit()
/// hands the typed Board<Rule> to a generic function. Movable, not copyable; not thread-safe (stop
/// a search from another thread with SearchLimits::stop).
class GomokuEngine {
public:
    /// An empty `width` x `height` board under `rule`, or an Error naming an invalid rule or an
    /// unsupported size.
    [[nodiscard]] static Expected<GomokuEngine> create(RuleSpec rule, int width, int height,
                                                       const GomokuEngineOptions& options = {}) {
        if (auto error = check_rule(rule))
            return *error;
        return visit_rule(rule, [&](auto tag) -> Expected<GomokuEngine> {
            using R = typename decltype(tag)::type;
            if (auto error = Board<R>::check_size(width, height))
                return *error;
            return GomokuEngine(
                rule, std::make_unique<detail::AnyRuleEngine>(
                          std::in_place_type<detail::RuleEngine<R>>, width, height, options));
        });
    }

    /// Calls `f(board)` with the typed Board<Rule>& and returns its result: for what this class
    /// does not offer (records, pictures, patterns).
    template <typename F> decltype(auto) visit(F&& f) {
        return std::visit([&](auto& e) -> decltype(auto) { return std::forward<F>(f)(e.board); },
                          *engine_);
    }
    /// Calls `f(board)` with the typed const Board<Rule>&.
    template <typename F> decltype(auto) visit(F&& f) const {
        return std::visit(
            [&](const auto& e) -> decltype(auto) { return std::forward<F>(f)(e.board); }, *engine_);
    }

    /// The rule.
    [[nodiscard]] RuleSpec rule() const noexcept { return rule_; }
    /// True if the rule has fouls for Black (renju).
    [[nodiscard]] bool has_forbidden_moves() const {
        return visit([](const auto& b) {
            return std::remove_cvref_t<decltype(b)>::rule_type::has_forbidden_moves;
        });
    }
    /// Columns of the board.
    [[nodiscard]] int width() const {
        return visit([](const auto& b) { return b.width(); });
    }
    /// Rows of the board.
    [[nodiscard]] int height() const {
        return visit([](const auto& b) { return b.height(); });
    }
    /// The colour to move.
    [[nodiscard]] Color side_to_move() const {
        return visit([](const auto& b) { return b.side_to_move(); });
    }
    /// How the game stands.
    [[nodiscard]] GameResult result() const {
        return visit([](const auto& b) { return b.result(); });
    }
    /// The stones of the row that won the game, end to end (Board::winning_row); empty unless a
    /// row won it.
    [[nodiscard]] std::vector<Point> winning_row() const {
        return visit([](const auto& b) { return b.winning_row(); });
    }
    /// Moves played or stones set up, passes included.
    [[nodiscard]] int move_count() const {
        return visit([](const auto& b) { return b.move_count(); });
    }
    /// The moves in order (a pass is Point::pass()).
    [[nodiscard]] std::vector<Point> history() const {
        return visit([](const auto& b) {
            const auto h = b.history();
            return std::vector<Point>(h.begin(), h.end());
        });
    }
    /// The stones in the order they were placed.
    [[nodiscard]] std::vector<Stone> stones() const {
        return visit([](const auto& b) {
            std::vector<Stone> out;
            for (Point p : b.history())
                if (!p.is_pass())
                    out.push_back({p, b.cell(p) == Cell::Black ? Color::Black : Color::White});
            return out;
        });
    }
    /// The content of `p`: Wall off the board.
    [[nodiscard]] Cell cell(Point p) const {
        return visit([&](const auto& b) { return b.cell(p); });
    }

    /// Why playing `p` now would be refused (MoveError::None when it can be played).
    [[nodiscard]] MoveError check_move(Point p) const {
        return visit([&](const auto& b) { return b.check_move(p); });
    }
    /// Plays `p` for the side to move if it can be played; otherwise changes nothing and says
    /// why. A renju foul can be played (and loses): ask forbidden_kind() first to avoid it.
    MoveError try_play(Point p) {
        return visit([&](auto& b) { return b.try_play(p); });
    }
    /// Takes back the last move; false (and nothing changes) when there is none.
    bool try_undo() {
        return visit([](auto& b) { return b.try_undo(); });
    }
    /// Removes every stone; the size and the table stay.
    void clear() {
        visit([](auto& b) { b.clear(); });
    }
    /// Starts again on an empty `width` x `height` board (the table stays); an unsupported size
    /// is an Error and changes nothing.
    [[nodiscard]] std::optional<Error> resize(int width, int height) {
        return visit([&](auto& b) -> std::optional<Error> {
            using B = std::remove_reference_t<decltype(b)>;
            if (auto error = B::check_size(width, height))
                return error;
            if (width == b.width() && height == b.height())
                b.clear();
            else
                b = B(width, height);
            return std::nullopt;
        });
    }
    /// Replaces the position by `stones`, placed in order without judging each one (so that a
    /// renju game given in move order keeps its side to move: the colour after the last stone's
    /// is to move). Every stone must be on the board and on a distinct point, and the position
    /// must not be a finished game; otherwise nothing changes and the Error says why.
    [[nodiscard]] std::optional<Error> set_position(std::span<const Stone> stones) {
        return visit([&](auto& b) -> std::optional<Error> {
            using B = std::remove_reference_t<decltype(b)>;
            B fresh(b.width(), b.height());
            for (const Stone& s : stones) {
                if (!fresh.contains(s.point))
                    return Error{"point " + to_gomocup(s.point) + " is off the " +
                                 std::to_string(fresh.width()) + "x" +
                                 std::to_string(fresh.height()) + " board"};
                if (!fresh.is_empty(s.point))
                    return Error{"point " + to_gomocup(s.point) + " is given twice"};
                fresh.put(s.point, s.color);
            }
            if (const GameResult judged = fresh.judge_position(); judged.is_over())
                return Error{"the game is already over in this position (" +
                             std::string(to_string(judged.reason)) + ")"};
            b = std::move(fresh);
            return std::nullopt;
        });
    }

    /// Why Black may not play `p` (ForbiddenKind::None for rules without fouls, occupied and
    /// off-board points).
    [[nodiscard]] ForbiddenKind forbidden_kind(Point p) {
        return visit([&](auto& b) { return b.forbidden_kind(p); });
    }
    /// Every point forbidden for Black, in index order (empty for rules without fouls).
    [[nodiscard]] std::vector<Point> forbidden_points() {
        return visit([](auto& b) { return b.forbidden_points(); });
    }
    /// A point the side to move may play, for a position where a search offers none: the first
    /// legal empty point, else the first empty one (every point a foul for Black); nothing on a
    /// full board.
    [[nodiscard]] std::optional<Point> any_legal_point() {
        return visit([](auto& b) -> std::optional<Point> {
            std::optional<Point> fallback;
            for (Point p : b.empty_points()) {
                if (is_legal(b, p))
                    return p;
                if (!fallback)
                    fallback = p;
            }
            return fallback;
        });
    }

    /// An α-β search for the side to move within `limits`, the table kept from earlier searches.
    /// The position is unchanged on return.
    [[nodiscard]] SearchResult<Point> search(const SearchLimits& limits) {
        return std::visit(
            [&](auto& e) {
                typename std::remove_reference_t<decltype(e)>::GameType game(e.board, e.weights);
                return e.searcher.search(game, limits);
            },
            *engine_);
    }
    /// The one-ply Greedy choice (it never misses a five or the block of one): for when there is
    /// no time to search.
    [[nodiscard]] SearchResult<Point> quick_move(const GreedyOptions& options = {}) {
        return std::visit(
            [&](auto& e) {
                using Game = typename std::remove_reference_t<decltype(e)>::GameType;
                Game game(e.board, e.weights);
                return Greedy<Game>(options).search(game);
            },
            *engine_);
    }

    /// The options of the searches.
    [[nodiscard]] const AlphaBetaOptions& search_options() const {
        return std::visit(
            [](const auto& e) -> const AlphaBetaOptions& { return e.searcher.options(); },
            *engine_);
    }
    /// Changes the options of the searches; a new table size reallocates (and clears) the table,
    /// the old one freed first.
    void set_search_options(const AlphaBetaOptions& options) {
        std::visit([&](auto& e) { e.searcher.set_options(options); }, *engine_);
    }
    /// The weights of the evaluation and the move ordering.
    [[nodiscard]] const GomokuWeights& weights() const {
        return std::visit([](const auto& e) -> const GomokuWeights& { return e.weights; },
                          *engine_);
    }
    /// Changes the weights; the table, whose values came from the old ones, is cleared.
    void set_weights(const GomokuWeights& weights) {
        std::visit(
            [&](auto& e) {
                e.weights = weights;
                e.searcher.table().clear();
            },
            *engine_);
    }
    /// Forgets everything the table learnt (a new game against a new opponent, say).
    void clear_table() {
        std::visit([](auto& e) { e.searcher.table().clear(); }, *engine_);
    }

private:
    GomokuEngine(RuleSpec rule, std::unique_ptr<detail::AnyRuleEngine> engine)
        : rule_(rule), engine_(std::move(engine)) {}

    RuleSpec rule_;
    std::unique_ptr<detail::AnyRuleEngine> engine_;
};

} // namespace tengen
