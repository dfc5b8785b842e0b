// Built into its own executable with TENGEN_VERIFY_INCREMENTAL defined, so that every play and
// undo below (including those inside renju checks and searches) asserts that the incremental
// state equals a recomputation. Kept small: with the macro each move costs a full rebuild.

#include "catch.hpp"

#include <tengen/tengen.hpp>

#include <random>

#ifndef TENGEN_VERIFY_INCREMENTAL
#error "this test must be compiled with TENGEN_VERIFY_INCREMENTAL"
#endif

using namespace tengen;

namespace {

template <typename R>
void play_verified_games(int games, std::uint64_t seed, const GomokuWeights& weights = {}) {
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g) {
        Board<R> board(15);
        GomokuGame game(board, weights);
        Greedy<GomokuGame<Board<R>>> greedy(GreedyOptions{4, rng()});
        // The leaf VCF would multiply the plays (each a full recomputation here); one VCF search
        // per game below keeps it covered.
        AlphaBeta<GomokuGame<Board<R>>> engine(AlphaBetaOptions{.tt_megabytes = 1});
        SearchLimits limits;
        limits.max_nodes = 300;
        constexpr int max_plies = 40;
        while (!board.result().is_over() && board.move_count() < max_plies) {
            const auto result =
                board.move_count() % 2 == 0 ? greedy.search(game) : engine.search(game, limits);
            REQUIRE(result.best_move);
            board.play(*result.best_move);
            if (rng() % 5 == 0)
                board.undo();
        }
        constexpr std::int64_t vcf_nodes = 2000;
        (void)find_vcf(board, VcfLimits{8, vcf_nodes});
        (void)board.forbidden_points();
        (void)board.judge_position();
        REQUIRE_FALSE(board.verify());
    }
}

} // namespace

TEMPLATE_TEST_CASE("every play and undo verifies itself in games with searches", "[verify]",
                   Freestyle, Standard, Renju, Caro) {
    constexpr int games = 3;
    play_verified_games<TestType>(games, 11);
}

TEMPLATE_TEST_CASE("the shape sums verify themselves in games with searches", "[verify]", Freestyle,
                   Renju) {
    play_verified_games<TestType>(1, 12, GomokuWeights::with_shapes());
}
