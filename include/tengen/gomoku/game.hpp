#pragma once
/// \file
/// GomokuGame: the Game adapter over a gomoku-family Board (every rule, every size, k-in-a-row
/// included), with a threat-count evaluation and threat-driven move hints.

#include <tengen/gomoku/board.hpp>
#include <tengen/core/zobrist.hpp>
#include <tengen/gomoku/threat.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/search/game.hpp>
#include <tengen/search/move_list.hpp>
#include <tengen/search/value.hpp>
#include <tengen/gomoku/vcf.hpp>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

namespace tengen {

/// Weights of the gomoku evaluation and move scores, per threat class (index = Threat).
struct GomokuWeights {
    /// Value of a cell where the side to move would make each threat.
    std::array<Value, threat_count> attack{0, 0, 2, 8, 16, 12, 40, 120, 60, 400, 800, 1000, 5000};
    /// Value of a cell where the opponent would make each threat (it moves second: less).
    std::array<Value, threat_count> defence{0, 0, 1, 5, 10, 8, 30, 90, 40, 300, 600, 800, 4000};
    /// Bonus of having the move.
    Value tempo = 20;
    /// A position the evaluation sees as decided (a five to play, two to stop): far above any
    /// sum of threats, still inside the static range (below value_known_win).
    Value decided = 100'000;
    /// Leave quiet candidates that make nothing for either side out of the search (when other
    /// moves exist). Off for small k-in-a-row boards, where every cell counts.
    bool prune_idle_cells = true;
    /// When the opponent has a winning threat point (a point where it would make an open four,
    /// a double four or a four-three), generate only the moves that leave it none (defences) and
    /// our own fours. Any other move lets the opponent make its threat, after which only a five
    /// of ours would save us (open four, double four) or only fours of ours could interfere
    /// (four-three), so the pruned moves are lost in practice; searching without them is what
    /// lets a search see many plies deep into the forcing lines that decide gomoku games.
    bool threat_space_defence = true;
};

/// Threat stages reported in MoveHints::stage, highest first.
enum class GomokuStage : int {
    Quiet = 0,
    Four = 1,          ///< our four, or a point where the opponent would make a winning threat
    WinningThreat = 2, ///< our open four, double four or four-three
    BlockFive = 3,     ///< the point where the opponent would make five
    WinNow = 4,        ///< our five
};

/// Adapts a Board to the Game concept. Holds a reference: the board must outlive the adapter and
/// is searched in place.
///
/// Moves generated: our winning points if any; else the moves that stop an opponent five (its
/// five points; under caro every move after which it has none, far-end blocks included), or,
/// when none stops every five, every candidate since every move loses; else, when the opponent
/// has a winning threat point (GomokuWeights::threat_space_defence), the defences against it
/// and our fours; else every candidate (empty points near stones; the centre on an empty
/// board). Under renju Black never gets a forbidden point.
template <typename B> class GomokuGame {
public:
    using Move = Point;
    using BoardType = B;
    using Rule = typename B::rule_type;

    explicit GomokuGame(B& board, GomokuWeights weights = {}) : board_(board), weights_(weights) {}

    [[nodiscard]] B& board() noexcept { return board_; }
    [[nodiscard]] const B& board() const noexcept { return board_; }

    [[nodiscard]] Color side_to_move() const noexcept { return board_.side_to_move(); }
    [[nodiscard]] std::uint64_t hash() const noexcept { return board_.hash(); }
    /// True if `p` is an empty point of the board (HasPlayableCheck). Under renju it may still
    /// be forbidden for Black: generate_moves is what leaves those out.
    [[nodiscard]] bool is_playable(Point p) const noexcept {
        return board_.contains(p) && board_.is_empty(p);
    }
    /// The hash after the side to move plays `p` (HasHashAfter).
    [[nodiscard]] std::uint64_t hash_after(Point p) const noexcept {
        return board_.hash() ^ zobrist::stone_key(board_.side_to_move(), p) ^
               zobrist::white_to_move_key();
    }
    [[nodiscard]] bool is_terminal() const noexcept { return board_.result().is_over(); }

    [[nodiscard]] Value terminal_value(int ply) const noexcept {
        const GameResult& r = board_.result();
        if (!r.winner)
            return value_draw;
        return *r.winner == board_.side_to_move() ? win_in(ply) : loss_in(ply);
    }

    /// Threat counts of both sides, weighted, after three tactical tests that settle most
    /// horizon positions: O(number of threat classes).
    [[nodiscard]] Value evaluate() const noexcept {
        const Color us = board_.side_to_move();
        const Color them = opponent(us);
        // We win at once; or they have two fives we cannot both stop; or we make a winning
        // threat they cannot answer with a five of their own.
        if (board_.has_five(us))
            return weights_.decided;
        const int their_fives = board_.threat_count(them, Threat::Five);
        if (their_fives >= 2 && Rule::id != RuleId::Caro)
            return -weights_.decided;
        if (their_fives == 0 && (board_.threat_count(us, Threat::OpenFour) > 0 ||
                                 board_.threat_count(us, Threat::DoubleFour) > 0))
            return weights_.decided / 2;
        Value v = weights_.tempo;
        for (int t = 0; t < threat_count; ++t) {
            const auto threat = static_cast<Threat>(t);
            v += weights_.attack[static_cast<std::size_t>(t)] * board_.threat_count(us, threat);
            v -= weights_.defence[static_cast<std::size_t>(t)] * board_.threat_count(them, threat);
        }
        return v;
    }

    [[nodiscard]] MoveHints hints(Point p) const noexcept {
        const Color us = board_.side_to_move();
        const Threat mine = board_.threat(p, us);
        const Threat theirs = board_.threat(p, opponent(us));
        GomokuStage stage = GomokuStage::Quiet;
        if (mine == Threat::Five)
            stage = GomokuStage::WinNow;
        else if (theirs == Threat::Five)
            stage = GomokuStage::BlockFive;
        else if (mine >= Threat::FourThree && mine != Threat::Forbidden)
            stage = GomokuStage::WinningThreat;
        else if (mine >= Threat::Four || theirs >= Threat::FourThree)
            stage = GomokuStage::Four;
        const Value score = weights_.attack[static_cast<std::size_t>(mine)] +
                            weights_.defence[static_cast<std::size_t>(theirs)];
        return MoveHints{static_cast<int>(stage), score, p.index()};
    }

    void generate_moves(MoveList<Point>& moves) {
        moves.clear();
        if (is_terminal())
            return;
        const Color us = board_.side_to_move();
        const Color them = opponent(us);
        if (board_.stone_count() == 0) {
            moves.push_back(Point(board_.width() / 2, board_.height() / 2));
            return;
        }
        if (board_.has_five(us)) {
            add_threat_points(moves, us);
            return;
        }
        if (board_.has_five(them)) {
            if constexpr (Rule::id == RuleId::Caro) {
                // A five boxed in at both ends does not win: blocking the far end also defends.
                for (Point p : defences_against_five(board_))
                    moves.push_back(p);
            } else {
                add_threat_points(moves, them);
            }
            if (!moves.empty())
                return;
            // Nothing stops every five (two of them, or a renju block forbidden for Black): the
            // game is lost, and any move will do.
        }
        for (Point p : board_.candidates())
            if (legal_for_side(p))
                moves.push_back(p);
        if (weights_.threat_space_defence && has_winning_threat(them))
            keep_defences(moves);
        if (moves.empty())
            for (int y = 0; y < board_.height(); ++y)
                for (int x = 0; x < board_.width(); ++x)
                    if (const Point p(x, y); board_.is_empty(p) && legal_for_side(p))
                        moves.push_back(p);
    }

    /// The side to move's only reply when the opponent threatens a single five that it cannot
    /// answer with a five of its own: the block (under caro, when only one move stops it).
    /// Nothing otherwise (HasForcedReply).
    [[nodiscard]] std::optional<Point> forced_reply() {
        const Color us = board_.side_to_move();
        const Color them = opponent(us);
        if (is_terminal() || board_.has_five(us) || !board_.has_five(them))
            return std::nullopt;
        if constexpr (Rule::id == RuleId::Caro) {
            const std::vector<Point> defences = defences_against_five(board_);
            if (defences.size() == 1)
                return defences.front();
            return std::nullopt;
        } else {
            if (board_.threat_count(them, Threat::Five) != 1)
                return std::nullopt;
            for (Point p : board_.candidates())
                if (board_.threat(p, them) == Threat::Five)
                    return legal_for_side(p) ? std::optional<Point>(p) : std::nullopt;
            return std::nullopt;
        }
    }

    void play(Point p) { board_.play(p); }
    void undo() { board_.undo(); }

    /// A VCF for the side to move within `node_budget` nodes, as a win value; 0 when none.
    [[nodiscard]] Value forced_win(int ply, std::int64_t node_budget) {
        constexpr int max_attacker_moves = 8;
        const VcfResult vcf = find_vcf(board_, VcfLimits{max_attacker_moves, node_budget});
        if (!vcf.found())
            return 0;
        return win_in(ply + static_cast<int>(vcf.line.size()));
    }

private:
    /// Points where `c` would make five, that the side to move may play.
    void add_threat_points(MoveList<Point>& moves, Color c) {
        for (int y = 0; y < board_.height(); ++y)
            for (int x = 0; x < board_.width(); ++x) {
                const Point p(x, y);
                if (board_.is_empty(p) && board_.threat(p, c) == Threat::Five && legal_for_side(p))
                    moves.push_back(p);
            }
    }

    /// True if `c`, moving next, has a point where it would make an open four, a double four or
    /// a four-three (a renju Black one only if it is not forbidden).
    [[nodiscard]] bool has_winning_threat(Color c) {
        if (winning_threat_points(c) == 0)
            return false;
        if constexpr (Rule::has_forbidden_moves) {
            // The tables cannot tell a four-three-three from a four-three: ask the referee.
            if (c == Color::Black) {
                for (Point p : board_.candidates())
                    if (is_winning_threat(board_.threat(p, c)) && !board_.is_forbidden(p))
                        return true;
                return false;
            }
        }
        return true;
    }

    [[nodiscard]] int winning_threat_points(Color c) const noexcept {
        return board_.threat_count(c, Threat::FourThree) +
               board_.threat_count(c, Threat::DoubleFour) +
               board_.threat_count(c, Threat::OpenFour);
    }

    [[nodiscard]] static bool is_winning_threat(Threat t) noexcept {
        return t == Threat::FourThree || t == Threat::DoubleFour || t == Threat::OpenFour;
    }

    /// Keeps, of `moves`, our fours and the moves after which the opponent has no winning
    /// threat point; keeps every move when none qualifies (the position is lost anyway).
    void keep_defences(MoveList<Point>& moves) {
        const Color us = board_.side_to_move();
        const Color them = opponent(us);
        // A defence must change the threat of every winning point, so it lies on a line through
        // each of them within a pattern window: a cheap filter before playing it out.
        MoveList<Point> threats;
        for (Point p : board_.candidates())
            if (is_winning_threat(board_.threat(p, them)))
                threats.push_back(p);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Point m = moves[i];
            const Threat mine = board_.threat(m, us);
            bool keep = mine >= Threat::Four;
            if (!keep && near_every(m, threats)) {
                board_.play(m);
                keep = !board_.result().is_over() ? !has_winning_threat(them) : true;
                board_.undo();
            }
            if (keep)
                moves[kept++] = m;
        }
        if (kept > 0)
            moves.truncate(kept);
    }

    /// True if `m` shares a line with every point of `targets`, at most a half window away.
    [[nodiscard]] static bool near_every(Point m, const MoveList<Point>& targets) noexcept {
        constexpr int reach = 5; // half the 11-cell pattern window
        for (Point t : targets) {
            const int dx = t.x() - m.x();
            const int dy = t.y() - m.y();
            const bool on_line = dx == 0 || dy == 0 || dx == dy || dx == -dy;
            if (!on_line || std::abs(dx) > reach || std::abs(dy) > reach)
                return false;
        }
        return true;
    }

    /// True if a stone of either side on `p` would make at least a closed two.
    [[nodiscard]] bool is_active(Point p) const noexcept {
        return board_.threat(p, Color::Black) >= Threat::ClosedTwo ||
               board_.threat(p, Color::White) >= Threat::ClosedTwo;
    }

    [[nodiscard]] bool legal_for_side(Point p) {
        if constexpr (Rule::has_forbidden_moves) {
            if (board_.side_to_move() == Color::Black)
                return !board_.is_forbidden(p);
        }
        return true;
    }

    B& board_;
    GomokuWeights weights_;
};

} // namespace tengen
