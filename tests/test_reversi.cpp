// Reversi: perft against the published counts and an independent array-based reference, move
// generation and flips cross-checked at every node of random games, make/undo and the hash,
// stable discs, α-β against minimax, the endgame solver against a full minimax and the published
// FFO endgame scores, the federation's scoring of games that end early, and notation.

#include "catch.hpp"
#include "support.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace tengen;

namespace {

/// A deliberately plain Reversi board: one cell per square, moves found by walking the eight
/// directions square by square. Shares nothing with the bitboard code but the square numbering.
class ReferenceBoard {
public:
    static constexpr int empty = 0;
    static constexpr int black = 1;
    static constexpr int white = 2;

    explicit ReferenceBoard(const ReversiBoard& b) : to_move_(colour(b.side_to_move())) {
        for (int s = 0; s < 64; ++s)
            if (const auto c = b.at(s))
                cells_[static_cast<std::size_t>(s)] = colour(*c);
    }

    [[nodiscard]] static int colour(Color c) { return c == Color::Black ? black : white; }

    /// The squares a move on (x, y) flips for `who`, as a bit set.
    [[nodiscard]] std::uint64_t flips(int x, int y, int who) const {
        if (cell(x, y) != empty)
            return 0;
        const int other = who == black ? white : black;
        std::uint64_t all = 0;
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy) {
                if (dx == 0 && dy == 0)
                    continue;
                std::uint64_t line = 0;
                int cx = x + dx;
                int cy = y + dy;
                while (on_board(cx, cy) && cell(cx, cy) == other) {
                    line |= std::uint64_t{1} << (cy * 8 + cx);
                    cx += dx;
                    cy += dy;
                }
                if (line != 0 && on_board(cx, cy) && cell(cx, cy) == who)
                    all |= line;
            }
        return all;
    }

    [[nodiscard]] std::uint64_t moves(int who) const {
        std::uint64_t m = 0;
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                if (flips(x, y, who) != 0)
                    m |= std::uint64_t{1} << (y * 8 + x);
        return m;
    }

    void play(int square) {
        const int x = square % 8;
        const int y = square / 8;
        const std::uint64_t f = flips(x, y, to_move_);
        for (int s = 0; s < 64; ++s)
            if (f & (std::uint64_t{1} << s))
                cells_[static_cast<std::size_t>(s)] = to_move_;
        cells_[static_cast<std::size_t>(square)] = to_move_;
        pass();
    }
    void pass() { to_move_ = to_move_ == black ? white : black; }
    [[nodiscard]] int to_move() const { return to_move_; }
    [[nodiscard]] int count(int who) const {
        int n = 0;
        for (int c : cells_)
            n += c == who ? 1 : 0;
        return n;
    }

private:
    [[nodiscard]] static bool on_board(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8; }
    [[nodiscard]] int cell(int x, int y) const {
        return cells_[static_cast<std::size_t>(y * 8 + x)];
    }

    std::array<int, 64> cells_{};
    int to_move_ = black;
};

/// Perft on the reference board, with the published convention (a pass is a ply, a finished
/// game one leaf), no bulk counting.
std::uint64_t reference_perft(const ReferenceBoard& board, int depth, bool passed = false) {
    if (depth == 0)
        return 1;
    const int other =
        board.to_move() == ReferenceBoard::black ? ReferenceBoard::white : ReferenceBoard::black;
    const std::uint64_t moves = board.moves(board.to_move());
    if (moves == 0) {
        if (passed || board.moves(other) == 0)
            return 1;
        ReferenceBoard next = board;
        next.pass();
        return reference_perft(next, depth - 1, true);
    }
    std::uint64_t leaves = 0;
    for (int s = 0; s < 64; ++s)
        if (moves & (std::uint64_t{1} << s)) {
            ReferenceBoard next = board;
            next.play(s);
            leaves += reference_perft(next, depth - 1, false);
        }
    return leaves;
}

/// A uniformly random legal move (the pass when it is the only one).
ReversiMove random_move(const ReversiBoard& board, std::mt19937_64& rng) {
    const reversi::Bitboard legal = board.legal_moves();
    if (legal == 0)
        return ReversiMove::pass();
    auto k = static_cast<int>(rng() % static_cast<std::uint64_t>(reversi::count(legal)));
    reversi::Bitboard m = legal;
    while (k-- > 0)
        m &= m - 1;
    return ReversiMove::at(reversi::lowest_square(m));
}

/// A position reached by random play with exactly `empties` empty squares, game not over.
ReversiBoard random_position(int empties, std::mt19937_64& rng) {
    for (;;) {
        ReversiBoard board;
        while (!board.is_game_over() && board.empty_count() > empties)
            board.play(random_move(board, rng));
        if (!board.is_game_over() && board.empty_count() == empties)
            return ReversiBoard(board.discs(Color::Black), board.discs(Color::White),
                                board.side_to_move());
    }
}

/// How a finished game is scored: the World Othello Federation's way (the empty squares go to
/// the winner), or the plain disc difference (the empty squares count for nobody).
enum class Scoring : std::uint8_t { Federation, DiscDifference };

/// The score of the finished game on `board` for the side to move, written out here rather than
/// taken from the library.
int finished_score(const ReversiBoard& board, Scoring scoring) {
    const int own = board.disc_count(board.side_to_move());
    const int opp = board.disc_count(opponent(board.side_to_move()));
    const int empty = 64 - own - opp;
    if (scoring == Scoring::DiscDifference || own == opp)
        return own - opp;
    return own > opp ? own + empty - opp : own - (opp + empty);
}

/// Full minimax to the end of the game on the final score.
int exact_minimax(ReversiBoard& board, Scoring scoring = Scoring::Federation) {
    if (board.is_game_over())
        return finished_score(board, scoring);
    if (board.must_pass()) {
        board.play(ReversiMove::pass());
        const int v = -exact_minimax(board, scoring);
        board.undo();
        return v;
    }
    int best = -100;
    for (reversi::Bitboard m = board.legal_moves(); m != 0; m &= m - 1) {
        board.play(ReversiMove::at(reversi::lowest_square(m)));
        best = std::max(best, -exact_minimax(board, scoring));
        board.undo();
    }
    return best;
}

/// The federation's score of `board` under best play, and the disc differences at the ends of
/// all the lines that reach it (both sides playing only moves that keep the best score).
std::pair<int, std::set<int>> best_line_differences(ReversiBoard& board) {
    if (board.is_game_over())
        return {finished_score(board, Scoring::Federation),
                {finished_score(board, Scoring::DiscDifference)}};
    std::vector<ReversiMove> moves;
    if (board.must_pass())
        moves.push_back(ReversiMove::pass());
    for (reversi::Bitboard m = board.legal_moves(); m != 0; m &= m - 1)
        moves.push_back(ReversiMove::at(reversi::lowest_square(m)));
    int best = -100;
    std::set<int> ends;
    for (ReversiMove m : moves) {
        board.play(m);
        const auto [reply, reply_ends] = best_line_differences(board);
        board.undo();
        if (-reply < best)
            continue;
        if (-reply > best) {
            best = -reply;
            ends.clear();
        }
        for (int d : reply_ends)
            ends.insert(-d);
    }
    return {best, ends};
}

/// A position `plies_before` plies (1 or more) before the end of a random game that ends with
/// empty squares left, with at most `max_empties` empty squares, so that its game tree holds
/// games that end early and is small enough for exact_minimax.
ReversiBoard position_before_early_end(int plies_before, int max_empties, std::mt19937_64& rng) {
    for (;;) {
        ReversiBoard board;
        while (!board.is_game_over())
            board.play(random_move(board, rng));
        if (board.empty_count() == 0 || board.ply() < plies_before)
            continue;
        for (int i = 0; i < plies_before; ++i)
            board.undo();
        if (board.empty_count() <= max_empties)
            return ReversiBoard(board.discs(Color::Black), board.discs(Color::White),
                                board.side_to_move());
    }
}

/// One position of tests/data/ffo_endgames.txt.
struct FfoCase {
    int number = 0;
    ReversiBoard board;
    std::vector<std::pair<ReversiMove, int>> moves; ///< the listed moves and scores, best first
    int score = 0;                                  ///< the published score: the best one
    std::vector<ReversiMove> best_moves;            ///< every listed move with that score
};

/// The FFO positions 1 to 39 and their published scores. Every malformed line fails the test
/// that loads them: a test on data that did not parse proves nothing.
std::vector<FfoCase> load_ffo_cases() {
    const std::string name = "ffo_endgames.txt";
    std::ifstream in(tengen_test::data_path(name));
    REQUIRE(in);
    std::vector<FfoCase> cases;
    std::string raw;
    int line_number = 0;
    while (std::getline(in, raw)) {
        ++line_number;
        if (raw.empty() || raw[0] == '#')
            continue;
        INFO(name << ":" << line_number << ": " << raw);
        FfoCase c;
        std::istringstream line(raw);
        REQUIRE(line >> c.number);
        REQUIRE(c.number == static_cast<int>(cases.size()) + 1);
        std::vector<std::string> fields;
        for (std::string field; std::getline(line, field, ';');)
            fields.push_back(field);
        REQUIRE(fields.size() >= 2);
        const auto board = parse_position(fields[0].substr(fields[0].find_first_not_of(' ')));
        INFO("position: " << (board ? "ok" : board.error().message));
        REQUIRE(board);
        c.board = *board;
        for (std::size_t i = 1; i < fields.size(); ++i) {
            std::string entry = fields[i];
            entry.erase(0, entry.find_first_not_of(' '));
            // The OBF lines end with a semicolon, which leaves an empty last field.
            if (entry.empty() && i + 1 == fields.size())
                break;
            INFO("entry '" << entry << "'");
            const auto colon = entry.find(':');
            REQUIRE(colon != std::string::npos);
            const auto move = parse_reversi_move(entry.substr(0, colon));
            REQUIRE(move);
            REQUIRE(c.board.is_legal(*move));
            std::size_t digits = colon + 1;
            if (digits < entry.size() && entry[digits] == '+')
                ++digits;
            int score = 0;
            const char* end = entry.data() + entry.size();
            const auto [rest, error] = std::from_chars(entry.data() + digits, end, score);
            REQUIRE(error == std::errc{});
            REQUIRE(rest == end);
            REQUIRE(score >= -64);
            REQUIRE(score <= 64);
            c.moves.emplace_back(*move, score);
        }
        REQUIRE_FALSE(c.moves.empty());
        c.score = c.moves.front().second;
        for (const auto& [move, score] : c.moves) {
            REQUIRE(score <= c.score); // best first
            if (score == c.score)
                c.best_moves.push_back(move);
        }
        cases.push_back(std::move(c));
    }
    REQUIRE(cases.size() == 39);
    return cases;
}

/// Solves FFO positions `first` to `last` and checks the published score and best moves.
void check_ffo(int first, int last) {
    for (const FfoCase& c : load_ffo_cases()) {
        if (c.number < first || c.number > last)
            continue;
        const EndgameResult solved = solve_endgame(c.board);
        INFO("FFO #" << c.number << " (" << c.board.empty_count()
                     << " empty): " << to_string(solved.best_move) << " " << solved.score << ", "
                     << solved.nodes << " nodes");
        REQUIRE(solved.complete);
        CHECK(solved.score == c.score);
        CHECK(std::find(c.best_moves.begin(), c.best_moves.end(), solved.best_move) !=
              c.best_moves.end());
    }
}

/// The published perft counts from the start position, depth 0 to 11.
constexpr std::array<std::uint64_t, 12> published_perft{
    1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800};

} // namespace

TEST_CASE("reversi: start position", "[reversi]") {
    const ReversiBoard board;
    CHECK(board.side_to_move() == Color::Black);
    CHECK(board.disc_count(Color::Black) == 2);
    CHECK(board.disc_count(Color::White) == 2);
    CHECK(board.at(27) == Color::White); // d4
    CHECK(board.at(36) == Color::White); // e5
    CHECK(board.at(35) == Color::Black); // d5
    CHECK(board.at(28) == Color::Black); // e4
    std::vector<std::string> moves;
    for (reversi::Bitboard m = board.legal_moves(); m != 0; m &= m - 1)
        moves.push_back(to_string(ReversiMove::at(reversi::lowest_square(m))));
    CHECK(moves == std::vector<std::string>{"d3", "c4", "f5", "e6"});
    CHECK(board.hash() == board.compute_hash());
}

TEST_CASE("reversi: perft equals the published counts to depth 9", "[reversi]") {
    const ReversiBoard board;
    for (int depth = 0; depth <= 9; ++depth) {
        INFO("depth " << depth);
        CHECK(reversi::perft(board, depth) == published_perft[static_cast<std::size_t>(depth)]);
    }
}

TEST_CASE("reversi: perft depth 10 and 11", "[.slow]") {
    const ReversiBoard board;
    CHECK(reversi::perft(board, 10) == published_perft[10]);
    CHECK(reversi::perft(board, 11) == published_perft[11]);
}

TEST_CASE("reversi: perft equals the array-based reference to depth 7", "[reversi]") {
    const ReversiBoard start;
    const ReferenceBoard reference(start);
    for (int depth = 1; depth <= 7; ++depth) {
        INFO("depth " << depth);
        CHECK(reversi::perft(start, depth) == reference_perft(reference, depth));
    }
    // And from positions deep in random games, where passes and game ends are common.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20; ++i) {
        const ReversiBoard board = random_position(6 + i % 6, rng);
        for (int depth = 1; depth <= 6; ++depth)
            REQUIRE(reversi::perft(board, depth) == reference_perft(ReferenceBoard(board), depth));
    }
}

TEST_CASE("reversi: random games against the reference at every node, undo and hash", "[reversi]") {
    std::mt19937_64 rng(2024);
    constexpr int games = 200;
    for (int g = 0; g < games; ++g) {
        ReversiBoard board;
        ReferenceBoard reference(board);
        std::vector<ReversiBoard> before;
        int placed = 0;
        while (!board.is_game_over()) {
            const int us = ReferenceBoard::colour(board.side_to_move());
            REQUIRE(board.legal_moves() == reference.moves(us));
            for (reversi::Bitboard m = board.legal_moves(); m != 0; m &= m - 1) {
                const int s = reversi::lowest_square(m);
                REQUIRE(board.flips(ReversiMove::at(s)) == reference.flips(s % 8, s / 8, us));
            }
            const ReversiMove move = random_move(board, rng);
            before.push_back(board);
            board.play(move);
            if (move.is_pass()) {
                reference.pass();
            } else {
                reference.play(move.square());
                ++placed;
            }
            REQUIRE(board.disc_count(Color::Black) + board.disc_count(Color::White) == placed + 4);
            REQUIRE(board.disc_count(Color::Black) == reference.count(ReferenceBoard::black));
            REQUIRE(board.disc_count(Color::White) == reference.count(ReferenceBoard::white));
            REQUIRE(board.hash() == board.compute_hash());
        }
        REQUIRE(reference.moves(ReferenceBoard::black) == 0);
        REQUIRE(reference.moves(ReferenceBoard::white) == 0);
        while (board.ply() > 0) {
            board.undo();
            const ReversiBoard& expected = before.back();
            REQUIRE(board.same_position(expected));
            REQUIRE(board.hash() == expected.hash());
            REQUIRE(board.hash() == board.compute_hash());
            before.pop_back();
        }
        REQUIRE(board.same_position(ReversiBoard()));
    }
}

TEST_CASE("reversi: equal positions hash equally, the side to move included", "[reversi]") {
    ReversiBoard a;
    REQUIRE(play_reversi_moves(a, "f5d6c3d3c4"));
    const ReversiBoard c(a.discs(Color::Black), a.discs(Color::White), a.side_to_move());
    CHECK(c.hash() == a.hash());
    const ReversiBoard d(a.discs(Color::Black), a.discs(Color::White), opponent(a.side_to_move()));
    CHECK(d.hash() != a.hash());
}

TEST_CASE("reversi: passes and the end of the game", "[reversi]") {
    // White a1, Black b1, Black to move: Black has no move, White has c1.
    auto board = parse_position("OX" + std::string(62, '-') + " X");
    REQUIRE(board);
    ReversiBoard b = *board;
    CHECK(b.must_pass());
    CHECK_FALSE(b.is_game_over());
    CHECK(b.is_legal(ReversiMove::pass()));
    ReversiGame game(b);
    MoveList<ReversiMove> moves;
    game.generate_moves(moves);
    REQUIRE(moves.size() == 1);
    CHECK(moves[0].is_pass());
    const std::uint64_t hash = b.hash();
    b.play(ReversiMove::pass());
    CHECK(b.side_to_move() == Color::White);
    CHECK(b.hash() != hash);
    CHECK(b.hash() == b.compute_hash());
    CHECK(b.try_play(ReversiMove::pass()).error().message.find("cannot pass") != std::string::npos);
    REQUIRE(b.try_play(ReversiMove::at(2, 0)));
    CHECK(b.is_game_over());
    CHECK(game.is_terminal());
    // Black to move with no disc left: Black lost.
    CHECK(game.terminal_value(3) == loss_in(3));
    game.generate_moves(moves);
    CHECK(moves.empty());
    CHECK(b.try_play(ReversiMove::pass()).error().message == "the game is over");
    b.undo();
    b.undo();
    CHECK(b.hash() == hash);

    // A drawn full board: 32 discs each.
    const ReversiBoard draw(0x0000'0000'FFFF'FFFFULL, 0xFFFF'FFFF'0000'0000ULL, Color::Black);
    ReversiBoard draw_board = draw;
    CHECK(ReversiGame(draw_board).terminal_value(0) == value_draw);
    CHECK(reversi::perft(draw, 5) == 1);
}

TEST_CASE("reversi: try_play rejects illegal moves and leaves the position unchanged",
          "[reversi]") {
    ReversiBoard board;
    const ReversiBoard before = board;
    const auto occupied = board.try_play(ReversiMove::at(3, 3));
    REQUIRE_FALSE(occupied);
    CHECK(occupied.error().message == "the square is not empty");
    const auto no_flip = board.try_play(ReversiMove::at(0, 0));
    REQUIRE_FALSE(no_flip);
    CHECK(no_flip.error().message == "illegal move: it flips no disc");
    const auto pass = board.try_play(ReversiMove::pass());
    REQUIRE_FALSE(pass);
    CHECK(pass.error().message == "cannot pass: black has a move");
    CHECK(board.same_position(before));
    CHECK(board.hash() == before.hash());
    CHECK(board.ply() == 0);
    const auto played = board.try_play(ReversiMove::at(3, 2)); // d3
    REQUIRE(played);
    CHECK(*played == reversi::square_bit(27)); // d4 flipped
}

TEST_CASE("reversi: flips never pass through an empty square or wrap around an edge", "[reversi]") {
    // Row 1: X O - O O X at a1..f1, Black to move. Playing c1 flips b1 (closed by a1) and d1, e1
    // (closed by f1); a White disc on h2 and a Black disc on a3 must not close a wrapped run.
    auto parsed = parse_position("XO-OOX--"
                                 "-------O"
                                 "X-------" +
                                 std::string(40, '-') + " X");
    REQUIRE(parsed);
    const ReversiBoard board = *parsed;
    CHECK(board.flips(ReversiMove::at(2, 0)) ==
          (reversi::square_bit(1) | reversi::square_bit(3) | reversi::square_bit(4)));
    // g1 is next to nothing black beyond the white runs: h1 empty, so no flip to the east of f1.
    CHECK(board.flips(ReversiMove::at(6, 0)) == 0);
    // h1: west is empty g1, south is White h2 followed by an empty h3: nothing.
    CHECK(board.flips(ReversiMove::at(7, 0)) == 0);
    const ReferenceBoard reference(board);
    CHECK(board.legal_moves() == reference.moves(ReferenceBoard::black));
}

TEST_CASE("reversi: stable discs never flip in random continuations", "[reversi]") {
    std::mt19937_64 rng(99);
    int stable_seen = 0;
    for (int g = 0; g < 300; ++g) {
        const ReversiBoard start = random_position(static_cast<int>(4 + rng() % 40), rng);
        const reversi::Bitboard black_stable =
            reversi::stable_discs(start.discs(Color::Black), start.discs(Color::White));
        const reversi::Bitboard white_stable =
            reversi::stable_discs(start.discs(Color::White), start.discs(Color::Black));
        REQUIRE((black_stable & ~start.discs(Color::Black)) == 0);
        REQUIRE((white_stable & ~start.discs(Color::White)) == 0);
        // Occupied corners are always stable.
        CHECK((start.discs(Color::Black) & reversi::corners) == (black_stable & reversi::corners));
        stable_seen += reversi::count(black_stable | white_stable);
        for (int c = 0; c < 5; ++c) {
            ReversiBoard board = start;
            while (!board.is_game_over()) {
                board.play(random_move(board, rng));
                REQUIRE((board.discs(Color::Black) & black_stable) == black_stable);
                REQUIRE((board.discs(Color::White) & white_stable) == white_stable);
            }
        }
    }
    CHECK(stable_seen > 1000); // the test means something only if it finds stable discs
    // A full board is stable everywhere.
    const reversi::Bitboard own = 0x1234'5678'9ABC'DEF0ULL;
    CHECK(reversi::stable_discs(own, ~own) == own);
    // Edges anchored on a corner: a1 b1 c1 black, d1 white, rest empty.
    const reversi::Bitboard row =
        reversi::square_bit(0) | reversi::square_bit(1) | reversi::square_bit(2);
    CHECK(reversi::stable_discs(row, reversi::square_bit(3)) == row);
    CHECK(reversi::stable_discs(reversi::square_bit(3), row) == 0);
}

TEST_CASE("reversi: evaluations", "[reversi]") {
    const ReversiBoard start;
    CHECK(reversi::disc_difference(start.own(), start.opp()) == 0);
    CHECK(reversi::mobility_difference(start.own(), start.opp()) == 0);
    CHECK(reversi::evaluate(start.own(), start.opp()) == 0); // symmetric start
    const ReversiWeights w;
    const auto values = reversi::square_values(w);
    CHECK(values[0] == w.quarter[0]);
    CHECK(values[63] == w.quarter[0]);
    CHECK(values[9] == w.quarter[4]);  // b2: an X-square
    CHECK(values[54] == w.quarter[4]); // g7
    CHECK(values[1] == values[8]);     // b1 and a2: C-squares
    // A corner for us is worth more than for them, and the evaluation is antisymmetric.
    const reversi::Bitboard own = reversi::square_bit(0) | reversi::square_bit(27);
    const reversi::Bitboard opp = reversi::square_bit(28) | reversi::square_bit(36);
    CHECK(reversi::evaluate(own, opp) > 0);
    CHECK(reversi::evaluate(own, opp) == -reversi::evaluate(opp, own));
    std::mt19937_64 rng(5);
    for (int i = 0; i < 200; ++i) {
        ReversiBoard b = random_position(static_cast<int>(1 + rng() % 55), rng);
        const Value v = ReversiGame(b).evaluate();
        CHECK(v == -reversi::evaluate(b.opp(), b.own()));
        CHECK(std::abs(v) < value_known_win);
    }
}

TEST_CASE("reversi: alpha-beta equals minimax for every ordering combination", "[reversi]") {
    std::mt19937_64 rng(31);
    const auto orderings = tengen_test::all_orderings();
    struct Case {
        int empties;
        int depth;
    };
    // Middle games at small depths, and endgames where passes and game ends enter the tree.
    const std::array<Case, 7> cases{{{44, 3}, {40, 3}, {30, 3}, {36, 4}, {12, 4}, {7, 5}, {5, 6}}};
    for (const Case& c : cases) {
        ReversiBoard board = random_position(c.empties, rng);
        ReversiGame game(board);
        SearchLimits limits;
        limits.max_depth = c.depth;
        const auto reference = Minimax<ReversiGame>().search(game, limits);
        REQUIRE(reference.best_move);
        std::int64_t minimax_nodes_all_depths = 0;
        for (int d = 1; d <= c.depth; ++d) {
            SearchLimits shallow;
            shallow.max_depth = d;
            minimax_nodes_all_depths += Minimax<ReversiGame>().search(game, shallow).stats.nodes;
        }
        for (std::size_t i = 0; i < orderings.size(); ++i) {
            AlphaBetaOptions options;
            options.ordering = orderings[i];
            options.tt_cutoffs = (i % 2) == 0;
            options.pvs = (i % 3) != 0;
            options.tt_megabytes = 1;
            AlphaBeta<ReversiGame> search(options);
            const auto result = search.search(game, limits);
            INFO(to_position_string(board)
                 << " ordering combination " << i << " depth " << c.depth);
            REQUIRE(result.value == reference.value);
            REQUIRE((result.depth == c.depth || is_decisive(result.value)));
            const std::int64_t bound =
                options.pvs ? 2 * minimax_nodes_all_depths : minimax_nodes_all_depths;
            REQUIRE(result.stats.nodes <= bound);
        }
        REQUIRE(board.ply() == 0);
        REQUIRE(board.hash() == board.compute_hash());
    }
}

TEST_CASE("reversi: the endgame solver equals a full minimax", "[reversi]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 60; ++i) {
        ReversiBoard board = random_position(1 + i % 8, rng);
        const EndgameResult solved = solve_endgame(board);
        REQUIRE(solved.complete);
        const int exact = exact_minimax(board);
        INFO(to_position_string(board));
        REQUIRE(solved.score == exact);
        CHECK(best_line_differences(board).second.count(solved.disc_difference) == 1);
        // The move it names reaches that value.
        REQUIRE(board.is_legal(solved.best_move));
        board.play(solved.best_move);
        REQUIRE(-exact_minimax(board) == exact);
        board.undo();
    }
    // Also the sign agrees with α-β searching to the end on win/loss/draw values.
    for (int i = 0; i < 10; ++i) {
        ReversiBoard board = random_position(8, rng);
        ReversiGame game(board);
        SearchLimits limits;
        limits.max_depth = 20;
        const auto result = AlphaBeta<ReversiGame>().search(game, limits);
        const int score = solve_endgame(board).score;
        CHECK((score > 0) == (result.value > 0));
        CHECK((score < 0) == (result.value < 0));
    }
    // A node limit ends it incomplete.
    ReversiBoard board = random_position(14, rng);
    SearchLimits tiny;
    tiny.max_nodes = 10;
    CHECK_FALSE(solve_endgame(board, tiny).complete);
}

TEST_CASE("reversi: the solver scores games that end early as the federation does", "[reversi]") {
    // Positions a few plies before random games that end with empty squares: the trees below
    // them hold early ends, where the federation's score and the disc difference part.
    std::mt19937_64 rng(5);
    int scorings_differ = 0;
    int moves_differ = 0;
    // Full minimax below 10 empty squares takes milliseconds; at 12 it takes seconds.
    constexpr int max_empties = 9;
    for (int i = 0; i < 40; ++i) {
        ReversiBoard board = position_before_early_end(1 + i % 8, max_empties, rng);
        INFO(to_position_string(board));
        const EndgameResult solved = solve_endgame(board);
        REQUIRE(solved.complete);
        const auto [exact, ends] = best_line_differences(board);
        REQUIRE(solved.score == exact);
        REQUIRE(exact == exact_minimax(board));
        // The disc difference reported is where one of the best lines ends.
        CHECK(ends.count(solved.disc_difference) == 1);
        if (!solved.best_move.is_pass()) {
            board.play(solved.best_move);
            REQUIRE(-exact_minimax(board) == exact);
            // Is the move also best for the disc difference? Not always: see moves_differ.
            const int as_difference = -exact_minimax(board, Scoring::DiscDifference);
            board.undo();
            if (as_difference != exact_minimax(board, Scoring::DiscDifference))
                ++moves_differ;
        }
        if (exact != exact_minimax(board, Scoring::DiscDifference))
            ++scorings_differ;
    }
    // The positions do test the difference: the two scorings disagree on many of them, and on
    // some the best move for one is not the best for the other.
    CHECK(scorings_differ >= 10);
    CHECK(moves_differ >= 1);
}

TEST_CASE("reversi: a game that ends with empty squares gives them to the winner", "[reversi]") {
    // Black a1, b1, White h8: nobody can move, 61 squares are empty. Black wins 63-1, by 62
    // (by 1 in discs).
    auto over = parse_position("XX" + std::string(61, '-') + "O X");
    REQUIRE(over);
    REQUIRE(over->is_game_over());
    CHECK(reversi::final_score(over->own(), over->opp()) == 62);
    CHECK(reversi::final_score(over->opp(), over->own()) == -62);
    CHECK(over->final_count(Color::Black) == 63);
    CHECK(over->final_count(Color::White) == 1);
    EndgameResult solved = solve_endgame(*over);
    REQUIRE(solved.complete);
    CHECK(solved.score == 62);
    CHECK(solved.disc_difference == 1);
    CHECK(solved.best_move.is_pass());
    CHECK(solved.nodes == 1);
    // The same with White to move: the loser's view.
    auto white_to_move = parse_position("XX" + std::string(61, '-') + "O O");
    REQUIRE(white_to_move);
    solved = solve_endgame(*white_to_move);
    CHECK(solved.score == -62);
    CHECK(solved.disc_difference == -1);

    // A draw with empty squares stays 0, the empty squares shared: 32-32.
    auto draw = parse_position("X" + std::string(62, '-') + "O X");
    REQUIRE(draw);
    REQUIRE(draw->is_game_over());
    CHECK(reversi::final_score(draw->own(), draw->opp()) == 0);
    CHECK(draw->final_count(Color::Black) == 32);
    CHECK(draw->final_count(Color::White) == 32);
    CHECK(solve_endgame(*draw).score == 0);

    // Black a1, White b1, Black to move: c1 takes White's last disc and ends the game with
    // three discs on the board, a win by 64.
    auto wipe_out = parse_position("XO" + std::string(62, '-') + " X");
    REQUIRE(wipe_out);
    solved = solve_endgame(*wipe_out);
    REQUIRE(solved.complete);
    CHECK(solved.best_move == ReversiMove::at(2, 0));
    CHECK(solved.score == 64);
    CHECK(solved.disc_difference == 3);
    ReversiBoard after = *wipe_out;
    after.play(solved.best_move);
    REQUIRE(after.is_game_over());
    CHECK(after.final_count(Color::Black) == 64);
    CHECK(after.final_count(Color::White) == 0);

    // A full board: the score is the disc difference.
    const ReversiBoard full(0x0000'00FF'FFFF'FFFFULL, 0xFFFF'FF00'0000'0000ULL, Color::White);
    CHECK(reversi::final_score(full.own(), full.opp()) == -16);
    CHECK(full.final_count(Color::Black) == 40);
    CHECK(full.final_count(Color::White) == 24);
}

TEST_CASE("reversi: FFO endgames 1-19 get their published scores and best moves", "[reversi]") {
    check_ffo(1, 19);
}

TEST_CASE("reversi: FFO endgames 20-37 get their published scores and best moves", "[.slow]") {
    // Up to 22 empty squares: 149 s in the dev build. #38 (24 empties) takes over ten minutes and
    // #39 (26) far longer for a solver without a transposition table; they stay in the data.
    check_ffo(20, 37);
}

TEST_CASE("reversi: every move listed for FFO 1-19 gets its published score", "[.slow]") {
    for (const FfoCase& c : load_ffo_cases()) {
        if (c.number > 19)
            break;
        for (const auto& [move, score] : c.moves) {
            ReversiBoard after = c.board;
            after.play(move);
            const EndgameResult solved = solve_endgame(after);
            INFO("FFO #" << c.number << " " << to_string(move) << ": " << -solved.score);
            REQUIRE(solved.complete);
            CHECK(-solved.score == score);
        }
    }
}

TEST_CASE("reversi: greedy by most flips and by the evaluation", "[reversi]") {
    std::mt19937_64 rng(17);
    for (int i = 0; i < 30; ++i) {
        ReversiBoard board = random_position(static_cast<int>(10 + rng() % 40), rng);
        ReversiGame flips_game(board, ReversiOptions{{}, ReversiHintScore::Flips});
        const auto chosen = Greedy<ReversiGame>().search(flips_game);
        REQUIRE(chosen.best_move);
        int most = 0;
        for (reversi::Bitboard m = board.legal_moves(); m != 0; m &= m - 1)
            most = std::max(
                most, reversi::count(board.flips(ReversiMove::at(reversi::lowest_square(m)))));
        if (!chosen.best_move->is_pass() &&
            (reversi::square_bit(chosen.best_move->square()) & reversi::corners) == 0)
            CHECK(reversi::count(board.flips(*chosen.best_move)) == most);

        ReversiGame eval_game(board, ReversiOptions{{}, ReversiHintScore::Evaluation});
        const auto best = Greedy<ReversiGame>().search(eval_game);
        REQUIRE(best.best_move);
        REQUIRE(board.is_legal(*best.best_move));
        if (!best.best_move->is_pass()) {
            CHECK(best.value == reversi::evaluate(board.own() | board.flips(*best.best_move) |
                                                      reversi::square_bit(best.best_move->square()),
                                                  board.opp() & ~board.flips(*best.best_move)));
        }
    }
}

TEST_CASE("reversi: move notation round trips and errors", "[reversi]") {
    for (int s = 0; s < 64; ++s) {
        const auto m = ReversiMove::at(s);
        const auto parsed = parse_reversi_move(to_string(m));
        REQUIRE(parsed);
        CHECK(*parsed == m);
    }
    CHECK(to_string(ReversiMove::at(3, 2)) == "d3");
    CHECK(to_string(ReversiMove::at(63)) == "h8");
    CHECK(*parse_reversi_move("D3") == ReversiMove::at(3, 2));
    CHECK(parse_reversi_move("pass")->is_pass());
    CHECK(parse_reversi_move("PA")->is_pass());
    CHECK(to_string(ReversiMove::pass()) == "pass");
    CHECK(parse_reversi_move("i3").error().message == "'i3': the column must be a letter a-h");
    CHECK(parse_reversi_move("a9").error().message == "'a9': the row must be a digit 1-8");
    CHECK(parse_reversi_move("a0").error().message == "'a0': the row must be a digit 1-8");
    CHECK_FALSE(parse_reversi_move(""));
    CHECK_FALSE(parse_reversi_move("d33"));
    CHECK_FALSE(parse_reversi_move(" d3"));

    const auto list = parse_reversi_moves("f5d6c3d3c4");
    REQUIRE(list);
    CHECK(list->size() == 5);
    CHECK(format_reversi_moves(*list) == "f5d6c3d3c4");
    CHECK(format_reversi_moves({ReversiMove::at(0), ReversiMove::pass()}) == "a1pa");
    CHECK(parse_reversi_moves("f5 d6")->size() == 2);
    CHECK(parse_reversi_moves("f5d").error().message ==
          "move list ends in the middle of a move at character 3");
    CHECK(parse_reversi_moves("f5z6").error().message ==
          "move 2: 'z6': the column must be a letter a-h");
}

TEST_CASE("reversi: playing move lists, with implicit passes and errors", "[reversi]") {
    ReversiBoard board;
    const auto played = play_reversi_moves(board, "f5d6c3d3c4");
    REQUIRE(played);
    CHECK(*played == 5);
    CHECK(board.side_to_move() == Color::White);
    const ReversiBoard before = board;
    const auto bad = play_reversi_moves(board, "f4a1");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message == "move 2 (a1): illegal move: it flips no disc");
    CHECK(board.same_position(before));
    CHECK(board.ply() == 5);
    CHECK_FALSE(play_reversi_moves(board, "f4x1"));
    CHECK(board.ply() == 5);

    // Random games replay from their move list with the passes left out or written.
    std::mt19937_64 rng(3);
    for (int g = 0; g < 50; ++g) {
        ReversiBoard game;
        std::vector<ReversiMove> all;
        std::string without_passes;
        while (!game.is_game_over()) {
            const ReversiMove m = random_move(game, rng);
            all.push_back(m);
            if (!m.is_pass())
                without_passes += to_string(m);
            game.play(m);
        }
        ReversiBoard a;
        REQUIRE(play_reversi_moves(a, format_reversi_moves(all)));
        CHECK(a.same_position(game));
        ReversiBoard b;
        REQUIRE(play_reversi_moves(b, without_passes));
        CHECK(b.same_position(game));
        CHECK(b.hash() == game.hash());
    }
}

TEST_CASE("reversi: position strings round trip and reject bad input", "[reversi]") {
    const ReversiBoard start;
    const std::string text = to_position_string(start);
    CHECK(text == "---------------------------OX------XO--------------------------- X");
    const auto parsed = parse_position(text);
    REQUIRE(parsed);
    CHECK(parsed->same_position(start));
    CHECK(parsed->hash() == start.hash());
    std::mt19937_64 rng(1);
    for (int i = 0; i < 100; ++i) {
        const ReversiBoard b = random_position(static_cast<int>(1 + rng() % 59), rng);
        const auto again = parse_position(to_position_string(b));
        REQUIRE(again);
        CHECK(again->same_position(b));
    }
    // Other spellings of the cells and the side.
    const auto lower =
        parse_position(std::string(27, '.') + "ox......xo" + std::string(27, '.') + "\to\n");
    REQUIRE(lower);
    CHECK(lower->side_to_move() == Color::White);
    CHECK(lower->disc_count(Color::Black) == 2);

    CHECK(parse_position("").error().message == "a position needs 64 squares, got 0 characters");
    CHECK(parse_position(std::string(63, '-') + " X").error().message ==
          "square h8: ' ' is not X, O or -");
    CHECK(
        parse_position(std::string(10, '-') + "Z" + std::string(53, '-') + " X").error().message ==
        "square c2: 'Z' is not X, O or -");
    CHECK(parse_position(std::string(64, '-')).error().message ==
          "the 64 squares must be followed by a space and the side to move (X or O)");
    CHECK(parse_position(std::string(64, '-') + "X").error().message ==
          "the 64 squares must be followed by a space and the side to move (X or O)");
    CHECK(parse_position(std::string(64, '-') + " -").error().message ==
          "side to move '-' is not X or O");
    CHECK(parse_position(std::string(64, '-') + " X junk").error().message ==
          "unexpected text after the side to move: 'junk'");
    CHECK(ReversiBoard::from_bitboards(1, 1, Color::Black).error().message ==
          "a square holds both a black and a white disc");
    CHECK(ReversiBoard::from_bitboards(1, 2, Color::Black));
}

TEST_CASE("reversi: board text marks the legal moves", "[reversi]") {
    const ReversiBoard start;
    const std::string text = to_text(start, start.legal_moves());
    CHECK(text == "  a b c d e f g h\n"
                  "1 . . . . . . . .\n"
                  "2 . . . . . . . .\n"
                  "3 . . . * . . . .\n"
                  "4 . . * O X . . .\n"
                  "5 . . . X O * . .\n"
                  "6 . . . . * . . .\n"
                  "7 . . . . . . . .\n"
                  "8 . . . . . . . .\n");
}

TEST_CASE("reversi: the same search twice gives the same nodes and line", "[reversi]") {
    ReversiBoard board;
    REQUIRE(play_reversi_moves(board, "f5d6c3d3c4f4f6"));
    ReversiGame game(board);
    SearchLimits limits;
    limits.max_depth = 6;
    const auto a = AlphaBeta<ReversiGame>().search(game, limits);
    const auto b = AlphaBeta<ReversiGame>().search(game, limits);
    CHECK(a.stats.nodes == b.stats.nodes);
    CHECK(a.pv == b.pv);
    CHECK(a.value == b.value);
    REQUIRE(a.best_move);
    CHECK(board.is_legal(*a.best_move));
}
