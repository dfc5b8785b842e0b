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
inline constexpr int forbidden = 403;   ///< a token that holds no seat able to do this
inline constexpr int not_found = 404;   ///< no such game (never created, or cleaned up)
inline constexpr int conflict = 409;    ///< well-formed but not allowed now: occupied, not your
                                        ///< turn, the game is over, nothing to undo
inline constexpr int too_large = 413;   ///< a body over the server's limit
inline constexpr int unavailable = 503; ///< too many games at once
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

/// A gomoku-family position under `Rule`, with an optional engine.
template <RulePolicy Rule> class GomokuPosition final : public Position {
public:
    using BoardType = Board<Rule>;

    /// A `size` x `size` board; an engine of `engine` strength when given. Precondition: the
    /// size passed BoardType::check_size.
    GomokuPosition(int size, const std::optional<examples::PlayerConfig>& engine) : board_(size) {
        if (engine)
            engine_ = std::make_unique<examples::Player<Rule>>(*engine);
    }

    [[nodiscard]] std::string family() const override { return "gomoku"; }
    [[nodiscard]] std::string rule_name() const override { return std::string(Rule::name); }
    [[nodiscard]] int width() const override { return board_.width(); }
    [[nodiscard]] int height() const override { return board_.height(); }
    [[nodiscard]] Color side_to_move() const override { return board_.side_to_move(); }
    [[nodiscard]] bool is_over() const override { return board_.result().is_over(); }
    [[nodiscard]] int move_count() const override { return board_.move_count(); }

    [[nodiscard]] std::optional<ApiError> play(const Move& move) override {
        if (move.pass)
            return ApiError{status::conflict, "gomoku has no passes"};
        if (!board_.contains(move.x, move.y))
            return ApiError{status::bad_request, "(" + std::to_string(move.x) + ", " +
                                                     std::to_string(move.y) + ") is off the " +
                                                     size_text() + " board"};
        const Point p(move.x, move.y);
        switch (board_.try_play(p)) {
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

    void undo() override { board_.undo(); }

    [[nodiscard]] Json describe() override {
        Json d;
        d["family"] = family();
        d["rule"] = rule_name();
        d["width"] = board_.width();
        d["height"] = board_.height();
        d["board"] = board_rows(board_.width(), board_.height(), [&](int x, int y) {
            const Cell c = board_.cell(Point(x, y));
            return c == Cell::Black   ? std::optional<Color>(Color::Black)
                   : c == Cell::White ? std::optional<Color>(Color::White)
                                      : std::nullopt;
        });
        Json moves = Json::array();
        for (Point p : board_.history())
            moves.push_back(Json{{"x", p.x()}, {"y", p.y()}, {"name", to_pos(p)}});
        d["moves"] = std::move(moves);
        d["to_move"] = color_name(board_.side_to_move());
        const GameResult& result = board_.result();
        d["over"] = result.is_over();
        d["winner"] = result.winner ? Json(color_name(*result.winner)) : Json(nullptr);
        d["reason"] = std::string(to_string(result.reason));
        d["result_text"] = result_text(result);
        // Forbidden points matter only while Black is to move: they are Black's problem.
        Json forbidden = Json::array();
        if (Rule::id == RuleId::Renju && !result.is_over() && board_.side_to_move() == Color::Black)
            for (Point p : board_.forbidden_points())
                forbidden.push_back(
                    Json{{"x", p.x()},
                         {"y", p.y()},
                         {"kind", std::string(to_string(board_.forbidden_kind(p)))}});
        d["forbidden"] = std::move(forbidden);
        d["legal"] = nullptr;
        return d;
    }

    [[nodiscard]] std::string move_text() const override { return to_pos(board_.history()); }

    [[nodiscard]] std::optional<std::string> psq() const override {
        return write_psq(record_of(board_));
    }

    [[nodiscard]] std::optional<std::string> svg(const SvgOptions& options) const override {
        return to_svg(board_, options);
    }

    [[nodiscard]] std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) override {
        return std::make_unique<GomokuSearch>(board_.clone(), *engine_, stop);
    }

private:
    /// The engine's search on its own copy of the board. The player is the position's: the
    /// server runs at most one search per game at a time, so nobody else touches it meanwhile.
    class GomokuSearch final : public Search {
    public:
        GomokuSearch(BoardType board, examples::Player<Rule>& player, const std::atomic<bool>* stop)
            : board_(std::move(board)), player_(player), stop_(stop) {}

        [[nodiscard]] std::optional<Move> run() override {
            const SearchResult<Point> result = player_.choose(board_, std::nullopt, stop_);
            if (!result.best_move)
                return std::nullopt;
            return Move{false, result.best_move->x(), result.best_move->y()};
        }

    private:
        BoardType board_;
        examples::Player<Rule>& player_;
        const std::atomic<bool>* stop_;
    };

    [[nodiscard]] std::string size_text() const {
        return std::to_string(board_.width()) + "x" + std::to_string(board_.height());
    }

    BoardType board_;
    std::unique_ptr<examples::Player<Rule>> engine_;
};

} // namespace tengen::web
