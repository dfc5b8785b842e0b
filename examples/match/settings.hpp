#pragma once
/// \file
/// tengen_match: what the command line decides (MatchSettings) and the tables it allots.

#include "../common/player.hpp"
#include "openings.hpp"
#include "sprt.hpp"

#include <tengen/tengen.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tengen::examples {

/// What the transposition tables of the games played at once may take by default (MiB): 64 games
/// of α-β players with the default 16 MiB table.
inline constexpr std::size_t default_table_memory_megabytes = 1024;

/// Everything the command line decides.
struct MatchSettings {
    std::string a_text = "ab:depth=4";
    std::string b_text = "greedy";
    PlayerConfig a;
    PlayerConfig b;
    std::string a_meaning; ///< what a_text means (describe_player), for the summary and records
    std::string b_meaning;
    std::string rule_name = "freestyle";
    RuleSpec rule;
    int size = 15;
    int games = 10; ///< with --sprt: the most games played
    std::uint64_t seed = 1;
    int concurrency = 1;
    /// The most the tables of the games played at once may take (MiB, --table-memory).
    std::size_t table_memory = default_table_memory_megabytes;
    int workers = 1; ///< games played at once: concurrency, lowered to the games and the memory
    std::string openings_path; ///< empty: random balanced openings
    std::vector<Opening> openings;
    BalanceCheck balance;
    std::string csv_path;
    std::string records_dir;
    std::string write_openings_path; ///< write the openings here and play nothing
    bool pictures = false;           ///< with records: also game-N.svg and game-N.html
    bool quiet = false;
    /// --sprt: stop as soon as the sequential test decides (over colour-swapped pairs).
    std::optional<SprtHypotheses> sprt;
};

/// The transposition table player `p` allocates for a game (MiB): its hash= size for α-β, none
/// for Greedy.
[[nodiscard]] inline std::size_t table_megabytes(const PlayerConfig& p) noexcept {
    return p.kind == PlayerConfig::Kind::AlphaBeta ? p.hash_megabytes : 0;
}

/// The tables of one game: A's and B's.
[[nodiscard]] inline std::size_t game_table_megabytes(const MatchSettings& s) noexcept {
    return table_megabytes(s.a) + table_megabytes(s.b);
}

/// "96 MiB (A 64 MiB, B 32 MiB)": one game's tables, for messages.
[[nodiscard]] inline std::string game_tables_text(const MatchSettings& s) {
    return std::to_string(game_table_megabytes(s)) + " MiB (A " +
           std::to_string(table_megabytes(s.a)) + " MiB, B " +
           std::to_string(table_megabytes(s.b)) + " MiB)";
}

} // namespace tengen::examples
