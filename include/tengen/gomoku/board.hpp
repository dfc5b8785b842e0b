#pragma once
/// \file
/// The gomoku-family board: stones in a padded 1-D array, make/undo, Zobrist hash, candidate
/// cells, incrementally updated line patterns and threats, win detection and renju fouls.

#include <tengen/core/expected.hpp>
#include <tengen/core/point_set.hpp>
#include <tengen/core/types.hpp>
#include <tengen/core/zobrist.hpp>
#include <tengen/gomoku/game_result.hpp>
#include <tengen/gomoku/line_pattern.hpp>
#include <tengen/gomoku/pattern_table.hpp>
#include <tengen/gomoku/rules/rule_policy.hpp>
#include <tengen/gomoku/threat.hpp>

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace tengen {

/// The `Width` of a Board whose size is chosen at run time.
inline constexpr int dynamic_size = 0;

/// Cells within this Chebyshev distance of a stone are candidate moves.
inline constexpr int candidate_radius = 2;
static_assert(candidate_radius <= layout::padding, "the neighbourhood must stay in the array");

/// Why a move was refused by Board::try_play.
enum class MoveError : std::uint8_t {
    None = 0, ///< the move was played
    OffBoard, ///< the point is not on this board
    Occupied, ///< a stone is already there
    GameOver, ///< the game has ended
};

/// "off the board", "occupied", "the game is over" ("none" for a played move).
[[nodiscard]] constexpr std::string_view to_string(MoveError e) noexcept {
    switch (e) {
    case MoveError::None:
        return "none";
    case MoveError::OffBoard:
        return "off the board";
    case MoveError::Occupied:
        return "occupied";
    case MoveError::GameOver:
        return "the game is over";
    }
    return "unknown";
}

/// Thrown by play(), put() and undo() when TENGEN_VERIFY_INCREMENTAL is defined and the
/// incrementally kept state differs from a recomputation from the stones (a bug in tengen).
struct IncrementalStateError : std::logic_error {
    using std::logic_error::logic_error;
};

namespace detail {

/// Which packed line a cell lies on in each direction, and where along it.
///
/// Lines are numbered rows first, then columns, then the 63 diagonals and 63 anti-diagonals of the
/// 32 x 32 array. Along rows and both diagonals the position is the padded x, along columns the
/// padded y, so one step in a direction's positive sense is one position up.
struct LineSlot {
    int line;
    int pos;
};

inline constexpr int row_lines = layout::stride;
inline constexpr int diagonal_lines = 2 * layout::stride - 1;
inline constexpr int line_count = 2 * row_lines + 2 * diagonal_lines;

[[nodiscard]] constexpr LineSlot line_slot(Point p, Direction d) noexcept {
    const int px = p.index() % layout::stride;
    const int py = p.index() / layout::stride;
    switch (d) {
    case Direction::Horizontal:
        return {py, px};
    case Direction::Vertical:
        return {row_lines + px, py};
    case Direction::Diagonal:
        return {2 * row_lines + px - py + layout::stride - 1, px};
    case Direction::AntiDiagonal:
        return {2 * row_lines + diagonal_lines + px + py, px};
    }
    return {0, 0};
}

} // namespace detail

/// A gomoku-family board under rule `Rule`.
///
/// Size: `Board<Rule, 15>` fixes a 15 x 15 board at compile time (loop bounds and the draw test
/// become constants); `Board<Rule>` takes its width and height at run time, for programs that learn
/// the size late (a protocol engine receiving `START 20`). Both share one layout: a 32 x 32 padded
/// array (see `layout`), so a Point means the same cell on every board.
///
/// Everything derived from the stones is kept up to date on every play and undo, touching only
/// the cells whose five-cell windows contain the move: the packed line keys, each empty cell's line
/// pattern per direction and colour, each empty cell's threat per colour, per colour the number of
/// cells holding each threat, the candidate cells near stones and the Zobrist hash.
///
/// Boards are large (about 9 KiB in place, plus the history and undo log on the heap): copying is
/// disabled; use clone().
template <RulePolicy Rule, int Width = dynamic_size, int Height = Width> class Board {
    static_assert((Width == dynamic_size) == (Height == dynamic_size),
                  "give both sides at compile time, or neither");
    static_assert(Width == dynamic_size ||
                      (Width >= Rule::min_board_size && Width <= layout::max_board_size &&
                       Height >= Rule::min_board_size && Height <= layout::max_board_size),
                  "unsupported board size for this rule");

public:
    using rule_type = Rule;
    /// True when the size is fixed at compile time.
    static constexpr bool has_static_size = Width != dynamic_size;

    /// Checks a size before constructing a board: an Error saying why `width` x `height` is not
    /// supported under `Rule`, or nothing when it is.
    [[nodiscard]] static std::optional<Error> check_size(int width, int height) {
        const auto fits = [](int side) {
            return side >= Rule::min_board_size && side <= layout::max_board_size;
        };
        if (fits(width) && fits(height))
            return std::nullopt;
        return Error{"unsupported board size " + std::to_string(width) + "x" +
                     std::to_string(height) + ": " + std::string(Rule::name) +
                     " supports sides from " + std::to_string(Rule::min_board_size) + " to " +
                     std::to_string(layout::max_board_size)};
    }

    /// An empty board of the compile-time size.
    Board() requires has_static_size { reset(Width, Height); }

    /// An empty `size` x `size` board. Throws std::invalid_argument for an unsupported size
    /// (see check_size).
    explicit Board(int size) requires(!has_static_size) : Board(size, size) {}

    /// An empty `width` x `height` board. Throws std::invalid_argument for an unsupported size
    /// (see check_size).
    Board(int width, int height) requires(!has_static_size) {
        if (auto error = check_size(width, height))
            throw std::invalid_argument(error->message);
        reset(width, height);
    }

    Board(Board&&) noexcept = default;
    Board& operator=(Board&&) noexcept = default;
    ~Board() = default;

    /// An exact copy, history included.
    [[nodiscard]] Board clone() const { return Board(*this); }

    /// Removes every stone and the history.
    void clear() { reset(width(), height()); }

    // ----- Size and cells --------------------------------------------------------------------

    /// Columns of the board.
    [[nodiscard]] constexpr int width() const noexcept {
        if constexpr (has_static_size)
            return Width;
        else
            return width_;
    }
    /// Rows of the board.
    [[nodiscard]] constexpr int height() const noexcept {
        if constexpr (has_static_size)
            return Height;
        else
            return height_;
    }
    /// Number of points of the board.
    [[nodiscard]] constexpr int point_count() const noexcept { return width() * height(); }

    /// True if (x, y) is a point of this board.
    [[nodiscard]] constexpr bool contains(int x, int y) const noexcept {
        return x >= 0 && x < width() && y >= 0 && y < height();
    }
    /// True if `p` is a point of this board (false for a pass).
    [[nodiscard]] bool contains(Point p) const noexcept {
        return !p.is_pass() && cells_[cell_index(p)] != Cell::Wall;
    }
    /// The content of `p`: Wall for points off this board.
    [[nodiscard]] Cell cell(Point p) const noexcept { return cells_[cell_index(p)]; }
    /// True if `p` is on the board and empty.
    [[nodiscard]] bool is_empty(Point p) const noexcept { return cell(p) == Cell::Empty; }

    /// Every point of the board, row by row.
    [[nodiscard]] std::vector<Point> points() const {
        std::vector<Point> all;
        all.reserve(static_cast<std::size_t>(point_count()));
        for (int y = 0; y < height(); ++y)
            for (int x = 0; x < width(); ++x)
                all.emplace_back(x, y);
        return all;
    }

    // ----- Game state ------------------------------------------------------------------------

    /// The colour to move.
    [[nodiscard]] Color side_to_move() const noexcept { return side_to_move_; }
    /// Moves played so far, passes included.
    [[nodiscard]] int move_count() const noexcept { return static_cast<int>(history_.size()); }
    /// Stones on the board.
    [[nodiscard]] int stone_count() const noexcept { return stone_count_; }
    /// The moves played so far, in order (a pass is Point::pass()).
    [[nodiscard]] std::span<const Point> history() const noexcept { return history_; }
    /// The last move, or nothing on a board without moves.
    [[nodiscard]] std::optional<Point> last_move() const noexcept {
        if (history_.empty())
            return std::nullopt;
        return history_.back();
    }
    /// The Zobrist hash of the stones and the side to move.
    [[nodiscard]] std::uint64_t hash() const noexcept { return hash_; }
    /// How the game stands after the last move.
    [[nodiscard]] const GameResult& result() const noexcept { return result_; }
    /// True when every point holds a stone.
    [[nodiscard]] bool is_full() const noexcept { return stone_count_ == point_count(); }
    /// The stones of the row that won the game, from one end to the other along its line: the
    /// winner's run through the last stone that the rule judges a win (an exact five before a
    /// longer run where a move made both). Empty unless the game was won by a row (a draw, a
    /// renju foul, a game going on).
    [[nodiscard]] std::vector<Point> winning_row() const {
        std::vector<Point> row;
        const std::optional<Point> last = last_stone();
        if (!result_.winner || !last ||
            (result_.reason != EndReason::Five && result_.reason != EndReason::Overline))
            return row;
        const Color c = *result_.winner;
        const Cell own = cell_of(c);
        const Cell theirs = cell_of(opponent(c));
        if (cells_[cell_index(*last)] != own)
            return row;
        int best_length = 0;
        for (Direction d : all_directions) {
            int back = 0;
            while (cells_[cell_index(last->shifted(d, -(back + 1)))] == own)
                ++back;
            int ahead = 0;
            while (cells_[cell_index(last->shifted(d, ahead + 1))] == own)
                ++ahead;
            const int length = back + 1 + ahead;
            const Run run{c, length, cells_[cell_index(last->shifted(d, -(back + 1)))] == theirs,
                          cells_[cell_index(last->shifted(d, ahead + 1))] == theirs};
            if (Rule::judge(run) != RunVerdict::Win)
                continue;
            const bool exact = length == Rule::win_length;
            if (!row.empty() && (best_length == Rule::win_length || !exact))
                continue;
            best_length = length;
            row.clear();
            for (int i = -back; i <= ahead; ++i)
                row.push_back(last->shifted(d, i));
        }
        return row;
    }

    // ----- Moves -----------------------------------------------------------------------------

    /// Why playing `p` now would be refused, or MoveError::None if it can be played. A renju
    /// forbidden point can be played (and loses): ask is_forbidden() to avoid it.
    [[nodiscard]] MoveError check_move(Point p) const noexcept {
        if (!contains(p))
            return MoveError::OffBoard;
        if (cell(p) != Cell::Empty)
            return MoveError::Occupied;
        if (result_.is_over())
            return MoveError::GameOver;
        return MoveError::None;
    }

    /// Plays `p` for the side to move. Precondition: check_move(p) == MoveError::None.
    ///
    /// Judges the move before placing it: a winning row ends the game; under renju, a Black move
    /// on a forbidden point without a five ends it as a loss; a full board without a win is a draw.
    void play(Point p) {
        assert(check_move(p) == MoveError::None);
        const Color mover = side_to_move_;
        GameResult after = judge_move(p, mover);
        make(p, mover);
        if (!after.is_over() && is_full())
            after = GameResult{std::nullopt, EndReason::BoardFull};
        push_history(p, after, opponent(mover));
        verify_in_debug();
    }

    /// Sets up a stone of `c` on empty point `p`, whichever side is to move, without judging it:
    /// the result stays as it was (use play() to judge moves). The stone enters the history like
    /// a move, undo() takes it back, and `c`'s opponent is to move next. For setting up
    /// positions: puzzles, protocol BOARD commands, tests. Precondition: the point is on the board
    /// and empty.
    void put(Point p, Color c) {
        assert(contains(p) && is_empty(p));
        make(p, c);
        push_history(p, result_, opponent(c));
        verify_in_debug();
    }

    /// Plays `p` if it can be played; otherwise changes nothing and says why.
    [[nodiscard]] MoveError try_play(Point p) {
        const MoveError error = check_move(p);
        if (error == MoveError::None)
            play(p);
        return error;
    }

    /// Passes the turn (for rules and protocols that need it). Precondition: the game goes on.
    void pass() {
        assert(!result_.is_over());
        push_history(Point::pass(), result_, opponent(side_to_move_));
    }

    /// Takes back the last move (or pass). Precondition: move_count() > 0.
    void undo() {
        assert(!history_.empty());
        const Point p = history_.back();
        history_.pop_back();
        const PlyRecord& record = records_.back();
        result_ = record.result_before;
        set_side_to_move(record.side_before);
        records_.pop_back();
        if (!p.is_pass())
            unmake(p);
        verify_in_debug();
    }

    /// Takes back the last move if there is one; returns false (and changes nothing) otherwise.
    bool try_undo() {
        if (history_.empty())
            return false;
        undo();
        return true;
    }

    // ----- Patterns and threats --------------------------------------------------------------

    /// The line pattern a stone of `c` on empty point `p` would make along `d`. Dead for points
    /// that are occupied or off the board.
    [[nodiscard]] LinePattern pattern(Point p, Direction d, Color c) const noexcept {
        const unsigned shift = pattern_bits * static_cast<unsigned>(index_of(d));
        return static_cast<LinePattern>((pattern_keys_[index_of(c)][cell_index(p)] >> shift) &
                                        pattern_mask);
    }
    /// The four line patterns of `c` at `p`, in direction order.
    [[nodiscard]] std::array<LinePattern, 4> patterns(Point p, Color c) const noexcept {
        std::array<LinePattern, 4> all{};
        for (Direction d : all_directions)
            all[index_of(d)] = pattern(p, d, c);
        return all;
    }
    /// The threat a stone of `c` on empty point `p` would make (None for occupied points).
    [[nodiscard]] Threat threat(Point p, Color c) const noexcept {
        return threats_[index_of(c)][cell_index(p)];
    }
    /// The number of empty points where `c` would make threat `t`, in O(1).
    [[nodiscard]] int threat_count(Color c, Threat t) const noexcept {
        return threat_counts_[index_of(c)][static_cast<std::size_t>(t)];
    }
    /// The number of empty points where `c` would make threat `t` or a stronger one (O(1) per
    /// class above `t`).
    [[nodiscard]] int threat_count_at_least(Color c, Threat t) const noexcept {
        int n = 0;
        for (int i = static_cast<int>(t); i < threat_class_count; ++i)
            n += threat_counts_[index_of(c)][static_cast<std::size_t>(i)];
        return n;
    }
    /// True if `c` could win at once: some empty point makes a winning row for it.
    [[nodiscard]] bool has_five(Color c) const noexcept {
        return threat_count(c, Threat::Five) > 0;
    }
    /// True if `c` could make a straight four at once.
    [[nodiscard]] bool has_open_four(Color c) const noexcept {
        return threat_count(c, Threat::OpenFour) > 0;
    }

    // ----- Shapes ----------------------------------------------------------------------------

    /// The shape (shape.hpp) a stone of `c` on empty point `p` would make; 0 (four Dead lines)
    /// for occupied points.
    [[nodiscard]] int shape(Point p, Color c) const noexcept {
        return shape_keys_[pattern_keys_[index_of(c)][cell_index(p)]];
    }
    /// Gives the board a table of shape values to sum over its empty cells, kept up to date on
    /// every play and undo from then on (shape_sum), or none (nullptr, the default: no cost).
    /// The table is not copied: it must outlive the board and its clones. O(cells).
    void set_shape_table(const ShapeTable* table) noexcept {
        shape_table_ = table;
        sum_shapes();
    }
    /// The table given to set_shape_table, or nullptr.
    [[nodiscard]] const ShapeTable* shape_table() const noexcept { return shape_table_; }
    /// The sum over the empty cells of the shape table's value of `c`'s shape there in `role`;
    /// 0 without a table. O(1).
    [[nodiscard]] Value shape_sum(Color c, ShapeRole role) const noexcept {
        return shape_sums_[index_of(c)][static_cast<std::size_t>(role)];
    }

    // ----- Candidates ------------------------------------------------------------------------

    /// Empty points within `candidate_radius` (Chebyshev distance) of a stone, kept
    /// incrementally. Empty on an empty board.
    [[nodiscard]] const PointSet& candidates() const noexcept { return candidates_; }
    /// Every empty point of the board, kept incrementally.
    [[nodiscard]] const PointSet& empty_points() const noexcept { return empty_; }

    /// Judges the stones as they stand, whatever the history says: for positions set up with
    /// put() (puzzles, protocol BOARD commands). A winning row of either colour ends the game
    /// (the colour of the last stone first, if both have one); otherwise, under renju, a last
    /// black stone that was forbidden loses; otherwise a full board is a draw. For a game played
    /// with play() from the start this equals result().
    [[nodiscard]] GameResult judge_position() {
        const std::optional<Point> last = last_stone();
        const Color last_color = last && cell(*last) == Cell::White ? Color::White : Color::Black;
        for (Color c : {last_color, opponent(last_color)})
            if (auto win = find_winning_row(c))
                return *win;
        if constexpr (Rule::has_forbidden_moves) {
            if (last && cell(*last) == Cell::Black) {
                // Lift the stone, ask, and put it back: the board ends exactly as it was.
                const Point p = *last;
                unmake(p);
                const ForbiddenKind foul = forbidden_kind_unchecked(p);
                make(p, Color::Black);
                if (foul != ForbiddenKind::None)
                    return GameResult{Color::White, end_reason_of(foul)};
            }
        }
        if (is_full())
            return GameResult{std::nullopt, EndReason::BoardFull};
        return GameResult{};
    }

    // ----- Renju fouls -----------------------------------------------------------------------

    /// Why Black may not play `p` under this rule, or ForbiddenKind::None: always None for rules
    /// without forbidden moves, for occupied or off-board points, and for a point where Black
    /// makes an exact five (RIF 9.2). Double-threes are decided by RIF 9.3, recursively and with
    /// no depth cap; a three's straight-four point that makes an exact five on another line is not
    /// forbidden there either, so that three is real (a documented choice: see the Renju policy).
    /// The query places and removes stones internally and restores the board exactly; it works
    /// whichever side is to move.
    [[nodiscard]] ForbiddenKind forbidden_kind(Point p) {
        if constexpr (!Rule::has_forbidden_moves) {
            (void)p;
            return ForbiddenKind::None;
        } else {
            if (!contains(p) || cell(p) != Cell::Empty)
                return ForbiddenKind::None;
            return forbidden_kind_unchecked(p);
        }
    }

    /// True if `p` is forbidden for Black (see forbidden_kind).
    [[nodiscard]] bool is_forbidden(Point p) { return forbidden_kind(p) != ForbiddenKind::None; }

    /// Every point forbidden for Black, in index order.
    [[nodiscard]] std::vector<Point> forbidden_points() {
        std::vector<Point> forbidden;
        if constexpr (Rule::has_forbidden_moves) {
            if (!may_have_forbidden_points())
                return forbidden;
            for (int y = 0; y < height(); ++y)
                for (int x = 0; x < width(); ++x)
                    if (is_forbidden(Point(x, y)))
                        forbidden.emplace_back(x, y);
        }
        return forbidden;
    }

    // ----- Verification ----------------------------------------------------------------------

    /// Recomputes everything derived from the stones from scratch and compares it with the
    /// incrementally kept state. Returns a description of the first difference, or nothing.
    /// Defining TENGEN_VERIFY_INCREMENTAL runs it after every play, put and undo, and throws
    /// IncrementalStateError on a difference, in every build type.
    [[nodiscard]] std::optional<std::string> verify() const {
        Board fresh(*this);
        fresh.rebuild_from_cells();
        if (fresh.lines_ != lines_)
            return "line keys differ";
        if (fresh.hash_ != hash_)
            return "hash differs";
        if (fresh.stone_count_ != stone_count_)
            return "stone count differs";
        if (fresh.empty_ != empty_)
            return "empty set differs";
        if (fresh.candidates_ != candidates_)
            return "candidate set differs";
        for (Color c : all_colors) {
            for (int i = 0; i < layout::cell_count; ++i) {
                const auto ci = static_cast<std::size_t>(i);
                if (fresh.pattern_keys_[index_of(c)][ci] != pattern_keys_[index_of(c)][ci])
                    return "patterns of " + std::string(to_string(c)) + " differ at index " +
                           std::to_string(i);
                if (fresh.threats_[index_of(c)][ci] != threats_[index_of(c)][ci])
                    return "threat of " + std::string(to_string(c)) + " differs at index " +
                           std::to_string(i);
            }
            if (fresh.threat_counts_[index_of(c)] != threat_counts_[index_of(c)])
                return "threat counts of " + std::string(to_string(c)) + " differ";
            if (fresh.shape_sums_[index_of(c)] != shape_sums_[index_of(c)])
                return "shape sums of " + std::string(to_string(c)) + " differ";
        }
        return std::nullopt;
    }

private:
    // Copies stay private: a board is large, so users copy only through clone(), on purpose.
    Board(const Board&) = default;
    Board& operator=(const Board&) = default;

    using Lines = std::array<std::uint64_t, detail::line_count>;
    using ThreatCounts = std::array<std::array<int, threat_class_count>, 2>;
    /// Per colour, per ShapeRole: the sums of shape_sum.
    using ShapeSums = std::array<std::array<Value, 2>, 2>;

    /// What make() overwrote in one cell.
    struct UndoCell {
        std::uint16_t index;
        std::array<std::uint16_t, 2> keys;
        std::array<Threat, 2> threats;
    };
    /// What make() overwrote as a whole, and where its cells start in the undo log.
    struct Frame {
        std::uint32_t log_size;
        ThreatCounts threat_counts;
        PointSet candidates;
    };
    /// What a move or pass changed besides the stones, for undo().
    struct PlyRecord {
        GameResult result_before;
        Color side_before;
    };
    /// Frames reserved beyond a full game for the stones renju checks place temporarily.
    static constexpr std::size_t reserved_check_depth = 64;
    /// Cells one make() can log: the move and the cells of its four windows.
    static constexpr std::size_t max_logged_cells = 1 + 2 * direction_count * pattern_half_window;
    template <typename T> using PerCell = std::array<T, layout::cell_count>;

    [[nodiscard]] static std::size_t cell_index(Point p) noexcept {
        return static_cast<std::size_t>(p.index());
    }

    /// Two bits of `cell` at position `pos` of a packed line.
    [[nodiscard]] static std::uint64_t line_bits(Cell cell, int pos) noexcept {
        return static_cast<std::uint64_t>(cell) << (pos * cell_bits);
    }

    void reset(int width, int height) {
        width_ = width;
        height_ = height;
        cells_.fill(Cell::Wall);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                cells_[cell_index(Point(x, y))] = Cell::Empty;
        history_.clear();
        records_.clear();
        frames_.clear();
        // Enough for a full game without reallocation; renju checks add a few frames on top.
        history_.reserve(static_cast<std::size_t>(point_count()));
        records_.reserve(static_cast<std::size_t>(point_count()));
        const std::size_t max_frames =
            static_cast<std::size_t>(point_count()) + reserved_check_depth;
        frames_.reserve(max_frames);
        undo_log_.assign(max_frames * max_logged_cells, UndoCell{});
        log_size_ = 0;
        side_to_move_ = Color::Black;
        result_ = GameResult{};
        rebuild_from_cells();
    }

    /// Derives every incremental structure from `cells_` and `side_to_move_` alone.
    void rebuild_from_cells() {
        lines_.fill(~std::uint64_t{0});
        empty_ = PointSet{};
        candidates_ = PointSet{};
        for (auto& keys : pattern_keys_)
            keys.fill(0);
        for (auto& threats : threats_)
            threats.fill(Threat::None);
        for (auto& counts : threat_counts_)
            counts.fill(0);
        hash_ = side_to_move_ == Color::White ? zobrist::white_to_move_key() : 0;
        stone_count_ = 0;

        for (int y = 0; y < height(); ++y) {
            for (int x = 0; x < width(); ++x) {
                const Point p(x, y);
                const Cell content = cells_[cell_index(p)];
                for (Direction d : all_directions) {
                    const auto slot = detail::line_slot(p, d);
                    auto& line = lines_[static_cast<std::size_t>(slot.line)];
                    line &= ~line_bits(Cell::Wall, slot.pos);
                    line |= line_bits(content, slot.pos);
                }
                if (content == Cell::Empty) {
                    empty_.insert(p);
                    continue;
                }
                const Color c = content == Cell::Black ? Color::Black : Color::White;
                hash_ ^= zobrist::stone_key(c, p);
                ++stone_count_;
            }
        }
        for (int y = 0; y < height(); ++y) {
            for (int x = 0; x < width(); ++x) {
                const Point p(x, y);
                if (cells_[cell_index(p)] != Cell::Empty) {
                    for (int ny = -candidate_radius; ny <= candidate_radius; ++ny)
                        for (int nx = -candidate_radius; nx <= candidate_radius; ++nx)
                            if (contains(x + nx, y + ny) &&
                                cells_[cell_index(Point(x + nx, y + ny))] == Cell::Empty)
                                candidates_.insert(Point(x + nx, y + ny));
                    continue;
                }
                for (Direction d : all_directions)
                    refresh_pattern(p, d);
                for (Color c : all_colors) {
                    const auto ci = index_of(c);
                    const Threat t = threat_tables_[ci][pattern_keys_[ci][cell_index(p)]];
                    threats_[ci][cell_index(p)] = t;
                    ++threat_counts_[ci][static_cast<std::size_t>(t)];
                }
            }
        }
        sum_shapes();
    }

    /// Recomputes shape_sums_ from the empty cells' keys.
    void sum_shapes() noexcept {
        shape_sums_ = ShapeSums{};
        if (shape_table_ == nullptr)
            return;
        for (int y = 0; y < height(); ++y)
            for (int x = 0; x < width(); ++x)
                if (cells_[cell_index(Point(x, y))] == Cell::Empty)
                    add_shape_values(cell_index(Point(x, y)), 1);
    }

    /// Adds `sign` times the shape table's values of empty cell `qi`'s shapes to shape_sums_.
    void add_shape_values(std::size_t qi, Value sign) noexcept {
        for (std::size_t ci = 0; ci < 2; ++ci)
            add_shape_values(ci, pattern_keys_[ci][qi], sign);
    }

    /// Adds `sign` times the shape table's values of colour index `ci`'s key `key`.
    void add_shape_values(std::size_t ci, std::uint16_t key, Value sign) noexcept {
        const auto shape = shape_keys_[key];
        const ShapeValues& values = (*shape_table_)[ci];
        shape_sums_[ci][0] += sign * values[0][shape];
        shape_sums_[ci][1] += sign * values[1][shape];
    }

    /// Moves shape_sums_ by `sign` times the change of one make(): from the keys its undo-log
    /// entries [from, log_size_) saved to the cells' keys now, the stone's cell `stone` counting
    /// no more. Called after make() (sign 1) and before unmake() restores the keys (sign -1);
    /// each cell is logged once a make(), so nothing counts twice.
    void shift_shape_sums(std::uint32_t from, std::size_t stone, Value sign) noexcept {
        for (std::uint32_t i = from; i < log_size_; ++i) {
            const UndoCell& saved = undo_log_[i];
            for (std::size_t ci = 0; ci < 2; ++ci) {
                add_shape_values(ci, saved.keys[ci], -sign);
                if (saved.index != stone)
                    add_shape_values(ci, pattern_keys_[ci][saved.index], sign);
            }
        }
    }

    /// Reads the patterns of empty `q` along `d` from its line key; returns true if they changed.
    bool refresh_pattern(Point q, Direction d) noexcept {
        const auto slot = detail::line_slot(q, d);
        return refresh_pattern(q, d, lines_[static_cast<std::size_t>(slot.line)], slot.pos);
    }

    /// refresh_pattern for a cell at position `pos` of packed line `line`.
    bool refresh_pattern(Point q, Direction d, std::uint64_t line, int pos) noexcept {
        const unsigned both = line_table_[window_key<line_key_half<Rule>>(line, pos)];
        const unsigned shift = pattern_bits * static_cast<unsigned>(index_of(d));
        const unsigned clear = ~(pattern_mask << shift);
        auto& black = pattern_keys_[0][cell_index(q)];
        auto& white = pattern_keys_[1][cell_index(q)];
        const auto new_black =
            static_cast<std::uint16_t>((black & clear) | ((both & pattern_mask) << shift));
        const auto new_white =
            static_cast<std::uint16_t>((white & clear) | ((both >> pattern_bits) << shift));
        if (new_black == black && new_white == white)
            return false;
        black = new_black;
        white = new_white;
        return true;
    }

    /// Re-reads the patterns of empty cell `qi` at position `pos` of packed line `line`, whose
    /// direction's nibble is at `shift`; logs and recounts what changed.
    void update_line_cell(std::size_t qi, unsigned shift, std::uint64_t line, int pos) noexcept {
        if (cells_[qi] != Cell::Empty)
            return;
        const unsigned both = line_table_[window_key<line_key_half<Rule>>(line, pos)];
        const unsigned keep = ~(pattern_mask << shift);
        auto& black = pattern_keys_[0][qi];
        auto& white = pattern_keys_[1][qi];
        const auto new_black =
            static_cast<std::uint16_t>((black & keep) | ((both & pattern_mask) << shift));
        const auto new_white =
            static_cast<std::uint16_t>((white & keep) | ((both >> pattern_bits) << shift));
        if (new_black == black && new_white == white)
            return;
        undo_log_[log_size_++] = UndoCell{
            static_cast<std::uint16_t>(qi), {black, white}, {threats_[0][qi], threats_[1][qi]}};
        black = new_black;
        white = new_white;
        recount_threat(0, qi);
        recount_threat(1, qi);
    }

    /// Re-derives the threat of colour index `ci` on cell `qi` from its patterns.
    void recount_threat(std::size_t ci, std::size_t qi) noexcept {
        Threat& t = threats_[ci][qi];
        const Threat updated = threat_tables_[ci][pattern_keys_[ci][qi]];
        --threat_counts_[ci][static_cast<std::size_t>(t)];
        ++threat_counts_[ci][static_cast<std::size_t>(updated)];
        t = updated;
    }

    /// Puts a stone of `c` on empty `p` and updates everything derived (not the history), saving
    /// what it overwrites in a new undo frame.
    void make(Point p, Color c) {
        frames_.push_back(Frame{log_size_, threat_counts_, candidates_});
        const Cell stone = cell_of(c);
        const auto pi = cell_index(p);
        cells_[pi] = stone;
        empty_.erase(p);
        hash_ ^= zobrist::stone_key(c, p);
        ++stone_count_;

        undo_log_[log_size_++] = UndoCell{static_cast<std::uint16_t>(pi),
                                          {pattern_keys_[0][pi], pattern_keys_[1][pi]},
                                          {threats_[0][pi], threats_[1][pi]}};
        for (std::size_t ci = 0; ci < 2; ++ci) {
            --threat_counts_[ci][static_cast<std::size_t>(threats_[ci][pi])];
            threats_[ci][pi] = Threat::None;
            pattern_keys_[ci][pi] = 0;
        }

        // Only the cells whose patterns the stone can change.
        constexpr int reach = pattern_reach<Rule>;
        for (Direction d : all_directions) {
            const auto slot = detail::line_slot(p, d);
            auto& line_ref = lines_[static_cast<std::size_t>(slot.line)];
            line_ref |= line_bits(stone, slot.pos);
            const std::uint64_t line = line_ref;
            const unsigned shift = pattern_bits * static_cast<unsigned>(index_of(d));
            const int step = offset(d);
            for (int k = 1; k <= reach; ++k) {
                update_line_cell(pi + static_cast<std::size_t>(k * step), shift, line,
                                 slot.pos + k);
                update_line_cell(pi - static_cast<std::size_t>(k * step), shift, line,
                                 slot.pos - k);
            }
        }

        // Each row of the neighbourhood is a few contiguous bits inside one word of the sets.
        for (int row = -candidate_radius; row <= candidate_radius; ++row) {
            const int first = p.index() + row * layout::stride - candidate_radius;
            candidates_.insert_bits(first, empty_.bits(first, 2 * candidate_radius + 1));
        }
        candidates_.erase(p);
        if (shape_table_ != nullptr)
            shift_shape_sums(frames_.back().log_size, pi, 1);
    }

    /// Takes back the last make(): the stone on `p` and everything derived, exactly.
    void unmake(Point p) noexcept {
        const Frame& frame = frames_.back();
        if (shape_table_ != nullptr)
            shift_shape_sums(frame.log_size, cell_index(p), -1);
        const Cell stone = cells_[cell_index(p)];
        const Color c = stone == Cell::Black ? Color::Black : Color::White;
        cells_[cell_index(p)] = Cell::Empty;
        empty_.insert(p);
        hash_ ^= zobrist::stone_key(c, p);
        --stone_count_;
        for (Direction d : all_directions) {
            const auto slot = detail::line_slot(p, d);
            lines_[static_cast<std::size_t>(slot.line)] &= ~line_bits(Cell::Wall, slot.pos);
        }
        for (std::uint32_t i = log_size_; i > frame.log_size; --i) {
            const UndoCell& saved = undo_log_[i - 1];
            for (std::size_t ci = 0; ci < 2; ++ci) {
                pattern_keys_[ci][saved.index] = saved.keys[ci];
                threats_[ci][saved.index] = saved.threats[ci];
            }
        }
        log_size_ = frame.log_size;
        threat_counts_ = frame.threat_counts;
        candidates_ = frame.candidates;
        frames_.pop_back();
    }

    void push_history(Point p, const GameResult& after, Color next) {
        history_.push_back(p);
        records_.push_back(PlyRecord{result_, side_to_move_});
        result_ = after;
        set_side_to_move(next);
    }

    void set_side_to_move(Color c) noexcept {
        if (c != side_to_move_)
            hash_ ^= zobrist::white_to_move_key();
        side_to_move_ = c;
    }

    /// Unbroken stones of `own` through `p` along `d`, `p` counted as one of them.
    [[nodiscard]] int run_length(Point p, Direction d, Cell own) const noexcept {
        int length = 1;
        for (Point q = p.shifted(d, 1); cells_[cell_index(q)] == own; q = q.shifted(d, 1))
            ++length;
        for (Point q = p.shifted(d, -1); cells_[cell_index(q)] == own; q = q.shifted(d, -1))
            ++length;
        return length;
    }

    /// The most recent stone of the history (passes skipped), if any.
    [[nodiscard]] std::optional<Point> last_stone() const noexcept {
        for (auto it = history_.rbegin(); it != history_.rend(); ++it)
            if (!it->is_pass())
                return *it;
        return std::nullopt;
    }

    /// A winning row of `c` on the board, judged by the rule run by run, as a result.
    [[nodiscard]] std::optional<GameResult> find_winning_row(Color c) const noexcept {
        const Cell own = cell_of(c);
        const Cell theirs = cell_of(opponent(c));
        std::optional<GameResult> found;
        for (int y = 0; y < height(); ++y) {
            for (int x = 0; x < width(); ++x) {
                const Point p(x, y);
                if (cells_[cell_index(p)] != own)
                    continue;
                for (Direction d : all_directions) {
                    if (cells_[cell_index(p.shifted(d, -1))] == own)
                        continue; // not a run start
                    int length = 1;
                    while (cells_[cell_index(p.shifted(d, length))] == own)
                        ++length;
                    const Run run{c, length, cells_[cell_index(p.shifted(d, -1))] == theirs,
                                  cells_[cell_index(p.shifted(d, length))] == theirs};
                    if (Rule::judge(run) != RunVerdict::Win)
                        continue;
                    if (length == Rule::win_length)
                        return GameResult{c, EndReason::Five};
                    found = GameResult{c, EndReason::Overline};
                }
            }
        }
        return found;
    }

    /// The result of `mover` playing empty `p`, judged before the stone is placed.
    [[nodiscard]] GameResult judge_move(Point p, Color mover) {
        if (threat(p, mover) == Threat::Five) {
            bool exact = false;
            for (Direction d : all_directions)
                if (pattern(p, d, mover) == LinePattern::Five &&
                    run_length(p, d, cell_of(mover)) == Rule::win_length)
                    exact = true;
            return GameResult{mover, exact ? EndReason::Five : EndReason::Overline};
        }
        if constexpr (Rule::has_forbidden_moves) {
            if (mover == Color::Black) {
                const ForbiddenKind foul = forbidden_kind_unchecked(p);
                if (foul != ForbiddenKind::None)
                    return GameResult{Color::White, end_reason_of(foul)};
            }
        }
        return GameResult{};
    }

    /// True when some empty cell may be forbidden for Black (cheap, from the threat counts).
    [[nodiscard]] bool may_have_forbidden_points() const noexcept {
        return threat_count(Color::Black, Threat::Forbidden) +
                   threat_count(Color::Black, Threat::DoubleThree) +
                   threat_count(Color::Black, Threat::FourThree) +
                   threat_count(Color::Black, Threat::OpenFour) >
               0;
    }

    /// forbidden_kind for an empty on-board point.
    [[nodiscard]] ForbiddenKind forbidden_kind_unchecked(Point p) {
        const Threat t = threat(p, Color::Black);
        if (t == Threat::Forbidden) {
            for (Direction d : all_directions)
                if (pattern(p, d, Color::Black) == LinePattern::Overline)
                    return ForbiddenKind::Overline;
            return ForbiddenKind::DoubleFour;
        }
        if (t == Threat::Five)
            return ForbiddenKind::None;
        // Threes are counted from the patterns, not the threat class: a straight four with two
        // threes (four-three-three) is classed OpenFour and is still a double-three.
        std::array<Direction, direction_count> three_directions{};
        int threes = 0;
        for (Direction d : all_directions)
            if (pattern(p, d, Color::Black) == LinePattern::OpenThree)
                three_directions[static_cast<std::size_t>(threes++)] = d;
        if (threes < 2)
            return ForbiddenKind::None;

        make(p, Color::Black);
        int real_threes = 0;
        for (int i = 0; i < threes && real_threes < 2; ++i)
            if (is_real_three(p, three_directions[static_cast<std::size_t>(i)]))
                ++real_threes;
        unmake(p);
        return real_threes >= 2 ? ForbiddenKind::DoubleThree : ForbiddenKind::None;
    }

    /// With a black stone on `p`: can the three through `p` along `d` become a straight four on a
    /// point that does not itself win on this line and is not forbidden (RIF 9.3)? A point that
    /// makes an exact five on another line is not forbidden (RIF 9.2), so it makes the three real.
    [[nodiscard]] bool is_real_three(Point p, Direction d) {
        const auto slot = detail::line_slot(p, d);
        const std::uint32_t key = window_key(lines_[static_cast<std::size_t>(slot.line)], slot.pos);
        // A straight four holds p and q within win_length - 1 cells of each other.
        constexpr int reach = Rule::win_length - 2;
        for (int step = -reach; step <= reach; ++step) {
            if (step == 0)
                continue;
            const Point q = p.shifted(d, step);
            if (cells_[cell_index(q)] != Cell::Empty)
                continue;
            const int window_pos = pattern_half_window + step;
            const int key_pos = window_pos < pattern_half_window ? window_pos : window_pos - 1;
            const std::uint32_t with_q =
                key | (static_cast<std::uint32_t>(Cell::Black) << (key_pos * cell_bits));
            if (tables_->pattern(with_q, Color::Black) != LinePattern::OpenFour)
                continue;
            if (pattern(q, d, Color::Black) == LinePattern::Five)
                continue;
            if (forbidden_kind_unchecked(q) == ForbiddenKind::None)
                return true;
        }
        return false;
    }

    void verify_in_debug() const {
#ifdef TENGEN_VERIFY_INCREMENTAL
        // An exception rather than assert: the check must hold in every build type, NDEBUG too.
        if (const auto difference = verify())
            throw IncrementalStateError("incremental board state differs from a recomputation: " +
                                        *difference);
#endif
    }

    const RuleTables* tables_ = &rule_tables<Rule>();
    // Raw views of the tables, read on every update (one indirection fewer than through tables_).
    const std::uint8_t* line_table_ = tables_->board_line();
    std::array<const Threat*, 2> threat_tables_{tables_->threat[0].data(),
                                                tables_->threat[1].data()};
    const std::uint16_t* shape_keys_ = tables_->shape.data();
    const ShapeTable* shape_table_ = nullptr;
    int width_ = 0;
    int height_ = 0;
    PerCell<Cell> cells_{};
    Lines lines_{};
    std::array<PerCell<std::uint16_t>, 2> pattern_keys_{};
    std::array<PerCell<Threat>, 2> threats_{};
    ThreatCounts threat_counts_{};
    ShapeSums shape_sums_{};
    PointSet empty_;
    PointSet candidates_;
    std::uint64_t hash_ = 0;
    Color side_to_move_ = Color::Black;
    int stone_count_ = 0;
    GameResult result_;
    std::vector<Point> history_;
    std::vector<PlyRecord> records_; ///< per entry of history_: what it changed besides stones
    std::vector<UndoCell> undo_log_; ///< sized once; entries [0, log_size_) are in use
    std::uint32_t log_size_ = 0;
    std::vector<Frame> frames_;
};

} // namespace tengen
