#pragma once
/// \file
/// The games tengen_web offers: rules, sizes, engine levels, modes, opening rules and clocks.
/// The list /api/info gives the page and the check of a create request both read them from
/// here, so that the page is never offered what the server refuses.

#include "api.hpp"
#include "game_clock.hpp"
#include "gomoku_position.hpp"
#include "hosted_game.hpp"
#include "opening.hpp"
#include "position.hpp"
#include "requests.hpp"
#include "reversi_position.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::web {

using std::chrono::seconds;

/// The gomoku rules the page offers: the library's, k-in-a-row aside (a library rule, not a web
/// game).
inline constexpr auto gomoku_rules = [] {
    constexpr auto offered = [](RuleSpec r) { return r.id != RuleId::KInARow; };
    std::array<RuleSpec, std::ranges::count_if(supported_rules, offered)> rules{};
    std::ranges::copy_if(supported_rules, rules.begin(), offered);
    return rules;
}();
/// Reversi's name in the API; it is played on 8x8 only.
inline constexpr std::string_view reversi_rule = "reversi";
/// The modes, in the order the page lists them.
inline constexpr std::array<Mode, 3> modes{Mode::Engine, Mode::Local, Mode::Network};

/// Board sides the gomoku rules accept (the library's range; every rule the page offers has the
/// same), reported to the page. AnyBoard::create is what checks a size.
inline constexpr int smallest_size = Freestyle::min_board_size;
inline constexpr int largest_size = layout::max_board_size;
inline constexpr int default_size = 15;
/// Level 4 (α-β to depth 4) answers at once and still plays a real game.
inline constexpr int default_level = 4;
/// The web engine's transposition table: small, since many games may run at once.
inline constexpr std::size_t engine_hash_megabytes = 4;
/// The clocks a human game may have: time for the game per side, and a limit per move.
inline constexpr seconds min_clock_main{10};
inline constexpr seconds max_clock_main{10 * 3600};
inline constexpr seconds min_clock_move{2};
inline constexpr seconds max_clock_move{3600};

/// The names of the gomoku rules the page offers, in the library's order.
[[nodiscard]] inline std::vector<std::string> gomoku_rule_names() {
    std::vector<std::string> names;
    for (const RuleSpec rule : gomoku_rules)
        names.push_back(to_string(rule));
    return names;
}

/// What /api/info tells the page: the rules, sizes, levels, modes, opening rules, clocks and
/// analyses it may ask for (docs/web.md).
[[nodiscard]] inline Json info_json() {
    Json levels = Json::array();
    for (int level = 1; level <= examples::max_level; ++level)
        levels.push_back(
            Json{{"level", level}, {"spec", examples::to_string(examples::level_config(level))}});
    Json rules = Json::array();
    for (const std::string& rule : gomoku_rule_names())
        rules.push_back(Json{{"name", rule}, {"family", "gomoku"}});
    rules.push_back(
        Json{{"name", reversi_rule}, {"family", "reversi"}, {"sizes", {reversi::board_side}}});
    Json reversi_level_specs = Json::array();
    for (std::size_t i = 0; i < reversi_levels.size(); ++i)
        reversi_level_specs.push_back(
            Json{{"level", i + 1}, {"spec", reversi_levels[i].description}});
    Json mode_names = Json::array();
    for (const Mode mode : modes)
        mode_names.push_back(to_string(mode));
    Json openings = Json::array();
    for (const OpeningRuleUse& use : opening_rule_uses) {
        Json fitting = Json::array();
        for (const RuleSpec rule : gomoku_rules)
            if (use.fits(rule.id))
                fitting.push_back(to_string(rule));
        openings.push_back(Json{{"name", to_string(use.rule)}, {"rules", std::move(fitting)}});
    }
    return Json{{"rules", rules},
                {"reversi_levels", reversi_level_specs},
                {"sizes", {15, 19}},
                {"min_size", smallest_size},
                {"max_size", largest_size},
                {"levels", levels},
                {"default_level", default_level},
                {"analysis",
                 {{"default_time_ms", default_analysis_time.count()},
                  {"min_time_ms", min_analysis_time.count()},
                  {"max_time_ms", max_analysis_time.count()},
                  {"kinds", {"search", "vcf", "vct"}}}},
                {"modes", mode_names},
                {"openings", openings},
                {"clock",
                 {{"min_main_s", min_clock_main.count()},
                  {"max_main_s", max_clock_main.count()},
                  {"min_move_s", min_clock_move.count()},
                  {"max_move_s", max_clock_move.count()}}}};
}

/// A new game as a create request describes it, checked.
struct NewGame {
    Mode mode = Mode::Engine;
    int level = default_level;
    Color creator = Color::Black; ///< the creator's seat
    std::unique_ptr<Position> position;
    Opening opening;
    std::optional<ClockSettings> clock;
    /// The engine seat's search threads (the server's --search-threads), set before reading.
    int search_threads = 1;
};

namespace detail {

/// Sets up the start a create request asks for on the new `position`: the moves of a game
/// ("moves", in the game's notation, or "psq", a Piskvork record) or stones set up by hand
/// ("setup": {"black": [...], "white": [...], "to_move": ...}), at most one of them.
[[nodiscard]] inline std::optional<ApiError> set_start(const Json& body, Position& position) {
    const auto moves = string_field(body, "moves", false);
    const auto psq = string_field(body, "psq", false);
    for (const auto* e : {&moves.error, &psq.error})
        if (*e)
            return *e;
    const bool setup = body.contains("setup");
    if (int(moves.value.has_value()) + int(psq.value.has_value()) + int(setup) > 1)
        return ApiError{status::bad_request, "give at most one of moves, psq and setup"};
    if (moves.value)
        return position.import_moves(*moves.value);
    if (psq.value)
        return position.import_psq(*psq.value);
    if (!setup)
        return std::nullopt;
    const Json& stones = body["setup"];
    if (!stones.is_object())
        return ApiError{status::bad_request,
                        "setup must be an object: {\"black\": [\"h8\", ...], \"white\": "
                        "[...], \"to_move\": \"black\"}"};
    std::array<std::vector<Point>, 2> points;
    for (Color c : {Color::Black, Color::White}) {
        const std::string key = color_name(c);
        if (!stones.contains(key))
            continue;
        const Json& list = stones[key];
        if (!list.is_array())
            return ApiError{status::bad_request, "setup." + key + " must be a list of points"};
        for (const Json& item : list) {
            if (!item.is_string())
                return ApiError{status::bad_request,
                                "setup." + key + " must hold point names such as \"h8\""};
            const auto p = parse_point(item.get<std::string>());
            if (!p)
                return ApiError{status::bad_request, "setup." + key + ": " + p.error().message};
            points[index_of(c)].push_back(*p);
        }
    }
    const auto to_move = string_field(stones, "to_move", false);
    const std::string side = to_move.value.value_or("black");
    if (to_move.error || (side != "black" && side != "white"))
        return ApiError{status::bad_request, "setup.to_move must be black or white"};
    return position.set_up(points[0], points[1], side == "black" ? Color::Black : Color::White);
}

/// The opening rule of a new game ("opening": "none", "swap2", "taraguchi10") from the empty
/// board, under a rule and on a size it fits (`rule`: none for Reversi), against the engine
/// as between humans.
[[nodiscard]] inline std::optional<ApiError>
read_opening(const Json& body, std::optional<RuleSpec> rule, int size, Opening& opening) {
    const auto name = string_field(body, "opening", false);
    if (name.error)
        return name.error;
    const auto chosen = opening_rule_from(name.value.value_or("none"));
    if (!chosen) {
        std::vector<std::string> names;
        for (const OpeningRuleUse& use : opening_rule_uses)
            names.push_back(to_string(use.rule));
        return ApiError{status::bad_request,
                        "unknown opening '" + *name.value + "' (expected " + or_list(names) + ")"};
    }
    if (*chosen != OpeningRule::None) {
        if (body.contains("moves") || body.contains("psq") || body.contains("setup"))
            return ApiError{status::bad_request,
                            "an opening rule starts from the empty board: no moves, psq or "
                            "setup with it"};
        if (const auto e = check_opening_fits(*chosen, rule, size))
            return e;
    }
    opening = Opening(*chosen);
    return std::nullopt;
}

/// The clock of a new game ("clock": {"main_s": S, "move_s": S}, 0 or absent: none), for games
/// between humans.
[[nodiscard]] inline std::optional<ApiError> read_clock(const Json& body, Mode mode,
                                                        std::optional<ClockSettings>& clock) {
    if (!body.contains("clock") || body["clock"].is_null())
        return std::nullopt;
    const Json& c = body["clock"];
    if (!c.is_object())
        return ApiError{status::bad_request,
                        "clock must be an object: {\"main_s\": 600, \"move_s\": 30}"};
    if (mode == Mode::Engine)
        return ApiError{status::bad_request,
                        "clocks are for games between humans (local or network)"};
    const auto main_time = int_field(c, "main_s", false);
    const auto move_time = int_field(c, "move_s", false);
    for (const auto* e : {&main_time.error, &move_time.error})
        if (*e)
            return ApiError{status::bad_request, "clock: " + (*e)->message};
    ClockSettings settings;
    const auto read = [](const char* key, int value, seconds low, seconds high,
                         std::optional<milliseconds>& time) -> std::optional<ApiError> {
        if (value == 0)
            return std::nullopt;
        if (seconds(value) < low || seconds(value) > high)
            return ApiError{status::bad_request, std::string("clock.") + key +
                                                     " must be 0 (none) or from " +
                                                     std::to_string(low.count()) + " to " +
                                                     std::to_string(high.count())};
        time = seconds(value);
        return std::nullopt;
    };
    if (const auto e = read("main_s", main_time.value.value_or(0), min_clock_main, max_clock_main,
                            settings.main))
        return e;
    if (const auto e = read("move_s", move_time.value.value_or(0), min_clock_move, max_clock_move,
                            settings.per_move))
        return e;
    if (settings.main || settings.per_move)
        clock = std::move(settings);
    return std::nullopt;
}

} // namespace detail

/// Reads and checks a create request (docs/web.md, "Creating a game"): the rule, size, mode,
/// engine level and colour, the start (moves, a record or a set-up), the opening rule and the
/// clock. Fills `game`, its position made, or says what was wrong (400).
[[nodiscard]] inline std::optional<ApiError> read_new_game(const Json& body, NewGame& game) {
    const auto rule_name = string_field(body, "rule", false);
    const auto size = int_field(body, "size", false);
    const auto mode_name = string_field(body, "mode", false);
    const auto level = int_field(body, "level", false);
    const auto color_field = string_field(body, "color", false);
    for (const auto* e :
         {&rule_name.error, &size.error, &mode_name.error, &level.error, &color_field.error})
        if (*e)
            return *e;

    const std::string rule_text = rule_name.value.value_or("freestyle");
    const bool reversi = rule_text == reversi_rule;
    std::optional<RuleSpec> rule;
    for (const RuleSpec spec : gomoku_rules)
        if (to_string(spec) == rule_text)
            rule = spec;
    if (!reversi && !rule) {
        std::vector<std::string> names = gomoku_rule_names();
        names.emplace_back(reversi_rule);
        return ApiError{status::bad_request,
                        "unknown rule '" + rule_text + "' (expected " + or_list(names) + ")"};
    }
    const int side = size.value.value_or(reversi ? reversi::board_side : default_size);
    if (reversi && side != reversi::board_side)
        return ApiError{status::bad_request, "reversi is played on 8x8 only (size 8)"};
    const std::string mode_text = mode_name.value.value_or("engine");
    const auto mode =
        std::find_if(modes.begin(), modes.end(), [&](Mode m) { return to_string(m) == mode_text; });
    if (mode == modes.end()) {
        std::vector<std::string> names;
        for (const Mode m : modes)
            names.push_back(to_string(m));
        return ApiError{status::bad_request,
                        "unknown mode '" + mode_text + "' (expected " + or_list(names) + ")"};
    }
    game.mode = *mode;
    game.level = level.value.value_or(default_level);
    if (game.level < 1 || game.level > examples::max_level)
        return ApiError{status::bad_request,
                        "level must be from 1 to " + std::to_string(examples::max_level)};
    const std::string colour_text = color_field.value.value_or("black");
    if (colour_text != "black" && colour_text != "white")
        return ApiError{status::bad_request, "color must be black or white"};
    game.creator = colour_text == "black" ? Color::Black : Color::White;
    // Under an opening rule between humans the creator starts it, from Black's seat; against
    // the engine the colour says who starts (Black's seat opens); the rule gives the colours
    // out.
    if (const auto o = body.find("opening");
        game.mode != Mode::Engine && o != body.end() && o->is_string() && *o != "none")
        game.creator = Color::Black;

    if (reversi) {
        game.position = std::make_unique<ReversiPosition>(
            game.mode == Mode::Engine ? std::optional<int>(game.level) : std::nullopt);
    } else {
        std::optional<examples::PlayerConfig> engine;
        if (game.mode == Mode::Engine) {
            engine = examples::level_config(game.level);
            engine->hash_megabytes = engine_hash_megabytes;
            engine->threads = game.search_threads;
        }
        // The library judges the size.
        auto made = GomokuPosition::create(*rule, side, engine);
        if (!made)
            return ApiError{status::bad_request, made.error().message};
        game.position = std::move(made).value();
    }
    if (const auto e = detail::set_start(body, *game.position))
        return e;
    if (const auto e = detail::read_opening(body, rule, side, game.opening))
        return e;
    return detail::read_clock(body, game.mode, game.clock);
}

} // namespace tengen::web
