#pragma once
/// \file
/// The positions tengen_web referees, behind one rule-free interface: the server picks the rule
/// at run time (visit_rule) and from then on talks to a `Position`, which checks and plays moves
/// with the library's board, describes itself as JSON for the page, writes its records and hands
/// out engine searches that run on a copy of the board, away from the game's lock.

#include "common/player.hpp"

#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/svg.hpp>
#include <tengen/tengen.hpp>

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

namespace tengen::web {

using Json = nlohmann::json;

/// HTTP statuses the API answers with besides 200.
namespace status {
inline constexpr int bad_request = 400; ///< malformed JSON, missing or mistyped fields, off-board
inline constexpr int forbidden = 403;   ///< a token that holds no seat able to do this, or a
                                        ///< request from another site's page
inline constexpr int not_found = 404;   ///< no such game (never created, or cleaned up)
inline constexpr int conflict = 409;    ///< well-formed but not allowed now: occupied, not your
                                        ///< turn, the game is over, nothing to undo
inline constexpr int timeout = 408;     ///< a request that did not arrive whole in time
inline constexpr int too_large = 413;   ///< a body over the server's limit
inline constexpr int unsupported_type = 415; ///< a body that is not application/json
inline constexpr int too_many = 429; ///< over a per-client limit (connections, polls, games)
inline constexpr int headers_too_large = 431; ///< a request head over the server's limit
inline constexpr int unavailable = 503;       ///< over a limit for all clients together
} // namespace status

/// Why a request was refused: the HTTP status and a sentence for the player.
struct ApiError {
    int status = status::bad_request;
    std::string message;
};

/// A move as the page sends it: a point (column x, row y, both 0-based from the top-left) or a
/// pass (Reversi only).
struct Move {
    bool pass = false;
    int x = 0;
    int y = 0;
};

/// What an engine search needs once it has left the game's lock: everything is copied or owned,
/// so the game may change (and the result be discarded) while it runs.
class Search {
public:
    virtual ~Search() = default;
    /// Runs the search to its limits or until the stop flag given when it was made is set.
    /// Returns the engine's move, or nothing if the search found none (a finished game).
    [[nodiscard]] virtual std::optional<Move> run() = 0;
};

/// A game position under one rule, with the engine that plays it. Not thread-safe: the server
/// calls it under the game's lock, except Search::run().
class Position {
public:
    virtual ~Position() = default;

    /// "gomoku" or "reversi": which family the page draws.
    [[nodiscard]] virtual std::string family() const = 0;
    /// The rule's name as the API accepts it ("renju", "reversi", ...).
    [[nodiscard]] virtual std::string rule_name() const = 0;
    [[nodiscard]] virtual int width() const = 0;
    [[nodiscard]] virtual int height() const = 0;
    [[nodiscard]] virtual Color side_to_move() const = 0;
    [[nodiscard]] virtual bool is_over() const = 0;
    /// Moves played, passes included.
    [[nodiscard]] virtual int move_count() const = 0;

    /// Plays `move` for the side to move after checking it with the board's rules; on a refusal
    /// the position is unchanged and the error says why (400 off the board, 409 otherwise).
    [[nodiscard]] virtual std::optional<ApiError> play(const Move& move) = 0;
    /// The colour whose move undo() takes back: the last stone's or disc's (a forced pass goes
    /// with the move before it). Precondition: move_count() > 0.
    [[nodiscard]] virtual Color last_mover() const = 0;
    /// Takes back the last move. Precondition: move_count() > 0.
    virtual void undo() = 0;
    /// Plays the passes the rules force on the side to move (Reversi); returns how many.
    virtual int play_forced_passes() { return 0; }

    /// The position for the page: board rows, moves, side to move, result, and the points the
    /// page marks (renju forbidden points for Black, Reversi legal moves).
    [[nodiscard]] virtual Json describe() = 0;
    /// The moves as text: a pos string (`h8i9j10`) for gomoku, `f5d6c3pa...` for Reversi.
    [[nodiscard]] virtual std::string move_text() const = 0;
    /// A Piskvork `.psq` record, or nothing where the format does not fit the game.
    [[nodiscard]] virtual std::optional<std::string> psq() const = 0;
    /// An SVG picture of the game, stones numbered, or nothing where the library draws none.
    [[nodiscard]] virtual std::optional<std::string> svg(const SvgOptions& options) const = 0;

    /// A search for the side to move on a copy of the board, stoppable through `stop` (which must
    /// outlive it). Precondition: the position has an engine and the game is not over.
    [[nodiscard]] virtual std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) = 0;
};

/// "black" or "white".
[[nodiscard]] inline std::string color_name(Color c) {
    return std::string(to_string(c));
}

/// The board's rows, top first, one character a point: `x` Black, `o` White, `.` empty.
template <typename CellAt> [[nodiscard]] Json board_rows(int width, int height, CellAt&& cell_at) {
    Json rows = Json::array();
    for (int y = 0; y < height; ++y) {
        std::string row;
        for (int x = 0; x < width; ++x) {
            const std::optional<Color> c = cell_at(x, y);
            row += !c ? '.' : *c == Color::Black ? 'x' : 'o';
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

/// A gomoku-family position under a rule chosen at run time, with an optional engine.
class GomokuPosition final : public Position {
public:
    /// An empty `size` x `size` board under `rule`, with an engine of `engine` strength when
    /// given; an Error names an invalid rule or an unsupported size.
    [[nodiscard]] static Expected<std::unique_ptr<Position>>
    create(RuleSpec rule, int size, const std::optional<examples::PlayerConfig>& engine) {
        auto game = GomokuEngine::create(rule, size, size, GomokuEngineOptions{tiny_table()});
        if (!game)
            return game.error();
        std::optional<GomokuEngine> searcher;
        if (engine) {
            // The engine's own copy of the game: searches run on it away from the game's lock,
            // set up from the stones at the start of each. Its table exists only while it
            // searches, so that idle games hold no table memory (see GomokuSearch::run).
            auto made = GomokuEngine::create(rule, size, size, GomokuEngineOptions{tiny_table()});
            if (!made)
                return made.error();
            searcher.emplace(std::move(made).value());
        }
        return std::unique_ptr<Position>(
            new GomokuPosition(std::move(game).value(), std::move(searcher), engine));
    }

    [[nodiscard]] std::string family() const override { return "gomoku"; }
    [[nodiscard]] std::string rule_name() const override { return to_string(game_.rule()); }
    [[nodiscard]] int width() const override { return game_.width(); }
    [[nodiscard]] int height() const override { return game_.height(); }
    [[nodiscard]] Color side_to_move() const override { return game_.side_to_move(); }
    [[nodiscard]] bool is_over() const override { return game_.result().is_over(); }
    [[nodiscard]] int move_count() const override { return game_.move_count(); }

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
    void undo() override { (void)game_.try_undo(); }

    [[nodiscard]] Json describe() override {
        Json d;
        d["family"] = family();
        d["rule"] = rule_name();
        d["width"] = game_.width();
        d["height"] = game_.height();
        d["board"] = board_rows(game_.width(), game_.height(), [&](int x, int y) {
            const Cell c = game_.cell(Point(x, y));
            return c == Cell::Black   ? std::optional<Color>(Color::Black)
                   : c == Cell::White ? std::optional<Color>(Color::White)
                                      : std::nullopt;
        });
        Json moves = Json::array();
        for (Point p : game_.history())
            moves.push_back(Json{{"x", p.x()}, {"y", p.y()}, {"name", to_pos(p)}});
        d["moves"] = std::move(moves);
        d["to_move"] = color_name(game_.side_to_move());
        const GameResult result = game_.result();
        d["over"] = result.is_over();
        d["winner"] = result.winner ? Json(color_name(*result.winner)) : Json(nullptr);
        d["reason"] = std::string(to_string(result.reason));
        d["result_text"] = result_text(result);
        // Forbidden points matter only while Black is to move: they are Black's problem.
        Json forbidden = Json::array();
        if (!result.is_over() && game_.side_to_move() == Color::Black)
            for (Point p : game_.forbidden_points())
                forbidden.push_back(
                    Json{{"x", p.x()},
                         {"y", p.y()},
                         {"kind", std::string(to_string(game_.forbidden_kind(p)))}});
        d["forbidden"] = std::move(forbidden);
        d["legal"] = nullptr;
        return d;
    }

    [[nodiscard]] std::string move_text() const override { return to_pos(game_.history()); }
    [[nodiscard]] std::optional<std::string> psq() const override {
        return game_.visit([](const auto& board) { return write_psq(record_of(board)); });
    }
    [[nodiscard]] std::optional<std::string> svg(const SvgOptions& options) const override {
        return game_.visit([&](const auto& board) { return to_svg(board, options); });
    }
    [[nodiscard]] std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) override {
        return std::make_unique<GomokuSearch>(game_.stones(), *searcher_, *engine_, stop);
    }

private:
    /// The smallest table the library allows: the referee's (it never searches) and the
    /// engine's between searches.
    static AlphaBetaOptions tiny_table() {
        AlphaBetaOptions options = GomokuEngineOptions::playing_defaults();
        options.tt_megabytes = 0;
        return options;
    }

    GomokuPosition(GomokuEngine game, std::optional<GomokuEngine> searcher,
                   const std::optional<examples::PlayerConfig>& engine)
        : game_(std::move(game)), searcher_(std::move(searcher)), engine_(engine) {}

    /// The engine's search, on its own engine set up from a copy of the stones. The engine is
    /// the position's: the server runs at most one search per game at a time, so nobody else
    /// touches it meanwhile.
    class GomokuSearch final : public Search {
    public:
        GomokuSearch(std::vector<Stone> stones, GomokuEngine& engine,
                     const examples::PlayerConfig& config, const std::atomic<bool>* stop)
            : stones_(std::move(stones)), engine_(engine), config_(config), stop_(stop) {}

        [[nodiscard]] std::optional<Move> run() override {
            if (engine_.set_position(stones_))
                return std::nullopt; // a finished game: nothing to search
            // choose_move gives the engine the table its level asks for; it goes afterwards.
            const examples::Choice choice =
                examples::choose_move(engine_, config_, std::nullopt, stop_);
            engine_.set_search_options(tiny_table());
            if (!choice.move)
                return std::nullopt;
            return Move{false, choice.move->x(), choice.move->y()};
        }

    private:
        std::vector<Stone> stones_;
        GomokuEngine& engine_;
        examples::PlayerConfig config_;
        const std::atomic<bool>* stop_;
    };

    [[nodiscard]] std::string size_text() const {
        return std::to_string(game_.width()) + "x" + std::to_string(game_.height());
    }

    GomokuEngine game_;
    std::optional<GomokuEngine> searcher_;
    std::optional<examples::PlayerConfig> engine_;
};

} // namespace tengen::web
