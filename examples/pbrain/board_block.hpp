#pragma once
/// \file
/// pbrain-tengen's multi-line commands: the stone lines of BOARD, YXBOARD and SWAP2BOARD read
/// until DONE, and the position they describe.

#include "text.hpp"

#include <tengen/tengen.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::pbrain {

/// The commands whose points follow on lines of their own, until DONE: stones (BOARD, YXBOARD,
/// SWAP2BOARD) or moves the search must leave out (YXBLOCK) or consider again (YXBLOCKUNDO).
enum class BlockKind : std::uint8_t { Board, YxBoard, Swap2, Block, Unblock };

/// True for the blocks whose lines are x,y,f with an owner f (BOARD, YXBOARD); the others' are
/// x,y (a field f tolerated and ignored).
[[nodiscard]] constexpr bool has_owners(BlockKind kind) noexcept {
    return kind == BlockKind::Board || kind == BlockKind::YxBoard;
}

/// The command's name, as the protocol spells it.
[[nodiscard]] constexpr std::string_view block_name(BlockKind kind) noexcept {
    switch (kind) {
    case BlockKind::Board:
        return "BOARD";
    case BlockKind::YxBoard:
        return "YXBOARD";
    case BlockKind::Swap2:
        return "SWAP2BOARD";
    case BlockKind::Block:
        return "YXBLOCK";
    case BlockKind::Unblock:
        return "YXBLOCKUNDO";
    }
    return "";
}

/// A stone line: its point and, for BOARD and YXBOARD, its owner f (1 own, 2 opponent, 3
/// ignored; see docs/pbrain.md). The other blocks' lines have owner 0.
struct BoardLine {
    static constexpr int own = 1;      ///< the engine's stone
    static constexpr int opponent = 2; ///< the opponent's stone
    static constexpr int ignored = 3;  ///< a stone the protocol lets the engine ignore
    Point point;
    int owner = 0;
};

/// One block being read. The first bad line is kept as the block's error; the lines after it
/// are still read to DONE, so that the block ends where the manager ends it.
class BoardBlock {
public:
    explicit BoardBlock(BlockKind kind) : kind_(kind) {}

    /// What a line did to the block.
    enum class Read : std::uint8_t {
        Taken,  ///< a stone line (or a blank one), part of the block
        Done,   ///< DONE: the block is complete
        NotPart ///< not a stone line: the block is abandoned (the line is a command)
    };

    /// Reads one line (without its line end and surrounding blanks).
    [[nodiscard]] Read read(std::string_view line) {
        if (line.empty())
            return Read::Taken;
        if (to_upper_ascii(line) == "DONE")
            return Read::Done;
        if (line.front() < '0' || line.front() > '9')
            return Read::NotPart;
        if (error_)
            return Read::Taken;
        // x,y,f (BOARD, YXBOARD) or x,y (the others, where a field f is tolerated and ignored).
        const std::size_t second_comma = line.find(',', line.find(',') + 1);
        const auto point = parse_gomocup_point(line.substr(0, second_comma));
        if (!point) {
            error_ = point.error().message;
            return Read::Taken;
        }
        int owner = 0;
        if (has_owners(kind_)) {
            const auto field = second_comma == std::string_view::npos
                                   ? std::nullopt
                                   : parse_integer(line.substr(second_comma + 1));
            if (!field || *field < BoardLine::own || *field > BoardLine::ignored) {
                error_ =
                    "malformed stone line '" + echo(line) + "': expected x,y,f with f = 1, 2 or 3";
                return Read::Taken;
            }
            owner = static_cast<int>(*field);
        }
        lines_.push_back({*point, owner});
        return Read::Taken;
    }

    /// Marks the block as incomplete: one of its lines could not be read (`reason`). The first
    /// error stays.
    void lose_line(std::string reason) {
        if (!error_)
            error_ = std::move(reason);
    }

    [[nodiscard]] BlockKind kind() const noexcept { return kind_; }
    [[nodiscard]] std::string_view name() const noexcept { return block_name(kind_); }
    /// The block's first bad line, if any.
    [[nodiscard]] const std::optional<std::string>& error() const noexcept { return error_; }
    /// The stone lines read, in order.
    [[nodiscard]] const std::vector<BoardLine>& lines() const noexcept { return lines_; }

    /// The stones of a BOARD or YXBOARD, in an order that leaves the engine ("own", f = 1) to
    /// move: Black and White alternate, each colour's stones in the order given (for renju,
    /// the move order the protocol promises). An Error when the counts cannot be a game's.
    [[nodiscard]] Expected<std::vector<Stone>> stones_with_own_side_to_move() const {
        std::vector<Point> own;
        std::vector<Point> theirs;
        for (const BoardLine& l : lines_) {
            if (l.owner == BoardLine::own)
                own.push_back(l.point);
            else if (l.owner == BoardLine::opponent)
                theirs.push_back(l.point);
        }
        // The side to move has as many stones as the other (it is Black) or one fewer (White).
        const std::vector<Point>* black = nullptr;
        const std::vector<Point>* white = nullptr;
        if (own.size() == theirs.size()) {
            black = &own;
            white = &theirs;
        } else if (theirs.size() == own.size() + 1) {
            black = &theirs;
            white = &own;
        } else {
            return Error{"inconsistent stone counts: " + std::to_string(own.size()) + " own (1), " +
                         std::to_string(theirs.size()) +
                         " opponent (2); the side to move has as many as the other or one fewer"};
        }
        std::vector<Stone> stones;
        for (std::size_t i = 0; i < black->size(); ++i) {
            stones.push_back({(*black)[i], Color::Black});
            if (i < white->size())
                stones.push_back({(*white)[i], Color::White});
        }
        return stones;
    }

private:
    BlockKind kind_;
    std::vector<BoardLine> lines_;
    std::optional<std::string> error_;
};

} // namespace tengen::pbrain
