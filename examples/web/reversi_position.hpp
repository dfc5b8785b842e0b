#pragma once
/// \file
/// Reversi for tengen_web: a `Position` over ReversiBoard. The board referees every move
/// (try_play), forced passes are played for the side that has no move, and the engine's levels
/// follow examples/reversi.cpp: greedy at the bottom, α-β with the exact endgame solver above.

#include "common/reversi_levels.hpp"
#include "position.hpp"

#include <tengen/reversi/game.hpp>
#include <tengen/tengen.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

namespace tengen::web {

using examples::reversi_levels;
using examples::ReversiLevel;

/// Thinking time of the timed level.
inline constexpr std::chrono::milliseconds reversi_move_time{1000};
/// The α-β transposition table of one Reversi search: small, since many games may run at once.
inline constexpr std::size_t reversi_hash_megabytes = 4;

/// A Reversi game on the standard 8x8 start, with an engine of `level` when one plays.
class ReversiPosition final : public Position {
public:
    /// An engine of level `level` (1..reversi_levels.size()) when given.
    explicit ReversiPosition(std::optional<int> level)
        : level_(level), rng_(std::random_device{}()) {}

    [[nodiscard]] std::string family() const override { return "reversi"; }
    [[nodiscard]] std::string rule_name() const override { return "reversi"; }
    [[nodiscard]] int width() const override { return reversi::board_side; }
    [[nodiscard]] int height() const override { return reversi::board_side; }
    [[nodiscard]] Color side_to_move() const override { return board_.side_to_move(); }
    [[nodiscard]] bool is_over() const override { return board_.is_game_over(); }
    [[nodiscard]] int move_count() const override { return board_.ply(); }

    [[nodiscard]] std::optional<ApiError> play(const Move& move) override {
        if (board_.is_game_over())
            return ApiError{status::conflict, "the game is over"};
        if (move.pass) {
            if (!board_.must_pass())
                return ApiError{status::conflict,
                                "no pass: " + color_name(side_to_move()) + " has a legal move"};
            static_cast<void>(board_.try_play(ReversiMove::pass()));
            return std::nullopt;
        }
        if (move.x < 0 || move.y < 0 || move.x >= reversi::board_side ||
            move.y >= reversi::board_side)
            return ApiError{status::bad_request, "(" + std::to_string(move.x) + ", " +
                                                     std::to_string(move.y) +
                                                     ") is off the 8x8 board"};
        const ReversiMove m = ReversiMove::at(move.x, move.y);
        if (const auto played = board_.try_play(m); !played)
            return ApiError{status::conflict,
                            to_string(m) + " is not a legal move: " + played.error().message};
        return std::nullopt;
    }

    [[nodiscard]] Color last_mover() const override {
        // After a pass the passer's opponent, who made the move before it, is to move again.
        const bool pass = board_.move_at(board_.ply() - 1).is_pass();
        return pass ? board_.side_to_move() : opponent(board_.side_to_move());
    }

    /// Takes back the last move; a forced pass goes with the move before it, so that the side
    /// to move afterwards always has a move.
    void undo() override {
        const bool pass = board_.move_at(board_.ply() - 1).is_pass();
        board_.undo();
        if (pass && board_.ply() > 0)
            board_.undo();
    }

    int play_forced_passes() override {
        if (!board_.must_pass())
            return 0;
        static_cast<void>(board_.try_play(ReversiMove::pass()));
        return 1;
    }

    [[nodiscard]] Json describe() override { return describe(board_); }

    [[nodiscard]] Json describe_at(int ply) override {
        ReversiBoard earlier = board_;
        while (earlier.ply() > ply)
            earlier.undo();
        return describe(earlier);
    }

    [[nodiscard]] std::optional<ApiError> import_moves(std::string_view text) override {
        const auto moves = parse_reversi_moves(text);
        if (!moves)
            return ApiError{status::bad_request, "cannot read the moves: " + moves.error().message};
        const ReversiBoard before = board_;
        for (std::size_t i = 0; i < moves->size(); ++i) {
            const ReversiMove m = (*moves)[i];
            const Move move = m.is_pass() ? Move{true, 0, 0}
                                          : Move{false, m.square() % reversi::board_side,
                                                 m.square() / reversi::board_side};
            if (auto error = play(move)) {
                board_ = before;
                error->message = "move " + std::to_string(i + 1) + " (" + to_string(m) +
                                 ") is refused: " + error->message;
                error->status = status::bad_request; // the request is at fault, not the game
                return error;
            }
        }
        return std::nullopt;
    }

    [[nodiscard]] std::optional<ApiError> import_psq(std::string_view /*text*/) override {
        return ApiError{status::bad_request, ".psq records are gomoku games, not Reversi"};
    }

    [[nodiscard]] std::optional<ApiError> set_up(const std::vector<Point>& /*black*/,
                                                 const std::vector<Point>& /*white*/,
                                                 Color /*to_move*/) override {
        return ApiError{status::bad_request,
                        "Reversi starts from its four discs; import its moves instead"};
    }

    [[nodiscard]] AnalysisOrError
    make_analysis(const AnalysisRequest& request,
                  std::shared_ptr<const std::atomic<bool>> stop) override {
        if (request.kind != AnalysisKind::Search)
            return {nullptr, ApiError{status::bad_request, "threat searches are for gomoku games"}};
        ReversiBoard earlier = board_;
        while (earlier.ply() > request.ply)
            earlier.undo();
        if (earlier.is_game_over())
            return {nullptr, ApiError{status::conflict, "the game is over: nothing to analyse"}};
        return {std::make_unique<ReversiAnalysis>(earlier, request, std::move(stop)), std::nullopt};
    }

private:
    /// The description of `board` (describe()).
    [[nodiscard]] static Json describe(const ReversiBoard& board) {
        Json d;
        d["family"] = "reversi";
        d["rule"] = "reversi";
        d["width"] = reversi::board_side;
        d["height"] = reversi::board_side;
        d["board"] = board_rows(reversi::board_side, reversi::board_side, [&](int x, int y) {
            return board.at(y * reversi::board_side + x);
        });
        Json moves = Json::array();
        for (int i = 0; i < board.ply(); ++i) {
            const ReversiMove m = board.move_at(i);
            if (m.is_pass())
                moves.push_back(Json{{"pass", true}, {"name", "pass"}});
            else
                moves.push_back(Json{{"x", m.square() % reversi::board_side},
                                     {"y", m.square() / reversi::board_side},
                                     {"name", to_string(m)}});
        }
        d["moves"] = std::move(moves);
        d["to_move"] = color_name(board.side_to_move());
        const bool over = board.is_game_over();
        const int black = board.disc_count(Color::Black);
        const int white = board.disc_count(Color::White);
        // The winner by disc count, empty on a draw or while the game goes on.
        const std::string winner = !over || black == white ? ""
                                   : black > white         ? color_name(Color::Black)
                                                           : color_name(Color::White);
        d["over"] = over;
        d["winner"] = winner.empty() ? Json(nullptr) : Json(winner);
        d["reason"] = over ? "discs" : "none";
        // The result as the World Othello Federation records it: the empty squares of a game
        // that ends early go to the winner (44-20 for 33 discs against 20), shared on a draw.
        const int black_score = board.final_count(Color::Black);
        const int white_score = board.final_count(Color::White);
        std::string score = std::to_string(black_score) + "-" + std::to_string(white_score);
        if (over && board.empty_count() > 0)
            score += " (" + std::to_string(black) + "-" + std::to_string(white) +
                     " on the board, the empty squares " +
                     (winner.empty() ? "shared" : "to the winner") + ")";
        d["result_text"] = !over            ? "in progress"
                           : winner.empty() ? "draw " + score
                                            : winner + " wins " + score;
        d["discs"] = Json{{"black", black}, {"white", white}};
        d["score"] = over ? Json{{"black", black_score}, {"white", white_score}} : Json(nullptr);
        d["forbidden"] = Json::array();
        Json legal = Json::array();
        if (!over) {
            const reversi::Bitboard squares = board.legal_moves();
            for (int s = 0; s < reversi::square_count; ++s)
                if ((squares >> s) & 1u)
                    legal.push_back(Json{{"x", s % reversi::board_side},
                                         {"y", s / reversi::board_side},
                                         {"name", to_string(ReversiMove::at(s))}});
        }
        d["legal"] = std::move(legal);
        d["five"] = Json::array();
        return d;
    }

public:
    [[nodiscard]] std::string move_text() const override {
        std::vector<ReversiMove> moves;
        for (int i = 0; i < board_.ply(); ++i)
            moves.push_back(board_.move_at(i));
        return format_reversi_moves(moves);
    }

    [[nodiscard]] std::optional<std::string> psq() const override { return std::nullopt; }
    [[nodiscard]] std::optional<std::string> svg(const SvgOptions& /*options*/) const override {
        return std::nullopt;
    }

    [[nodiscard]] std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) override {
        return std::make_unique<ReversiSearch>(board_, reversi_levels.at(level_.value() - 1),
                                               rng_(), stop);
    }

private:
    /// The α-β search's value, depth and line on a copy of the board, the whole time long.
    class ReversiAnalysis final : public Analysis {
    public:
        ReversiAnalysis(const ReversiBoard& board, const AnalysisRequest& request,
                        std::shared_ptr<const std::atomic<bool>> stop)
            : board_(board), request_(request), stop_(std::move(stop)) {}

        [[nodiscard]] Json run(AnalysisWorkspace& /*workspace*/) override {
            // Its own 4 MiB table, on the pool's thread: freed memory stays with that thread's
            // arena, which the next analysis there reuses.
            SearchLimits limits;
            limits.stop = stop_.get();
            limits.max_time = request_.time;
            ReversiGame game(board_);
            AlphaBetaOptions options;
            options.tt_megabytes = reversi_hash_megabytes;
            AlphaBeta<ReversiGame> search(options);
            const auto start = std::chrono::steady_clock::now();
            const SearchResult<ReversiMove> r = search.search(game, limits);
            Json pv = Json::array();
            for (ReversiMove m : r.pv)
                pv.push_back(m.is_pass()
                                 ? Json{{"pass", true}, {"name", "pass"}}
                                 : point_json(m.square() % reversi::board_side,
                                              m.square() / reversi::board_side, to_string(m)));
            Json candidates = Json::array();
            if (!pv.empty())
                candidates.push_back(Json{{"move", pv.front()},
                                          {"value", r.value},
                                          {"value_text", describe_value(r.value)},
                                          {"depth", r.depth},
                                          {"pv", pv}});
            return Json{{"kind", "search"},
                        {"ply", request_.ply},
                        {"to_move", color_name(board_.side_to_move())},
                        {"value", r.value},
                        {"value_text", describe_value(r.value)},
                        {"depth", r.depth},
                        {"pv", std::move(pv)},
                        {"candidates", std::move(candidates)},
                        {"nodes", r.stats.nodes},
                        {"time_ms", std::chrono::duration_cast<std::chrono::milliseconds>(
                                        std::chrono::steady_clock::now() - start)
                                        .count()}};
        }

    private:
        ReversiBoard board_;
        AnalysisRequest request_;
        std::shared_ptr<const std::atomic<bool>> stop_;
    };

    /// One engine move on a copy of the board.
    class ReversiSearch final : public Search {
    public:
        ReversiSearch(const ReversiBoard& board, const ReversiLevel& level, std::uint64_t seed,
                      const std::atomic<bool>* stop)
            : board_(board), level_(level), seed_(seed), stop_(stop) {}

        [[nodiscard]] std::optional<Move> run() override {
            SearchLimits limits;
            limits.stop = stop_;
            std::optional<ReversiMove> move;
            if (level_.solver_empties > 0 && board_.empty_count() <= level_.solver_empties) {
                const EndgameResult solved = solve_endgame(board_, limits);
                if (solved.complete)
                    move = solved.best_move;
            } else if (level_.greedy) {
                ReversiGame game(board_, ReversiOptions{{}, *level_.greedy});
                Greedy<ReversiGame> greedy(GreedyOptions{level_.greedy_choices, seed_});
                move = greedy.search(game).best_move;
            } else {
                if (level_.depth > 0)
                    limits.max_depth = level_.depth;
                else
                    limits.max_time = reversi_move_time;
                ReversiGame game(board_);
                AlphaBetaOptions options;
                options.tt_megabytes = reversi_hash_megabytes;
                AlphaBeta<ReversiGame> search(options);
                move = search.search(game, limits).best_move;
            }
            if (!move)
                return std::nullopt;
            if (move->is_pass())
                return Move{true, 0, 0};
            return Move{false, move->square() % reversi::board_side,
                        move->square() / reversi::board_side};
        }

    private:
        ReversiBoard board_;
        const ReversiLevel& level_;
        std::uint64_t seed_;
        const std::atomic<bool>* stop_;
    };

    ReversiBoard board_;
    std::optional<int> level_;
    std::mt19937_64 rng_;
};

} // namespace tengen::web
