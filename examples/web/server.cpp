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

#include "analysis_pool.hpp"
#include "client_quota.hpp"
#include "engine_pool.hpp"
#include "game_options.hpp"
#include "guarded_server.hpp"
#include "hosted_game.hpp"
#include "lobby.hpp"
#include "log_sink.hpp"
#include "requests.hpp"
#include "web_static.hpp"

#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <httplib.h>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace {

using namespace tengen;
using web::ApiError;
using web::ClientQuota;
using web::ConnectionLimits;
using web::cross_site_refusal;
using web::EnginePool;
using web::GamePtr;
using web::HostedGame;
using web::Json;
using web::Lobby;
using web::LogSink;
using web::Mode;
using web::Seats;
using web::send;
using web::send_error;
namespace status = web::status;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

constexpr int default_port = 8080;
/// Engine searches that run at the same time; more games wait their turn.
constexpr int default_engine_threads = 2;
/// The longest a long poll waits before answering "no change"; the page asks again.
constexpr milliseconds max_poll_wait{20'000};
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
/// Bodies larger than this are refused (413) before they are read: a .psq import of a full
/// 22x22 board is about 6 KiB.
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
/// runs on a thread of the analysis pool, beside the engine pool and at a lower priority, so it
/// never holds up a game.
constexpr int default_analysis_threads = 2;
constexpr std::size_t max_analyses_per_client = 2;

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = default_port;
    int engine_threads = default_engine_threads;
    int analysis_threads = default_analysis_threads;
    int search_threads = 1; ///< threads of each engine search and each analysis
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
          analyses_(options.analysis_threads, max_analyses_per_client, options.search_threads),
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
        http_.Get("/api/info", [](const httplib::Request&, httplib::Response& res) {
            send(res, 200, web::info_json());
        });
        http_.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
            create(req, res);
        });
        http_.Get(R"(/api/games/([0-9a-z]+))",
                  [this](const httplib::Request& req, httplib::Response& res) { poll(req, res); });
        http_.Post(R"(/api/games/([0-9a-z]+)/move)",
                   [this](const httplib::Request& req, httplib::Response& res) {
                       act_for_seat(req, res, web::read_move,
                                    [](HostedGame& game, const Seats& seats,
                                       const web::Move& move) { return game.play(seats, move); });
                   });
        http_.Post(R"(/api/games/([0-9a-z]+)/undo)", [this](const httplib::Request& req,
                                                            httplib::Response& res) {
            act_for_seat(
                req, res,
                [](const Json&) {
                    return web::Field<bool>{true, {}};
                },
                [](HostedGame& game, const Seats& seats, bool) { return game.undo(seats); });
        });
        // {"token", "choice": "swap"} or {"token", "offer": "h8"} or {"token", "select": "h8"}:
        // a step of the opening rule by the seat it asks.
        http_.Post(R"(/api/games/([0-9a-z]+)/opening)", [this](const httplib::Request& req,
                                                               httplib::Response& res) {
            act_for_seat(req, res, web::read_opening_step,
                         [](HostedGame& game, const Seats& seats, const web::OpeningRequest& step) {
                             return game.opening_step(seats, step);
                         });
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

    GamePtr find_game(const httplib::Request& req, httplib::Response& res) {
        GamePtr game = lobby_.find(req.matches[1]);
        if (!game)
            send_error(res, {status::not_found, "no game '" + std::string(req.matches[1]) +
                                                    "' (it may have ended and been cleaned up)"});
        return game;
    }

    /// A request by a seat of a game, read and answered: finds the game (404), reads the JSON
    /// body (415, 400) and, with `read(body)`, the action's fields (400); then, under the game's
    /// lock, checks the body's token (400, 403), runs `act(game, seats, fields)` and answers
    /// with the game as the token sees it, the engine started if it is now to move.
    template <typename Read, typename Act>
    void act_for_seat(const httplib::Request& req, httplib::Response& res, Read read, Act act) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        const auto body = web::parse_body(req);
        if (body.error)
            return send_error(res, *body.error);
        const auto fields = read(*body.value);
        if (fields.error)
            return send_error(res, *fields.error);
        const std::lock_guard lock(game->mutex);
        const auto token = web::string_field(*body.value, "token", true);
        if (token.error)
            return send_error(res, *token.error);
        const Seats seats = game->seats_of(*token.value);
        if (seats.empty())
            return send_error(res, {status::forbidden, "this token holds no seat of the game"});
        if (const auto e = act(*game, seats, *fields.value))
            return send_error(res, *e);
        engines_.schedule(game);
        send(res, 200, game->describe(*token.value));
    }

    void create(const httplib::Request& req, httplib::Response& res) {
        const auto body = web::parse_body(req);
        if (body.error)
            return send_error(res, *body.error);
        web::NewGame made;
        made.search_threads = options_.search_threads;
        if (const auto e = web::read_new_game(*body.value, made))
            return send_error(res, *e);
        GamePtr game;
        if (const auto e =
                lobby_.add(req.remote_addr, made.mode, made.level, std::move(made.position), game))
            return send_error(res, *e);
        const std::lock_guard lock(game->mutex);
        const std::string token = game->seat_creator(made.creator, made.opening, made.clock);
        engines_.schedule(game);
        Json state = game->describe(token);
        state["token"] = token;
        if (made.mode == Mode::Network)
            state["invite"] = game->tokens[index_of(opponent(made.creator))];
        send(res, 200, state);
    }

    /// GET /api/games/ID?token=T&since=V&wait=MS: the game as the token sees it, once its
    /// version passes V or after MS milliseconds (a long poll).
    void poll(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
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
        std::optional<Json> state;
        if (const auto e = game->poll(
                lock, req.get_param_value("token"), since, wait,
                [&] { return http_.client_gone(req); }, state))
            return send_error(res, *e);
        if (state)
            send(res, 200, *state);
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
        Json state;
        if (const auto e = game->describe_at(*ply, state))
            return send_error(res, *e);
        send(res, 200, state);
    }

    /// POST /api/games/ID/analysis {"kind": "search" | "vcf" | "vct", "ply": N, "time_ms": T}:
    /// the engine's view of the position after N moves (the current one by default), within T
    /// milliseconds. Anyone who knows the game may ask (it is a study board); it stops early,
    /// answering with what it has and "interrupted": true, when a move changes the game, and
    /// stops without an answer when its client goes away.
    void analyse(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        const auto body = web::parse_body(req);
        if (body.error)
            return send_error(res, *body.error);
        const auto ask = web::read_analysis(*body.value);
        if (ask.error)
            return send_error(res, *ask.error);
        std::unique_ptr<web::Analysis> analysis;
        const auto stop = std::make_shared<std::atomic<bool>>(false);
        std::shared_ptr<const std::atomic<bool>> position_changed;
        {
            const std::lock_guard lock(game->mutex);
            if (const auto e = game->make_analysis(ask.value->request, ask.value->ply, stop,
                                                   analysis, position_changed))
                return send_error(res, *e);
        }
        // After the checks, so that a bad request never takes a thread.
        Json result;
        if (const auto e = analyses_.run(
                req.remote_addr, std::move(analysis), *stop,
                [&] { return position_changed->load() || http_.client_gone(req); }, result))
            return send_error(res, *e);
        result["interrupted"] = position_changed->load();
        send(res, 200, result);
    }

    /// GET /api/games/ID/record.txt|psq|svg: the game as a download.
    void record(const httplib::Request& req, httplib::Response& res) {
        const GamePtr game = find_game(req, res);
        if (!game)
            return;
        web::RecordFile file;
        {
            const std::lock_guard lock(game->mutex);
            if (const auto e = game->record(req.matches[2].str(), file))
                return send_error(res, *e);
        }
        res.set_header("Content-Disposition", "attachment; filename=\"" + file.name + "\"");
        res.set_header("Cache-Control", "no-store");
        res.set_content(file.text, file.type);
    }

    ServerOptions options_;
    std::unique_ptr<LogSink> log_; ///< none with --quiet
    Lobby lobby_;
    EnginePool engines_;
    ClientQuota long_polls_;
    web::AnalysisPool analyses_; ///< the analyses' threads, and who holds them
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
    app.add_option("--threads", options.search_threads,
                   "threads of each engine search and each analysis (Lazy SMP: an engine seat "
                   "or an analysis then takes that many cores)")
        ->check(CLI::Range(1, SearcherOptions::max_threads))
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
