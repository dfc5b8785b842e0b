// A minimal game against the engine in the terminal: you play Black, tengen's α-β plays White.
//
//   tengen_play [rule] [size]      rule: freestyle (default), standard, renju, caro; size 5..22
//
// At the prompt: a move (`h8` or `7,7`), `undo` (takes back your last move and the reply), or
// `quit`. Works with piped input. The full front-end (colours, levels, hints, records) is the
// work of the front-ends issue; this is the small version the README starts.

#include <tengen/tengen.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

using namespace tengen;

constexpr int default_size = 15;
constexpr std::chrono::milliseconds engine_time{1000};

template <RulePolicy Rule> int play(int size) {
    if (auto error = Board<Rule>::check_size(size, size)) {
        std::cerr << error->message << '\n';
        return 2;
    }
    Board<Rule> board(size);
    GomokuGame game(board);
    AlphaBeta<GomokuGame<Board<Rule>>> engine;
    std::cout << "tengen: " << Rule::name << " on " << size << "x" << size
              << ". You are Black (X). Moves like h8 or 7,7; 'undo'; 'quit'.\n";
    std::string line;
    while (!board.result().is_over()) {
        std::cout << '\n' << to_text(board) << "your move> " << std::flush;
        if (!std::getline(std::cin, line) || line == "quit")
            return 0;
        if (line == "undo") {
            if (board.move_count() >= 2) {
                board.undo();
                board.undo();
            } else {
                std::cout << "nothing to undo\n";
            }
            continue;
        }
        const auto move = parse_move(board, line);
        if (!move) {
            std::cout << move.error().message << '\n';
            continue;
        }
        if constexpr (Rule::has_forbidden_moves) {
            if (const auto foul = board.forbidden_kind(*move); foul != ForbiddenKind::None) {
                std::cout << to_pos(*move) << " is forbidden for Black (" << to_string(foul)
                          << "); play it anyway? [y/N] " << std::flush;
                if (!std::getline(std::cin, line) || line != "y")
                    continue;
            }
        }
        board.play(*move);
        if (board.result().is_over())
            break;
        SearchLimits limits;
        limits.max_time = engine_time;
        const auto reply = engine.search(game, limits);
        board.play(*reply.best_move);
        std::cout << "tengen plays " << to_pos(*reply.best_move) << "  (depth " << reply.depth
                  << ", value " << describe_value(reply.value) << ", " << reply.stats.nodes
                  << " nodes, " << reply.stats.elapsed.count() / 1000 << " ms)\n";
    }
    std::cout << '\n' << to_text(board);
    const GameResult& result = board.result();
    if (result.winner)
        std::cout << (*result.winner == Color::Black ? "You win" : "tengen wins") << " ("
                  << to_string(result.reason) << ").\n";
    else
        std::cout << "Draw.\n";
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string rule_name = argc > 1 ? argv[1] : "freestyle";
    const int size = argc > 2 ? std::atoi(argv[2]) : default_size;
    const auto rule = rule_from_string(rule_name);
    if (!rule || rule->id == RuleId::KInARow) {
        std::cerr << "usage: tengen_play [freestyle|standard|renju|caro] [size]\n";
        return 2;
    }
    return visit_rule(*rule, [size](auto tag) { return play<typename decltype(tag)::type>(size); });
}
