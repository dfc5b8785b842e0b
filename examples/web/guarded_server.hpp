#pragma once
/// \file
/// tengen_web's front door: an httplib::Server whose connections are read by one poll loop, under
/// limits, before a worker thread handles the request. httplib alone gives every connection a
/// thread for as long as the client likes, so a few dozen idle or slow sockets could stop the
/// server answering anyone; here an idle or slow client costs a socket and a buffer, never a
/// thread, and only whole requests (head and body, within their sizes and in time) reach the
/// handlers.
///
/// Limits (ConnectionLimits): connections per client address and in all (over them: 429 or 503
/// and the connection closed), the size of a request's head (431) and body (413, chunked or not),
/// the time a connection may sit idle (closed) and a request may take to arrive whole (408), the
/// time each write of a response may take (the connection is dropped).

#include "client_quota.hpp"
#include "log_sink.hpp"
#include "request_framing.hpp"

#include <tengen/core/text.hpp>

#include <algorithm>
#include <arpa/inet.h>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <httplib.h>
#include <map>
#include <memory>
#include <mutex>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace tengen::web {

namespace detail {

/// The reason phrase of the statuses the front door answers with itself.
[[nodiscard]] inline std::string_view reason_phrase(int status) {
    switch (status) {
    case 400:
        return "Bad Request";
    case 408:
        return "Request Timeout";
    case 413:
        return "Payload Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 503:
        return "Service Unavailable";
    default:
        return "Error";
    }
}

/// A client's address as text ("127.0.0.1", "::1") and port, from a socket address.
inline void address_of(const sockaddr_storage& address, std::string& ip, int& port) {
    std::array<char, INET6_ADDRSTRLEN> text{};
    if (address.ss_family == AF_INET) {
        const auto& a = reinterpret_cast<const sockaddr_in&>(address);
        ::inet_ntop(AF_INET, &a.sin_addr, text.data(), text.size());
        port = ntohs(a.sin_port);
    } else if (address.ss_family == AF_INET6) {
        const auto& a = reinterpret_cast<const sockaddr_in6&>(address);
        ::inet_ntop(AF_INET6, &a.sin6_addr, text.data(), text.size());
        port = ntohs(a.sin6_port);
    } else {
        port = 0;
    }
    ip = text.data();
}

} // namespace detail

/// An httplib::Server behind a poll loop that reads each request whole, under ConnectionLimits,
/// before one of its workers lets httplib route it. Use it as an httplib::Server (routes,
/// handlers, bind, listen_after_bind, stop); call shut_down() after listen_after_bind returned.
class GuardedServer final : public httplib::Server {
public:
    /// Starts the poll loop and the workers. `log` (may be null, must outlive the server)
    /// receives a line for each connection refused by a limit.
    explicit GuardedServer(const ConnectionLimits& limits, LogSink* log = nullptr)
        : limits_(limits), log_(log),
          quota_(limits.max_connections_per_client, limits.max_connections) {
        // The listener hands each accepted socket to process_and_close_socket at once, on its
        // own thread; that only adopts it into the poll loop.
        new_task_queue = [] { return new InlineQueue; };
        if (::pipe2(wake_.data(), O_NONBLOCK | O_CLOEXEC) != 0)
            throw std::runtime_error("tengen_web: cannot create a pipe");
        poller_ = std::thread([this] { poll_loop(); });
        for (std::size_t i = 0; i < limits.workers; ++i)
            workers_.emplace_back([this] { work(); });
    }
    GuardedServer(const GuardedServer&) = delete;
    GuardedServer& operator=(const GuardedServer&) = delete;
    ~GuardedServer() override {
        shut_down();
        ::close(wake_[0]);
        ::close(wake_[1]);
    }

    /// Stops the poll loop and the workers (each finishes the request it handles) and closes
    /// every connection. Call once listen_after_bind has returned; idempotent.
    void shut_down() {
        {
            const std::lock_guard lock(mutex_);
            if (stopping_)
                return;
            stopping_ = true;
        }
        work_ready_.notify_all();
        wake();
        poller_.join();
        for (std::thread& t : workers_)
            t.join();
        const std::lock_guard lock(mutex_);
        for (auto& [fd, c] : connections_)
            ::close(fd);
        connections_.clear();
    }

    [[nodiscard]] const ConnectionLimits& limits() const { return limits_; }

    /// True when the client that sent `req` (a request a handler is answering) has closed its
    /// connection: a long poll need not wait for an answer nobody will read.
    [[nodiscard]] bool client_gone(const httplib::Request& req) {
        const std::string id = req.get_header_value(connection_header);
        const auto colon = id.find(':');
        const auto fd = parse_integer(std::string_view(id).substr(0, colon));
        const auto serial = parse_integer(std::string_view(id).substr(colon + 1));
        if (colon == std::string::npos || !fd || !serial)
            return false;
        const std::lock_guard lock(mutex_);
        const auto it = connections_.find(static_cast<int>(*fd));
        if (it == connections_.end() || it->second->serial != static_cast<std::uint64_t>(*serial))
            return true;
        char byte = 0;
        const ssize_t n = ::recv(it->second->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
    }

    /// Lets the kernel queue as many connections as it allows for the listener to accept.
    /// httplib listens with a backlog of 5: a burst of connections beyond it has its SYNs
    /// dropped, and those clients wait a second to try again. Call after bind.
    void widen_backlog() {
        if (svr_sock_ != INVALID_SOCKET)
            ::listen(svr_sock_, SOMAXCONN);
    }

private:
    using Clock = std::chrono::steady_clock;
    /// Bytes read from a socket at a time.
    static constexpr std::size_t read_chunk = 16 * 1024;
    /// A refused connection is read (and its bytes dropped) this long before it is closed, so
    /// that the client reads the answer instead of a reset.
    static constexpr std::chrono::milliseconds drain_time{1'000};
    /// Connections refused at once (over a connection limit) that may drain at the same time.
    static constexpr std::size_t max_draining_refusals = 64;
    /// The header through which a handler's request names its connection (see client_gone);
    /// one a client sends is replaced.
    static constexpr const char* connection_header = "X-Tengen-Connection";
    /// Reads from one connection before the loop looks at the others.
    static constexpr std::size_t max_reads_at_once = 64;
    /// The longest the poll loop sleeps without looking at the deadlines.
    static constexpr std::chrono::milliseconds max_poll_sleep{1'000};

    /// Runs each job at once on the caller's thread (the listener's).
    class InlineQueue final : public httplib::TaskQueue {
    public:
        void enqueue(std::function<void()> fn) override { fn(); }
        void shutdown() override {}
    };

    enum class Phase : unsigned char {
        Idle,     ///< between requests: nothing of the next has arrived
        Reading,  ///< a request has begun to arrive
        Working,  ///< a worker handles its request; nobody else touches it
        Draining, ///< refused: answered, read until closed or drain_time is up
    };

    struct Connection {
        int fd = -1;
        std::uint64_t serial = 0; ///< tells apart connections that had the same socket number
        std::string client;       ///< the peer's address
        int client_port = 0;
        std::string local;
        int local_port = 0;
        std::optional<ClientQuota::Slot> slot; ///< none for a connection refused at once
        std::string buffer;                    ///< bytes read and not yet handled
        Phase phase = Phase::Idle;
        Clock::time_point deadline;
        std::size_t request_length = 0; ///< of the request at the buffer's start (Working)
        std::size_t served = 0;
        bool peer_closed = false; ///< the client sent all it will send
    };

    /// The request at the start of a Working connection's buffer, to httplib; writes go to the
    /// socket, each within the write timeout.
    class RequestStream final : public httplib::Stream {
    public:
        RequestStream(const Connection& c, std::chrono::milliseconds write_timeout)
            : c_(c), request_(std::string_view(c.buffer).substr(0, c.request_length)),
              write_timeout_(write_timeout) {}

        bool is_readable() const override { return position_ < request_.size(); }
        bool is_writable() const override { return wait_writable(Clock::now() + write_timeout_); }
        ssize_t read(char* ptr, size_t size) override {
            const std::size_t n = std::min(size, request_.size() - position_);
            std::memcpy(ptr, request_.data() + position_, n);
            position_ += n;
            return static_cast<ssize_t>(n);
        }
        ssize_t write(const char* ptr, size_t size) override {
            const auto deadline = Clock::now() + write_timeout_;
            std::size_t done = 0;
            while (done < size) {
                const ssize_t n = ::send(c_.fd, ptr + done, size - done, MSG_NOSIGNAL);
                if (n > 0) {
                    done += static_cast<std::size_t>(n);
                } else if (n < 0 && errno == EINTR) {
                    continue;
                } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                    if (!wait_writable(deadline))
                        return -1;
                } else {
                    return -1;
                }
            }
            return static_cast<ssize_t>(size);
        }
        void get_remote_ip_and_port(std::string& ip, int& port) const override {
            ip = c_.client;
            port = c_.client_port;
        }
        void get_local_ip_and_port(std::string& ip, int& port) const override {
            ip = c_.local;
            port = c_.local_port;
        }
        socket_t socket() const override { return c_.fd; }

    private:
        bool wait_writable(Clock::time_point deadline) const {
            for (;;) {
                const auto left =
                    std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
                if (left.count() <= 0)
                    return false;
                pollfd p{c_.fd, POLLOUT, 0};
                const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
                if (ready > 0)
                    return (p.revents & (POLLERR | POLLHUP | POLLNVAL)) == 0;
                if (ready < 0 && errno != EINTR)
                    return false;
            }
        }

        const Connection& c_;
        std::string_view request_;
        std::size_t position_ = 0;
        std::chrono::milliseconds write_timeout_;
    };

    // httplib calls this on the listener thread for each accepted socket (through InlineQueue).
    bool process_and_close_socket(socket_t sock) override {
        auto c = std::make_unique<Connection>();
        c->fd = sock;
        c->serial = ++serials_;
        sockaddr_storage address{};
        socklen_t length = sizeof address;
        if (::getpeername(sock, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            detail::address_of(address, c->client, c->client_port);
        length = sizeof address;
        if (::getsockname(sock, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            detail::address_of(address, c->local, c->local_port);
        const int flags = ::fcntl(sock, F_GETFL, 0);
        ::fcntl(sock, F_SETFL, flags | O_NONBLOCK);
        // A response goes out in a few writes; Nagle's algorithm would hold the last one back.
        const int on = 1;
        ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);

        auto [slot, refusal] = quota_.try_acquire(c->client);
        const std::lock_guard lock(mutex_);
        if (stopping_ || (!slot && draining_refusals_ >= max_draining_refusals)) {
            ::close(sock);
            return false;
        }
        Connection& added = *connections_.emplace(sock, std::move(c)).first->second;
        if (slot) {
            added.slot.emplace(std::move(*slot));
            added.deadline = Clock::now() + limits_.idle_timeout;
        } else {
            ++draining_refusals_;
            if (refusal == QuotaRefusal::Client)
                refuse(added, 429,
                       "too many connections from " + added.client + " (at most " +
                           std::to_string(limits_.max_connections_per_client) + " at once)");
            else
                refuse(added, 503,
                       "the server has too many connections (at most " +
                           std::to_string(limits_.max_connections) + "); try again later");
        }
        wake();
        return true;
    }

    void wake() const {
        const char byte = 1;
        [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1); // full: awake already
    }

    void poll_loop() {
        std::vector<pollfd> fds;
        std::vector<Connection*> watched;
        std::vector<Connection*> expired;
        std::array<char, read_chunk> chunk{};
        std::unique_lock lock(mutex_);
        while (!stopping_) {
            fds.assign(1, pollfd{wake_[0], POLLIN, 0});
            watched.clear();
            expired.clear();
            const auto now = Clock::now();
            auto next = now + max_poll_sleep;
            for (auto& [fd, c] : connections_) {
                if (c->phase == Phase::Working)
                    continue;
                if (c->deadline <= now) {
                    expired.push_back(c.get());
                    continue;
                }
                fds.push_back(pollfd{fd, POLLIN, 0});
                watched.push_back(c.get());
                next = std::min(next, c->deadline);
            }
            for (Connection* c : expired)
                expire(*c);
            lock.unlock();
            const auto sleep = std::chrono::ceil<std::chrono::milliseconds>(next - now);
            ::poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(sleep.count(), 0)));
            lock.lock();
            if ((fds[0].revents & POLLIN) != 0)
                while (::read(wake_[0], chunk.data(), chunk.size()) > 0) {
                }
            // Only this thread closes a connection that is not Working, and a worker's hands
            // are off those, so every watched pointer is still good.
            for (std::size_t i = 1; i < fds.size(); ++i)
                if (fds[i].revents != 0)
                    on_readable(*watched[i - 1], chunk);
        }
    }

    /// Reads what `c` has sent; hands a whole request to a worker. Caller holds the lock.
    void on_readable(Connection& c, std::array<char, read_chunk>& chunk) {
        // Enough for any acceptable request plus what follows it; the framing refuses more.
        const std::size_t enough = limits_.max_head_bytes + limits_.max_body_bytes +
                                   detail::max_chunk_overhead + read_chunk;
        for (std::size_t reads = 0;
             reads < max_reads_at_once && (c.buffer.size() < enough || c.phase == Phase::Draining);
             ++reads) {
            const ssize_t n = ::recv(c.fd, chunk.data(), chunk.size(), 0);
            if (n > 0) {
                if (c.phase == Phase::Draining)
                    continue;
                if (c.phase == Phase::Idle) {
                    c.phase = Phase::Reading;
                    c.deadline = Clock::now() + limits_.request_timeout;
                }
                c.buffer.append(chunk.data(), static_cast<std::size_t>(n));
            } else if (n < 0 && errno == EINTR) {
                continue;
            } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                break;
            } else {
                c.peer_closed = true; // end of stream or an error
                break;
            }
        }
        if (c.phase == Phase::Draining) {
            if (c.peer_closed)
                close(c);
            return;
        }
        examine(c);
    }

    /// Dispatches, refuses or keeps waiting for the request at the start of `c`'s buffer.
    /// Caller holds the lock.
    void examine(Connection& c) {
        const detail::Framing f = detail::frame_request(c.buffer, limits_);
        switch (f.kind) {
        case detail::Framing::Kind::Complete:
            c.phase = Phase::Working;
            c.request_length = f.length;
            ready_.push_back(&c);
            work_ready_.notify_one();
            return;
        case detail::Framing::Kind::Refused:
            refuse(c, f.status, f.reason);
            return;
        case detail::Framing::Kind::Incomplete:
            if (c.peer_closed)
                close(c);
            return;
        }
    }

    void expire(Connection& c) {
        if (c.phase == Phase::Reading)
            refuse(c, 408,
                   "the request did not arrive whole within " +
                       std::to_string(limits_.request_timeout.count() / 1000) + " s");
        else
            close(c);
    }

    /// Answers `status` with a JSON error, as far as the socket takes it at once, then drains
    /// the connection until the client closes it or drain_time is up. Caller holds the lock.
    void refuse(Connection& c, int status, const std::string& reason) {
        if (log_ != nullptr)
            log_->post(c.client + " -> " + std::to_string(status) + ' ' + reason);
        const std::string body = "{\"error\":\"" + reason + "\"}";
        const std::string response =
            "HTTP/1.1 " + std::to_string(status) + ' ' +
            std::string(detail::reason_phrase(status)) +
            "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
            "\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n" + body;
        [[maybe_unused]] const ssize_t n =
            ::send(c.fd, response.data(), response.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        ::shutdown(c.fd, SHUT_WR);
        c.buffer.clear();
        c.buffer.shrink_to_fit();
        c.phase = Phase::Draining;
        c.deadline = Clock::now() + drain_time;
        if (c.peer_closed)
            close(c);
    }

    /// Closes `c` and forgets it. Caller holds the lock.
    void close(Connection& c) {
        if (!c.slot)
            --draining_refusals_;
        ::close(c.fd);
        connections_.erase(c.fd);
    }

    void work() {
        std::unique_lock lock(mutex_);
        for (;;) {
            work_ready_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
            if (stopping_)
                return;
            Connection& c = *ready_.front();
            ready_.pop_front();
            lock.unlock();
            const bool keep = handle(c);
            lock.lock();
            if (!keep || stopping_) {
                close(c);
                continue;
            }
            c.buffer.erase(0, c.request_length);
            c.phase = Phase::Idle;
            c.deadline = Clock::now() + limits_.idle_timeout;
            if (!c.buffer.empty()) {
                c.phase = Phase::Reading;
                c.deadline = Clock::now() + limits_.request_timeout;
                examine(c);
            }
            wake();
        }
    }

    /// Lets httplib route the request at the start of `c`'s buffer and write the response;
    /// true when the connection stays open for another. Runs without the lock: `c` is Working.
    bool handle(Connection& c) {
        ++c.served;
        const bool close_after = c.peer_closed || c.served >= limits_.max_requests_per_connection;
        RequestStream stream(c, limits_.write_timeout);
        bool connection_closed = false;
        const std::string id = std::to_string(c.fd) + ':' + std::to_string(c.serial);
        const bool ok =
            process_request(stream, close_after, connection_closed, [&](httplib::Request& req) {
                req.headers.erase(connection_header);
                req.headers.emplace(connection_header, id);
            });
        return ok && !close_after && !connection_closed;
    }

    ConnectionLimits limits_;
    LogSink* log_;
    ClientQuota quota_;
    std::array<int, 2> wake_{-1, -1}; ///< a pipe that wakes the poll loop
    std::mutex mutex_;                ///< guards everything below, and every Connection not Working
    std::condition_variable work_ready_;
    std::map<int, std::unique_ptr<Connection>> connections_; ///< by socket
    std::deque<Connection*> ready_; ///< whole requests waiting for a worker
    std::size_t draining_refusals_ = 0;
    std::atomic<std::uint64_t> serials_{0};
    bool stopping_ = false;
    std::thread poller_;
    std::vector<std::thread> workers_;
};

} // namespace tengen::web
