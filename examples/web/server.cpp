// tengen_web: gomoku, renju, caro and Reversi in the browser. A small HTTP server serves one page
// and a JSON API; the server is the referee (every move is checked with tengen's rules, the page is
// never trusted) and the engine thinks on worker threads so that the server keeps answering.
//
//   tengen_web                         http://127.0.0.1:8080/
//   tengen_web --port 0                picks a free port and prints it
//   tengen_web --host 0.0.0.0          reachable from other machines (network play)
//
// Games: against the engine, two humans at one screen, or two humans on two browsers (the
// creator gets a link with the other seat's secret token). docs/web.md describes the API.

#include "client_quota.hpp"
#include "engine_pool.hpp"
#include "guarded_server.hpp"
#include "lobby.hpp"
#include "log_sink.hpp"
#include "opening.hpp"
#include "position.hpp"
#include "reversi_position.hpp"
#include "web_static.hpp"

#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <fstream>
#include <httplib.h>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using namespace tengen;
using web::ApiError;
using web::ClientQuota;
using web::ConnectionLimits;
using web::EnginePool;
using web::GamePtr;
using web::HostedGame;
using web::Json;
using web::Lobby;
using web::LobbyRefusal;
using web::LogSink;
using web::Mode;
using web::Move;
using web::Position;
using web::random_hex;
using web::token_words;
namespace status = web::status;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

constexpr int default_port = 8080;
/// Board sides the gomoku rules accept (the library's range; every rule the page offers has the
/// same), reported to the page. AnyBoard::create is what checks a size.
constexpr int smallest_size = Freestyle::min_board_size;
constexpr int largest_size = layout::max_board_size;
constexpr int default_size = 15;
/// Level 4 (α-β to depth 4) answers at once and still plays a real game.
constexpr int default_level = 4;
/// The web engine's transposition table: small, since many games may run at once.
constexpr std::size_t engine_hash_megabytes = 4;
/// Engine searches that run at the same time; more games wait their turn.
constexpr int default_engine_threads = 2;
/// The longest a long poll waits before answering "no change"; the page asks again.
constexpr milliseconds max_poll_wait{20'000};
/// How often a waiting long poll looks whether its client is still there.
constexpr milliseconds poll_slice{250};
/// Long polls open at once from one client address (a page holds one; a few tabs) and in all.
/// Each holds a worker while it waits, so the workers are these plus some for everything else.
constexpr std::size_t max_long_polls_per_client = 8;
constexpr std::size_t max_long_polls = 128;
constexpr std::size_t workers_besides_long_polls = 32;
/// Connections open at once, in all and from one address. Each is a socket of the poll loop,
/// not a thread; httplib (built without CPPHTTPLIB_USE_POLL) refuses sockets numbered past
/// FD_SETSIZE, which caps the total.
constexpr std::size_t default_max_connections = 512;
constexpr std::size_t largest_max_connections = 900;
constexpr std::size_t default_connections_per_client = 32;
constexpr std::size_t max_body_bytes = 16 * 1024;
/// A request's line and headers (a browser's are well under 4 KiB).
constexpr std::size_t max_head_bytes = 16 * 1024;
/// A request must arrive whole within this time of its first byte.
constexpr seconds default_request_timeout{10};
/// A game nobody has touched for this long is removed (finished games sooner).
constexpr seconds default_idle_timeout{30 * 60};
/// How often the janitor looks for games to remove.
constexpr milliseconds sweep_interval{1000};
/// Analyses that run at once, in all (the default; --analysis-threads) and from one client. Each
/// runs on the worker of its request, beside the engine pool, so it never holds up a game.
constexpr int default_analysis_threads = 2;
constexpr std::size_t max_analyses_per_client = 2;
/// An analysis' time when the request names none, and the most a request may ask for.
constexpr milliseconds default_analysis_time{1500};
constexpr milliseconds min_analysis_time{50};
constexpr milliseconds max_analysis_time{10'000};
/// The clocks a human game may have: time for the game per side, and a limit per move.
constexpr seconds min_clock_main{10};
constexpr seconds max_clock_main{10 * 3600};
constexpr seconds min_clock_move{2};
constexpr seconds max_clock_move{3600};
/// Bodies larger than this are refused (413) before they are read: a .psq import of a full
/// 22x22 board is about 6 KiB.

/// JSON text for a response: invalid UTF-8 in echoed input becomes U+FFFD instead of throwing.
std::string dump(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/// A JSON body's field, checked for presence and type; the ApiError names the field.
template <typename T> struct Field {
    std::optional<T> value;
    std::optional<ApiError> error;
};

Field<std::string> string_field(const Json& body, const char* key, bool required) {
    const auto it = body.find(key);
    if (it == body.end()) {
        if (required)
            return {std::nullopt,
                    ApiError{status::bad_request, std::string("missing field '") + key + "'"}};
        return {};
    }
    if (!it->is_string())
        return {std::nullopt,
                ApiError{status::bad_request, std::string("field '") + key + "' must be a string"}};
    return {it->get<std::string>(), std::nullopt};
}

Field<int> int_field(const Json& body, const char* key, bool required) {
    const auto it = body.find(key);
    if (it == body.end()) {
        if (required)
            return {std::nullopt,
                    ApiError{status::bad_request, std::string("missing field '") + key + "'"}};
        return {};
    }
    constexpr std::int64_t limit = 1'000'000;
    if (!it->is_number_integer() || it->get<std::int64_t>() < -limit ||
        it->get<std::int64_t>() > limit)
        return {std::nullopt, ApiError{status::bad_request,
                                       std::string("field '") + key + "' must be a small integer"}};
    return {static_cast<int>(it->get<std::int64_t>()), std::nullopt};
}

/// Why a state-changing request must be refused as coming from another site's page, if it
/// must: browsers name the page's origin (Origin) and how it relates to ours (Sec-Fetch-Site).
/// Requests without either (curl, scripts) come from no page and pass.
std::optional<ApiError> cross_site_refusal(const httplib::Request& req) {
    const std::string site = to_lower_ascii(req.get_header_value("Sec-Fetch-Site"));
    if (!site.empty() && site != "same-origin" && site != "none")
        return ApiError{status::forbidden, "requests from another site's page are refused"};
    if (req.has_header("Origin")) {
        const std::string origin = req.get_header_value("Origin");
        const std::string host = req.get_header_value("Host");
        if (host.empty() || (origin != "http://" + host && origin != "https://" + host))
            return ApiError{status::forbidden, "requests from another site's page are refused"};
    }
    return std::nullopt;
}

/// True when `type` (a Content-Type header) names JSON, parameters such as charset aside.
bool is_json_type(std::string_view type) {
    return to_lower_ascii(trim(type.substr(0, type.find(';')))) == "application/json";
}

/// The body as a JSON object, or the error to answer. Only an application/json body counts: a
/// page on another site can send text/plain through the user's browser without asking.
std::optional<Json> parse_body(const httplib::Request& req, ApiError& error) {
    if (!is_json_type(req.get_header_value("Content-Type"))) {
        error = {status::unsupported_type,
                 "send the body as JSON (Content-Type: application/json)"};
        return std::nullopt;
    }
    Json body = Json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
        error = {status::bad_request, "the body must be a JSON object"};
        return std::nullopt;
    }
    return body;
}

void send(httplib::Response& res, int code, const Json& body) {
    res.status = code;
    res.set_header("Cache-Control", "no-store");
    res.set_content(dump(body), "application/json");
}

void send_error(httplib::Response& res, const ApiError& error) {
    send(res, error.status, Json{{"error", error.message}});
}

/// The rules the page offers (k-in-a-row is the library's, not a web game).
constexpr std::array<std::string_view, 4> gomoku_rules{"freestyle", "standard", "renju", "caro"};
/// Reversi's name in the API; it is played on 8x8 only.
constexpr std::string_view reversi_rule = "reversi";

/// The game as the page sees it through `token` (empty: a spectator). Caller holds the lock.
Json game_state(const HostedGame& game, std::string_view token) {
    Json state = game.position->describe();
    if (game.time_loser) {
        const Color winner = opponent(*game.time_loser);
        state["over"] = true;
        state["winner"] = web::color_name(winner);
        state["reason"] = "time";
        state["result_text"] = capitalized(web::color_name(winner)) + " wins on time";
        state["forbidden"] = Json::array();
        if (!state["legal"].is_null())
            state["legal"] = Json::array();
    }
    state["actor"] = web::color_name(game.actor());
    state["opening"] = game.opening.describe(game.seats_of(token));
    state["opening_rule"] = to_string(game.opening.rule());
    state["clock"] = game.clock ? game.clock->describe(Clock::now()) : Json(nullptr);
    state["id"] = game.id;
    state["mode"] = to_string(game.mode);
    state["version"] = game.version;
    state["level"] = game.mode == Mode::Engine ? Json(game.level) : Json(nullptr);
    Json seats;
    Json joined;
    for (Color c : {Color::Black, Color::White}) {
        seats[web::color_name(c)] = game.engine_seat[index_of(c)] ? "engine" : "human";
        joined[web::color_name(c)] = game.joined[index_of(c)];
    }
    state["seats"] = std::move(seats);
    state["joined"] = std::move(joined);
    Json you = Json::array();
    for (Color c : game.seats_of(token))
        you.push_back(web::color_name(c));
    state["you"] = std::move(you);
    state["engine"] = nullptr;
    if (game.mode == Mode::Engine)
        state["engine"] =
            game.position->family() == "reversi"
                ? "level " + std::to_string(game.level) + " (" +
                      std::string(web::reversi_levels.at(game.level - 1).description) + ")"
                : examples::describe_player(std::to_string(game.level),
                                            examples::level_config(game.level));
    state["thinking"] = game.engine_busy && game.engine_to_move();
    state["note"] = game.note;
    return state;
}

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = default_port;
    int engine_threads = default_engine_threads;
    int analysis_threads = default_analysis_threads;
    int idle_timeout_seconds = static_cast<int>(default_idle_timeout.count());
    std::size_t max_connections = default_max_connections;
    std::size_t connections_per_client = default_connections_per_client;
    int request_timeout_seconds = static_cast<int>(default_request_timeout.count());
    std::string static_dir; ///< serve the page from here instead of the embedded copy
    bool quiet = false;
};

/// The HTTP side: routes and handlers over a Lobby and an EnginePool.
class WebServer {
public:
    explicit WebServer(const ServerOptions& options)
        : options_(options),
          log_(options.quiet ? nullptr : std::make_unique<LogSink>(STDERR_FILENO)),
          lobby_(seconds(options.idle_timeout_seconds)), engines_(options.engine_threads),
          long_polls_(max_long_polls_per_client, max_long_polls),
          analyses_(max_analyses_per_client, static_cast<std::size_t>(options.analysis_threads)),
          http_(connection_limits(options), log_.get()) {
        routes();
    }

    /// Binds the port (0: any free one); returns the port, or -1 on failure.
    int bind() {
        const int port = options_.port == 0 ? http_.bind_to_any_port(options_.host)
                         : http_.bind_to_port(options_.host, options_.port) ? options_.port
                                                                            : -1;
        if (port >= 0)
            http_.widen_backlog();
        return port;
    }

    /// Serves until stop(). Precondition: bind() succeeded.
    void run() {
        std::thread janitor([this] {
            std::unique_lock lock(janitor_mutex_);
            while (!janitor_cv_.wait_for(lock, sweep_interval, [this] { return stopping_; }))
                lobby_.sweep();
        });
        http_.listen_after_bind();
        http_.shut_down();
        {
            const std::lock_guard lock(janitor_mutex_);
            stopping_ = true;
        }
        janitor_cv_.notify_all();
        janitor.join();
        lobby_.close_all();
    }

    /// Ends run(): games close (long polls return, searches stop) and the listener stops.
    void stop() {
        lobby_.close_all();
        http_.stop();
    }

private:
    static ConnectionLimits connection_limits(const ServerOptions& options) {
        ConnectionLimits limits;
        limits.max_connections = options.max_connections;
        limits.max_connections_per_client = options.connections_per_client;
        limits.max_head_bytes = max_head_bytes;
        limits.max_body_bytes = max_body_bytes;
        limits.request_timeout = seconds(options.request_timeout_seconds);
        limits.workers = max_long_polls + workers_besides_long_polls;
        return limits;
    }

    void routes() {
        http_.set_payload_max_length(max_body_bytes);
        http_.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
            if (req.method != "GET" && req.method != "HEAD")
                if (const auto refusal = cross_site_refusal(req)) {
                    send_error(res, *refusal);
                    return httplib::Server::HandlerResponse::Handled;
                }
            return httplib::Server::HandlerResponse::Unhandled;
        });
        http_.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request&,
                                                                        httplib::Response& res) {
            if (!res.body.empty())
                return httplib::Server::HandlerResponse::Unhandled;
            const std::string message = res.status == status::not_found ? "no such page or API call"
                                        : res.status == status::too_large
                                            ? "the request body is too large"
                                        : res.status == status::bad_request ? "bad request"
                                                                            : "request failed";
            send(res, res.status, Json{{"error", message}});
            return httplib::Server::HandlerResponse::Handled;
        }));
        http_.set_exception_handler(
            [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
                std::string what = "internal error";
                try {
                    if (ep)
                        std::rethrow_exception(ep);
                } catch (const std::exception& e) {
                    what += ": ";
                    what += e.what();
                } catch (...) {
                }
                send(res, 500, Json{{"error", what}});
            });
        // The log never holds a request up, and never writes a control character it received
        // (an encoded CR or LF in the path would forge a line): see LogSink.
        if (log_)
            http_.set_logger([this](const httplib::Request& req, const httplib::Response& res) {
                if (res.status >= status::bad_request)
                    log_->post(req.remote_addr + ' ' + req.method + ' ' + req.path + " -> " +
                               std::to_string(res.status) + ' ' + res.body);
            });

        for (const char* path : {"/", "/index.html", "/app.js", "/style.css"})
            http_.Get(path, [this](const httplib::Request& req, httplib::Response& res) {
                serve_static(req.path == "/" ? "/index.html" : req.path, res);
            });
        http_.Get("/api/info",
                  [](const httplib::Request&, httplib::Response& res) { send(res, 200, info()); });
        http_.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
            create(req, res);
        });
        http_.Get(R"(/api/games/([0-9a-z]+))",
                  [this](const httplib::Request& req, httplib::Response& res) { poll(req, res); });
        http_.Post(R"(/api/games/([0-9a-z]+)/move)",
                   [this](const httplib::Request& req, httplib::Response& res) { move(req, res); });
        http_.Post(R"(/api/games/([0-9a-z]+)/undo)",
                   [this](const httplib::Request& req, httplib::Response& res) { undo(req, res); });
        http_.Post(R"(/api/games/([0-9a-z]+)/opening)",
                   [this](const httplib::Request& req, httplib::Response& res) {
                       opening_step(req, res);
                   });
        http_.Get(
            R"(/api/games/([0-9a-z]+)/position)",
            [this](const httplib::Request& req, httplib::Response& res) { position_at(req, res); });
        http_.Post(
            R"(/api/games/([0-9a-z]+)/analysis)",
            [this](const httplib::Request& req, httplib::Response& res) { analyse(req, res); });
        http_.Get(
            R"(/api/games/([0-9a-z]+)/record\.(txt|psq|svg))",
            [this](const httplib::Request& req, httplib::Response& res) { record(req, res); });
    }

    void serve_static(const std::string& path, httplib::Response& res) {
        for (const web::EmbeddedFile& file : web::embedded_files) {
            if (file.path != path)
                continue;
            std::string body(file.body);
            if (!options_.static_dir.empty()) {
                std::ifstream in(options_.static_dir + path, std::ios::binary);
                std::ostringstream text;
                text << in.rdbuf();
                if (!in) {
                    send_error(res, {status::not_found,
                                     "cannot read " + path + " from " + options_.static_dir});
                    return;
                }
                body = text.str();
            }
            res.set_header("Cache-Control", "no-cache");
            res.set_content(body, std::string(file.content_type));
            return;
        }
        send_error(res, {status::not_found, "no such file"});
    }

    static Json info() {
        Json levels = Json::array();
        for (int level = 1; level <= examples::max_level; ++level)
            levels.push_back(Json{{"level", level},
                                  {"spec", examples::to_string(examples::level_config(level))}});
        Json rules = Json::array();
        for (std::string_view rule : gomoku_rules)
            rules.push_back(Json{{"name", rule}, {"family", "gomoku"}});
        rules.push_back(
            Json{{"name", reversi_rule}, {"family", "reversi"}, {"sizes", {reversi::board_side}}});
        Json reversi_level_specs = Json::array();
        for (std::size_t i = 0; i < web::reversi_levels.size(); ++i)
            reversi_level_specs.push_back(
                Json{{"level", i + 1}, {"spec", web::reversi_levels[i].description}});
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
                    {"modes", {"engine", "local", "network"}},
                    {"openings",
                     {{{"name", "none"}, {"rules", {"freestyle", "standard", "renju", "caro"}}},
                      {{"name", "swap2"}, {"rules", {"freestyle", "standard", "caro"}}},
                      {{"name", "taraguchi10"}, {"rules", {"renju"}}}}},
                    {"clock",
                     {{"min_main_s", min_clock_main.count()},
                      {"max_main_s", max_clock_main.count()},
                      {"min_move_s", min_clock_move.count()},
                      {"max_move_s", max_clock_move.count()}}}};
    }

    GamePtr find_game(const httplib::Request& req, httplib::Response& res) {
        GamePtr game = lobby_.find(req.matches[1]);
        if (!game)
            send_error(res, {status::not_found, "no game '" + std::string(req.matches[1]) +
                                                    "' (it may have ended and been cleaned up)"});
        return game;
    }

    void create(const httplib::Request& req, httplib::Response& res) {
        ApiError error;
        const auto body = parse_body(req, error);
        if (!body)
            return send_error(res, error);
        const auto rule_name = string_field(*body, "rule", false);
        const auto size = int_field(*body, "size", false);
        const auto mode_name = string_field(*body, "mode", false);
        const auto level = int_field(*body, "level", false);
        const auto color_name = string_field(*body, "color", false);
        for (const auto* e :
             {&rule_name.error, &size.error, &mode_name.error, &level.error, &color_name.error})
            if (*e)
                return send_error(res, **e);

        const std::string rule_text = rule_name.value.value_or("freestyle");
        const bool reversi = rule_text == reversi_rule;
        if (!reversi &&
            std::find(gomoku_rules.begin(), gomoku_rules.end(), rule_text) == gomoku_rules.end())
            return send_error(res,
                              {status::bad_request,
                               "unknown rule '" + rule_text +
                                   "' (expected freestyle, standard, renju, caro or reversi)"});
        const int side = size.value.value_or(reversi ? reversi::board_side : default_size);
        if (reversi && side != reversi::board_side)
            return send_error(res, {status::bad_request, "reversi is played on 8x8 only (size 8)"});
        Mode mode = Mode::Engine;
        const std::string mode_text = mode_name.value.value_or("engine");
        if (mode_text == "local")
            mode = Mode::Local;
        else if (mode_text == "network")
            mode = Mode::Network;
        else if (mode_text != "engine")
            return send_error(res, {status::bad_request, "unknown mode '" + mode_text +
                                                             "' (expected engine, local or "
                                                             "network)"});
        const int engine_level = level.value.value_or(default_level);
        if (engine_level < 1 || engine_level > examples::max_level)
            return send_error(res, {status::bad_request, "level must be from 1 to " +
                                                             std::to_string(examples::max_level)});
        const std::string colour_text = color_name.value.value_or("black");
        if (colour_text != "black" && colour_text != "white")
            return send_error(res, {status::bad_request, "color must be black or white"});
        Color creator = colour_text == "black" ? Color::Black : Color::White;
        // Under an opening rule the creator starts it, from Black's seat; the rule gives the
        // colours out.
        if (const auto o = body->find("opening");
            o != body->end() && o->is_string() && *o != "none")
            creator = Color::Black;

        std::unique_ptr<Position> position;
        if (reversi) {
            position = std::make_unique<web::ReversiPosition>(
                mode == Mode::Engine ? std::optional<int>(engine_level) : std::nullopt);
        } else {
            std::optional<examples::PlayerConfig> engine;
            if (mode == Mode::Engine) {
                engine = examples::level_config(engine_level);
                engine->hash_megabytes = engine_hash_megabytes;
            }
            // The library judges the size (and the rule, already known to be one of ours).
            auto made = web::GomokuPosition::create(*rule_from_string(rule_text), side, engine);
            if (!made)
                return send_error(res, {status::bad_request, made.error().message});
            position = std::move(made).value();
        }
        if (const auto e = set_start(*body, *position))
            return send_error(res, *e);
        web::Opening opening;
        std::optional<web::ClockSettings> clock;
        if (const auto e = human_game_options(*body, mode, rule_text, side, opening, clock))
            return send_error(res, *e);
        auto [game, refusal] = lobby_.add(req.remote_addr, mode, engine_level, std::move(position));
        if (refusal == LobbyRefusal::ClientFull)
            return send_error(res,
                              {status::too_many,
                               "you have " + std::to_string(web::max_games_per_client) +
                                   " games in progress; finish one or leave one untouched "
                                   "for " +
                                   std::to_string(web::replaceable_after.count()) + " minutes"});
        if (!game)
            return send_error(res, {status::unavailable, "too many games; try again later"});

        const std::lock_guard lock(game->mutex);
        game->opening = opening;
        if (clock) {
            game->clock.emplace(*clock);
            game->clock_turn(Clock::now());
        }
        const std::string creator_token = random_hex(token_words);
        game->tokens[index_of(creator)] = creator_token;
        game->joined[index_of(creator)] = true;
        if (mode == Mode::Engine)
            game->engine_seat[index_of(opponent(creator))] = true;
        else if (mode == Mode::Local)
            game->tokens[index_of(opponent(creator))] = creator_token;
        else
            game->tokens[index_of(opponent(creator))] = random_hex(token_words);
        engines_.schedule(game);
        Json state = game_state(*game, creator_token);
        state["token"] = creator_token;
        if (mode == Mode::Network)
            state["invite"] = game->tokens[index_of(opponent(creator))];
        send(res, 200, state);
    }

    /// The start a create request asks for, on the new `position`: the moves of a game
    /// ("moves", in the game's notation, or "psq", a Piskvork record) or stones set up by hand
    /// ("setup": {"black": [...], "white": [...], "to_move": ...}), at most one of them.
    static std::optional<ApiError> set_start(const Json& body, Position& position) {
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
            const std::string key = web::color_name(c);
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

    /// The opening rule ("opening": "none", "swap2", "taraguchi10") and the clock ("clock":
    /// {"main_s": S, "move_s": S}) of a new game: both for games between humans, the opening
    /// from the empty board.
    static std::optional<ApiError> human_game_options(const Json& body, Mode mode,
                                                      const std::string& rule, int size,
                                                      web::Opening& opening,
                                                      std::optional<web::ClockSettings>& clock) {
        const auto name = string_field(body, "opening", false);
        if (name.error)
            return name.error;
        const auto chosen = web::opening_rule_from(name.value.value_or("none"));
        if (!chosen)
            return ApiError{status::bad_request, "unknown opening '" + *name.value +
                                                     "' (expected none, swap2 or taraguchi10)"};
        if (*chosen != web::OpeningRule::None) {
            if (mode == Mode::Engine)
                return ApiError{status::bad_request,
                                "opening rules are for games between humans (local or network)"};
            if (body.contains("moves") || body.contains("psq") || body.contains("setup"))
                return ApiError{status::bad_request,
                                "an opening rule starts from the empty board: no moves, psq or "
                                "setup with it"};
            if (*chosen == web::OpeningRule::Swap2 && (rule == "renju" || rule == reversi_rule))
                return ApiError{status::bad_request,
                                "swap2 is for freestyle, standard and caro (renju: taraguchi10)"};
            if (*chosen == web::OpeningRule::Taraguchi10 && rule != "renju")
                return ApiError{status::bad_request, "taraguchi10 is a renju opening rule"};
            if (*chosen == web::OpeningRule::Taraguchi10 && size < web::taraguchi_min_size)
                return ApiError{status::bad_request, "taraguchi10 needs a board of at least " +
                                                         std::to_string(web::taraguchi_min_size) +
                                                         "x" +
                                                         std::to_string(web::taraguchi_min_size)};
        }
        opening = web::Opening(*chosen);

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
        web::ClockSettings settings;
        const auto in_range = [](int value, seconds low, seconds high) {
            return seconds(value) >= low && seconds(value) <= high;
        };
        if (main_time.value && *main_time.value != 0) {
            if (!in_range(*main_time.value, min_clock_main, max_clock_main))
                return ApiError{status::bad_request, "clock.main_s must be 0 (none) or from " +
                                                         std::to_string(min_clock_main.count()) +
                                                         " to " +
                                                         std::to_string(max_clock_main.count())};
            settings.main = seconds(*main_time.value);
        }
        if (move_time.value && *move_time.value != 0) {
            if (!in_range(*move_time.value, min_clock_move, max_clock_move))
                return ApiError{status::bad_request, "clock.move_s must be 0 (none) or from " +
                                                         std::to_string(min_clock_move.count()) +
                                                         " to " +
                                                         std::to_string(max_clock_move.count())};
            settings.per_move = seconds(*move_time.value);
        }
        if (settings.main || settings.per_move)
            clock = settings;
        return std::nullopt;
    }

    /// POST /api/games/ID/opening {"token", "choice": "swap"} or {"token", "offer": "h8"} or
    /// {"token", "select": "h8"}: a step of the opening rule by the seat it asks.
    void opening_step(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        ApiError error;
        const auto body = parse_body(req, error);
        if (!body)
            return send_error(res, error);
        const auto choice = string_field(*body, "choice", false);
        const auto offer = string_field(*body, "offer", false);
        const auto select = string_field(*body, "select", false);
        for (const auto* e : {&choice.error, &offer.error, &select.error})
            if (*e)
                return send_error(res, **e);
        if (int(choice.value.has_value()) + int(offer.value.has_value()) +
                int(select.value.has_value()) !=
            1)
            return send_error(res, {status::bad_request, "give one of choice, offer and select"});
        std::optional<Point> point;
        for (const auto* text : {&offer.value, &select.value})
            if (*text) {
                const auto p = parse_point(**text);
                if (!p)
                    return send_error(res, {status::bad_request, p.error().message});
                point = *p;
            }

        const std::lock_guard lock(game->mutex);
        std::vector<Color> seats;
        if (const auto e = check_token(*game, *body, seats))
            return send_error(res, *e);
        const auto now = Clock::now();
        game->check_clock(now);
        if (game->over())
            return send_error(res, {status::conflict, "the game is over"});
        if (game->opening.opening_over())
            return send_error(res, {status::conflict, "the opening is over"});
        const Color actor = game->actor();
        if (std::find(seats.begin(), seats.end(), actor) == seats.end())
            return send_error(res, {status::conflict, "not your turn: the opening waits for " +
                                                          web::color_name(actor)});
        Position& position = *game->position;
        if (choice.value) {
            bool swap_seats = false;
            if (const auto e =
                    game->opening.choose(*choice.value, position.move_count(), swap_seats))
                return send_error(res, *e);
            if (swap_seats) {
                std::swap(game->tokens[0], game->tokens[1]);
                std::swap(game->joined[0], game->joined[1]);
            }
            game->note = web::color_name(actor) +
                         (swap_seats ? " swapped colours" : " chose: " + *choice.value);
        } else if (offer.value) {
            AnyBoard* board = position.gomoku_board();
            if (!board)
                return send_error(res, {status::conflict, "there is nothing to offer now"});
            if (const auto e = game->opening.offer(*point, *board))
                return send_error(res, *e);
            game->note.clear();
        } else {
            if (const auto e = game->opening.check_selection(*point))
                return send_error(res, *e);
            if (const auto e = position.play(Move{false, point->x(), point->y()}))
                return send_error(res, *e);
            game->opening.stone_placed(position.move_count());
            game->position_changed();
            game->note = to_pos(*point) + " selected";
        }
        game->clock_turn(now);
        game->bump();
        send(res, 200, game_state(*game, body->value("token", "")));
    }

    /// GET /api/games/ID/position?ply=N: the position after the game's first N moves (the
    /// board the page shows while stepping through the game).
    void position_at(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        const auto ply = parse_integer(req.get_param_value("ply"));
        if (!req.has_param("ply") || !ply || *ply < 0)
            return send_error(res,
                              {status::bad_request, "ply must be a whole number, not negative"});
        const std::lock_guard lock(game->mutex);
        if (*ply > game->position->move_count())
            return send_error(res, {status::bad_request,
                                    "ply " + std::to_string(*ply) + " is past the game's " +
                                        std::to_string(game->position->move_count()) + " moves"});
        game->touched = Clock::now();
        Json state = game->position->describe_at(static_cast<int>(*ply));
        state["id"] = game->id;
        state["ply"] = *ply;
        state["version"] = game->version;
        send(res, 200, state);
    }

    /// POST /api/games/ID/analysis {"kind": "search" | "vcf" | "vct", "ply": N, "time_ms": T}:
    /// the engine's view of the position after N moves (the current one by default), within T
    /// milliseconds. Anyone who knows the game may ask (it is a study board); it stops early,
    /// answering with what it has and "interrupted": true, when a move changes the game.
    void analyse(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        ApiError error;
        const auto body = parse_body(req, error);
        if (!body)
            return send_error(res, error);
        const auto kind_name = string_field(*body, "kind", false);
        const auto ply = int_field(*body, "ply", false);
        const auto time = int_field(*body, "time_ms", false);
        for (const auto* e : {&kind_name.error, &ply.error, &time.error})
            if (*e)
                return send_error(res, **e);
        web::AnalysisRequest request;
        const std::string kind = kind_name.value.value_or("search");
        if (kind == "vcf")
            request.kind = web::AnalysisKind::Vcf;
        else if (kind == "vct")
            request.kind = web::AnalysisKind::Vct;
        else if (kind != "search")
            return send_error(res, {status::bad_request,
                                    "unknown kind '" + kind + "' (expected search, vcf or vct)"});
        request.time =
            milliseconds(time.value.value_or(static_cast<int>(default_analysis_time.count())));
        if (request.time < min_analysis_time || request.time > max_analysis_time)
            return send_error(res,
                              {status::bad_request,
                               "time_ms must be from " + std::to_string(min_analysis_time.count()) +
                                   " to " + std::to_string(max_analysis_time.count())});

        std::unique_ptr<web::Analysis> analysis;
        std::shared_ptr<std::atomic<bool>> stop;
        {
            const std::lock_guard lock(game->mutex);
            const int moves = game->position->move_count();
            request.ply = ply.value.value_or(moves);
            if (request.ply < 0 || request.ply > moves)
                return send_error(res, {status::bad_request, "ply must be from 0 to the game's " +
                                                                 std::to_string(moves) + " moves"});
            stop = game->analysis_stop;
            auto made = game->position->make_analysis(request, stop);
            if (made.error)
                return send_error(res, *made.error);
            analysis = std::move(made.analysis);
            game->touched = Clock::now();
        }
        // After the checks, so that a bad request never takes a slot.
        auto [slot, refusal] = analyses_.try_acquire(req.remote_addr);
        if (!slot)
            return send_error(
                res, refusal == web::QuotaRefusal::Client
                         ? ApiError{status::too_many,
                                    "you have " + std::to_string(max_analyses_per_client) +
                                        " analyses running; wait for one to finish"}
                         : ApiError{status::unavailable,
                                    "the analysis engines are all busy; try again shortly"});
        Json result = analysis->run();
        result["interrupted"] = stop->load();
        send(res, 200, result);
    }

    void poll(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        const std::string token = req.get_param_value("token");
        std::uint64_t since = 0;
        milliseconds wait{0};
        for (const char* name : {"since", "wait"}) {
            if (!req.has_param(name))
                continue;
            // A whole number, all of it: "1e9" is no number of milliseconds, not 1.
            const auto value = parse_integer(req.get_param_value(name));
            if (!value || *value < 0)
                return send_error(res, {status::bad_request,
                                        "since and wait must be whole numbers, not negative"});
            if (std::string_view(name) == "since")
                since = static_cast<std::uint64_t>(*value);
            else
                wait = std::min(milliseconds(*value), max_poll_wait);
        }
        // A poll that waits holds a worker: so many per client and in all (see the constants).
        std::optional<ClientQuota::Slot> slot;
        if (wait > milliseconds::zero()) {
            auto [held, refusal] = long_polls_.try_acquire(req.remote_addr);
            if (!held)
                return send_error(
                    res,
                    refusal == web::QuotaRefusal::Client
                        ? ApiError{status::too_many,
                                   "too many long polls from " + req.remote_addr + " (at most " +
                                       std::to_string(max_long_polls_per_client) + " at once)"}
                        : ApiError{status::unavailable,
                                   "too many long polls at once; try again later"});
            slot.emplace(std::move(*held));
        }
        std::unique_lock lock(game->mutex);
        bool joined_now = false;
        for (Color c : game->seats_of(token))
            if (!game->joined[index_of(c)]) {
                game->joined[index_of(c)] = true;
                joined_now = true;
            }
        if (joined_now)
            game->bump();
        game->check_clock(Clock::now());
        // In slices, so that a poll whose client has gone (a page that moved on to another
        // game aborts its poll) gives its worker and its share of polls back soon.
        const auto until = Clock::now() + wait;
        while (!game->changed.wait_until(lock, std::min(until, Clock::now() + poll_slice),
                                         [&] { return game->version > since || game->closed; })) {
            if (Clock::now() >= until)
                break;
            lock.unlock();
            const bool gone = http_.client_gone(req);
            lock.lock();
            if (gone)
                return;
        }
        if (game->closed)
            return send_error(res, {status::not_found, "the game has been closed"});
        game->touched = Clock::now();
        send(res, 200, game_state(*game, token));
    }

    /// The colours the body's token may act for; an error if none.
    static std::optional<ApiError> check_token(const HostedGame& game, const Json& body,
                                               std::vector<Color>& seats) {
        const auto token = string_field(body, "token", true);
        if (token.error)
            return token.error;
        seats = game.seats_of(*token.value);
        if (seats.empty())
            return ApiError{status::forbidden, "this token holds no seat of the game"};
        return std::nullopt;
    }

    void move(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        ApiError error;
        const auto body = parse_body(req, error);
        if (!body)
            return send_error(res, error);
        Move move;
        const auto name = string_field(*body, "move", false);
        const auto x = int_field(*body, "x", false);
        const auto y = int_field(*body, "y", false);
        for (const auto* e : {&name.error, &x.error, &y.error})
            if (*e)
                return send_error(res, **e);
        if (name.value) {
            if (*name.value == "pass") {
                move.pass = true;
            } else {
                const auto point = parse_point(*name.value);
                if (!point)
                    return send_error(res, {status::bad_request, point.error().message});
                move.x = point->x();
                move.y = point->y();
            }
        } else if (x.value && y.value) {
            move.x = *x.value;
            move.y = *y.value;
        } else {
            return send_error(res, {status::bad_request,
                                    "give the move as \"move\" (\"h8\", \"pass\") or as x and y"});
        }

        const std::lock_guard lock(game->mutex);
        std::vector<Color> seats;
        if (const auto e = check_token(*game, *body, seats))
            return send_error(res, *e);
        Position& position = *game->position;
        const auto now = Clock::now();
        game->check_clock(now);
        if (game->time_loser)
            return send_error(
                res, {status::conflict, "the game is over: " + web::color_name(*game->time_loser) +
                                            " ran out of time"});
        if (game->over())
            return send_error(res, {status::conflict, "the game is over"});
        const Color mover = game->actor();
        if (std::find(seats.begin(), seats.end(), mover) == seats.end())
            return send_error(
                res, {status::conflict,
                      "not your turn: " + web::color_name(mover) +
                          (game->opening.opening_over() ? " to move" : " acts in the opening")});
        // Only a point on the board is a Point (play() answers the others); the opening's
        // square is asked about those.
        const bool on_board =
            move.x >= 0 && move.y >= 0 && move.x < position.width() && move.y < position.height();
        if (!move.pass && on_board)
            if (const auto e = game->opening.check_stone(Point(move.x, move.y), position.width()))
                return send_error(res, *e);
        if (const auto e = position.play(move))
            return send_error(res, *e);
        game->opening.stone_placed(position.move_count());
        game->position_changed();
        game->clock_turn(now);
        game->note.clear();
        if (position.play_forced_passes() > 0)
            game->note =
                web::color_name(opponent(position.side_to_move())) + " has no move and passes";
        game->bump();
        engines_.schedule(game);
        send(res, 200, game_state(*game, body->value("token", "")));
    }

    void undo(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        ApiError error;
        const auto body = parse_body(req, error);
        if (!body)
            return send_error(res, error);
        const std::lock_guard lock(game->mutex);
        std::vector<Color> seats;
        if (const auto e = check_token(*game, *body, seats))
            return send_error(res, *e);
        game->check_clock(Clock::now());
        if (game->time_loser)
            return send_error(
                res, {status::conflict, "the game is over: " + web::color_name(*game->time_loser) +
                                            " ran out of time"});
        if (!game->opening.opening_over() ||
            (game->opening.rule() != web::OpeningRule::None &&
             game->position->move_count() <= game->opening.moves_at_end()))
            return send_error(res, {status::conflict, "the opening's moves cannot be taken back"});
        if (const auto e = take_back(*game, seats))
            return send_error(res, *e);
        game->clock_turn(Clock::now());
        ++game->generation;
        game->stop = true;
        game->position_changed();
        game->note = "move taken back";
        game->bump();
        engines_.schedule(game);
        send(res, 200, game_state(*game, body->value("token", "")));
    }

    /// Takes back what an undo by the holder of `seats` means in this game's mode: against the
    /// engine, back to the human's last turn (two plies, or one while the engine thinks); at one
    /// screen, one ply; over the network, one's own last move while the opponent has not yet
    /// answered.
    static std::optional<ApiError> take_back(HostedGame& game, const std::vector<Color>& seats) {
        Position& position = *game.position;
        const auto plays = [&](Color c) {
            return std::find(seats.begin(), seats.end(), c) != seats.end();
        };
        if (position.move_count() == 0)
            return ApiError{status::conflict, "nothing to undo"};
        switch (game.mode) {
        case Mode::Local:
            position.undo();
            return std::nullopt;
        case Mode::Network:
            // Finished or not, after a pass or not: the last move must be the token's own.
            if (!plays(position.last_mover()))
                return ApiError{status::conflict,
                                "only your own last move can be taken back, before the answer"};
            position.undo();
            return std::nullopt;
        case Mode::Engine: {
            const Color human = plays(Color::Black) ? Color::Black : Color::White;
            // The human must have a move on the board: with White, the engine's first move stays.
            if (position.move_count() < (human == Color::Black ? 1 : 2))
                return ApiError{status::conflict, "nothing to undo"};
            position.undo();
            while (position.move_count() > 0 && position.side_to_move() != human)
                position.undo();
            return std::nullopt;
        }
        }
        return std::nullopt;
    }

    void record(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        const std::string kind = req.matches[2];
        const std::lock_guard lock(game->mutex);
        const Position& position = *game->position;
        const std::string file = "tengen-" + position.rule_name() + "-" + game->id + "." + kind;
        std::string text;
        std::string type;
        if (kind == "txt") {
            text = position.move_text() + "\n";
            type = "text/plain; charset=utf-8";
        } else if (kind == "psq") {
            const auto psq = position.psq();
            if (!psq)
                return send_error(res, {status::not_found, "no .psq record for this game"});
            text = *psq;
            type = "text/plain; charset=utf-8";
        } else {
            SvgOptions options;
            options.title = "tengen: " + position.rule_name() + " " +
                            std::to_string(position.width()) + "x" +
                            std::to_string(position.height());
            const auto player = [&](Color c) {
                return game->engine_seat[index_of(c)]
                           ? "tengen level " + std::to_string(game->level)
                           : std::string("human");
            };
            options.black_name = player(Color::Black);
            options.white_name = player(Color::White);
            const auto svg = position.svg(options);
            if (!svg)
                return send_error(res, {status::not_found, "no .svg picture for this game"});
            text = *svg;
            type = "image/svg+xml";
        }
        res.set_header("Content-Disposition", "attachment; filename=\"" + file + "\"");
        res.set_header("Cache-Control", "no-store");
        res.set_content(text, type);
    }

    ServerOptions options_;
    std::unique_ptr<LogSink> log_; ///< none with --quiet
    Lobby lobby_;
    EnginePool engines_;
    ClientQuota long_polls_;
    ClientQuota analyses_; ///< analyses running at once
    web::GuardedServer http_;
    std::mutex janitor_mutex_;
    std::condition_variable janitor_cv_;
    bool stopping_ = false;
};

/// Set by SIGINT and SIGTERM; a watcher thread turns it into WebServer::stop().
volatile std::sig_atomic_t stop_requested = 0;

extern "C" void on_stop_signal(int) {
    stop_requested = 1;
}

} // namespace

int main(int argc, char** argv) {
    ServerOptions options;
    CLI::App app{
        "tengen_web: gomoku, renju, caro and Reversi in the browser, against tengen's engine or "
        "another human (docs/web.md)",
        "tengen_web"};
    app.add_option("--host", options.host, "address to listen on (0.0.0.0: every interface)")
        ->capture_default_str();
    app.add_option("--port", options.port, "port to listen on; 0 picks a free one")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    app.add_option("--engine-threads", options.engine_threads,
                   "engine searches that run at the same time")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    app.add_option("--analysis-threads", options.analysis_threads,
                   "analyses (the page's analysis, hint and threat search) that run at the same "
                   "time, all clients together")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    app.add_option("--idle-timeout", options.idle_timeout_seconds,
                   "seconds after which an untouched game is removed (a finished one after a "
                   "third of it)")
        ->check(CLI::Range(1, 7 * 24 * 3600))
        ->capture_default_str();
    app.add_option("--static-dir", options.static_dir,
                   "serve index.html, app.js and style.css from this directory instead of the "
                   "copies built into the program (for editing the page)")
        ->check(CLI::ExistingDirectory);
    app.add_option("--max-connections", options.max_connections,
                   "connections open at once, all clients together")
        ->check(CLI::Range(std::size_t{1}, largest_max_connections))
        ->capture_default_str();
    app.add_option("--client-connections", options.connections_per_client,
                   "connections open at once from one address (a club behind one NAT address "
                   "may need more)")
        ->check(CLI::Range(std::size_t{1}, largest_max_connections))
        ->capture_default_str();
    app.add_option("--request-timeout", options.request_timeout_seconds,
                   "seconds a request may take to arrive whole once it has begun")
        ->check(CLI::Range(1, 3600))
        ->capture_default_str();
    app.add_flag("--quiet", options.quiet, "do not log refused requests to stderr");
    CLI11_PARSE(app, argc, argv);

    WebServer server(options);
    const int port = server.bind();
    if (port < 0) {
        std::cerr << "tengen_web: cannot listen on " << options.host << ":" << options.port << '\n';
        return 1;
    }
    std::cout << "tengen_web: listening on http://" << options.host << ":" << port << "/"
              << std::endl;

    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    std::atomic<bool> finished{false};
    std::thread watcher([&] {
        constexpr milliseconds signal_check{50};
        while (!finished && stop_requested == 0)
            std::this_thread::sleep_for(signal_check);
        server.stop();
    });
    server.run();
    finished = true;
    watcher.join();
    std::cout << "tengen_web: stopped" << std::endl;
    return 0;
}
