#pragma once
/// \file
/// AnyBoard: a gomoku-family board whose rule and size are chosen at run time. The referee of
/// every front-end (a protocol engine, a terminal game, a web server, a binding to another
/// language): it plays, undoes, sets up and judges, and knows nothing of searching (a
/// GomokuSearcher of engine/searcher.hpp searches it).

#include <tengen/core/expected.hpp>
#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/movegen.hpp>
#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/rules/dispatch.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
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

namespace detail {

template <RulePolicy... Rules> using BoardVariant = std::variant<Board<Rules>...>;

/// A Board of every rule of SupportedRules, in its order: the variant's index is rule_index.
using AnyRuleBoard = SupportedRules::apply<BoardVariant>;

} // namespace detail

/// A gomoku-family board under a rule and a size chosen at run time.
///
/// Every operation that takes untrusted input (a point, a size, a position) checks it and, when
/// it refuses, says why and changes nothing. For anything this class does not offer (records,
/// pictures, patterns), visit() hands the typed Board<Rule> to a generic function. The notation
/// functions of gomoku/notation.hpp (parse_move, play_pos_moves, to_text) take it as they take
/// a Board. Movable; copies are explicit (clone); not thread-safe.
class AnyBoard {
public:
    /// An empty `width` x `height` board under `rule`, or an Error naming an invalid rule or an
    /// unsupported size.
    [[nodiscard]] static Expected<AnyBoard> create(RuleSpec rule, int width, int height) {
        if (auto error = check_rule(rule))
            return *error;
        return visit_rule(rule, [&](auto tag) -> Expected<AnyBoard> {
            using R = typename decltype(tag)::type;
            if (auto error = Board<R>::check_size(width, height))
                return *error;
            return AnyBoard(std::make_unique<detail::AnyRuleBoard>(std::in_place_type<Board<R>>,
                                                                   width, height));
        });
    }
    /// A square `size` x `size` board (see the other create).
    [[nodiscard]] static Expected<AnyBoard> create(RuleSpec rule, int size) {
        return create(rule, size, size);
    }

    AnyBoard(AnyBoard&&) noexcept = default;
    AnyBoard& operator=(AnyBoard&&) noexcept = default;
    AnyBoard(const AnyBoard&) = delete;
    AnyBoard& operator=(const AnyBoard&) = delete;
    ~AnyBoard() = default;

    /// An independent copy: the same rule, size, stones, history and result.
    [[nodiscard]] AnyBoard clone() const {
        return std::visit(
            [](const auto& b) {
                using B = std::remove_cvref_t<decltype(b)>;
                return AnyBoard(
                    std::make_unique<detail::AnyRuleBoard>(std::in_place_type<B>, b.clone()));
            },
            *board_);
    }

    /// Calls `f(board)` with the typed Board<Rule>& and returns its result.
    template <typename F> decltype(auto) visit(F&& f) {
        return std::visit(std::forward<F>(f), *board_);
    }
    /// Calls `f(board)` with the typed const Board<Rule>&.
    template <typename F> decltype(auto) visit(F&& f) const {
        return std::visit(std::forward<F>(f), std::as_const(*board_));
    }

    /// The rule.
    [[nodiscard]] RuleSpec rule() const noexcept { return supported_rules[board_->index()]; }
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
    /// True if `p` lies on the board.
    [[nodiscard]] bool contains(Point p) const {
        return visit([&](const auto& b) { return b.contains(p); });
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
    /// The Zobrist hash of the position (stones and side to move).
    [[nodiscard]] std::uint64_t hash() const {
        return visit([](const auto& b) { return b.hash(); });
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
    /// Removes every stone; the rule and size stay.
    void clear() {
        visit([](auto& b) { b.clear(); });
    }
    /// Starts again on an empty `width` x `height` board under the same rule; an unsupported
    /// size is an Error and changes nothing.
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
        return visit([](auto& b) { return first_legal_point(b); });
    }

private:
    explicit AnyBoard(std::unique_ptr<detail::AnyRuleBoard> board) : board_(std::move(board)) {}

    std::unique_ptr<detail::AnyRuleBoard> board_; ///< never null but after a move from it
};

} // namespace tengen
