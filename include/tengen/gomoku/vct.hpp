#pragma once
/// \file
/// VCT ("victory by continuous threats"): a threat-space search over fours and threes for
/// gomoku-family boards.
///
/// Definitions (the attacker is the side to move; "legal" leaves out Black's renju fouls):
/// - a *five point* of a colour: an empty point where its stone wins at once;
/// - an attacker *four*: a legal move after which the attacker has a five point;
/// - a *winning four point* of the attacker: a legal point where its stone leaves it two or more
///   five points (an open four or a double four), which one stone cannot both stop;
/// - an attacker *three*: a legal move after which the attacker has no five point but a winning
///   four point (an open three, split or not, or a shape that threatens a double four).
///
/// After a four the defender must stop the five (the block, or where far_end_blocks_five also the
/// far end); after a three it may play any legal move after which the attacker has no winning four
/// point left, or any four of its own, which the attacker must then block before the attack goes
/// on. A defender five point ends the attack (it wins first). Every other defender move loses to
/// the winning four at once, so the search does not try it. Each attacker move counts, blocks of
/// the defender's fours included, so that the length bounds the whole line.

#include <tengen/core/types.hpp>
#include <tengen/gomoku/board.hpp>
#include <tengen/gomoku/movegen.hpp>
#include <tengen/gomoku/pattern_table.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/gomoku/vcf.hpp>
#include <tengen/search/limits.hpp>
#include <tengen/search/move_list.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace tengen {

/// Limits of a VCT search.
struct VctLimits {
    /// Longest win looked for, in attacker moves, the final five and the blocks of defender fours
    /// included.
    int max_attacker_moves = 9;
    std::int64_t max_nodes = 1'000'000; ///< positions visited, attacker and defender to move
    /// The budget of a search this one runs inside, if any: every node is spent from it too,
    /// and the VCT gives up as soon as it says stop.
    SearchBudget* budget = nullptr;
};

/// What a VCT search found: the same shape as a VCF's. The line alternates attacker and
/// defender moves and ends with the attacker's five; at each defender turn it follows a reply
/// that holds out longest, so attacker_moves() is the length of the win against the best
/// defence. Where the defender cannot stop the threat, its move in the line is some legal move.
using VctResult = VcfResult;

namespace detail {

/// Depth-first VCT with iterative deepening on the number of attacker moves (so the line found is
/// a shortest one) and a memo of attacker positions refuted at a remaining length.
template <typename B> class VctSearch : ThreatSearchBase<B> {
    using Base = ThreatSearchBase<B>;
    using Base::attacker_;
    using Base::board_;
    using Base::nodes_;
    using Base::out_of_nodes_;

public:
    VctSearch(B& board, const VctLimits& limits)
        : Base(board, limits.max_nodes, limits.budget), limits_(limits) {}

    VctResult run() {
        VctResult result =
            this->deepen(limits_.max_attacker_moves, [&](int length, std::vector<Point>& line) {
                if (!attack(length))
                    return false;
                principal_attack(length, line);
                return true;
            });
        if (out_of_nodes_)
            result.line.clear(); // the line could not be completed within the limits
        return result;
    }

private:
    /// Threat classes that may hold a three: a stone makes a winning four point only by making a
    /// three on the line of that point (it and two more stones in a window with the point).
    static constexpr Threat three_classes[] = {Threat::DoubleThree, Threat::OpenThree,
                                               Threat::ClosedThree};

    /// What the defender may do after an attacker move.
    enum class Replies {
        AttackFails, ///< the defender has a five point, or the attacker threatens nothing
        None,        ///< nothing stops the threat
        Some,        ///< the moves listed
    };

    /// True if `c` has a point it may play that makes an open four or a double four: a four
    /// the opponent cannot stop but by a five.
    [[nodiscard]] bool has_unstoppable_four_point(Color c) {
        if (board_.threat_count(c, Threat::DoubleFour) == 0 &&
            board_.threat_count(c, Threat::OpenFour) == 0)
            return false;
        if constexpr (B::rule_type::has_forbidden_moves) {
            if (c == Color::Black) {
                // A renju double four is a foul; an open four may be one (four-three-three).
                bool legal = false;
                for_each_threat_point(board_, c, Threat::OpenFour,
                                      [&](Point p) { legal = legal || !board_.is_forbidden(p); });
                return legal;
            }
        }
        return true;
    }

    /// The attacker's moves with `left` >= 2 moves left and no five point: the block of the
    /// defender's five if it has one, else its fours, strongest first, and with three or more
    /// moves left its three candidates (defend tells a real three from a quiet move).
    void generate_attacks(int left, MoveList<Point>& moves) {
        if (board_.has_five(opponent(attacker_))) {
            add_defences_against_five(board_, moves);
            return;
        }
        add_four_points(board_, attacker_, moves);
        if (left >= 3)
            for (Threat level : three_classes)
                for (Point p : board_.candidates())
                    if (board_.threat(p, attacker_) == level && is_legal_for(board_, attacker_, p))
                        moves.push_back(p);
    }

    /// The defender's replies after an attacker move; `needed` is set to the attacker moves
    /// that win when nothing stops the threat (1 after a four, 2 after a three).
    Replies generate_replies(MoveList<Point>& defences, int& needed) {
        const Color defender = board_.side_to_move();
        if (board_.has_five(defender))
            return Replies::AttackFails;
        if (board_.has_five(attacker_)) {
            needed = 1;
            add_defences_against_five(board_, defences);
        } else {
            if (!has_unstoppable_four_point(attacker_))
                return Replies::AttackFails; // a quiet attacker move: the defender is free
            needed = 2;
            collect_three_defences(defender, defences);
        }
        return defences.empty() ? Replies::None : Replies::Some;
    }

    /// Attacker to move with at most `left` attacker moves: true if a VCT exists.
    bool attack(int left) {
        if (!this->spend_node())
            return false;
        if (board_.has_five(attacker_))
            return true;
        if (left <= 1)
            return false;
        const std::uint64_t key = board_.hash();
        if (this->refuted(key, left))
            return false;
        MoveList<Point> moves;
        generate_attacks(left, moves);
        for (Point move : moves) {
            board_.play(move);
            const bool won = defend(left - 1);
            board_.undo();
            if (won)
                return true;
            if (out_of_nodes_)
                return false;
        }
        this->remember_refuted(key, left);
        return false;
    }

    /// Defender to move, the attacker having at most `left` moves after this reply: true if
    /// every reply loses to a VCT.
    bool defend(int left) {
        if (!this->spend_node())
            return false;
        MoveList<Point> defences;
        int needed = 0;
        switch (generate_replies(defences, needed)) {
        case Replies::AttackFails:
            return false;
        case Replies::None:
            return left >= needed;
        case Replies::Some:
            break;
        }
        for (Point defence : defences) {
            board_.play(defence);
            const bool won = attack(left);
            board_.undo();
            if (!won)
                return false;
        }
        return true;
    }

    /// The least length within `left` at which attack wins (0 if none).
    int shortest_win(int left) {
        for (int length = 1; length <= left; ++length)
            if (attack(length))
                return length;
        return 0;
    }

    /// Appends a line of a win known to take exactly `left` attacker moves: the attacker's
    /// first winning move in generation order, and at each defender turn a reply that holds out
    /// longest, so that the line has `left` attacker moves.
    void principal_attack(int left, std::vector<Point>& line) {
        if (auto win = first_threat_point(board_, attacker_, Threat::Five)) {
            line.push_back(*win);
            return;
        }
        MoveList<Point> moves;
        generate_attacks(left, moves);
        for (Point move : moves) {
            board_.play(move);
            if (defend(left - 1)) {
                line.push_back(move);
                principal_defence(left - 1, line);
                board_.undo();
                return;
            }
            board_.undo();
            if (out_of_nodes_)
                return;
        }
    }

    /// Appends the defender's reply that holds out longest, then the attacker's line after it.
    void principal_defence(int left, std::vector<Point>& line) {
        MoveList<Point> defences;
        int needed = 0;
        Point reply = Point::pass();
        int length = -1;
        if (generate_replies(defences, needed) == Replies::None) {
            // Nothing stops the threat: the defender plays some legal move, the attacker wins.
            reply = this->some_legal_move();
            length = needed;
        } else {
            for (Point defence : defences) {
                board_.play(defence);
                const int holds = shortest_win(left);
                board_.undo();
                if (holds > length) {
                    length = holds;
                    reply = defence;
                }
            }
        }
        if (reply.is_pass() || out_of_nodes_)
            return;
        line.push_back(reply);
        board_.play(reply);
        principal_attack(length, line);
        board_.undo();
    }

    /// The defender's answers to a three: the legal moves after which the attacker has no
    /// winning four point, then its own fours. A stone changes the threat of a point only on the
    /// lines through it within a pattern window, so only such cells around the first winning four
    /// point are tried, and of those only the ones on the lines of every other one.
    /// (Under renju a white stone far away could also make a black point a foul, by unblocking
    /// the three of a double three; such remote answers are not looked for.)
    void collect_three_defences(Color defender, MoveList<Point>& defences) {
        MoveList<Point> targets;
        for (Threat t : {Threat::DoubleFour, Threat::OpenFour})
            for_each_threat_point(board_, attacker_, t, [&](Point p) {
                if (is_legal_for(board_, attacker_, p))
                    targets.push_back(p);
            });
        const auto try_answer = [&](Point p) {
            if (!board_.is_empty(p) || board_.threat(p, defender) >= Threat::Four ||
                !detail::near_every(p, targets) || !is_legal_for(board_, defender, p))
                return;
            board_.play(p);
            const bool stops = !has_unstoppable_four_point(attacker_);
            board_.undo();
            if (stops)
                defences.push_back(p);
        };
        const Point first = targets[0];
        try_answer(first);
        for (Direction d : all_directions)
            for (int step = -pattern_half_window; step <= pattern_half_window; ++step)
                if (step != 0)
                    try_answer(first.shifted(d, step));
        add_four_points(board_, defender, defences);
    }

    VctLimits limits_;
};

} // namespace detail

/// Looks for a VCT for the side to move on `board` (the definitions are at the top of this
/// file): a win in which every attacker move is a four or a three and every defender reply that
/// could stop the threat, its own fours included, is answered. Under renju a black attacker never
/// plays a foul (its winning four points must be legal too) and a foul is no defence for a black
/// defender. A VCF is a VCT, so this finds every VCF within the same length, at a higher cost.
/// The board is restored on return.
template <typename B> [[nodiscard]] VctResult find_vct(B& board, const VctLimits& limits = {}) {
    return detail::VctSearch<B>(board, limits).run();
}

/// The moves of `moves` (legal moves of the side to move) after which the opponent has a VCT
/// within `limits`: the moves that walk into a forced loss, as far as the limits see. The
/// opponent is first given a free move (the side to move passes): when it has no VCT even
/// then, no move is tried and the answer is empty. A stone of the side to move cannot create an
/// opponent's win in freestyle and almost never elsewhere (under renju a black stone can turn
/// one of its own defences into a foul), so the screen costs one search where most positions
/// would cost one a move. Precondition: the game goes on. The board is restored on return.
template <typename B>
[[nodiscard]] std::vector<Point> moves_allowing_vct(B& board, std::span<const Point> moves,
                                                    const VctLimits& limits = {}) {
    std::vector<Point> losing;
    board.pass();
    const bool threatened = find_vct(board, limits).found();
    board.undo();
    if (!threatened)
        return losing;
    for (Point move : moves) {
        board.play(move);
        if (!board.result().is_over() && find_vct(board, limits).found())
            losing.push_back(move);
        board.undo();
    }
    return losing;
}

} // namespace tengen
