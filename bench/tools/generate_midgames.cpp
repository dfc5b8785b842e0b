// Generates bench/data/midgames.txt: middle-game positions reached by a noisy greedy self-play
// that ranks candidate moves by the threat classes they make for either side.
//
// Built with the benchmarks (target tengen_generate_midgames); run from the repository root:
//   build/release/bench/tengen_generate_midgames > bench/data/midgames.txt

#include <tengen/tengen.hpp>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tengen;

constexpr int board_size = 15;
constexpr int positions_per_rule = 12;
constexpr int min_plies = 30;
constexpr int max_plies = 60;

/// Attack counts a little more than defence; the noise keeps games varied.
int score(Threat own, Threat theirs, std::mt19937_64& rng) {
    constexpr int attack_weight = 3;
    constexpr int defence_weight = 2;
    constexpr unsigned noise = 4;
    return attack_weight * static_cast<int>(own) + defence_weight * static_cast<int>(theirs) +
           static_cast<int>(rng() % noise);
}

template <RulePolicy R> std::string play_one(std::mt19937_64& rng) {
    for (;;) {
        Board<R> board(board_size);
        board.play(Point(board_size / 2, board_size / 2));
        const int target = min_plies + static_cast<int>(rng() % (max_plies - min_plies + 1));
        while (board.move_count() < target && !board.result().is_over()) {
            const Color us = board.side_to_move();
            Point best;
            int best_score = -1;
            for (Point p : board.candidates()) {
                if (R::has_forbidden_moves && us == Color::Black && board.is_forbidden(p))
                    continue;
                const int s = score(board.threat(p, us), board.threat(p, opponent(us)), rng);
                if (s > best_score) {
                    best_score = s;
                    best = p;
                }
            }
            if (best_score < 0)
                break;
            board.play(best);
        }
        // Keep positions where the game goes on and nobody can win on the spot: the middle game.
        const Color us = board.side_to_move();
        if (board.move_count() == target && !board.result().is_over() && !board.has_five(us) &&
            !board.has_five(opponent(us)))
            return to_pos(board.history());
    }
}

template <RulePolicy R> void emit(const char* rule, std::mt19937_64& rng) {
    for (int i = 0; i < positions_per_rule; ++i)
        std::printf("%s %s\n", rule, play_one<R>(rng).c_str());
}

} // namespace

int main() {
    constexpr std::uint64_t seed = 20261129;
    std::mt19937_64 rng(seed);
    std::printf("# Middle-game positions on 15x15: <rule> <moves in pos form, Black first>.\n"
                "# Made by bench/tools/generate_midgames.cpp (greedy self-play with noise).\n");
    emit<Freestyle>("freestyle", rng);
    emit<Standard>("standard", rng);
    emit<Renju>("renju", rng);
    emit<Caro>("caro", rng);
}
