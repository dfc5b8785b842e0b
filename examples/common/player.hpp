#pragma once
/// \file
/// Engine players for the example front-ends: a configuration (greedy or α-β with limits) read
/// from a short text, numbered strength levels, and choose_move, the one move chooser of
/// tengen_play, pbrain-tengen, tengen_web and tengen_match, so that they mean the same thing by
/// "level 3" or "ab:nodes=100000" and an A/B match measures what the engine plays.

#include "run_length.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

namespace tengen::examples {

/// Which strategy a player uses and how long it may think.
struct PlayerConfig {
    /// Greedy (the library's one-ply threat scorer), AlphaBeta, or RunLength: the tutorials'
    /// run-length scorer (examples/common/run_length.hpp), a yardstick.
    enum class Kind : std::uint8_t { Greedy, AlphaBeta, RunLength };
    Kind kind = Kind::AlphaBeta;
    /// Greedy: choose among the best `greedy_choices` moves (1 = always the best).
    int greedy_choices = 1;
    /// α-β limits; each is optional, the first reached stops the search.
    std::optional<int> depth;
    std::optional<std::int64_t> nodes;
    std::optional<std::chrono::milliseconds> time;
    std::size_t hash_megabytes = 16; ///< α-β transposition table
    int threads = 1;                 ///< α-β search threads (SearcherOptions::threads)
    std::uint64_t seed = 0;          ///< Greedy's choice among equals
    /// α-β's switches of search_switches, in its order, on or off; empty: as the engine plays
    /// (SearcherOptions::playing_defaults).
    std::array<std::optional<bool>, 7> switches{};
    /// With a time limit (its own or a protocol's clock), stop starting iterations early when
    /// the choice has settled (examples/common/time_policy.hpp); off, iterate to the deadline.
    bool time_management = true;
    /// Leave out the root moves that walk into an opponent's VCT
    /// (SearcherOptions::avoid_walk_ins): `walkin=0|1`; unset, as the engine plays.
    std::optional<bool> avoid_walk_ins;
    /// Time a move does not use is worth keeping (a match clock, a user waiting): stop early
    /// once the choice has settled. Off (a fixed time a move and no clock), only a single move
    /// is answered early.
    bool save_time = true;
    /// Evaluate with the weights fitted to self-play games (GomokuWeights::tuned) instead of the
    /// default ones: `eval=tuned`, for A/B runs of the tuning.
    bool tuned_evaluation = false;
    /// Evaluate with the shapes' values (GomokuWeights::with_shapes): `eval=shapes`.
    bool shape_evaluation = false;
};

/// The weights a player evaluates with.
[[nodiscard]] inline GomokuWeights weights_of(const PlayerConfig& config) {
    if (config.shape_evaluation)
        return GomokuWeights::with_shapes();
    return config.tuned_evaluation ? GomokuWeights::tuned() : GomokuWeights{};
}

/// A switch of α-β that a player specification can set: `key=0|1`.
struct SearchSwitch {
    std::string_view key;
    /// Sets the switch on or off, or, unset, as the engine plays
    /// (SearcherOptions::playing_defaults).
    void (*set)(AlphaBetaOptions&, std::optional<bool>);
    std::string_view meaning;
};

/// SearchSwitch::set of an on/off member of AlphaBetaOptions.
template <bool AlphaBetaOptions::*member>
void set_search_flag(AlphaBetaOptions& options, std::optional<bool> on) {
    options.*member = on.value_or(SearcherOptions::playing_defaults().*member);
}

/// The switches of player specifications, for A/B runs of search features.
inline constexpr std::array<SearchSwitch, 7> search_switches{{
    {"lmr", set_search_flag<&AlphaBetaOptions::late_move_reductions>, "late-move reductions"},
    {"qs",
     [](AlphaBetaOptions& o, std::optional<bool> on) {
         o.horizon = on.value_or(SearcherOptions::playing_defaults().horizon == Horizon::quiescence)
                         ? Horizon::quiescence
                         : Horizon::forced_win;
     },
     "threat quiescence at the horizon (off: a small VCF there)"},
    {"mcp", set_search_flag<&AlphaBetaOptions::move_count_pruning>, "move-count pruning"},
    {"asp", set_search_flag<&AlphaBetaOptions::aspiration_windows>, "aspiration windows"},
    {"lmrlog", set_search_flag<&AlphaBetaOptions::logarithmic_reductions>,
     "logarithmic late-move reductions"},
    {"rfp", set_search_flag<&AlphaBetaOptions::static_cutoffs>,
     "static-value cutoffs (reverse futility pruning)"},
    // Unset, the rule decides (GomokuGame::futility_pruning).
    {"fut",
     [](AlphaBetaOptions& o, std::optional<bool> on) {
         o.futility_pruning = !on   ? SearcherOptions::playing_defaults().futility_pruning
                              : *on ? Toggle::on
                                    : Toggle::off;
     },
     "futility pruning"},
}};
static_assert(search_switches.size() == std::tuple_size_v<decltype(PlayerConfig::switches)>);

/// The search options a player sets beyond its limits, applied to `options`.
inline void apply_player_switches(const PlayerConfig& config, AlphaBetaOptions& options) {
    options.tt_megabytes = config.hash_megabytes;
    for (std::size_t i = 0; i < search_switches.size(); ++i)
        search_switches[i].set(options, config.switches[i]);
}

/// The strongest level: α-β with the most time per move.
inline constexpr int max_level = 7;

/// Strength levels 1 (a beginner: greedy picking among the best four) to max_level (α-β, five
/// seconds per move). Precondition: 1 <= level <= max_level.
[[nodiscard]] inline PlayerConfig level_config(int level) {
    using std::chrono::milliseconds;
    constexpr int beginner_choices = 4;
    PlayerConfig c;
    switch (level) {
    case 1:
        c.kind = PlayerConfig::Kind::Greedy;
        c.greedy_choices = beginner_choices;
        break;
    case 2:
        c.kind = PlayerConfig::Kind::Greedy;
        break;
    case 3:
        c.depth = 2;
        break;
    case 4:
        c.depth = 4;
        break;
    case 5:
        c.nodes = 1'000'000;
        break;
    case 6:
        c.time = milliseconds(1000);
        break;
    default:
        c.time = milliseconds(5000);
        break;
    }
    return c;
}

namespace detail {

template <typename T> std::optional<T> parse_number(std::string_view text) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace detail

/// Reads a player description:
///   `level=N` or a bare `N` (1..max_level), `greedy`, `greedy:N` (choose among the best N),
///   `ab` (α-β, one second per move) or `ab:` followed by comma-separated limits
///   `depth=D`, `nodes=N`, `time=MS`, `hash=MB`, `threads=N`, the search switches of
///   search_switches as `key=0|1` (unset, as the engine plays), `tm=0|1` (time management, on
///   unless 0), `walkin=0|1` (SearcherOptions::avoid_walk_ins) and `eval=hand|tuned|shapes` (the
///   evaluation's weights: GomokuWeights' defaults, tuned() or with_shapes()), e.g.
///   `ab:depth=6,time=2000`.
[[nodiscard]] inline Expected<PlayerConfig> parse_player(std::string_view text) {
    constexpr int max_depth = 64;
    constexpr std::size_t max_hash_megabytes = 4096;
    const auto bad = [&](std::string_view why) {
        return Error{"bad player '" + std::string(text) + "': " + std::string(why)};
    };
    std::string_view spec = text;
    if (spec.starts_with("level="))
        spec.remove_prefix(6);
    if (const auto level = detail::parse_number<int>(spec)) {
        if (*level < 1 || *level > max_level)
            return bad("levels are 1 to " + std::to_string(max_level));
        return level_config(*level);
    }
    PlayerConfig c;
    if (spec == "runlength") {
        c.kind = PlayerConfig::Kind::RunLength;
        return c;
    }
    if (spec == "greedy") {
        c.kind = PlayerConfig::Kind::Greedy;
        return c;
    }
    if (spec.starts_with("greedy:")) {
        const auto n = detail::parse_number<int>(spec.substr(7));
        if (!n || *n < 1)
            return bad("greedy:N needs N >= 1");
        c.kind = PlayerConfig::Kind::Greedy;
        c.greedy_choices = *n;
        return c;
    }
    if (spec == "ab") {
        c.time = std::chrono::milliseconds(1000);
        return c;
    }
    if (!spec.starts_with("ab:"))
        return bad("expected a level 1-" + std::to_string(max_level) +
                   ", greedy[:N], runlength or ab[:...]");
    spec.remove_prefix(3);
    while (!spec.empty()) {
        const auto comma = spec.find(',');
        const std::string_view item = spec.substr(0, comma);
        spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            return bad("expected key=value, got '" + std::string(item) + "'");
        const std::string_view key = item.substr(0, eq);
        if (key == "eval") {
            const std::string_view which = item.substr(eq + 1);
            if (which != "hand" && which != "tuned" && which != "shapes")
                return bad("'eval' is hand, tuned or shapes");
            c.tuned_evaluation = which == "tuned";
            c.shape_evaluation = which == "shapes";
            continue;
        }
        const auto value = detail::parse_number<std::int64_t>(item.substr(eq + 1));
        const auto known_switch =
            std::find_if(search_switches.begin(), search_switches.end(),
                         [&](const SearchSwitch& sw) { return sw.key == key; });
        if (known_switch != search_switches.end() || key == "tm" || key == "walkin") {
            if (!value || (*value != 0 && *value != 1))
                return bad("'" + std::string(key) + "' is 0 (off) or 1 (on)");
            if (known_switch != search_switches.end())
                c.switches[static_cast<std::size_t>(known_switch - search_switches.begin())] =
                    *value == 1;
            else if (key == "tm")
                c.time_management = *value == 1;
            else
                c.avoid_walk_ins = *value == 1;
            continue;
        }
        if (!value || *value < 1)
            return bad("'" + std::string(key) + "' needs a positive whole number");
        if (key == "depth" && *value <= max_depth)
            c.depth = static_cast<int>(*value);
        else if (key == "nodes")
            c.nodes = *value;
        else if (key == "time")
            c.time = std::chrono::milliseconds(*value);
        else if (key == "hash" && static_cast<std::uint64_t>(*value) <= max_hash_megabytes)
            c.hash_megabytes = static_cast<std::size_t>(*value);
        else if (key == "threads" && *value <= SearcherOptions::max_threads)
            c.threads = static_cast<int>(*value);
        else
            return bad("unknown or out-of-range limit '" + std::string(item) + "'");
    }
    if (!c.depth && !c.nodes && !c.time)
        return bad("α-β needs at least one of depth, nodes, time");
    return c;
}

/// The description parse_player reads back.
[[nodiscard]] inline std::string to_string(const PlayerConfig& c) {
    if (c.kind == PlayerConfig::Kind::Greedy)
        return c.greedy_choices == 1 ? "greedy" : "greedy:" + std::to_string(c.greedy_choices);
    if (c.kind == PlayerConfig::Kind::RunLength)
        return "runlength";
    std::string s = "ab:";
    const auto add = [&](std::string_view key, std::int64_t v) {
        if (s.size() > 3)
            s += ',';
        s += std::string(key) + "=" + std::to_string(v);
    };
    if (c.depth)
        add("depth", *c.depth);
    if (c.nodes)
        add("nodes", *c.nodes);
    if (c.time)
        add("time", c.time->count());
    if (c.hash_megabytes != PlayerConfig{}.hash_megabytes)
        add("hash", static_cast<std::int64_t>(c.hash_megabytes));
    if (c.threads != PlayerConfig{}.threads)
        add("threads", c.threads);
    for (std::size_t i = 0; i < search_switches.size(); ++i)
        if (c.switches[i])
            add(search_switches[i].key, *c.switches[i] ? 1 : 0);
    if (!c.time_management)
        add("tm", 0);
    if (c.avoid_walk_ins)
        add("walkin", *c.avoid_walk_ins ? 1 : 0);
    if (c.tuned_evaluation)
        s += std::string(s.size() > 3 ? "," : "") + "eval=tuned";
    if (c.shape_evaluation)
        s += std::string(s.size() > 3 ? "," : "") + "eval=shapes";
    return s;
}

namespace detail {

/// "level 1 (greedy:4)".
[[nodiscard]] inline std::string level_text(int level, const PlayerConfig& config) {
    return "level " + std::to_string(level) + " (" + to_string(config) + ")";
}

} // namespace detail

/// What the player description `text` (which parse_player read as `config`) means, for the
/// summaries of front-ends: a level with what it stands for ("level 1 (greedy:4)"), anything
/// else as to_string writes it ("ab" is "ab:time=1000").
[[nodiscard]] inline std::string describe_player(std::string_view text,
                                                 const PlayerConfig& config) {
    if (text.starts_with("level="))
        text.remove_prefix(6);
    if (const auto level = detail::parse_number<int>(text))
        return detail::level_text(*level, config);
    return to_string(config);
}

/// The level (1 to max_level) whose configuration `config` is, as to_string writes both (the
/// seed aside), whatever description it was read from; nothing for any other configuration.
[[nodiscard]] inline std::optional<int> level_of(const PlayerConfig& config) {
    for (int level = 1; level <= max_level; ++level)
        if (to_string(level_config(level)) == to_string(config))
            return level;
    return std::nullopt;
}

/// `config` for a summary when its description is not at hand: a level's configuration with
/// the level ("level 6 (ab:time=1000)", also when it was given as `ab:time=1000`), anything else
/// as to_string writes it.
[[nodiscard]] inline std::string describe_player(const PlayerConfig& config) {
    if (const auto level = level_of(config))
        return detail::level_text(*level, config);
    return to_string(config);
}

/// The search limits an α-β player sets: its depth, nodes and time per move.
[[nodiscard]] inline SearchLimits limits_of(const PlayerConfig& config) {
    SearchLimits limits;
    if (config.depth)
        limits.max_depth = *config.depth;
    if (config.nodes)
        limits.max_nodes = *config.nodes;
    limits.max_time = config.time;
    return limits;
}

/// The searcher options of a player: `options` with the player's table size, switches, weights,
/// time policy and threads.
[[nodiscard]] inline SearcherOptions searcher_options(const PlayerConfig& config,
                                                      SearcherOptions options = {}) {
    apply_player_switches(config, options.search);
    options.weights = weights_of(config);
    options.time_management = config.time_management;
    options.save_time = config.save_time;
    options.threads = config.threads;
    options.avoid_walk_ins = config.avoid_walk_ins.value_or(SearcherOptions{}.avoid_walk_ins);
    return options;
}

/// The searcher options of `config` with the smallest table there is (one entry): for a
/// searcher whose table comes later (choose_move gives it the player's) or never.
[[nodiscard]] inline SearcherOptions tableless_searcher_options(const PlayerConfig& config) {
    PlayerConfig tableless = config;
    tableless.hash_megabytes = 0;
    return searcher_options(tableless);
}

/// A searcher for `config`: with the player's table for an α-β player, the smallest table for
/// the others, which never search.
[[nodiscard]] inline GomokuSearcher searcher_for(const PlayerConfig& config) {
    return GomokuSearcher(config.kind == PlayerConfig::Kind::AlphaBeta
                              ? searcher_options(config)
                              : tableless_searcher_options(config));
}

/// What a player chose.
struct Choice {
    std::optional<Point> move; ///< empty only when no move is possible (a finished game)
    SearchResult<Point> search;
};

/// Chooses a move for the side to move of `board` (an AnyBoard or a Board<Rule>) as `config`
/// says, within its limits and `deadline` (a protocol's clock), stopping when `stop` is raised:
/// the one move chooser of every front-end, tengen_match included. An α-β player searches with
/// `searcher` (GomokuSearcher::choose), first given the player's options; a Greedy player's
/// choice among equals varies with the move number, reproducibly. The position is unchanged on
/// return.
template <typename BoardLike>
[[nodiscard]] Choice
choose_move(BoardLike& board, GomokuSearcher& searcher, const PlayerConfig& config,
            std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt,
            const std::atomic<bool>* stop = nullptr) {
    Choice choice;
    if (board.result().is_over())
        return choice;
    if (config.kind == PlayerConfig::Kind::Greedy) {
        const GreedyOptions options{config.greedy_choices,
                                    config.seed + static_cast<std::uint64_t>(board.move_count())};
        choice.search = searcher.quick_move(board, options);
    } else if (config.kind == PlayerConfig::Kind::RunLength) {
        if constexpr (std::is_same_v<BoardLike, AnyBoard>)
            choice.search.best_move = board.visit([](auto& b) { return run_length_move(b); });
        else
            choice.search.best_move = run_length_move(board);
    } else {
        searcher.set_options(searcher_options(config, searcher.options()));
        SearchLimits limits = limits_of(config);
        limits.deadline = deadline;
        limits.stop = stop;
        choice.search = searcher.choose(board, limits);
    }
    choice.move = choice.search.best_move;
    if (!choice.move) {
        if constexpr (std::is_same_v<BoardLike, AnyBoard>)
            choice.move = board.any_legal_point();
        else
            choice.move = first_legal_point(board);
    }
    return choice;
}

} // namespace tengen::examples
