// pbrain-tengen: tengen as a Gomocup-protocol engine, for Piskvork, Yixin-Board, c-gomoku-cli
// and other managers. See docs/pbrain.md.
//
//   pbrain-tengen [--level N | --player SPEC] [--hash MB] [--rule NAME] [--quiet]
//
// Threads: a reader thread reads stdin lines (at most pbrain::max_line_bytes each, input.hpp)
// into a bounded queue, and the main thread handles them one by one (protocol state and search
// alike). The reader also raises the search's stop flag for YXSTOP, END and an INFO max_memory
// below the table, so that they take effect while the main thread is searching. A third thread
// builds the rules' pattern tables at start-up and ends.

#include "engine.hpp"
#include "input.hpp"

#include <tengen/tengen.hpp>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>

#ifndef TENGEN_PBRAIN_VERSION
#define TENGEN_PBRAIN_VERSION "unknown"
#endif

namespace {

using namespace tengen;

/// What the reader thread tells the main thread besides the lines.
struct Signals {
    std::atomic<bool> stop{false};            ///< the running search must stop now
    std::atomic<bool> end{false};             ///< END was read: print nothing more, exit
    std::atomic<std::uint64_t> stop_count{0}; ///< YXSTOP and END lines read so far
    /// The largest table (MiB) the engine may hold while it handles the current line
    /// (Protocol::table_megabytes_at_most): a lowered INFO max_memory below it stops a search.
    std::atomic<std::size_t> table_megabytes{0};
};

/// Stops the running search, as YXSTOP does.
void request_stop(Signals& signals) {
    // Count before raising the flag: the main thread clears the flag, then raises it again if
    // the count shows a stop it has not yet seen (see main), so that no stop is lost.
    ++signals.stop_count;
    signals.stop = true;
}

void read_input(pbrain::InputQueue& queue, Signals& signals) {
    std::string text;
    while (true) {
        const pbrain::LineRead read = pbrain::read_line(std::cin, text);
        if (read == pbrain::LineRead::End)
            break;
        const auto received = pbrain::Clock::now();
        if (read == pbrain::LineRead::TooLong) {
            // Not a command, not a stop: only the ERROR that says it was discarded.
            pbrain::InputLine discarded;
            discarded.stops_before = signals.stop_count.load();
            discarded.received = received;
            discarded.too_long = true;
            queue.push(std::move(discarded));
            continue;
        }
        const pbrain::Interrupt interrupt = pbrain::interrupt_of(text);
        const std::uint64_t stops_before = signals.stop_count.load();
        if (interrupt != pbrain::Interrupt::None) {
            if (interrupt == pbrain::Interrupt::End)
                signals.end = true;
            request_stop(signals);
        } else if (const auto limit = pbrain::memory_limit_of(text)) {
            // The table must shrink within a bounded time, and it cannot while a search uses
            // it: the search stops (its move answered), then the queued INFO shrinks it.
            const std::size_t table = signals.table_megabytes.load();
            if (pbrain::hash_megabytes_within(table, *limit) < table)
                request_stop(signals);
        }
        const bool last = interrupt == pbrain::Interrupt::End;
        pbrain::InputLine line;
        line.text = std::move(text);
        line.stops_before = stops_before;
        line.received = received;
        queue.push(std::move(line), last);
        text = std::string(); // the queue kept the buffer, or dropped it: start a new one
        if (last)
            break;
    }
    queue.close();
}

void print_usage() {
    std::cout
        << "pbrain-tengen: the tengen engine for Gomocup-protocol managers (Piskvork,\n"
           "Yixin-Board, c-gomoku-cli). It reads protocol commands on stdin.\n\n"
           "options:\n"
           "  --level N      strength 1 (greedy beginner) to "
        << examples::max_level
        << "; see docs/pbrain.md\n"
           "  --player SPEC  a player such as ab:depth=4 or greedy (examples/common/player.hpp);\n"
           "                 the protocol's time limits still apply\n"
           "  --hash MB      hash table size in MiB (default 16; INFO max_memory may lower it)\n"
           "  --rule NAME    rule until INFO rule: freestyle (default), standard, renju, caro\n"
           "  --quiet        no MESSAGE line before each move\n"
           "  --help         this text\n";
}

/// Reads the command line into `options`; false (after a message on stderr) on a bad one.
bool parse_arguments(int argc, char** argv, pbrain::EngineOptions& options, bool& help) {
    constexpr std::int64_t max_hash_megabytes = 4096;
    std::optional<std::int64_t> hash;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto value = [&]() -> std::optional<std::string_view> {
            if (i + 1 >= argc)
                return std::nullopt;
            return std::string_view(argv[++i]);
        };
        if (arg == "--help" || arg == "-h") {
            help = true;
        } else if (arg == "--quiet") {
            options.messages = false;
        } else if (arg == "--level" || arg == "--player") {
            const auto text = value();
            if (!text) {
                std::cerr << "pbrain-tengen: " << arg << " needs a value\n";
                return false;
            }
            const std::string spec =
                arg == "--level" ? "level=" + std::string(*text) : std::string(*text);
            auto player = examples::parse_player(spec);
            if (!player) {
                std::cerr << "pbrain-tengen: " << player.error().message << '\n';
                return false;
            }
            options.player = *player;
        } else if (arg == "--hash") {
            const auto text = value();
            hash = text ? tengen::parse_integer(*text) : std::nullopt;
            if (!hash || *hash < 1 || *hash > max_hash_megabytes) {
                std::cerr << "pbrain-tengen: --hash takes 1 to " << max_hash_megabytes
                          << " (MiB)\n";
                return false;
            }
        } else if (arg == "--rule") {
            const auto text = value();
            auto rule = text ? rule_from_string(*text) : Expected<RuleSpec>(Error{"no rule"});
            if (!rule || rule->id == RuleId::KInARow) {
                std::cerr << "pbrain-tengen: --rule takes freestyle, standard, renju or caro\n";
                return false;
            }
            options.rule = *rule;
        } else {
            std::cerr << "pbrain-tengen: unknown option '" << arg << "' (try --help)\n";
            return false;
        }
    }
    if (hash)
        options.player.hash_megabytes = static_cast<std::size_t>(*hash);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    pbrain::EngineOptions options;
    options.version = TENGEN_PBRAIN_VERSION;
    bool help = false;
    if (!parse_arguments(argc, argv, options, help))
        return 2;
    if (help) {
        print_usage();
        return 0;
    }

    // The reader thread reads std::cin while this one writes std::cout: untie them, or every
    // read would flush std::cout from the reader thread.
    std::ios::sync_with_stdio(false);
    std::cin.tie(nullptr);

    pbrain::InputQueue queue;
    Signals signals;
    pbrain::Protocol protocol(options);
    std::thread reader(read_input, std::ref(queue), std::ref(signals));
    // Each rule's pattern tables take a noticeable time to build, on first use. Building them
    // now, while the manager is still sending START and INFO, keeps that out of the first
    // move's time. (A command that needs a table still being built waits for it.)
    std::atomic<bool> warmed_up{false};
    std::thread warm_up([&warmed_up] {
        (void)rule_tables<Freestyle>();
        (void)rule_tables<Renju>();
        (void)rule_tables<Standard>();
        (void)rule_tables<Caro>();
        warmed_up = true;
    });

    while (auto line = queue.pop()) {
        signals.stop = false;
        if (signals.stop_count.load() > line->stops_before)
            signals.stop = true;
        signals.table_megabytes = protocol.table_megabytes_at_most();
        std::string answer;
        try {
            if (line->dropped > 0)
                answer = protocol.refuse_dropped_lines(line->dropped);
            else if (line->too_long)
                answer = protocol.refuse_long_line(pbrain::max_line_bytes);
            else
                answer = protocol.handle(line->text, &signals.stop, line->received);
        } catch (const std::exception& e) {
            answer = pbrain::notice_line("ERROR internal error: " + std::string(e.what())) + "\n";
        }
        // END while searching: the manager wants no move any more.
        if (signals.end && protocol.searched())
            break;
        std::cout << answer << std::flush;
        if (protocol.finished())
            break;
    }
    reader.join();
    if (!warmed_up) {
        // END soon after start-up: exit now rather than wait for tables nobody will use.
        std::cout.flush();
        std::_Exit(0);
    }
    warm_up.join();
    return 0;
}
