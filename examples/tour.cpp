// A guided tour of tengen's core: boards, moves, rules, patterns, threats and renju fouls.
// The README quotes this program; CTest runs it, so the tour always compiles and works.

#include <tengen/tengen.hpp>

#include <iostream>

int main() {
    using namespace tengen;

    // A 15x15 renju board; the size can also be a compile-time constant: Board<Renju, 15>.
    Board<Renju> board(15);

    // Moves in either notation: pos strings (column letter, row from the top) or Gomocup x,y.
    if (auto error = play_pos_moves(board, "h8h9i8g9")) {
        std::cerr << error->message << '\n';
        return 1;
    }
    const auto move = parse_move(board, "9,7"); // j8
    if (!move) {
        std::cerr << move.error().message << '\n';
        return 1;
    }
    board.play(*move);
    std::cout << to_text(board);

    // Every empty point knows what each colour would make there, kept up to date on every move.
    const Point k8 = *parse_pos_point("k8");
    std::cout << "Black at k8 makes " << to_string(board.threat(k8, Color::Black))
              << " (row pattern "
              << to_string(board.pattern(k8, Direction::Horizontal, Color::Black)) << ")\n";
    std::cout << "Black has an open four somewhere: " << std::boolalpha
              << board.has_open_four(Color::Black) << '\n';

    // Renju fouls for Black, with RIF's recursive rule for threes. put() sets up stones
    // without judging them, whoever is to move.
    Board<Renju> cross(15);
    for (const char* stone : {"h7", "g8", "i8", "h9"})
        cross.put(*parse_pos_point(stone), Color::Black);
    for (Point p : cross.forbidden_points())
        std::cout << "forbidden for Black: " << to_pos(p) << " ("
                  << to_string(cross.forbidden_kind(p)) << ")\n";

    // Bad input is refused with a reason and changes nothing.
    const auto bad = parse_move(board, "h8");
    std::cout << "h8: " << (bad ? "playable" : bad.error().message) << '\n';

    // Undo restores everything, hash included.
    const auto hash = board.hash();
    board.play(k8);
    std::cout << "after k8: " << (board.result().is_over() ? "game over" : "game goes on") << '\n';
    board.undo();
    std::cout << "undo restores the hash: " << (board.hash() == hash) << '\n';

    // Rules chosen at run time, for programs that read them from a protocol or a flag.
    const auto rule = rule_from_gomocup(1);
    visit_rule(*rule, [](auto tag) {
        using Rule = typename decltype(tag)::type;
        Board<Rule> runtime_board(20);
        std::cout << Rule::name << " on " << runtime_board.width() << "x" << runtime_board.height()
                  << '\n';
    });
    return 0;
}
