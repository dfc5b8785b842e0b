#pragma once
/// \file
/// The positions tengen_web referees, behind one rule-free interface: the server picks the rule
/// at run time (visit_rule) and from then on talks to a `Position`, which checks and plays moves
/// with the library's board, describes itself as JSON for the page, writes its records and hands
/// out engine searches that run on a copy of the board, away from the game's lock.

#include "api.hpp"
#include "common/player.hpp"

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

/// An analysis that has left the game's lock: it owns copies of what it reads, so the game may
/// change (and stop it) while it runs.
class Analysis {
public:
    virtual ~Analysis() = default;
    /// Runs to its time or until the stop flag given when it was made is set; the result as JSON
    /// for the page (docs/web.md, "Analysis").
    [[nodiscard]] virtual Json run() = 0;
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
    /// The position after the first `ply` moves (0 to move_count()), described as describe()
    /// does, its move list cut at `ply`. Precondition: 0 <= ply <= move_count().
    [[nodiscard]] virtual Json describe_at(int ply) = 0;

    /// Plays `text`, the moves in this game's notation (a pos string for gomoku, `f5d6pa...`
    /// for Reversi), each refereed as a move from the page. On a refusal the position is as
    /// before and the error names the move.
    [[nodiscard]] virtual std::optional<ApiError> import_moves(std::string_view text) = 0;
    /// Plays the moves of a Piskvork `.psq` record, as import_moves does.
    [[nodiscard]] virtual std::optional<ApiError> import_psq(std::string_view text) = 0;
    /// Replaces the position by stones set up by hand, `to_move` to move. Precondition: no
    /// moves yet.
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

/// The transposition table of one analysis.
inline constexpr std::size_t analysis_hash_megabytes = 16;
/// Moves an analysis reports: the search's best and the likeliest others, each searched.
inline constexpr std::size_t candidate_count = 5;
/// The share of an analysis' time given to the main search; the candidates share the rest.
inline constexpr int main_search_percent = 60;
/// Longest threat sequences looked for, in attacker moves (the final five included), and the
/// positions a threat search may visit; the analysis' time bounds it too.
inline constexpr int max_vcf_attacker_moves = 30;
inline constexpr int max_vct_attacker_moves = 12;
inline constexpr std::int64_t max_threat_nodes = 20'000'000;

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

    [[nodiscard]] Json describe() override { return describe(game_); }

    [[nodiscard]] Json describe_at(int ply) override {
        if (ply >= game_.move_count())
            return describe(game_);
        // Only the last move can end a game, so an earlier position always sets up.
        AnyBoard scratch = make_scratch();
        (void)scratch.set_position(stones_before(ply));
        return describe(scratch);
    }

    [[nodiscard]] std::optional<ApiError> import_moves(std::string_view text) override {
        const auto moves = parse_pos_moves(text);
        if (!moves)
            return ApiError{status::bad_request, "cannot read the moves: " + moves.error().message};
        return play_all(*moves);
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
        return std::nullopt;
    }

    [[nodiscard]] AnalysisOrError
    make_analysis(const AnalysisRequest& request,
                  std::shared_ptr<const std::atomic<bool>> stop) override {
        if (request.ply == game_.move_count() && game_.result().is_over())
            return {nullptr, ApiError{status::conflict, "the game is over: nothing to analyse"}};
        return {std::make_unique<GomokuAnalysis>(game_.rule(), game_.width(),
                                                 stones_before(request.ply), request,
                                                 std::move(stop)),
                std::nullopt};
    }

    [[nodiscard]] AnyBoard* gomoku_board() override { return &game_; }

    [[nodiscard]] std::string move_text() const override { return to_pos(game_.history()); }
    [[nodiscard]] std::optional<std::string> psq() const override {
        return game_.visit([](const auto& board) { return write_psq(record_of(board)); });
    }
    [[nodiscard]] std::optional<std::string> svg(const SvgOptions& options) const override {
        return game_.visit([&](const auto& board) { return to_svg(board, options); });
    }
    [[nodiscard]] std::unique_ptr<Search> make_search(const std::atomic<bool>* stop) override {
        return std::make_unique<GomokuSearch>(game_.clone(), *searcher_, *engine_, stop);
    }

private:
    /// The description of `game` (describe()).
    [[nodiscard]] static Json describe(AnyBoard& game) {
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
        d["moves"] = points_json(game.history());
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

    /// Points as the API writes them.
    [[nodiscard]] static Json points_json(std::span<const Point> points) {
        Json list = Json::array();
        for (Point p : points)
            list.push_back(point_json(p.x(), p.y(), to_pos(p)));
        return list;
    }

    /// The game's first `ply` stones.
    [[nodiscard]] std::vector<Stone> stones_before(int ply) const {
        std::vector<Stone> stones = game_.stones();
        stones.resize(std::min(stones.size(), static_cast<std::size_t>(std::max(ply, 0))));
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

    /// An analysis on its own board, set up from a copy of the stones, with its own searcher,
    /// made when it runs, so that only running analyses hold a table.
    class GomokuAnalysis final : public Analysis {
    public:
        GomokuAnalysis(RuleSpec rule, int size, std::vector<Stone> stones,
                       const AnalysisRequest& request,
                       std::shared_ptr<const std::atomic<bool>> stop)
            : rule_(rule), size_(size), stones_(std::move(stones)), request_(request),
              stop_(std::move(stop)) {}

        [[nodiscard]] Json run() override {
            SearcherOptions options;
            options.search.tt_megabytes = analysis_hash_megabytes;
            // An analysis takes all the time it is given.
            options.time_management = false;
            GomokuSearcher searcher(options);
            auto engine = std::move(AnyBoard::create(rule_, size_)).value();
            (void)engine.set_position(stones_);
            Json out{{"kind", request_.kind == AnalysisKind::Search ? "search"
                              : request_.kind == AnalysisKind::Vcf  ? "vcf"
                                                                    : "vct"},
                     {"ply", request_.ply},
                     {"to_move", color_name(engine.side_to_move())}};
            started_ = Clock::now();
            if (request_.kind == AnalysisKind::Search)
                search(engine, searcher, out);
            else
                threats(engine, out);
            out["time_ms"] =
                std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_)
                    .count();
            return out;
        }

    private:
        using Clock = std::chrono::steady_clock;

        /// The engine's search, then a shorter one after each of the other likeliest moves.
        void search(AnyBoard& engine, GomokuSearcher& searcher, Json& out) {
            SearchLimits limits;
            limits.stop = stop_.get();
            limits.max_time = request_.time * main_search_percent / 100;
            const SearchResult<Point> main = searcher.search(engine, limits);
            out["value"] = main.value;
            out["value_text"] = describe_value(main.value);
            out["depth"] = main.depth;
            std::int64_t nodes = main.stats.nodes;
            out["pv"] = points_json(main.pv);
            Json candidates = Json::array();
            if (main.best_move)
                candidates.push_back(candidate(*main.best_move, main.value, main.depth, main.pv));
            const std::vector<Point> others =
                likeliest_moves(engine, searcher.options().weights, main.best_move);
            for (std::size_t i = 0; i < others.size(); ++i) {
                if (stop_->load())
                    break;
                // What is left of the time, shared among the moves still to look at.
                const auto left =
                    request_.time -
                    std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_);
                if (left <= std::chrono::milliseconds::zero())
                    break;
                const Point p = others[i];
                (void)engine.try_play(p);
                std::vector<Point> line{p};
                Value value = 0;
                int depth = 0;
                if (const GameResult r = engine.result(); r.is_over()) {
                    value = r.winner == engine.side_to_move() ? loss_in(1)
                            : r.winner                        ? win_in(1)
                                                              : 0;
                } else {
                    SearchLimits reply;
                    reply.stop = stop_.get();
                    reply.max_time = left / static_cast<int>(others.size() - i);
                    const SearchResult<Point> r2 = searcher.search(engine, reply);
                    value = value_from_node(-r2.value, 1); // a win is one ply further away
                    depth = r2.depth + 1;
                    nodes += r2.stats.nodes;
                    line.insert(line.end(), r2.pv.begin(), r2.pv.end());
                }
                (void)engine.try_undo();
                candidates.push_back(candidate(p, value, depth, line));
            }
            // The main search's move stays first: it is the deepest look. The others follow by
            // their (shallower) values.
            if (!candidates.empty())
                std::stable_sort(candidates.begin() + 1, candidates.end(),
                                 [](const Json& a, const Json& b) {
                                     return a["value"].get<Value>() > b["value"].get<Value>();
                                 });
            out["candidates"] = std::move(candidates);
            out["nodes"] = nodes;
        }

        static Json candidate(Point p, Value value, int depth, std::span<const Point> line) {
            return Json{{"move", point_json(p.x(), p.y(), to_pos(p))},
                        {"value", value},
                        {"value_text", describe_value(value)},
                        {"depth", depth},
                        {"pv", points_json(line)}};
        }

        /// Up to candidate_count - 1 moves besides `best` that the search would try first: its
        /// own generation, ordered by threat class and then by the move-ordering score.
        static std::vector<Point> likeliest_moves(AnyBoard& engine, const GomokuWeights& weights,
                                                  std::optional<Point> best) {
            return engine.visit([&](auto& board) {
                GomokuGame game(board, weights);
                std::vector<Point> out;
                for (const HintedMove<Point>& ranked : ranked_moves(game)) {
                    if (out.size() + 1 >= candidate_count)
                        break;
                    if (ranked.move != best)
                        out.push_back(ranked.move);
                }
                return out;
            });
        }

        /// A VCF or VCT for the side to move, within the time.
        void threats(AnyBoard& engine, Json& out) {
            SearchLimits limits;
            limits.stop = stop_.get();
            limits.max_time = request_.time;
            SearchBudget budget(limits);
            const VcfResult found = engine.visit([&](auto& board) {
                return request_.kind == AnalysisKind::Vcf
                           ? find_vcf(board,
                                      VcfLimits{max_vcf_attacker_moves, max_threat_nodes, &budget})
                           : find_vct(board,
                                      VctLimits{max_vct_attacker_moves, max_threat_nodes, &budget});
            });
            out["found"] = found.found();
            out["attacker"] = color_name(engine.side_to_move());
            out["line"] = points_json(found.line);
            out["exhausted"] = found.exhausted;
            out["nodes"] = found.nodes;
        }

        RuleSpec rule_;
        int size_;
        std::vector<Stone> stones_;
        AnalysisRequest request_;
        std::shared_ptr<const std::atomic<bool>> stop_;
        Clock::time_point started_; ///< when run() began
    };

    [[nodiscard]] std::string size_text() const {
        return std::to_string(game_.width()) + "x" + std::to_string(game_.height());
    }

    AnyBoard game_;
    std::optional<GomokuSearcher> searcher_;
    std::optional<examples::PlayerConfig> engine_;
};

} // namespace tengen::web
