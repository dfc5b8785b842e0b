#pragma once
/// \file
/// The positions tengen_web referees, behind one rule-free interface: the server picks the rule
/// at run time (visit_rule) and from then on talks to a `Position`, which checks and plays moves
/// with the library's board, describes itself as JSON for the page, writes its records and hands
/// out engine searches that run on a copy of the board, away from the game's lock. The gomoku
/// family's is GomokuPosition (gomoku_position.hpp), Reversi's ReversiPosition.

#include "api.hpp"
#include "common/player.hpp"
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

/// What the engine is asked in an opening rule (docs/web.md, "Opening rules").
enum class OpeningTask : std::uint8_t {
    ProposeThree,    ///< swap2, the empty board: the three opening stones (Black, White, Black)
    SecondChoice,    ///< swap2, three stones, the engine White's seat: stay, swap or place two
    FinalChoice,     ///< swap2, five stones, the engine Black's seat: keep Black or take White
    TaraguchiStone,  ///< Taraguchi-10: the next of the first five stones, in its central square
    TaraguchiSwap,   ///< Taraguchi-10: stay or swap colours
    TaraguchiFifth,  ///< Taraguchi-10, four stones, Black's seat: swap, or offer ten 5th moves
    TaraguchiSelect, ///< Taraguchi-10: select one of Black's offered 5th moves
};

/// The engine's answer to an OpeningTask: a choice of the opening's step ("stay", "swap",
/// "place2", "offer") when it asks one, then stones to place in order (the three opening
/// stones, the two more, the next Taraguchi stone, or the first move of the colour taken),
/// the 5th moves offered, or the offer selected, and what the engine saw.
struct OpeningDecision {
    std::optional<std::string> choice;
    std::vector<Point> stones;
    std::vector<Point> offers;
    std::optional<Point> selection;
    std::string note; ///< for the page: the choice and the value behind it
};

/// An opening decision that has left the game's lock, on a copy of the board.
class OpeningSearch {
public:
    virtual ~OpeningSearch() = default;
    /// Decides within the engine's time, or until the stop flag given when it was made is set;
    /// an Error when the position does not fit the task.
    [[nodiscard]] virtual Expected<OpeningDecision> run() = 0;
};

/// What an analysis looks for.
enum class AnalysisKind : std::uint8_t {
    Search, ///< the engine's value, depth, principal variation and candidate moves
    Vcf,    ///< a win by continuous fours for the side to move
    Vct,    ///< a win by continuous threats (threes and fours) for the side to move
};

/// An analysis as the page asks for it.
struct AnalysisRequest {
    AnalysisKind kind = AnalysisKind::Search;
    int ply = 0; ///< the position after this many moves of the game
    std::chrono::milliseconds time{0};
};

class AnalysisWorkspace;

/// An analysis that has left the game's lock: it owns copies of what it reads, so the game may
/// change (and stop it) while it runs.
class Analysis {
public:
    virtual ~Analysis() = default;
    /// Runs to its time or until the stop flag given when it was made is set, searching with
    /// what `workspace` keeps (the calling thread's own); the result as JSON for the page
    /// (docs/web.md, "Analysis").
    [[nodiscard]] virtual Json run(AnalysisWorkspace& workspace) = 0;
};

/// An analysis ready to run, or why there is none.
struct AnalysisOrError {
    std::unique_ptr<Analysis> analysis;
    std::optional<ApiError> error;
};

/// A point as the API writes it, with its name in the game's notation.
[[nodiscard]] inline Json point_json(int x, int y, std::string name) {
    return Json{{"x", x}, {"y", y}, {"name", std::move(name)}};
}

/// A game position under one rule, with the engine that plays it. Not thread-safe: the server
/// calls it under the game's lock, except Search::run() and Analysis::run().
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
    /// Moves played, passes included; a set-up's stones are not moves (they count from it).
    [[nodiscard]] virtual int move_count() const = 0;

    /// Plays `move` for the side to move after checking it with the board's rules; on a refusal
    /// the position is unchanged and the error says why (400 off the board, 409 otherwise).
    [[nodiscard]] virtual std::optional<ApiError> play(const Move& move) = 0;
    /// The colour whose move undo() takes back: the last stone's or disc's (a forced pass goes
    /// with the move before it). Precondition: move_count() > 0.
    [[nodiscard]] virtual Color last_mover() const = 0;
    /// Takes back the last move, never a stone of the set-up. Precondition: move_count() > 0.
    virtual void undo() = 0;
    /// Plays the passes the rules force on the side to move (Reversi); returns how many.
    virtual int play_forced_passes() { return 0; }

    /// The position for the page: board rows, moves (after the set-up), the set-up (`setup`:
    /// `{black, white, to_move}` or null), side to move, result, and the points the page marks
    /// (renju forbidden points for Black, Reversi legal moves).
    [[nodiscard]] virtual Json describe() = 0;
    /// The position after the first `ply` moves (0 to move_count(), the set-up's stones always
    /// on the board), described as describe() does, its move list cut at `ply`. Precondition:
    /// 0 <= ply <= move_count().
    [[nodiscard]] virtual Json describe_at(int ply) = 0;

    /// Plays `text`, the moves in this game's notation (a pos string for gomoku, `f5d6pa...`
    /// for Reversi), each refereed as a move from the page; a gomoku text may begin with a
    /// set-up (setup_text.hpp), as move_text() writes it. On a refusal the position is as
    /// before and the error names the move. Precondition: no moves yet.
    [[nodiscard]] virtual std::optional<ApiError> import_moves(std::string_view text) = 0;
    /// Plays the moves of a Piskvork `.psq` record, as import_moves does.
    [[nodiscard]] virtual std::optional<ApiError> import_psq(std::string_view text) = 0;
    /// Replaces the position by stones set up by hand, `to_move` to move; the set-up stays
    /// apart from the moves (undo stops at it, plies count from it, records write it).
    /// Precondition: no moves yet.
    [[nodiscard]] virtual std::optional<ApiError>
    set_up(const std::vector<Point>& black, const std::vector<Point>& white, Color to_move) = 0;

    /// An analysis of the position after `request.ply` moves, stoppable through `stop`, or why
    /// there can be none (a finished position, a kind this game has not). Precondition:
    /// 0 <= request.ply <= move_count().
    [[nodiscard]] virtual AnalysisOrError
    make_analysis(const AnalysisRequest& request,
                  std::shared_ptr<const std::atomic<bool>> stop) = 0;

    /// The gomoku board, for what only gomoku has (an opening rule's 5th-move offers); nothing
    /// for Reversi.
    [[nodiscard]] virtual AnyBoard* gomoku_board() { return nullptr; }

    /// The moves as text: a pos string (`h8i9j10`) for gomoku, after the set-up's prefix for a
    /// game started from one; `f5d6c3pa...` for Reversi. import_moves() reads it back.
    [[nodiscard]] virtual std::string move_text() const = 0;
    /// A Piskvork `.psq` record, or nothing where the format does not fit the game (Reversi, a
    /// game started from a set-up: .psq holds moves from the empty board).
    [[nodiscard]] virtual std::optional<std::string> psq() const = 0;
    /// An SVG picture of the game, stones numbered, or nothing where the library draws none.
    [[nodiscard]] virtual std::optional<std::string> svg(const SvgOptions& options) const = 0;

    /// A search for the side to move on a copy of the board, stoppable through `stop` (which must
    /// outlive it). Precondition: the position has an engine and the game is not over.
    [[nodiscard]] virtual std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) = 0;
    /// The engine's decision of `task` on a copy of the board (`offers`: the 5th moves offered,
    /// for TaraguchiSelect), stoppable through `stop` (which must outlive it), or nothing where
    /// the engine plays no opening rule (Reversi). Precondition: the position has an engine.
    [[nodiscard]] virtual std::unique_ptr<OpeningSearch>
    make_opening_search(OpeningTask /*task*/, std::vector<Point> /*offers*/,
                        const std::atomic<bool>* /*stop*/) {
        return nullptr;
    }
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

} // namespace tengen::web
