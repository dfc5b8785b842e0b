// Game records (.psq), replaying records on boards, and the SVG and HTML pictures.

#include "catch.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace tengen;
using std::chrono::milliseconds;

namespace {

/// The message of `result`'s Error, or "no error": a test of a refused input fails cleanly
/// (instead of tripping Expected's precondition) when the input is accepted after all.
template <typename T> std::string error_of(const Expected<T>& result) {
    return result ? std::string("no error") : result.error().message;
}

/// The message of `error`, or "no error".
std::string error_of(const std::optional<Error>& error) {
    return error ? error->message : std::string("no error");
}

/// How often `needle` occurs in `text`.
std::size_t count(std::string_view text, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = text.find(needle); at != std::string_view::npos;
         at = text.find(needle, at + needle.size()))
        ++n;
    return n;
}

bool contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

/// The first reason `text` is not well-formed markup, or nothing: every element closed in order
/// (HTML's `meta` needs no closing tag), quotes in tags paired, no stray `<` or `>` in text, and
/// every `&` starting one of the entities xml_escape writes.
std::optional<std::string> markup_problem(std::string_view text) {
    for (std::size_t at = text.find('&'); at != std::string_view::npos;
         at = text.find('&', at + 1)) {
        const std::string_view rest = text.substr(at);
        bool known = false;
        for (std::string_view entity : {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"})
            known = known || rest.substr(0, entity.size()) == entity;
        if (!known)
            return "bare '&' at " + std::to_string(at);
    }
    const std::set<std::string, std::less<>> void_elements{"meta"};
    std::vector<std::string> open;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '>')
            return "stray '>' at " + std::to_string(i);
        if (text[i] != '<') {
            ++i;
            continue;
        }
        const std::size_t end = text.find('>', i);
        if (end == std::string_view::npos)
            return "unterminated tag at " + std::to_string(i);
        const std::string_view tag = text.substr(i + 1, end - i - 1);
        if (contains(tag, "<"))
            return "'<' inside a tag at " + std::to_string(i);
        if (count(tag, "\"") % 2 != 0)
            return "unpaired quote in <" + std::string(tag) + ">";
        i = end + 1;
        if (tag.empty())
            return "empty tag";
        if (tag.front() == '!')
            continue;
        if (tag.front() == '/') {
            if (open.empty() || open.back() != tag.substr(1))
                return "</" + std::string(tag.substr(1)) + "> closes " +
                       (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
            open.pop_back();
            continue;
        }
        const std::string name(tag.substr(0, tag.find_first_of(" /")));
        if (tag.back() != '/' && !void_elements.contains(name))
            open.push_back(name);
    }
    if (!open.empty())
        return "<" + open.back() + "> is never closed";
    return std::nullopt;
}

/// Plays random empty points on `board` until the game ends or `max_moves` are played.
template <typename B> void random_playout(B& board, std::mt19937_64& rng, int max_moves) {
    for (int i = 0; i < max_moves && !board.result().is_over(); ++i) {
        std::vector<Point> empty;
        for (Point p : board.points())
            if (board.is_empty(p))
                empty.push_back(p);
        if (empty.empty())
            return;
        board.play(empty[rng() % empty.size()]);
    }
}

/// Black wins a freestyle game with h8 i8 j8 k8 l8 (White plays along the first row).
constexpr std::string_view black_five = "h8a1i8c1j8e1k8g1l8";

} // namespace

// ----- .psq ----------------------------------------------------------------------------------

TEST_CASE("psq: write_psq writes Piskvork's format", "[io]") {
    GameRecord record{
        15,       15,     {Point(7, 7), Point(8, 8)}, {milliseconds(1000), milliseconds(250)},
        "tengen", "Human"};
    CHECK(write_psq(record) == "Piskvorky 15x15, 0:0, 0\n"
                               "8,8,1000\n"
                               "9,9,250\n"
                               "tengen\n"
                               "Human\n");
    record.times.clear();
    record.black_name.clear();
    record.white_name.clear();
    CHECK(write_psq(record) == "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n");
    CHECK(write_psq(GameRecord{20, 19, {}, {}, "", ""}) == "Piskvorky 20x19, 0:0, 0\n");
}

TEST_CASE("psq: a board's game round-trips through record and text", "[io]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, black_five));
    REQUIRE(board.result().winner == Color::Black);

    GameRecord record = record_of(board);
    CHECK(record.width == 15);
    CHECK(record.height == 15);
    CHECK(to_pos(record.moves) == black_five);
    CHECK(record.times.empty());
    for (std::size_t i = 0; i < record.moves.size(); ++i)
        record.times.emplace_back(static_cast<int>(i) * 100 + 7);
    record.black_name = "Alice";
    record.white_name = "Bob";

    const auto read = read_psq(write_psq(record));
    REQUIRE(read);
    CHECK(*read == record);

    Board<Freestyle> replay(15);
    REQUIRE_FALSE(load_record(replay, *read));
    CHECK(to_pos(replay.history()) == black_five);
    CHECK(replay.hash() == board.hash());
    CHECK(replay.result() == board.result());

    Board<Freestyle, 15> fixed;
    REQUIRE_FALSE(load_psq(fixed, write_psq(record_of(board))));
    CHECK(to_pos(fixed.history()) == black_five);
    CHECK(fixed.result() == board.result());
}

TEST_CASE("psq: random games of every size round-trip", "[io]") {
    std::mt19937_64 rng(11);
    constexpr int games = 60;
    for (int game = 0; game < games; ++game) {
        const int width = 5 + static_cast<int>(rng() % 18);
        const int height = 5 + static_cast<int>(rng() % 18);
        INFO("game " << game << " on " << width << "x" << height);
        Board<Standard> board(width, height);
        random_playout(board, rng, width * height);
        GameRecord record = record_of(board);
        for (std::size_t i = 0; i < record.moves.size(); ++i)
            record.times.emplace_back(static_cast<long long>(rng() % 1'000'000'000));
        const std::string text = write_psq(record);
        const auto read = read_psq(text);
        REQUIRE(read);
        CHECK(*read == record);
        CHECK(write_psq(*read) == text);
        Board<Standard> replay(width, height);
        REQUIRE_FALSE(load_record(replay, *read));
        CHECK(replay.hash() == board.hash());
        CHECK(replay.result() == board.result());
        CHECK(to_pos(replay.history()) == to_pos(board.history()));
    }
}

TEST_CASE("psq: real-looking Gomocup records read, CRLF and trailers included", "[io]") {
    const std::string gomocup = "Piskvorky 20x20, 11:11, 0\r\n"
                                "10,10,0\r\n"
                                "11,11,1203\r\n"
                                "9,11,985\r\n"
                                "12,12,2012\r\n"
                                "pbrain-alpha.exe\r\n"
                                "pbrain-beta.exe\r\n"
                                "-1\r\n";
    const auto record = read_psq(gomocup);
    REQUIRE(record);
    CHECK(record->width == 20);
    CHECK(record->height == 20);
    CHECK(record->moves ==
          std::vector<Point>{Point(9, 9), Point(10, 10), Point(8, 10), Point(11, 11)});
    CHECK(record->times == std::vector<milliseconds>{milliseconds(0), milliseconds(1203),
                                                     milliseconds(985), milliseconds(2012)});
    CHECK(record->black_name == "pbrain-alpha.exe");
    CHECK(record->white_name == "pbrain-beta.exe");

    SECTION("LF, lone CR and a byte-order mark read the same") {
        const auto reads_the_same = [&](const std::string& text) {
            const auto again = read_psq(text);
            return again && *again == *record;
        };
        std::string lf;
        for (char c : gomocup)
            if (c != '\r')
                lf += c;
        CHECK(reads_the_same(lf));
        std::string cr;
        for (char c : gomocup)
            if (c != '\n')
                cr += c;
        CHECK(reads_the_same(cr));
        CHECK(reads_the_same("\xEF\xBB\xBF" + gomocup));
    }
    SECTION("no trailer, only a result code, or more lines after it") {
        const std::string moves = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1203\n";
        const auto bare = read_psq(moves);
        REQUIRE(bare);
        CHECK(bare->moves.size() == 2);
        CHECK(bare->black_name.empty());
        CHECK(bare->white_name.empty());
        const auto coded = read_psq(moves + "0\n");
        REQUIRE(coded);
        CHECK(coded->black_name.empty());
        const auto extended =
            read_psq(moves + "AlphaZero 1\nAlphaZero 2\n-1\n1,Freestyle\n\n\nanything at all\n");
        REQUIRE(extended);
        CHECK(extended->moves.size() == 2);
        CHECK(extended->black_name == "AlphaZero 1");
        CHECK(extended->white_name == "AlphaZero 2");
        const auto coded_pair = read_psq(moves + "A\nB\n0\n3,141\n7,8\n");
        REQUIRE(coded_pair);
        CHECK(coded_pair->moves.size() == 2);
        CHECK(coded_pair->white_name == "B");
        const auto one_name = read_psq(moves + "name\n12,5\nother\n");
        REQUIRE(one_name);
        CHECK(one_name->black_name == "name");
        CHECK(one_name->white_name.empty());
    }
    SECTION("S = 1: Piskvork's second player moved first, so the names swap") {
        const auto swapped =
            read_psq("Piskvorky 15x15, 1:0, 1\n8,8,10\n9,9,20\nfirst.exe\nsecond.exe\n0\n");
        REQUIRE(swapped);
        CHECK(swapped->black_name == "second.exe");
        CHECK(swapped->white_name == "first.exe");
    }
    SECTION("spaces, blank lines and leading zeros are tolerated") {
        const auto loose = read_psq("  Piskvorky  15 x 15 ,  0 : 0 ,  0  \n\n 8 , 8 , 007 \n\n");
        REQUIRE(loose);
        CHECK(loose->moves == std::vector<Point>{Point(7, 7)});
        CHECK(loose->times == std::vector<milliseconds>{milliseconds(7)});
    }
    SECTION("an empty game is a record too") {
        const auto empty = read_psq("Piskvorky 15x15, 0:0, 0");
        REQUIRE(empty);
        CHECK(empty->moves.empty());
        CHECK(empty->times.empty());
    }
}

TEST_CASE("psq: a bad header is refused on line 1", "[io]") {
    const std::string shape = "line 1: expected a Piskvork header 'Piskvorky WxH, A:B, S', got ";
    CHECK(error_of(read_psq("")) ==
          "line 1: expected a Piskvork header 'Piskvorky WxH, A:B, S', got an empty line");
    CHECK(error_of(read_psq("\n8,8,0\n")) ==
          "line 1: expected a Piskvork header 'Piskvorky WxH, A:B, S', got an empty line");
    CHECK(error_of(read_psq("Piskvork 15x15, 0:0, 0\n")) == shape + "'Piskvork 15x15, 0:0, 0'");
    CHECK(error_of(read_psq("Piskvorky15x15, 0:0, 0")) == shape + "'Piskvorky15x15, 0:0, 0'");
    CHECK(error_of(read_psq("Piskvorky 15x15")) == shape + "'Piskvorky 15x15'");
    CHECK(error_of(read_psq("Piskvorky 15*15, 0:0, 0")) == shape + "'Piskvorky 15*15, 0:0, 0'");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0, 0")) == shape + "'Piskvorky 15x15, 0, 0'");
    CHECK(error_of(read_psq("Piskvorky 25x25, 0:0, 0")) ==
          "line 1: board size 25x25 is not supported (sides from 3 to 22)");
    CHECK(error_of(read_psq("Piskvorky 15x0, 0:0, 0")) ==
          "line 1: board size 15x0 is not supported (sides from 3 to 22)");
    CHECK(error_of(read_psq("Piskvorky -15x15, 0:0, 0")) ==
          "line 1: board width '-15' is negative in 'Piskvorky -15x15, 0:0, 0'");
    CHECK(error_of(read_psq("Piskvorky 99999999999999999999x15, 0:0, 0")) ==
          "line 1: board width '99999999999999999999' is too large in "
          "'Piskvorky 99999999999999999999x15, 0:0, ...'");
    CHECK(error_of(read_psq("Piskvorky 15x15, a:0, 0")) ==
          "line 1: level of player 1 'a' is not a number in 'Piskvorky 15x15, a:0, 0'");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0:0, 2")) ==
          "line 1: first player must be 0 or 1, not 2");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0:0, 0, 5")) ==
          "line 1: first player '0, 5' is not a number in 'Piskvorky 15x15, 0:0, 0, 5'");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0:0,")) ==
          "line 1: first player is missing in 'Piskvorky 15x15, 0:0,'");
    CHECK(error_of(read_psq(std::string(100000, 'P'))).size() < 200);
}

TEST_CASE("psq: a bad move line is refused with its line number", "[io]") {
    const std::string header = "Piskvorky 15x15, 0:0, 0\n";
    const auto error = [&](const std::string& body) { return error_of(read_psq(header + body)); };
    CHECK(error("8,8\n") == "line 2: expected a move 'x,y,t', got '8,8'");
    CHECK(error("8,8,1,4\n") == "line 2: expected a move 'x,y,t', got '8,8,1,4'");
    CHECK(error("8,8,0\n8,x,5\n") == "line 3: y 'x' is not a number in move '8,x,5'");
    CHECK(error("8,8,0\n+9,8,5\n") == "line 3: x '+9' is not a number in move '+9,8,5'");
    CHECK(error("8,8,0\n8,,5\n") == "line 3: y is missing in move '8,,5'");
    CHECK(error("-3,4,0\n") == "line 2: x '-3' is negative in move '-3,4,0'");
    CHECK(error("3,4,-10\n") == "line 2: time '-10' is negative in move '3,4,-10'");
    CHECK(error("3,4,99999999999999999999999\n") ==
          "line 2: time '99999999999999999999999' is too large in move "
          "'3,4,99999999999999999999999'");
    CHECK(error("3,4,1000000000\n") ==
          "line 2: time '1000000000' is too large in move '3,4,1000000000'");
    CHECK(error("16,1,0\n") == "line 2: move 16,1 is off the 15x15 board (coordinates from 1)");
    CHECK(error("1,16,0\n") == "line 2: move 1,16 is off the 15x15 board (coordinates from 1)");
    CHECK(error("0,1,0\n") == "line 2: move 0,1 is off the 15x15 board (coordinates from 1)");
    CHECK(error("8,8,0\n9,9,0\n8,8,0\n") == "line 4: point 8,8 was already played on line 2");
    CHECK(error("8,8,0\npbrain-x.exe\n9,9,0\n") ==
          "line 4: move '9,9,0' after the end of the moves (line 3)");
    CHECK(error("8,8,0\n-1\n10,x,5\n") ==
          "line 4: move '10,x,5' after the end of the moves (line 3)");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0:0, 0\r\n8,8,0\r\n\r\n9,x,0\r\n")) ==
          "line 4: y 'x' is not a number in move '9,x,0'");
    CHECK(error_of(read_psq("Piskvorky 15x15, 0:0, 0\r8,8,0\r9,x,0\r")) ==
          "line 3: y 'x' is not a number in move '9,x,0'");
}

TEST_CASE("psq: hostile input gives an error or a bounded record, never more", "[io]") {
    SECTION("thousands of moves stop at the first repeated point") {
        std::string text = "Piskvorky 20x20, 0:0, 0\n";
        constexpr int lines = 5000;
        for (int i = 0; i < lines; ++i)
            text += std::to_string(i % 20 + 1) + "," + std::to_string(i / 20 % 20 + 1) + ",1\n";
        CHECK(error_of(read_psq(text)) == "line 402: point 1,1 was already played on line 2");
    }
    SECTION("huge names are cut, whole characters kept") {
        std::string name;
        for (int i = 0; i < 1000; ++i)
            name += "\xC3\xA9"; // é, two bytes
        const auto record = read_psq("Piskvorky 15x15, 0:0, 0\n8,8,0\n" + name + "\nB\n");
        REQUIRE(record);
        CHECK(record->black_name.size() == psq_limits::max_name_bytes);
        CHECK(record->black_name.substr(0, 2) == "\xC3\xA9");
        CHECK(record->white_name == "B");
        std::string odd = "x" + name;
        const auto cut = read_psq("Piskvorky 15x15, 0:0, 0\n" + odd + "\n");
        REQUIRE(cut);
        CHECK(cut->black_name.size() == psq_limits::max_name_bytes - 1);
    }
    SECTION("a long trailer is read through") {
        std::string text = "Piskvorky 15x15, 0:0, 0\n8,8,0\n";
        for (int i = 0; i < 20000; ++i)
            text += "junk line " + std::to_string(i) + "\n";
        const auto record = read_psq(text);
        REQUIRE(record);
        CHECK(record->black_name == "junk line 0");
        CHECK(record->white_name == "junk line 1");
    }
    SECTION("NUL bytes and control characters") {
        constexpr char raw[] = "Piskvorky 15x15, 0:0, 0\n8,8,0\nna\0me\x07!\n\x01\n";
        const std::string text(raw, sizeof raw - 1);
        const auto record = read_psq(text);
        REQUIRE(record);
        CHECK(record->black_name == "na me !");
        CHECK(record->white_name.empty());
        constexpr char nul_in_move[] = "Piskvorky 15x15, 0:0, 0\n8,8\0,0\n";
        CHECK(error_of(read_psq(std::string(nul_in_move, sizeof nul_in_move - 1))) ==
              std::string("line 2: y '8?' is not a number in move '8,8?,0'"));
    }
}

TEST_CASE("psq: names survive as one line that reads back as a name", "[io]") {
    GameRecord record{15, 15, {Point(7, 7)}, {}, "", ""};
    const auto names_after_round_trip = [&](std::string black, std::string white) {
        record.black_name = std::move(black);
        record.white_name = std::move(white);
        const auto read = read_psq(write_psq(record));
        REQUIRE(read);
        CHECK(read->moves == record.moves);
        return std::pair{read->black_name, read->white_name};
    };
    using Names = std::pair<std::string, std::string>;
    CHECK(names_after_round_trip("", "") == Names{"", ""});
    CHECK(names_after_round_trip("", "White") == Names{"", "White"});
    CHECK(names_after_round_trip("Black", "") == Names{"Black", ""});
    CHECK(names_after_round_trip("two\nlines", " padded\t") == Names{"two lines", "padded"});
    CHECK(names_after_round_trip("42", "-1") == Names{"_42", "_-1"});
    CHECK(names_after_round_trip("1,2,3", "-") == Names{"_1,2,3", "_-"});
    CHECK(names_after_round_trip("1,Freestyle", "a,b,c") == Names{"1,Freestyle", "a,b,c"});
    CHECK(names_after_round_trip("日本", "Ünïcödé") == Names{"日本", "Ünïcödé"});
}

TEST_CASE("psq: write_psq adapts what the format cannot hold", "[io]") {
    GameRecord record{15, 15, {Point(7, 7), Point(8, 8), Point::pass(), Point(9, 9)}, {}, "", ""};
    CHECK(write_psq(record) == "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n");
    record.moves = {Point(0, 0), Point(1, 1), Point(2, 2)};
    record.times = {milliseconds(-5), milliseconds(2'000'000'000), milliseconds(3)};
    CHECK(write_psq(record) == "Piskvorky 15x15, 0:0, 0\n1,1,0\n2,2,999999999\n3,3,3\n");
    record.times = {milliseconds(1)}; // not one per move: no times at all
    CHECK(write_psq(record) == "Piskvorky 15x15, 0:0, 0\n1,1,0\n2,2,0\n3,3,0\n");
    CHECK(read_psq(write_psq(record)));
}

TEST_CASE("psq: random damage never breaks read_psq, and what reads round-trips", "[io]") {
    std::mt19937_64 rng(3);
    const std::string base = "Piskvorky 15x15, 11:11, 0\r\n8,8,100\r\n9,9,2000\r\n8,9,30\r\n"
                             "alpha\r\nbeta\r\n-1\r\n";
    const std::string alphabet = "0123456789,,,:x- \t\r\n\nPab\x01\xC3";
    constexpr int samples = 20000;
    constexpr int max_edits = 4;
    for (int i = 0; i < samples; ++i) {
        std::string text = base;
        const int edits = 1 + static_cast<int>(rng() % max_edits);
        for (int e = 0; e < edits && !text.empty(); ++e) {
            const std::size_t at = rng() % text.size();
            const char c = alphabet[rng() % alphabet.size()];
            switch (rng() % 3) {
            case 0:
                text[at] = c;
                break;
            case 1:
                text.insert(at, 1, c);
                break;
            default:
                text.erase(at, 1);
                break;
            }
        }
        INFO("text: '" << text << "'");
        const auto record = read_psq(text);
        if (!record) {
            CHECK(record.error().message.substr(0, 5) == "line ");
            continue;
        }
        CHECK(record->times.size() == record->moves.size());
        const auto again = read_psq(write_psq(*record));
        REQUIRE(again);
        CHECK(*again == *record);
        if (Board<Freestyle>::check_size(record->width, record->height))
            continue;
        Board<Freestyle> board(record->width, record->height);
        const auto error = load_record(board, *record);
        if (error)
            CHECK(board.move_count() == 0);
        else
            CHECK(board.move_count() == static_cast<int>(record->moves.size()));
    }
}

// ----- load_record -----------------------------------------------------------------------------

TEST_CASE("load_record replays all moves or none and says why", "[io]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "a1b2"));
    const std::uint64_t hash = board.hash();
    const auto unchanged = [&] {
        CHECK(to_pos(board.history()) == "a1b2");
        CHECK(board.hash() == hash);
        CHECK_FALSE(board.verify());
    };
    const auto record_from = [](std::string_view pos, int size = 15) {
        GameRecord record{size, size, {}, {}, "", ""};
        record.moves = *parse_pos_moves(pos);
        return record;
    };

    SECTION("size mismatch") {
        CHECK(error_of(load_record(board, record_from("h8", 20))) ==
              "the record is for a 20x20 board, not 15x15");
        GameRecord wide = record_from("h8");
        wide.width = 16;
        CHECK(error_of(load_record(board, wide)) == "the record is for a 16x15 board, not 15x15");
        unchanged();
    }
    SECTION("off-board move") {
        CHECK(error_of(load_record(board, record_from("h8p1"))) ==
              "move 2 (p1) is off the 15x15 board");
        CHECK(error_of(load_record(board, record_from("h8i9a16"))) ==
              "move 3 (a16) is off the 15x15 board");
        unchanged();
    }
    SECTION("occupied point") {
        CHECK(error_of(load_record(board, record_from("h8i9h8"))) ==
              "move 3 (h8) is on an occupied point");
        unchanged();
    }
    SECTION("move after the game ended") {
        CHECK(error_of(load_record(board, record_from(std::string(black_five) + "b1"))) ==
              "move 10 (b1) comes after the end of the game: Black wins (five) at move 9");
        unchanged();
    }
    SECTION("times neither empty nor one per move") {
        GameRecord record = record_from("h8i9");
        record.times = {milliseconds(5)};
        CHECK(error_of(load_record(board, record)) == "the record has 1 move times for 2 moves");
        unchanged();
    }
    SECTION("a good record replaces the game") {
        CHECK_FALSE(load_record(board, record_from("h8i9j10")));
        CHECK(to_pos(board.history()) == "h8i9j10");
        CHECK_FALSE(load_record(board, record_from("")));
        CHECK(board.move_count() == 0);
        CHECK(board.hash() != hash);
    }
}

TEST_CASE("load_record judges with the board's rule", "[io]") {
    // Black's k8 joins h8-j8 and l8-m8 into six: a win in freestyle, a foul in renju.
    const std::string game = "h8a1i8c1j8e1l8g1m8i1k8";
    GameRecord record{15, 15, *parse_pos_moves(game), {}, "", ""};
    Board<Freestyle> freestyle(15);
    REQUIRE_FALSE(load_record(freestyle, record));
    CHECK(freestyle.result() == GameResult{Color::Black, EndReason::Overline});
    Board<Renju> renju(15);
    REQUIRE_FALSE(load_record(renju, record));
    CHECK(renju.result() == GameResult{Color::White, EndReason::ForbiddenOverline});
    record.moves.push_back(Point(14, 14));
    CHECK(error_of(load_record(renju, record)) ==
          "move 12 (o15) comes after the end of the game: White wins (forbidden overline) at "
          "move 11");
    CHECK(renju.move_count() == 11);
}

TEST_CASE("record_of and load_record keep passes", "[io]") {
    Board<Freestyle> board(9);
    board.play(Point(4, 4));
    board.pass();
    board.play(Point(5, 5));
    const GameRecord record = record_of(board);
    REQUIRE(record.moves.size() == 3);
    CHECK(record.moves[1].is_pass());
    Board<Freestyle> replay(9);
    REQUIRE_FALSE(load_record(replay, record));
    CHECK(replay.hash() == board.hash());
    CHECK(replay.cell(Point(5, 5)) == Cell::Black);
    CHECK(write_psq(record) == "Piskvorky 9x9, 0:0, 0\n5,5,0\n");
}

// ----- SVG and HTML ----------------------------------------------------------------------------

TEST_CASE("xml_escape makes any text safe markup", "[io]") {
    CHECK(xml_escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f");
    CHECK(xml_escape("tab\tand\nline") == "tab\tand\nline");
    CHECK(xml_escape("caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80") ==
          "caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80");
    const std::string bad = "\xEF\xBF\xBD";
    CHECK(xml_escape(std::string("a\0b", 3)) == "a" + bad + "b");
    CHECK(xml_escape("\x01\x1f") == bad + bad);
    CHECK(xml_escape("\xC0\xAF") == bad + bad);                     // overlong '/'
    CHECK(xml_escape("\xE2\x82") == bad + bad);                     // cut short
    CHECK(xml_escape("\xED\xA0\x80") == bad + bad + bad);           // a surrogate
    CHECK(xml_escape("\xEF\xBF\xBE") == bad + bad + bad);           // U+FFFE
    CHECK(xml_escape("\xF4\x90\x80\x80") == bad + bad + bad + bad); // beyond U+10FFFF
    CHECK(xml_escape("\xFF") == bad);
}

TEST_CASE("SVG: one circle per stone, numbers, coordinates and the last move", "[io]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "a1h8i9o15"));
    const std::string svg = to_svg(board);
    INFO(svg);
    CHECK_FALSE(markup_problem(svg));
    CHECK(svg.substr(0, 4) == "<svg");
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(count(svg, "<svg") == 1);
    CHECK(count(svg, "<circle class=\"stone ") == 4);
    CHECK(count(svg, "<circle class=\"stone black\"") == 2);
    CHECK(count(svg, "<circle class=\"stone white\"") == 2);
    CHECK(count(svg, "<circle class=\"star\"") == 5);
    CHECK(count(svg, "<circle") == 4 + 5);
    CHECK(count(svg, "<line") == 30);
    // Cells of 32 pixels, margins of 48 for the labels: a1 is the top-left point, o15 the
    // bottom-right one.
    CHECK(contains(svg, "<circle class=\"stone black\" cx=\"48\" cy=\"48\""));
    CHECK(contains(svg, "<circle class=\"stone white\" cx=\"496\" cy=\"496\""));
    CHECK(contains(svg, "width=\"520\" height=\"520\"")); // 48 + 14 * 32 + 24
    for (int n = 1; n <= 4; ++n)
        CHECK(count(svg, ">" + std::to_string(n) + "</text>") == 2); // the number and a row label
    CHECK(contains(svg, "<text x=\"20\" y=\"52\">1</text>"));        // row 1 at the top
    CHECK(contains(svg, "<text x=\"20\" y=\"500\">15</text>"));      // row 15 at the bottom
    CHECK(contains(svg, "<text x=\"48\" y=\"24\">a</text>"));
    CHECK(contains(svg, ">o</text>"));
    CHECK_FALSE(contains(svg, ">p</text>"));
    CHECK(count(svg, "fill=\"#e02020\"") == 1);
    CHECK(contains(svg, "fill=\"#e02020\">4</text>"));

    SECTION("without numbers the last stone gets a dot; without coordinates no labels") {
        SvgOptions options;
        options.numbers = false;
        options.coordinates = false;
        const std::string plain = to_svg(board, options);
        CHECK_FALSE(markup_problem(plain));
        CHECK_FALSE(contains(plain, "class=\"number\""));
        CHECK_FALSE(contains(plain, "class=\"coordinates\""));
        CHECK(count(plain, "<circle class=\"last\"") == 1);
        CHECK(count(plain, "<circle class=\"stone ") == 4);
        options.mark_last = false;
        CHECK_FALSE(contains(to_svg(board, options), "#e02020"));
    }
    SECTION("hostile cell sizes are clamped") {
        SvgOptions options;
        options.coordinates = false;
        options.cell_pixels = INT_MAX;
        const int big = 2 * (max_cell_pixels * 3 / 4) + 14 * max_cell_pixels;
        CHECK(contains(to_svg(board, options), "width=\"" + std::to_string(big) + "\""));
        options.cell_pixels = -7;
        const int small = 2 * (min_cell_pixels * 3 / 4) + 14 * min_cell_pixels;
        CHECK(contains(to_svg(board, options), "width=\"" + std::to_string(small) + "\""));
    }
}

TEST_CASE("SVG: large, crowded, odd-sized and empty boards stay well-formed", "[io]") {
    std::mt19937_64 rng(7);
    for (auto [w, h] : {std::pair{22, 22}, std::pair{5, 5}, std::pair{19, 19}, std::pair{20, 7}}) {
        INFO(w << "x" << h);
        Board<Freestyle> board(w, h);
        CHECK_FALSE(markup_problem(to_svg(board)));
        CHECK(count(to_svg(board), "<circle class=\"stone ") == 0);
        // put() fills the board without judging, for games longer than random play allows.
        std::vector<Point> points = board.points();
        std::shuffle(points.begin(), points.end(), rng);
        Color c = Color::Black;
        for (Point p : points) {
            board.put(p, c);
            c = opponent(c);
        }
        const std::string svg = to_svg(board);
        CHECK_FALSE(markup_problem(svg));
        CHECK(count(svg, "<circle class=\"stone ") == static_cast<std::size_t>(w * h));
        CHECK(count(svg, "class=\"number\"") == static_cast<std::size_t>(w * h));
        CHECK(contains(svg, ">" + std::to_string(w * h) + "</text>"));
    }
    CHECK(detail::star_points(19, 19).size() == 9);
    CHECK(detail::star_points(20, 20).size() == 4);
    CHECK(detail::star_points(5, 5).empty());
}

TEST_CASE("SVG and HTML escape names and titles", "[io]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, "h8i9"));
    SvgOptions options;
    options.black_name = "<script>alert(\"x&y\")</script>";
    options.white_name = "O'Brien \xFF";
    options.title = "Match <1> & \"more\"";
    for (const std::string& text : {to_svg(board, options), to_html(board, options)}) {
        INFO(text);
        CHECK_FALSE(markup_problem(text));
        CHECK_FALSE(contains(text, "<script"));
        CHECK(contains(text, "&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;"));
        CHECK(contains(text, "O&#39;Brien \xEF\xBF\xBD"));
        CHECK(contains(text, "Match &lt;1&gt; &amp; &quot;more&quot;"));
        CHECK_FALSE(contains(text, "\xFF"));
    }
}

TEST_CASE("HTML: a self-contained page with rule, result, picture and moves", "[io]") {
    Board<Freestyle> board(15);
    REQUIRE_FALSE(play_pos_moves(board, black_five));
    const std::string html = to_html(board);
    INFO(html);
    CHECK_FALSE(markup_problem(html));
    CHECK(html.substr(0, 15) == "<!DOCTYPE html>");
    CHECK(contains(html, "<meta charset=\"utf-8\">"));
    CHECK(count(html, "<svg") == 1);
    CHECK(count(html, "<circle class=\"stone ") == 9);
    CHECK(contains(html, "<th>Rule</th><td>freestyle</td>"));
    CHECK(contains(html, "<th>Board</th><td>15x15</td>"));
    CHECK(contains(html, "<th>Result</th><td>Black wins (five) after 9 moves</td>"));
    CHECK(contains(html, "<code>" + std::string(black_five) + "</code>"));
    CHECK_FALSE(contains(html, "<th>Black</th>"));
    CHECK_FALSE(contains(html, "src="));
    CHECK_FALSE(contains(html, "href="));

    Board<KInARow<4>> small(7, 6);
    REQUIRE_FALSE(play_pos_moves(small, "d3"));
    small.pass();
    const std::string k4 = to_html(small);
    CHECK_FALSE(markup_problem(k4));
    CHECK(contains(k4, "<td>k4</td>"));
    CHECK(contains(k4, "<td>7x6</td>"));
    CHECK(contains(k4, "game in progress after 2 moves, Black to move"));
    CHECK(contains(k4, "<code>d3(pass)</code>"));

    Board<Renju> renju(15);
    SvgOptions named;
    named.black_name = "Ann";
    named.white_name = "Ben";
    const std::string page = to_html(renju, named);
    CHECK_FALSE(markup_problem(page));
    CHECK(contains(page, "<td>renju</td>"));
    CHECK(contains(page, "<th>Black</th><td>Ann</td>"));
    CHECK(contains(page, "<th>White</th><td>Ben</td>"));
    CHECK(contains(page, "game in progress after 0 moves, Black to move"));
    CHECK(contains(page, "<title>tengen game: Ann (Black) vs Ben (White)</title>"));
}

TEST_CASE("markup_problem itself catches broken markup", "[io]") {
    CHECK_FALSE(markup_problem("<a><b/>x &amp; y</a>"));
    CHECK(markup_problem("<a><b></a></b>"));
    CHECK(markup_problem("<a>x & y</a>"));
    CHECK(markup_problem("<a>x < y</a>"));
    CHECK(markup_problem("<a>x > y</a>"));
    CHECK(markup_problem("<a title=\"x>"));
    CHECK(markup_problem("<a>"));
}
