#pragma once
/// \file
/// Gomoku move generation: threat points, legality, the defences against a five and the
/// threat-space defence, for any Board. GomokuGame and the VCF solver generate through these.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/search/move_list.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <concepts>
#include <cstdlib>
#include <optional>

namespace tengen {

/// The board types the generators take: a Board of any rule and size.
template <typename B>
concept GomokuBoard = requires {
    typename B::rule_type;
}
&&RulePolicy<typename B::rule_type>&& requires(B& board, const B& view, Point p, Color c,
                                               Threat t) {
    { view.threat(p, c) } -> std::same_as<Threat>;
    { view.threat_count(c, t) } -> std::same_as<int>;
    { view.candidates() } -> std::same_as<const PointSet&>;
    board.put(p, c);
    board.undo();
};

/// True for the threat classes that only occur within candidate_radius of a stone: every class
/// holding a four or a five (a window of five with three stones besides the point always has one
/// within two cells of it). For these the generators read the candidate set and stop once they
/// have found as many points as the board counts, and never scan the board.
[[nodiscard]] constexpr bool is_near_stone_threat(Threat t) noexcept {
    return t >= Threat::Four || t == Threat::Forbidden;
}

/// True if `t` is a winning threat: an open four, a double four or a four-three (the opponent
/// must have a five of its own, or lose).
[[nodiscard]] constexpr bool is_winning_threat(Threat t) noexcept {
    return t == Threat::FourThree || t == Threat::DoubleFour || t == Threat::OpenFour;
}

/// True if `c` may play the empty point `p`: every point except Black's renju fouls.
template <GomokuBoard B> [[nodiscard]] bool is_legal_for(B& board, Color c, Point p) {
    if constexpr (B::rule_type::has_forbidden_moves)
        return c != Color::Black || !board.is_forbidden(p);
    else
        return true;
}

/// True if the side to move may play the empty point `p` (see is_legal_for).
template <GomokuBoard B> [[nodiscard]] bool is_legal(B& board, Point p) {
    return is_legal_for(board, board.side_to_move(), p);
}

/// The first empty point, in index order, that `c` may play; nothing when there is none (a full
/// board, or every empty point a renju foul for Black).
template <GomokuBoard B>
[[nodiscard]] std::optional<Point> first_legal_point_for(B& board, Color c) {
    for (Point p : board.empty_points())
        if (is_legal_for(board, c, p))
            return p;
    return std::nullopt;
}

/// A point the side to move may play when a search offers none: the first legal empty point in
/// index order, else the first empty one (every point a foul for Black, who then loses on any);
/// nothing on a full board.
template <GomokuBoard B> [[nodiscard]] std::optional<Point> first_legal_point(B& board) {
    if (const auto legal = first_legal_point_for(board, board.side_to_move()))
        return legal;
    for (Point p : board.empty_points())
        return p;
    return std::nullopt;
}

/// Calls `f(p)` for every empty point where a stone of `c` makes threat `t`, in index order.
/// Precondition: is_near_stone_threat(t). O(candidates) at most, O(1) when the board counts none.
template <GomokuBoard B, typename F>
void for_each_threat_point(const B& board, Color c, Threat t, F&& f) {
    assert(is_near_stone_threat(t));
    int left = board.threat_count(c, t);
    if (left == 0)
        return;
    for (Point p : board.candidates()) {
        if (board.threat(p, c) != t)
            continue;
        f(p);
        if (--left == 0)
            return;
    }
    assert(false && "a threat point lies outside the candidate set");
}

/// The first point, in index order, where `c` makes threat `t`; nothing if there is none.
/// Precondition: is_near_stone_threat(t).
template <GomokuBoard B>
[[nodiscard]] std::optional<Point> first_threat_point(const B& board, Color c, Threat t) {
    assert(is_near_stone_threat(t));
    if (board.threat_count(c, t) == 0)
        return std::nullopt;
    for (Point p : board.candidates())
        if (board.threat(p, c) == t)
            return p;
    assert(false && "a threat point lies outside the candidate set");
    return std::nullopt;
}

/// Appends to `moves` the points where `c` makes five that the side to move may play, in index
/// order.
template <GomokuBoard B> void add_five_points(B& board, Color c, MoveList<Point>& moves) {
    for_each_threat_point(board, c, Threat::Five, [&](Point p) {
        if (is_legal(board, p))
            moves.push_back(p);
    });
}

/// The four classes, the strongest first: the order in which threat searches try fours (the
/// strongest leave the defender the fewest resources).
inline constexpr std::array<Threat, 4> four_classes_strongest_first{
    Threat::OpenFour, Threat::DoubleFour, Threat::FourThree, Threat::Four};

/// Appends to `moves` the points where `c` makes a four that `c` may play, the strongest first
/// (four_classes_strongest_first), in index order within a class. Under renju Black gets no
/// forbidden point.
template <GomokuBoard B> void add_four_points(B& board, Color c, MoveList<Point>& moves) {
    for (Threat level : four_classes_strongest_first)
        for_each_threat_point(board, c, level, [&](Point p) {
            if (is_legal_for(board, c, p))
                moves.push_back(p);
        });
}

/// Appends to `moves` the moves of the side to move after which its opponent, which has a five
/// point now, has none: the five point itself under most rules (so nothing against two of
/// them), and where far_end_blocks_five also the points that box a five-to-be in at its far end.
/// Renju fouls of Black are left out. In index order. Appends nothing when the opponent has no
/// five point.
template <GomokuBoard B> void add_defences_against_five(B& board, MoveList<Point>& moves) {
    using Rule = typename B::rule_type;
    const Color defender = board.side_to_move();
    const Color attacker = opponent(defender);
    if constexpr (far_end_blocks_five<Rule>) {
        // A defence lies in the window of a five point; try each such point once and keep those
        // that leave no five.
        const std::size_t first = moves.size();
        PointSet tried;
        for_each_threat_point(board, attacker, Threat::Five, [&](Point t) {
            for (Direction d : all_directions) {
                for (int step = -pattern_half_window; step <= pattern_half_window; ++step) {
                    const Point p = t.shifted(d, step);
                    if (!board.is_empty(p) || tried.contains(p))
                        continue;
                    tried.insert(p);
                    if (!is_legal_for(board, defender, p))
                        continue;
                    board.put(p, defender);
                    const bool stops = !board.has_five(attacker);
                    board.undo();
                    if (stops)
                        moves.push_back(p);
                }
            }
        });
        std::sort(moves.begin() + first, moves.end());
    } else {
        if (board.threat_count(attacker, Threat::Five) != 1)
            return;
        const std::optional<Point> five = first_threat_point(board, attacker, Threat::Five);
        if (five && is_legal_for(board, defender, *five))
            moves.push_back(*five);
    }
}

/// True if `c`, moving next, has a winning threat point (is_winning_threat) that it may play.
template <GomokuBoard B> [[nodiscard]] bool has_winning_threat_point(B& board, Color c) {
    const int points = board.threat_count(c, Threat::FourThree) +
                       board.threat_count(c, Threat::DoubleFour) +
                       board.threat_count(c, Threat::OpenFour);
    if (points == 0)
        return false;
    if constexpr (B::rule_type::has_forbidden_moves) {
        // The tables cannot tell a four-three-three from a four-three: ask the referee.
        if (c == Color::Black) {
            for (Point p : board.candidates())
                if (is_winning_threat(board.threat(p, c)) && !board.is_forbidden(p))
                    return true;
            return false;
        }
    }
    return true;
}

namespace detail {

/// True if `m` shares a line with every point of `targets`, at most a pattern half window away:
/// only such a stone can change the threat of every one of them.
[[nodiscard]] inline bool near_every(Point m, const MoveList<Point>& targets) noexcept {
    for (Point t : targets) {
        const int dx = t.x() - m.x();
        const int dy = t.y() - m.y();
        const bool on_line = dx == 0 || dy == 0 || dx == dy || dx == -dy;
        if (!on_line || std::abs(dx) > pattern_half_window || std::abs(dy) > pattern_half_window)
            return false;
    }
    return true;
}

} // namespace detail

/// The threat-space defence. When the opponent of the side to move has a winning threat point,
/// keeps of `moves` our fours and the moves after which the opponent has no winning threat point
/// left; keeps every move when none qualifies (the position is lost anyway). Any other move lets
/// the opponent make its threat, after which only a five of ours would save us (open four,
/// double four) or only fours of ours could interfere (four-three). Changes nothing when the
/// opponent has no winning threat point.
template <GomokuBoard B> void keep_threat_defences(B& board, MoveList<Point>& moves) {
    const Color us = board.side_to_move();
    const Color them = opponent(us);
    if (!has_winning_threat_point(board, them))
        return;
    MoveList<Point> threats;
    for (Threat t : {Threat::FourThree, Threat::DoubleFour, Threat::OpenFour})
        for_each_threat_point(board, them, t, [&](Point p) { threats.push_back(p); });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Point m = moves[i];
        bool keep = board.threat(m, us) >= Threat::Four;
        if (!keep && detail::near_every(m, threats)) {
            board.play(m);
            keep = board.result().is_over() || !has_winning_threat_point(board, them);
            board.undo();
        }
        if (keep)
            moves[kept++] = m;
    }
    if (kept > 0)
        moves.truncate(kept);
}

/// Options of generate_moves.
struct MoveGenOptions {
    /// Apply the threat-space defence (keep_threat_defences) when the opponent has a winning
    /// threat point: searching without the pruned moves, which are lost in practice, is what
    /// lets a search see many plies deep into the forcing lines that decide gomoku games.
    bool threat_space_defence = true;
};

/// The moves a search considers for the side to move, in index order: our five points if any;
/// else the opponent's five points that we may play (where far_end_blocks_five, the moves of
/// add_defences_against_five) or, when there is none, every candidate, since every move loses; else
/// every candidate (empty points near stones; the centre on an empty board), with the threat-space
/// defence when enabled. Renju fouls of Black are never generated. Nothing at a finished game.
/// Never empty otherwise, unless every empty point is a foul for Black.
template <GomokuBoard B>
void generate_moves(B& board, MoveList<Point>& moves, const MoveGenOptions& options = {}) {
    moves.clear();
    if (board.result().is_over())
        return;
    const Color us = board.side_to_move();
    const Color them = opponent(us);
    if (board.stone_count() == 0) {
        moves.push_back(Point(board.width() / 2, board.height() / 2));
        return;
    }
    if (board.has_five(us)) {
        add_five_points(board, us, moves);
        return;
    }
    if (board.has_five(them)) {
        // Every five point is generated, so that a search sees the loss against two of them.
        if constexpr (far_end_blocks_five<typename B::rule_type>)
            add_defences_against_five(board, moves);
        else
            add_five_points(board, them, moves);
        if (!moves.empty())
            return;
    }
    for (Point p : board.candidates())
        if (is_legal(board, p))
            moves.push_back(p);
    if (options.threat_space_defence)
        keep_threat_defences(board, moves);
    if (moves.empty())
        for (Point p : board.empty_points())
            if (is_legal(board, p))
                moves.push_back(p);
}

/// The side to move's only reply when the opponent threatens a single five that it cannot
/// answer with a five of its own: the block (where far_end_blocks_five, when only one move stops
/// it). Nothing otherwise. When it returns a move, generate_moves generates that move alone.
template <GomokuBoard B> [[nodiscard]] std::optional<Point> forced_reply(B& board) {
    const Color us = board.side_to_move();
    const Color them = opponent(us);
    if (board.result().is_over() || board.has_five(us) || !board.has_five(them))
        return std::nullopt;
    if constexpr (!far_end_blocks_five<typename B::rule_type>) {
        // One five point: its block is the reply, or there is none (a renju foul for Black).
        if (board.threat_count(them, Threat::Five) != 1)
            return std::nullopt;
    }
    MoveList<Point> defences;
    add_defences_against_five(board, defences);
    if (defences.size() == 1)
        return defences[0];
    return std::nullopt;
}

} // namespace tengen
