#pragma once
/// \file
/// tengen_web's gomoku-family positions: a rule chosen at run time, the library's AnyBoard as
/// the referee, an optional engine seat, records, set-ups and analyses.

#include "gomoku_analysis.hpp"
#include "position.hpp"
#include "setup_text.hpp"

#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/svg.hpp>
#include <tengen/tengen.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::web {

/// A gomoku-family position under a rule chosen at run time, with an optional engine.
class GomokuPosition final : public Position {
public:
    /// An empty `size` x `size` board under `rule`, with an engine of `engine` strength when
    /// given; an Error names an invalid rule or an unsupported size.
    [[nodiscard]] static Expected<std::unique_ptr<Position>>
    create(RuleSpec rule, int size, const std::optional<examples::PlayerConfig>& engine) {
        auto game = AnyBoard::create(rule, size);
        if (!game)
            return game.error();
        std::optional<GomokuSearcher> searcher;
        // The engine seat's searcher. Its table exists only while it searches, so that idle
        // games hold no table memory (see GomokuSearch::run).
        if (engine)
            searcher.emplace(examples::tableless_searcher_options(*engine));
        return std::unique_ptr<Position>(
            new GomokuPosition(std::move(game).value(), std::move(searcher), engine));
    }

    [[nodiscard]] std::string family() const override { return "gomoku"; }
    [[nodiscard]] std::string rule_name() const override { return to_string(game_.rule()); }
    [[nodiscard]] int width() const override { return game_.width(); }
    [[nodiscard]] int height() const override { return game_.height(); }
    [[nodiscard]] Color side_to_move() const override { return game_.side_to_move(); }
    [[nodiscard]] bool is_over() const override { return game_.result().is_over(); }
    [[nodiscard]] int move_count() const override { return game_.move_count() - setup_count(); }

    [[nodiscard]] std::optional<ApiError> play(const Move& move) override {
        if (move.pass)
            return ApiError{status::conflict, "gomoku has no passes"};
        if (move.x < 0 || move.x >= game_.width() || move.y < 0 || move.y >= game_.height())
            return ApiError{status::bad_request, "(" + std::to_string(move.x) + ", " +
                                                     std::to_string(move.y) + ") is off the " +
                                                     size_text() + " board"};
        const Point p(move.x, move.y);
        switch (game_.try_play(p)) {
        case MoveError::None:
            return std::nullopt;
        case MoveError::Occupied:
            return ApiError{status::conflict, to_pos(p) + " is occupied"};
        case MoveError::GameOver:
            return ApiError{status::conflict, "the game is over"};
        case MoveError::OffBoard:
            break;
        }
        return ApiError{status::bad_request, to_pos(p) + " is off the board"};
    }

    [[nodiscard]] Color last_mover() const override { return opponent(game_.side_to_move()); }
    void undo() override {
        if (move_count() > 0)
            (void)game_.try_undo();
    }

    [[nodiscard]] Json describe() override { return describe(game_); }

    [[nodiscard]] Json describe_at(int ply) override {
        if (ply >= move_count())
            return describe(game_);
        // Only the last move can end a game, so an earlier position always sets up.
        AnyBoard scratch = make_scratch();
        (void)scratch.set_position(stones_before(ply));
        return describe(scratch);
    }

    [[nodiscard]] std::optional<ApiError> import_moves(std::string_view text) override {
        std::optional<SetUp> setup;
        if (const auto e = read_setup_prefix(text, setup))
            return e;
        const auto moves = parse_pos_moves(text);
        if (!moves)
            return ApiError{status::bad_request, "cannot read the moves: " + moves.error().message};
        if (setup)
            if (const auto e = set_up(setup->black, setup->white, setup->to_move))
                return e;
        if (auto e = play_all(*moves)) {
            if (setup) {
                game_.clear();
                setup_.reset();
            }
            return e;
        }
        return std::nullopt;
    }

    [[nodiscard]] std::optional<ApiError> import_psq(std::string_view text) override {
        const auto record = read_psq(text);
        if (!record)
            return ApiError{status::bad_request,
                            "cannot read the .psq record: " + record.error().message};
        if (record->width != game_.width() || record->height != game_.height())
            return ApiError{status::bad_request,
                            "the record is a " + std::to_string(record->width) + "x" +
                                std::to_string(record->height) + " game; choose that size"};
        return play_all(record->moves);
    }

    [[nodiscard]] std::optional<ApiError> set_up(const std::vector<Point>& black,
                                                 const std::vector<Point>& white,
                                                 Color to_move) override {
        // AnyBoard::set_position gives the move to the colour after the last stone's: the
        // side to move places its stones first.
        const auto& first = to_move == Color::Black ? black : white;
        const auto& second = to_move == Color::Black ? white : black;
        if (second.empty() && !first.empty())
            return ApiError{status::bad_request, "with no " + color_name(opponent(to_move)) +
                                                     " stone on the board, " +
                                                     color_name(opponent(to_move)) + " is to move"};
        std::vector<Stone> stones;
        for (Point p : first)
            stones.push_back(Stone{p, to_move});
        for (Point p : second)
            stones.push_back(Stone{p, opponent(to_move)});
        if (const auto error = game_.set_position(stones))
            return ApiError{status::bad_request, "cannot set up the position: " + error->message};
        setup_.reset();
        if (!stones.empty())
            setup_ = SetUp{black, white, to_move};
        return std::nullopt;
    }

    [[nodiscard]] AnalysisOrError
    make_analysis(const AnalysisRequest& request,
                  std::shared_ptr<const std::atomic<bool>> stop) override {
        if (request.ply == move_count() && game_.result().is_over())
            return {nullptr, ApiError{status::conflict, "the game is over: nothing to analyse"}};
        return {std::make_unique<GomokuAnalysis>(game_.rule(), game_.width(),
                                                 stones_before(request.ply), request,
                                                 std::move(stop)),
                std::nullopt};
    }

    [[nodiscard]] AnyBoard* gomoku_board() override { return &game_; }

    [[nodiscard]] std::string move_text() const override {
        const std::vector<Point> history = game_.history();
        const std::string moves = to_pos(
            std::span<const Point>(history).subspan(static_cast<std::size_t>(setup_count())));
        return setup_ ? format_setup(*setup_) + (moves.empty() ? "" : " " + moves) : moves;
    }
    [[nodiscard]] std::optional<std::string> psq() const override {
        if (setup_)
            return std::nullopt;
        return game_.visit([](const auto& board) { return write_psq(record_of(board)); });
    }
    [[nodiscard]] std::optional<std::string> svg(const SvgOptions& options) const override {
        return game_.visit([&](const auto& board) { return to_svg(board, options); });
    }
    [[nodiscard]] std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) override {
        return std::make_unique<GomokuSearch>(game_.clone(), *searcher_, *engine_, stop);
    }

    [[nodiscard]] std::unique_ptr<OpeningSearch>
    make_opening_search(OpeningTask task, std::vector<Point> offers,
                        const std::atomic<bool>* stop) override {
        return std::make_unique<GomokuOpeningSearch>(task, std::move(offers), game_.clone(),
                                                     *searcher_, *engine_, stop);
    }

private:
    /// The description of `game`, a board of this game (describe()).
    [[nodiscard]] Json describe(AnyBoard& game) const {
        Json d;
        d["family"] = "gomoku";
        d["rule"] = to_string(game.rule());
        d["width"] = game.width();
        d["height"] = game.height();
        d["board"] = board_rows(game.width(), game.height(), [&](int x, int y) {
            const Cell c = game.cell(Point(x, y));
            return c == Cell::Black   ? std::optional<Color>(Color::Black)
                   : c == Cell::White ? std::optional<Color>(Color::White)
                                      : std::nullopt;
        });
        const std::vector<Point> history = game.history();
        d["moves"] = points_json(
            std::span<const Point>(history).subspan(static_cast<std::size_t>(setup_count())));
        d["setup"] = nullptr;
        if (setup_)
            d["setup"] = Json{{"black", points_text(setup_->black)},
                              {"white", points_text(setup_->white)},
                              {"to_move", color_name(setup_->to_move)}};
        d["to_move"] = color_name(game.side_to_move());
        const GameResult result = game.result();
        d["over"] = result.is_over();
        d["winner"] = result.winner ? Json(color_name(*result.winner)) : Json(nullptr);
        d["reason"] = std::string(to_string(result.reason));
        d["result_text"] = result_text(result);
        d["five"] = points_json(game.winning_row());
        // Forbidden points matter only while Black is to move: they are Black's problem.
        Json forbidden = Json::array();
        if (!result.is_over() && game.side_to_move() == Color::Black)
            for (Point p : game.forbidden_points())
                forbidden.push_back(Json{{"x", p.x()},
                                         {"y", p.y()},
                                         {"kind", std::string(to_string(game.forbidden_kind(p)))}});
        d["forbidden"] = std::move(forbidden);
        d["legal"] = nullptr;
        return d;
    }

    /// Point names, as a set-up lists them.
    [[nodiscard]] static Json points_text(std::span<const Point> points) {
        Json list = Json::array();
        for (Point p : points)
            list.push_back(to_pos(p));
        return list;
    }

    /// Stones of the board that are the set-up's, not moves.
    [[nodiscard]] int setup_count() const {
        return setup_ ? static_cast<int>(setup_->black.size() + setup_->white.size()) : 0;
    }

    /// The set-up's stones and the game's first `ply` moves' (0 <= ply <= move_count()).
    [[nodiscard]] std::vector<Stone> stones_before(int ply) const {
        std::vector<Stone> stones = game_.stones();
        stones.resize(
            std::min(stones.size(), static_cast<std::size_t>(setup_count() + std::max(ply, 0))));
        return stones;
    }

    /// An empty board of the game's rule and size, for set-ups.
    [[nodiscard]] AnyBoard make_scratch() const {
        return std::move(AnyBoard::create(game_.rule(), game_.width(), game_.height())).value();
    }

    /// Plays `moves` as the page's moves, all or none.
    [[nodiscard]] std::optional<ApiError> play_all(std::span<const Point> moves) {
        const int before = game_.move_count();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Point p = moves[i];
            std::optional<ApiError> error;
            if (p.is_pass())
                error = ApiError{status::bad_request, "gomoku has no passes"};
            else
                error = play(Move{false, p.x(), p.y()});
            if (error) {
                while (game_.move_count() > before)
                    (void)game_.try_undo();
                error->message = "move " + std::to_string(i + 1) + " (" +
                                 (p.is_pass() ? std::string("pass") : to_pos(p)) +
                                 ") is refused: " + error->message;
                error->status = status::bad_request; // the request is at fault, not the game
                return error;
            }
        }
        return std::nullopt;
    }

    GomokuPosition(AnyBoard game, std::optional<GomokuSearcher> searcher,
                   const std::optional<examples::PlayerConfig>& engine)
        : game_(std::move(game)), searcher_(std::move(searcher)), engine_(engine) {}

    /// The engine's search on a copy of the board, away from the game's lock. The searcher is
    /// the position's: the server runs at most one search per game at a time, so nobody else
    /// touches it meanwhile.
    class GomokuSearch final : public Search {
    public:
        GomokuSearch(AnyBoard board, GomokuSearcher& searcher, const examples::PlayerConfig& config,
                     const std::atomic<bool>* stop)
            : board_(std::move(board)), searcher_(searcher), config_(config), stop_(stop) {}

        [[nodiscard]] std::optional<Move> run() override {
            // choose_move gives the searcher the table its level asks for; it goes afterwards.
            const examples::Choice choice =
                examples::choose_move(board_, searcher_, config_, std::nullopt, stop_);
            searcher_.set_table_megabytes(0);
            if (!choice.move)
                return std::nullopt;
            return Move{false, choice.move->x(), choice.move->y()};
        }

    private:
        AnyBoard board_;
        GomokuSearcher& searcher_;
        examples::PlayerConfig config_;
        const std::atomic<bool>* stop_;
    };

    /// The engine's swap2 and Taraguchi-10 decisions (engine/opening_play.hpp) on a copy of the
    /// board, with the level's limits; a level without a search (Greedy) judges by a two-ply
    /// search.
    class GomokuOpeningSearch final : public OpeningSearch {
    public:
        GomokuOpeningSearch(OpeningTask task, std::vector<Point> offers, AnyBoard board,
                            GomokuSearcher& searcher, const examples::PlayerConfig& config,
                            const std::atomic<bool>* stop)
            : task_(task), offers_(std::move(offers)), board_(std::move(board)),
              searcher_(searcher), config_(config), stop_(stop) {}

        [[nodiscard]] Expected<OpeningDecision> run() override {
            constexpr int greedy_judging_depth = 2;
            SearchLimits limits = examples::limits_of(config_);
            if (config_.kind != examples::PlayerConfig::Kind::AlphaBeta) {
                limits = SearchLimits{};
                limits.max_depth = greedy_judging_depth;
            }
            limits.stop = stop_;
            searcher_.set_table_megabytes(config_.hash_megabytes);
            Expected<OpeningDecision> decision = decide(limits);
            searcher_.set_table_megabytes(0);
            return decision;
        }

    private:
        [[nodiscard]] Expected<OpeningDecision> decide(const SearchLimits& limits) {
            switch (task_) {
            case OpeningTask::ProposeThree:
            case OpeningTask::SecondChoice:
            case OpeningTask::FinalChoice:
                return decide_swap2(limits);
            case OpeningTask::TaraguchiStone:
            case OpeningTask::TaraguchiSwap:
            case OpeningTask::TaraguchiFifth:
            case OpeningTask::TaraguchiSelect:
                return decide_taraguchi(limits);
            }
            return Error{"unknown opening task"};
        }

        [[nodiscard]] Expected<OpeningDecision> decide_taraguchi(const SearchLimits& limits) {
            const auto decision =
                task_ == OpeningTask::TaraguchiStone  ? taraguchi_stone(searcher_, board_, limits)
                : task_ == OpeningTask::TaraguchiSwap ? taraguchi_swap(searcher_, board_, limits)
                : task_ == OpeningTask::TaraguchiFifth
                    ? taraguchi_fifth(searcher_, board_, limits)
                    : taraguchi_select(searcher_, board_, limits, offers_);
            if (!decision)
                return decision.error();
            const std::string seen = " (its value " + std::to_string(decision->value) +
                                     " at depth " + std::to_string(decision->depth) + ")";
            OpeningDecision d;
            switch (task_) {
            case OpeningTask::TaraguchiStone:
                d.stones = decision->moves;
                d.note = "the engine places its stone" + seen;
                break;
            case OpeningTask::TaraguchiSwap:
                d.choice = decision->swap ? "swap" : "stay";
                d.note = std::string("the engine ") +
                         (decision->swap ? "swaps colours" : "keeps its colour") + seen;
                break;
            case OpeningTask::TaraguchiFifth:
                d.choice = decision->swap ? "swap" : "offer";
                d.offers = decision->moves;
                d.note = std::string("the engine ") +
                         (decision->swap ? "takes White" : "offers ten 5th moves") + seen;
                break;
            default:
                d.selection = decision->moves.front();
                d.note = "the engine selects " + to_pos(decision->moves.front()) + seen;
                break;
            }
            return d;
        }

        [[nodiscard]] Expected<OpeningDecision> decide_swap2(const SearchLimits& limits) {
            if (task_ == OpeningTask::ProposeThree) {
                auto stones = swap2_opening(searcher_, board_, limits);
                if (!stones)
                    return stones.error();
                OpeningDecision d;
                d.stones = std::move(stones).value();
                d.note = "the engine proposes three stones";
                return d;
            }
            const bool second = task_ == OpeningTask::SecondChoice;
            auto decision = second ? swap2_second(searcher_, board_, limits)
                                   : swap2_final(searcher_, board_, limits);
            if (!decision)
                return decision.error();
            // The engine holds White's seat for the second choice and Black's for the final:
            // "swap" is the other colour.
            OpeningDecision d;
            std::string what;
            switch (decision->choice) {
            case Swap2Choice::TakeBlack:
                d.choice = second ? "swap" : "stay";
                what = "takes Black";
                break;
            case Swap2Choice::TakeWhite:
                d.choice = second ? "stay" : "swap";
                what = "takes White";
                break;
            case Swap2Choice::PlaceTwo:
                d.choice = "place2";
                what = "places two more stones";
                break;
            }
            d.stones = decision->moves;
            d.note = "the engine " + what + " (White's value " + std::to_string(decision->value) +
                     " at depth " + std::to_string(decision->depth) + ")";
            return d;
        }

        OpeningTask task_;
        std::vector<Point> offers_;
        AnyBoard board_;
        GomokuSearcher& searcher_;
        examples::PlayerConfig config_;
        const std::atomic<bool>* stop_;
    };

    [[nodiscard]] std::string size_text() const {
        return std::to_string(game_.width()) + "x" + std::to_string(game_.height());
    }

    AnyBoard game_; ///< the set-up's stones first (as set_position wants them), then the moves
    std::optional<SetUp> setup_; ///< where the game began, when not on the empty board
    std::optional<GomokuSearcher> searcher_;
    std::optional<examples::PlayerConfig> engine_;
};

} // namespace tengen::web
