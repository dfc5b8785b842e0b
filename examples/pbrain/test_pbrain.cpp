// pbrain-tengen's protocol state machine, driven line by line in-process (the pipe tests in
// pbrain_test.py drive the whole program).

#include "catch.hpp"
#include "pbrain/engine.hpp"
#include "pbrain/input.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace tengen;
using namespace tengen::pbrain;
using std::chrono::milliseconds;

namespace {

/// A protocol with a fast, deterministic player and no MESSAGE lines.
Protocol quick_protocol() {
    EngineOptions options;
    options.player.depth = 2;
    options.messages = false;
    options.version = "test";
    return Protocol(options);
}

/// Feeds every line but the last silently (each must answer nothing) and returns the answer to
/// the last one.
std::string feed(Protocol& protocol, std::initializer_list<std::string_view> lines) {
    std::string answer;
    std::size_t i = 0;
    for (std::string_view line : lines) {
        answer = protocol.handle(line);
        if (++i < lines.size())
            REQUIRE(answer.empty());
    }
    return answer;
}

bool is_move(const std::string& answer) {
    const auto point = parse_gomocup_point(answer);
    return point.has_value() && answer.back() == '\n';
}

} // namespace

TEST_CASE("move budgets keep the safety margin and a share of the match time", "[pbrain]") {
    TimeControl t;
    CHECK(move_budget(t) == default_turn_time - safety_margin);
    t.turn = milliseconds(300);
    CHECK(move_budget(t) == milliseconds(300) - safety_margin);
    t.turn = milliseconds(0);
    CHECK(move_budget(t) == milliseconds(0));
    t.turn = safety_margin / 2;
    CHECK(move_budget(t) == milliseconds(0));
    t.turn = milliseconds(10'000);
    t.match = milliseconds(100'000);
    CHECK(move_budget(t) == milliseconds(100'000) / match_time_share);
    t.left = milliseconds(1000);
    CHECK(move_budget(t) == milliseconds(1000) / match_time_share);
    t.left = milliseconds(0);
    CHECK(move_budget(t) == milliseconds(0));
}

TEST_CASE("INFO rule bits choose the rule", "[pbrain]") {
    const auto id = [](std::int64_t v) { return rule_from_info(v).value().id; };
    CHECK(id(0) == RuleId::Freestyle);
    CHECK(id(1) == RuleId::Standard);
    CHECK(id(2) == RuleId::Renju);
    CHECK(id(3) == RuleId::Renju);
    CHECK(id(4) == RuleId::Renju);
    CHECK(id(5) == RuleId::Renju);
    CHECK(id(8) == RuleId::Caro);
    CHECK(id(9) == RuleId::Caro);
    CHECK(id(12) == RuleId::Renju);
    CHECK_FALSE(rule_from_info(-1).has_value());
}

TEST_CASE("the hash table fits in max_memory", "[pbrain]") {
    CHECK(hash_megabytes_within(16, 0) == 16);
    CHECK(hash_megabytes_within(16, std::uint64_t{350} << 20) == 16);
    CHECK(hash_megabytes_within(64, memory_reserve_bytes + (std::uint64_t{10} << 20)) == 10);
    CHECK(hash_megabytes_within(16, 1) == 0);
}

TEST_CASE("YXSTOP and END interrupt a search, other lines wait", "[pbrain]") {
    CHECK(interrupt_of("YXSTOP") == Interrupt::Stop);
    CHECK(interrupt_of(" yxstop\r") == Interrupt::Stop);
    CHECK(interrupt_of("END") == Interrupt::End);
    CHECK(interrupt_of("end\r") == Interrupt::End);
    CHECK(interrupt_of("ENDX") == Interrupt::None);
    CHECK(interrupt_of("TURN 7,7") == Interrupt::None);
    CHECK(interrupt_of("") == Interrupt::None);
}

TEST_CASE("a game: START, moves, errors that change nothing", "[pbrain]") {
    Protocol p = quick_protocol();
    CHECK(p.handle("BEGIN").starts_with("ERROR "));
    CHECK(p.handle("START 4").starts_with("ERROR "));
    CHECK(p.board() == nullptr);
    CHECK(p.handle("START 15\r") == "OK\n");
    const std::string first = p.handle("TURN 7,7");
    REQUIRE(is_move(first));
    CHECK(p.board()->stones().size() == 2);
    for (std::string_view bad : {"TURN 7,7", "TURN 15,0", "TURN x", "START 30", "TAKEBACK 7,7"})
        CHECK(p.handle(bad).starts_with("ERROR "));
    CHECK(p.handle("HELLO") == "UNKNOWN command 'HELLO'\n");
    CHECK(p.board()->stones().size() == 2);
    CHECK(p.board()->width() == 15);
    CHECK(p.handle("TAKEBACK " + first.substr(0, first.size() - 1)) == "OK\n");
    CHECK(p.handle("TAKEBACK 7,7") == "OK\n");
    CHECK(p.board()->stones().empty());
    CHECK(p.handle("ABOUT") ==
          "name=\"tengen\", version=\"test\", author=\"The tengen authors\"\n");
    CHECK(p.handle("END").empty());
    CHECK(p.finished());
}

TEST_CASE("BOARD sets the position and the engine moves", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    const std::string answer = feed(p, {"BOARD", "3,3,1", "4,3,1", "5,3,1", "6,3,1", "3,9,2",
                                        "9,9,2", "12,1,2", "0,14,2", "DONE"});
    CHECK((answer == "2,3\n" || answer == "7,3\n"));
    // Counts that fit no side to move: an error, and the position stays.
    CHECK(feed(p, {"BOARD", "1,1,1", "2,2,1", "3,3,2", "DONE"}).starts_with("ERROR "));
    CHECK(p.board()->stones().size() == 9);
}

TEST_CASE("YXBOARD and YXSHOWFORBID: a renju double-three", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.handle("INFO rule 4").empty());
    // Black (own, to move): 5,7 6,7 and 7,5 7,6 make 7,7 a double-three.
    CHECK(feed(p, {"YXBOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1",
                   "14,14,2", "DONE"})
              .empty());
    CHECK(p.handle("YXSHOWFORBID") == "FORBID 0707.\n");
    CHECK(p.handle("INFO rule 1").empty());
    CHECK(p.handle("YXSHOWFORBID") == "FORBID .\n");
}

namespace {

/// The lines of an answer, without their line ends.
std::vector<std::string> lines_of(const std::string& answer) {
    std::vector<std::string> out;
    std::istringstream in(answer);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

} // namespace

TEST_CASE("YXBLOCK leaves moves out of every search until YXBLOCKUNDO or YXBLOCKRESET",
          "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    // Black (own, to move) has an open three 5..7,7 and makes its open four at 4,7 or 8,7.
    const auto move_in_position = [&p] {
        return feed(p, {"BOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,7,1", "0,14,2", "DONE"});
    };
    CHECK(feed(p, {"YXBLOCK", "4,7", "8,7", "DONE"}).empty());
    const std::string blocked = move_in_position();
    REQUIRE(is_move(blocked));
    CHECK(blocked != "4,7\n");
    CHECK(blocked != "8,7\n");
    // A point off the board: refused whole, the blocked moves stay as they were.
    CHECK(feed(p, {"YXBLOCKUNDO", "4,7", "20,20", "DONE"}).starts_with("ERROR "));
    const std::string still = move_in_position();
    CHECK((still != "4,7\n" && still != "8,7\n"));
    CHECK(feed(p, {"YXBLOCKUNDO", "4,7", "DONE"}).empty());
    CHECK(move_in_position() == "4,7\n");
    CHECK(feed(p, {"YXBLOCK", "4,7", "DONE"}).empty());
    CHECK(p.handle("YXBLOCKRESET").empty());
    const std::string free = move_in_position();
    CHECK((free == "4,7\n" || free == "8,7\n"));
    CHECK(p.handle("YXBLOCKRESET now").starts_with("ERROR "));
    CHECK(p.handle("YXHASHCLEAR") == "MESSAGE hash table cleared\n");
    CHECK(p.handle("YXHASHCLEAR x").starts_with("ERROR "));
    CHECK(p.handle("YXSHOWHASHUSAGE") == "MESSAGE hash table 0.0% full\n");
}

TEST_CASE("YXNBEST answers the n best moves at one depth, then plays the best", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(feed(p, {"YXBOARD", "7,7,1", "8,8,2", "7,8,1", "9,9,2", "DONE"}).empty());
    const std::vector<std::string> answer = lines_of(p.handle("YXNBEST 3"));
    REQUIRE(answer.size() == 4);
    std::vector<std::string> moves;
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string prefix = "MESSAGE line " + std::to_string(i + 1) + ": ";
        REQUIRE(answer[i].starts_with(prefix));
        CHECK(answer[i].find("depth 2") != std::string::npos);
        const std::string rest = answer[i].substr(prefix.size());
        moves.push_back(rest.substr(0, rest.find(',', rest.find(',') + 1)));
    }
    CHECK(std::set<std::string>(moves.begin(), moves.end()).size() == 3);
    CHECK(answer[3] == moves[0]);
    CHECK(p.board()->stones().size() == 5);
    for (std::string_view bad : {"YXNBEST", "YXNBEST 0", "YXNBEST x", "YXNBEST 5000"})
        CHECK(p.handle(bad).starts_with("ERROR "));
    CHECK(p.board()->stones().size() == 5);
}

TEST_CASE("YXSEARCHDEFEND names the moves that stop a four-three", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    // White (own, to move) faces Black's three 5..7,7 with 4,7 and 8,7 open: only the blocks
    // and the moves that make a four of its own hold.
    CHECK(feed(p, {"YXBOARD", "5,7,2", "0,0,1", "6,7,2", "14,0,1", "7,7,2", "DONE"}).empty());
    const std::vector<std::string> answer = lines_of(p.handle("YXSEARCHDEFEND"));
    REQUIRE(answer.size() == 2);
    CHECK(answer[0].starts_with("MESSAGE moves that hold:"));
    CHECK(answer[0].find(" 4,7") != std::string::npos);
    CHECK(answer[0].find(" 8,7") != std::string::npos);
    CHECK(answer[0].find(" 10,10") == std::string::npos);
    CHECK(is_move(answer[1] + "\n"));
}

TEST_CASE("YXBALANCEONE and YXBALANCETWO play legal moves that leave the game going", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    // Three stones, White (the engine) to move: one stone, then two.
    CHECK(feed(p, {"YXBOARD", "7,7,2", "8,8,1", "7,8,2", "DONE"}).empty());
    REQUIRE(p.board()->side_to_move() == Color::White);
    std::vector<std::string> answer = lines_of(p.handle("YXBALANCEONE"));
    REQUIRE(answer.size() == 2);
    CHECK(answer[0].starts_with("MESSAGE balance: "));
    const auto one = parse_gomocup_point(answer[1]);
    REQUIRE(one);
    CHECK(p.board()->stones().size() == 4);
    CHECK(p.board()->stones().back().point == *one);
    CHECK_FALSE(p.board()->result().is_over());

    CHECK(feed(p, {"YXBOARD", "7,7,2", "8,8,1", "7,8,2", "DONE"}).empty());
    answer = lines_of(p.handle("YXBALANCETWO 0"));
    REQUIRE(answer.size() == 2);
    const std::size_t space = answer[1].find(' ');
    REQUIRE(space != std::string::npos);
    const auto first = parse_gomocup_point(answer[1].substr(0, space));
    const auto second = parse_gomocup_point(answer[1].substr(space + 1));
    REQUIRE(first);
    REQUIRE(second);
    CHECK(*first != *second);
    const std::vector<Stone> stones = p.board()->stones();
    REQUIRE(stones.size() == 5);
    CHECK((stones[3].point == *first && stones[3].color == Color::White));
    CHECK((stones[4].point == *second && stones[4].color == Color::Black));
    CHECK(p.board()->side_to_move() == Color::White);
    CHECK_FALSE(p.board()->result().is_over());

    for (std::string_view bad : {"YXBALANCEONE x", "YXBALANCETWO 1e9", "YXBALANCEONE 200000"})
        CHECK(p.handle(bad).starts_with("ERROR "));
    CHECK(p.board()->stones().size() == 5);
}

TEST_CASE("SWAP2BOARD: three stones proposed, then each of the three answers by White's value",
          "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    std::vector<std::string> answer = lines_of(feed(p, {"SWAP2BOARD", "DONE"}));
    REQUIRE(answer.size() == 1);
    CHECK(answer[0].starts_with("7,7 "));
    CHECK(p.board()->stones().size() == 3);
    CHECK(p.board()->side_to_move() == Color::White);

    // Three openings that, searched to depth 2, leave White behind, ahead and nearly level.
    const Swap2Options defaults;
    std::set<std::string> forms;
    for (const auto& stones : {std::array<std::string_view, 3>{"7,7", "8,8", "9,6"},
                               std::array<std::string_view, 3>{"7,7", "8,7", "0,0"},
                               std::array<std::string_view, 3>{"7,7", "5,6", "5,7"}}) {
        INFO(stones[0] << " " << stones[1] << " " << stones[2]);
        answer = lines_of(feed(p, {"SWAP2BOARD", stones[0], stones[1], stones[2], "DONE"}));
        REQUIRE(answer.size() == 2);
        REQUIRE(answer[0].starts_with("MESSAGE swap2: "));
        const std::size_t at = answer[0].find("value ");
        REQUIRE(at != std::string::npos);
        const int white = std::stoi(answer[0].substr(at + 6));
        const std::vector<Stone> now = p.board()->stones();
        if (answer[1] == "SWAP") {
            forms.insert("swap");
            CHECK(white < -defaults.place_two_within);
            CHECK(now.size() == 3);
        } else if (answer[1].find(' ') == std::string::npos) {
            forms.insert("move");
            CHECK(white > defaults.place_two_within);
            REQUIRE(now.size() == 4);
            CHECK(to_gomocup(now.back().point) == answer[1]);
            CHECK(now.back().color == Color::White);
        } else {
            forms.insert("two");
            // The value is White's after the two stones: as near 0 as the balance search found.
            CHECK(std::abs(white) < value_known_win);
            REQUIRE(now.size() == 5);
            CHECK(to_gomocup(now[3].point) + " " + to_gomocup(now[4].point) == answer[1]);
            CHECK(p.board()->side_to_move() == Color::White);
            CHECK_FALSE(p.board()->result().is_over());
        }
    }
    CHECK(forms == std::set<std::string>{"swap", "move", "two"});

    // Five stones: a side, never two more.
    answer = lines_of(feed(p, {"SWAP2BOARD", "7,7", "8,8", "9,7", "6,6", "10,9", "DONE"}));
    REQUIRE(answer.size() == 2);
    CHECK((answer[1] == "SWAP" || is_move(answer[1] + "\n")));
    // Other stone counts are refused.
    CHECK(feed(p, {"SWAP2BOARD", "7,7", "8,8", "DONE"}).starts_with("ERROR "));
    CHECK(feed(p, {"SWAP2BOARD", "0,0", "9,9", "1,0", "9,10", "2,0", "9,11", "3,0", "9,12", "4,0",
                   "DONE"})
              .starts_with("ERROR "));
}

TEST_CASE("a raised stop flag answers at once with a legal move", "[pbrain]") {
    EngineOptions options;
    options.messages = false;
    Protocol p(options);
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.handle("INFO timeout_turn 60000").empty());
    std::atomic<bool> stop{true};
    const auto started = std::chrono::steady_clock::now();
    const std::string answer = p.handle("TURN 7,7", &stop);
    CHECK(std::chrono::steady_clock::now() - started < milliseconds(1000));
    CHECK(is_move(answer));
    CHECK(answer != "7,7\n");
}

TEST_CASE("the table comes with INFO max_memory, outside the moves' time, and always fits it",
          "[pbrain]") {
    constexpr std::size_t wanted = 64;
    constexpr std::uint64_t limit = memory_reserve_bytes + (std::uint64_t{20} << 20);
    constexpr std::uint64_t lower = memory_reserve_bytes + (std::uint64_t{5} << 20);
    EngineOptions options;
    options.player.depth = 1;
    options.player.hash_megabytes = wanted;
    options.messages = false;
    Protocol p(options);
    // c-gomoku-cli's order: START, then the limit. START allocates no table before the limit is
    // known; the limit brings the table at once, so that no move pays for it.
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.searcher().table_megabytes() == 0);
    CHECK(p.handle("INFO max_memory " + std::to_string(limit)).empty());
    CHECK(p.searcher().table_megabytes() == hash_megabytes_within(wanted, limit));
    REQUIRE(is_move(p.handle("BEGIN")));
    CHECK(p.searcher().table_megabytes() == hash_megabytes_within(wanted, limit));
    // A lower limit shrinks the table at once.
    CHECK(p.handle("INFO max_memory " + std::to_string(lower)).empty());
    CHECK(p.searcher().table_megabytes() == hash_megabytes_within(wanted, lower));
    // A new rule is a new game, whose table comes at once too, within the limit.
    CHECK(p.handle("INFO rule 4").empty());
    CHECK(p.board()->rule().id == RuleId::Renju);
    CHECK(p.searcher().table_megabytes() == hash_megabytes_within(wanted, lower));
    REQUIRE(is_move(p.handle("TURN 3,3")));
    // No limit: the table asked for, at once; a new START keeps it.
    CHECK(p.handle("INFO max_memory 0").empty());
    CHECK(p.searcher().table_megabytes() == wanted);
    REQUIRE(p.handle("START 20") == "OK\n");
    CHECK(p.searcher().table_megabytes() == wanted);
}

TEST_CASE("without INFO max_memory the first search makes the table", "[pbrain]") {
    EngineOptions options;
    options.player.depth = 1;
    options.player.hash_megabytes = 8;
    options.messages = false;
    Protocol p(options);
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.searcher().table_megabytes() == 0);
    REQUIRE(is_move(p.handle("BEGIN")));
    CHECK(p.searcher().table_megabytes() == 8);
}

TEST_CASE("a greedy player never allocates a table", "[pbrain]") {
    EngineOptions options;
    options.player = examples::level_config(2);
    options.messages = false;
    Protocol p(options);
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.handle("INFO max_memory 0").empty());
    REQUIRE(is_move(p.handle("BEGIN")));
    CHECK(p.searcher().table_megabytes() == 0);
}

TEST_CASE("answers quoting received text are printable ASCII and short", "[pbrain]") {
    CHECK(notice_line("ERROR plain") == "ERROR plain");
    CHECK(notice_line(std::string_view("a\r\x1b[2J\0b\x7f\xc2\x9b", 11)) == "a??[2J?b??");
    const std::string cut = notice_line(std::string(1000, 'x'));
    CHECK(cut.size() == max_notice_bytes);
    CHECK(cut.ends_with("..."));
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    for (const std::string& line :
         {std::string("TURN 1\r\x1b[2J,\0 2", 15), std::string("TURN 7,\xc2\x9b"),
          "TURN " + std::string(60000, '\x1b'), std::string("\x9b[2J"),
          std::string("PLAY \x07,1")}) {
        const std::string answer = p.handle(line);
        REQUIRE(answer.ends_with('\n'));
        CHECK(answer.size() <= max_notice_bytes + 1);
        CHECK(std::all_of(answer.begin(), answer.end() - 1,
                          [](char c) { return c >= ' ' && c <= '~'; }));
    }
}

TEST_CASE("input lines are read up to a bound; a longer one is discarded whole", "[pbrain]") {
    constexpr std::size_t bound = 8;
    std::istringstream in("ABOUT\r\n12345678\n123456789\n" + std::string(100, 'x') +
                          "\nTURN 7,7\n\nlast");
    std::string line;
    CHECK(read_line(in, line, bound) == LineRead::Line);
    CHECK(line == "ABOUT\r");
    CHECK(read_line(in, line, bound) == LineRead::Line);
    CHECK(line == "12345678");
    CHECK(read_line(in, line, bound) == LineRead::TooLong);
    CHECK(line.empty());
    CHECK(read_line(in, line, bound) == LineRead::TooLong);
    CHECK(line.capacity() <= bound * 2);
    CHECK(read_line(in, line, bound) == LineRead::Line);
    CHECK(line == "TURN 7,7");
    CHECK(read_line(in, line, bound) == LineRead::Line);
    CHECK(line.empty());
    CHECK(read_line(in, line, bound) == LineRead::Line);
    CHECK(line == "last");
    CHECK(read_line(in, line, bound) == LineRead::End);
    std::istringstream endless(std::string(100, 'y'));
    CHECK(read_line(endless, line, bound) == LineRead::TooLong);
    CHECK(read_line(endless, line, bound) == LineRead::End);
}

TEST_CASE("the input queue keeps to its bounds and says what it dropped", "[pbrain]") {
    const auto line = [](std::string text) {
        InputLine l;
        l.text = std::move(text);
        return l;
    };
    constexpr std::size_t max_lines = 3;
    constexpr std::size_t max_bytes = 1000;
    InputQueue queue(max_lines, max_bytes);
    CHECK(queue.push(line("a")));
    CHECK(queue.push(line("b")));
    CHECK(queue.push(line("c")));
    // Full by lines: the next two are dropped, and the drop is queued once, in their place.
    CHECK_FALSE(queue.push(line("d")));
    CHECK_FALSE(queue.push(line("e")));
    // END is queued whatever the bounds.
    CHECK(queue.push(line("END"), true));
    const std::vector<std::string> expected_texts = {"a", "b", "c", "", "END"};
    for (const std::string& text : expected_texts) {
        const auto got = queue.pop();
        REQUIRE(got);
        CHECK(got->text == text);
        CHECK(got->dropped == (text.empty() ? 2U : 0U));
    }
    CHECK(queue.queued_bytes() == 0);
    // Full by bytes: a line that would pass the byte bound is dropped, a short one is not.
    CHECK(queue.push(line(std::string(max_bytes - 100, 'x'))));
    CHECK_FALSE(queue.push(line(std::string(200, 'y'))));
    CHECK(queue.push(line("ok")));
    CHECK(queue.pop()->text.size() == max_bytes - 100);
    CHECK(queue.pop()->dropped == 1);
    CHECK(queue.pop()->text == "ok");
    queue.close();
    CHECK_FALSE(queue.pop());
}

TEST_CASE("the reader sees a memory limit in any case, and nothing else", "[pbrain]") {
    CHECK(memory_limit_of("INFO max_memory 1000") == 1000U);
    CHECK(memory_limit_of("info MAX_MEMORY 0") == 0U);
    CHECK(memory_limit_of("  INFO   max_memory   77  ") == 77U);
    CHECK_FALSE(memory_limit_of("INFO max_memory -1"));
    CHECK_FALSE(memory_limit_of("INFO max_memory lots"));
    CHECK_FALSE(memory_limit_of("INFO timeout_turn 1000"));
    CHECK_FALSE(memory_limit_of("YXSTOP"));
}

TEST_CASE("dropped lines are one ERROR and spoil an open block", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.refuse_dropped_lines(5).starts_with("ERROR 5 lines dropped"));
    CHECK(p.handle("BOARD").empty());
    CHECK(p.refuse_dropped_lines(1).starts_with("ERROR 1 line dropped"));
    CHECK(p.handle("DONE").starts_with("ERROR BOARD: lines of it were dropped"));
    CHECK(p.board()->stones().empty());
    CHECK(is_move(p.handle("BEGIN")));
}

TEST_CASE("a discarded long line is one ERROR and spoils an open block", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    CHECK(p.refuse_long_line(max_line_bytes) == "ERROR line too long (65536 bytes max)\n");
    CHECK(p.handle("BOARD").empty());
    CHECK(p.handle("7,7,2").empty());
    CHECK(p.refuse_long_line(max_line_bytes) == "ERROR line too long (65536 bytes max)\n");
    CHECK(p.handle("DONE").starts_with("ERROR BOARD: one of its lines was too long"));
    CHECK(p.board()->stones().empty());
    CHECK(is_move(p.handle("BEGIN")));
}

TEST_CASE("a bad INFO value is one warning MESSAGE and keeps the previous value", "[pbrain]") {
    Protocol p = quick_protocol();
    REQUIRE(p.handle("START 15") == "OK\n");
    const std::string kept = " (ignored; the previous value stays)\n";
    CHECK(p.handle("INFO timeout_turn -5") ==
          "MESSAGE INFO timeout_turn must be >= 0, got '-5'" + kept);
    CHECK_FALSE(p.time_control().turn.has_value()); // still the default
    CHECK(p.handle("INFO timeout_turn 300").empty());
    CHECK(p.handle("INFO Timeout_Turn x") ==
          "MESSAGE INFO timeout_turn must be a whole number, got 'x'" + kept);
    CHECK(p.time_control().turn == milliseconds(300));
    CHECK(p.handle("INFO timeout_match -1").starts_with("MESSAGE INFO timeout_match must be"));
    CHECK(p.handle("INFO max_memory -1").starts_with("MESSAGE INFO max_memory must be"));
    CHECK(p.handle("INFO rule -4").starts_with("MESSAGE INFO rule must be"));
    CHECK(p.board()->rule().id == RuleId::Freestyle);
    CHECK(p.handle("INFO max_depth -1").starts_with("MESSAGE INFO max_depth must be"));
    CHECK(p.handle("INFO max_node").starts_with("MESSAGE INFO max_node must be"));
    // The protocol lets time_left go negative: it counts as none left, without a word.
    CHECK(p.handle("INFO time_left -20").empty());
    CHECK(p.time_control().left == milliseconds(0));
    CHECK(p.handle("INFO thread_num x").starts_with("MESSAGE INFO thread_num must be"));
    // Search threads: 0 is one, too many the most the searcher takes.
    CHECK(p.handle("INFO THREAD_NUM 3").empty());
    CHECK(p.player_config().threads == 3);
    CHECK(p.handle("INFO thread_num 0").empty());
    CHECK(p.player_config().threads == 1);
    CHECK(p.handle("INFO thread_num 100000").empty());
    CHECK(p.player_config().threads == SearcherOptions::max_threads);
    // Keys the engine does not use, and unknown ones, are accepted whatever their value.
    for (std::string_view line : {"INFO folder C:\\x y", "INFO evaluate 7,7", "INFO game_type -1",
                                  "INFO nonsense -3", "INFO"})
        CHECK(p.handle(line).empty());
}

TEST_CASE("time policy: less time when settled or forced, all of it when unsettled", "[pbrain]") {
    using std::chrono::microseconds;
    using std::chrono::milliseconds;
    const milliseconds budget{1000};
    IterationReport r;
    r.depth = 4;
    r.value = 50;
    r.previous_value = 50;
    r.elapsed = microseconds{300'000};
    CHECK(worth_another_iteration(r, budget)); // settled, 30% spent
    r.elapsed = microseconds{500'000};
    CHECK_FALSE(worth_another_iteration(r, budget)); // settled, past 45%
    r.best_move_changed = true;
    CHECK(worth_another_iteration(r, budget)); // unsettled: up to all of it
    r.best_move_changed = false;
    r.value = 50 - falling_value - 1;
    CHECK(worth_another_iteration(r, budget)); // the value fell
    r.value = 50 - falling_value;
    CHECK_FALSE(worth_another_iteration(r, budget)); // not by enough
    r.elapsed = microseconds{1'000'000};
    r.best_move_changed = true;
    CHECK_FALSE(worth_another_iteration(r, budget)); // no time left at all
    r.best_move_changed = false;
    r.elapsed = microseconds{900'000};
    CHECK(worth_another_iteration(r, budget, false)); // no clock: all of the move's time
    r.elapsed = microseconds{1'000};
    r.single_move = true;
    CHECK_FALSE(worth_another_iteration(r, budget, false));
    CHECK_FALSE(worth_another_iteration(r, budget)); // forced: answer at once

    // The player's switch: tm=0 iterates to the deadline.
    const auto config = examples::parse_player("ab:time=500,tm=0");
    REQUIRE(config);
    CHECK_FALSE(config->time_management);
    CHECK(examples::to_string(*config) == "ab:time=500,tm=0");
    CHECK_FALSE(examples::searcher_options(*config).time_management);
    CHECK(examples::searcher_options(examples::PlayerConfig{}).time_management);
    CHECK_FALSE(examples::parse_player("ab:time=500,tm=2"));
    CHECK(examples::parse_player("ab:nodes=1000,lmr=1"));

    // The walk-in switch: read back as written, given to the searcher, off unless set.
    const auto walk_ins = examples::parse_player("ab:time=500,walkin=1");
    REQUIRE(walk_ins);
    CHECK(examples::to_string(*walk_ins) == "ab:time=500,walkin=1");
    CHECK(examples::searcher_options(*walk_ins).avoid_walk_ins);
    CHECK_FALSE(examples::searcher_options(examples::PlayerConfig{}).avoid_walk_ins);
    CHECK(examples::to_string(*examples::parse_player("ab:time=500,walkin=0")) ==
          "ab:time=500,walkin=0");
    CHECK_FALSE(examples::parse_player("ab:time=500,walkin=yes"));

    // Search threads: read back as written, given to the searcher, bounded.
    const auto threaded = examples::parse_player("ab:time=500,threads=4");
    REQUIRE(threaded);
    CHECK(threaded->threads == 4);
    CHECK(examples::to_string(*threaded) == "ab:time=500,threads=4");
    CHECK(examples::searcher_options(*threaded).threads == 4);
    CHECK(examples::parse_player("ab:time=500")->threads == 1);
    CHECK_FALSE(examples::parse_player("ab:time=500,threads=0"));
    CHECK_FALSE(examples::parse_player("ab:time=500,threads=257"));

    // The search switches: each read back as written, and applied over the engine's defaults.
    const auto switched =
        examples::parse_player("ab:nodes=1000,lmr=0,qs=0,mcp=1,asp=1,rfp=0,fut=0");
    REQUIRE(switched);
    CHECK(examples::to_string(*switched) == "ab:nodes=1000,lmr=0,qs=0,mcp=1,asp=1,rfp=0,fut=0");
    // Switches of features that measured no gain are gone (docs/strength.md).
    CHECK_FALSE(examples::parse_player("ab:nodes=1000,hmc=1"));
    AlphaBetaOptions options = SearcherOptions::playing_defaults();
    examples::apply_player_switches(*switched, options);
    CHECK_FALSE(options.late_move_reductions);
    CHECK(options.horizon == Horizon::forced_win);
    CHECK(options.move_count_pruning);
    CHECK(options.aspiration_windows);
    CHECK_FALSE(options.static_cutoffs);
    CHECK(options.futility_pruning == Toggle::off);
    const auto forced_futility = examples::parse_player("ab:nodes=1000,fut=1");
    REQUIRE(forced_futility);
    examples::apply_player_switches(*forced_futility, options);
    CHECK(options.futility_pruning == Toggle::on);
    // Unset, every switch is as the engine plays; futility pruning's is the rule's to decide.
    AlphaBetaOptions unset;
    examples::apply_player_switches(examples::PlayerConfig{}, unset);
    CHECK(unset.late_move_reductions == SearcherOptions::playing_defaults().late_move_reductions);
    CHECK(unset.horizon == SearcherOptions::playing_defaults().horizon);
    CHECK(unset.static_cutoffs == SearcherOptions::playing_defaults().static_cutoffs);
    CHECK(unset.futility_pruning == Toggle::by_game);
    CHECK_FALSE(examples::parse_player("ab:nodes=1000,qs=2"));
    CHECK_FALSE(examples::parse_player("ab:nodes=1000,mcp=yes"));

    // The evaluation's weights: eval=tuned reaches the engine, which then evaluates otherwise;
    // eval=hand is the default.
    const auto tuned = examples::parse_player("ab:nodes=1000,eval=tuned");
    REQUIRE(tuned);
    CHECK(tuned->tuned_evaluation);
    CHECK(examples::to_string(*tuned) == "ab:nodes=1000,eval=tuned");
    CHECK(examples::weights_of(*tuned) == GomokuWeights::tuned());
    const auto hand = examples::parse_player("ab:nodes=1000,eval=hand");
    REQUIRE(hand);
    CHECK(examples::to_string(*hand) == "ab:nodes=1000");
    CHECK(examples::weights_of(*hand) == GomokuWeights{});
    CHECK_FALSE(examples::parse_player("ab:nodes=1000,eval=1"));
    const auto shaped = examples::parse_player("ab:nodes=1000,eval=shapes");
    REQUIRE(shaped);
    CHECK(examples::to_string(*shaped) == "ab:nodes=1000,eval=shapes");
    CHECK(examples::weights_of(*shaped) == GomokuWeights::with_shapes());
    CHECK_FALSE(GomokuWeights::tuned() == GomokuWeights{});
    auto made = AnyBoard::create(*rule_from_string("freestyle"), 15);
    REQUIRE(made);
    AnyBoard board = std::move(made).value();
    GomokuSearcher searcher(examples::searcher_options(*tuned));
    CHECK(searcher.options().weights == GomokuWeights::tuned());
    for (const char* move : {"h8", "i9", "i8", "h9"})
        REQUIRE(board.try_play(*parse_pos_point(move)) == MoveError::None);
    SearchLimits one_ply;
    one_ply.max_depth = 1;
    const Value tuned_value = searcher.search(board, one_ply).value;
    (void)examples::choose_move(board, searcher, *hand);
    CHECK(searcher.options().weights == GomokuWeights{});
    CHECK(searcher.search(board, one_ply).value != tuned_value);
}

TEST_CASE("the run-length scorer: centre, five, block, never a forbidden point", "[pbrain]") {
    const auto config = examples::parse_player("runlength");
    REQUIRE(config);
    CHECK(config->kind == examples::PlayerConfig::Kind::RunLength);
    CHECK(examples::to_string(*config) == "runlength");

    Board<Freestyle> board(15);
    CHECK(examples::run_length_move(board) == Point(7, 7));
    // Black's four h8-k8 against White's stones far away: Black completes it at the first end.
    REQUIRE_FALSE(play_pos_moves(board, "h8a1i8a3j8a5k8"));
    const auto five = examples::run_length_move(board);
    REQUIRE(five);
    CHECK(board.threat(*five, Color::White) == Threat::None);
    CHECK(board.threat(*five, Color::Black) == Threat::Five);
    // Black to move after White's open four: Black blocks a five point.
    Board<Freestyle> block(15);
    REQUIRE_FALSE(play_pos_moves(block, "a1h8a3i8a5j8o15k8"));
    const auto blocked = examples::run_length_move(block);
    REQUIRE(blocked);
    CHECK(block.threat(*blocked, Color::White) == Threat::Five);

    // Self-play under renju: Black never chooses a forbidden point, every move is legal, and
    // the engine front-end's choice is the same move.
    std::int64_t black_moves = 0;
    for (int game = 0; game < 4; ++game) {
        Board<Renju> renju(15);
        REQUIRE_FALSE(play_pos_moves(renju, game % 2 == 0 ? "h8i9" : "h8j9i7"));
        while (!renju.result().is_over()) {
            const auto move = examples::run_length_move(renju);
            if (!move)
                break;
            REQUIRE(renju.check_move(*move) == MoveError::None);
            if (renju.side_to_move() == Color::Black) {
                CHECK_FALSE(renju.is_forbidden(*move));
                ++black_moves;
            }
            renju.play(*move);
        }
        CHECK(renju.result().is_over());
    }
    CHECK(black_moves > 0);

    auto made = AnyBoard::create(*rule_from_string("freestyle"), 15);
    REQUIRE(made);
    AnyBoard any = std::move(made).value();
    GomokuSearcher searcher(examples::searcher_options(*config));
    for (const char* move : {"h8", "a1", "i8", "a3", "j8", "a5", "k8"})
        REQUIRE(any.try_play(*parse_pos_point(move)) == MoveError::None);
    const examples::Choice choice = examples::choose_move(any, searcher, *config);
    CHECK(choice.move == five);
}

TEST_CASE("a player description says what it means", "[pbrain]") {
    const auto meaning = [](std::string_view text) {
        const auto config = examples::parse_player(text);
        REQUIRE(config);
        return examples::describe_player(text, *config);
    };
    CHECK(meaning("1") == "level 1 (greedy:4)");
    CHECK(meaning("level=4") == "level 4 (ab:depth=4)");
    CHECK(meaning("6") == "level 6 (ab:time=1000)");
    CHECK(meaning("ab") == "ab:time=1000");
    CHECK(meaning("greedy:1") == "greedy");
    CHECK(meaning("ab:time=500,depth=3,lmr=0") == "ab:depth=3,time=500,lmr=0");
    CHECK(meaning("runlength") == "runlength");
}

TEST_CASE("pbrain-tengen and tengen_match's players choose the same moves at equal nodes",
          "[pbrain]") {
    // Middle games of tests/data/forced_wins.txt. tengen_match plays each move of a game as
    // below (match.cpp, play_game): a typed board, a searcher for the player, choose_move.
    // pbrain-tengen is driven through its protocol: a node limit, a turn time too long to
    // matter, no match clock.
    struct Position {
        const char* rule;
        const char* moves;
    };
    const Position positions[] = {
        {"freestyle", "f8f7h10g7g9e7h7j12c7h8"},
        {"freestyle", "g8f6f8i8e8h8g7g6"},
        {"freestyle", "j9f6f9h11i9h9j8i8h10g11"},
        {"freestyle", "j6f6g9h4h8i7e7d6h9e6g6b6c6h7"},
        {"freestyle", "f7g10j9g7g9h9i8h10h8f10i10e9f8g8j6i6h7g6k8g5g4e10"},
        {"renju", "i6h10f9g8f8f7h9g7g10g6g9i9"},
        {"renju", "g6j10g9j9j12i10g10"},
        {"renju", "j9i8j6i6i7j5j8h7k4k5k9l10j10j7i11l8j11j12g5h6"},
        {"renju", "h10f10i10j10i9g11h12h9i11i12k7g9i7i8j7l7j8l6j6j4j9j5"},
        {"renju", "j7i8f7h7g6h5g8h6h4h9h8g5f4g4i5f3e2g3g9h3g10g7g12g11e3f5e6"},
    };
    constexpr std::int64_t nodes = 20'000;
    for (const Position& position : positions) {
        INFO(position.rule << " " << position.moves);
        const auto rule = rule_from_string(position.rule);
        REQUIRE(rule);
        const auto moves = parse_pos_moves(position.moves);
        REQUIRE(moves);

        examples::PlayerConfig config;
        config.nodes = nodes;
        const examples::Choice match_choice = visit_rule(*rule, [&](auto tag) {
            Board<typename decltype(tag)::type> board(15);
            for (Point p : *moves)
                board.play(p);
            GomokuSearcher searcher = examples::searcher_for(config);
            return examples::choose_move(board, searcher, config);
        });
        REQUIRE(match_choice.move);

        EngineOptions options;
        options.messages = false;
        Protocol p(options);
        REQUIRE(
            p.handle("INFO rule " + std::string(rule->id == RuleId::Renju ? "4" : "0")).empty());
        REQUIRE(p.handle("START 15") == "OK\n");
        REQUIRE(p.handle("INFO timeout_match 0").empty());
        REQUIRE(p.handle("INFO timeout_turn 600000").empty());
        REQUIRE(p.handle("INFO max_node " + std::to_string(nodes)).empty());
        REQUIRE(p.handle("BOARD").empty());
        // The side to move's stones are its own (1), the others the opponent's (2).
        const std::size_t to_move_parity = moves->size() % 2;
        for (std::size_t i = 0; i < moves->size(); ++i)
            REQUIRE(p.handle(std::to_string((*moves)[i].x()) + "," +
                             std::to_string((*moves)[i].y()) + "," +
                             (i % 2 == to_move_parity ? "1" : "2"))
                        .empty());
        const std::string answer = p.handle("DONE");
        CHECK(answer == to_gomocup(*match_choice.move) + "\n");
    }
}
