#pragma once
/// \file
/// Where a request ends in the bytes a connection has sent, for tengen_web's front door
/// (guarded_server.hpp): by its Content-Length or chunked framing, within the sizes of
/// ConnectionLimits, or why it is refused. Only the framing is read; httplib parses the request.

#include <tengen/core/text.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace tengen::web {

/// The bounds the front door holds every client to.
struct ConnectionLimits {
    std::size_t max_connections = 512;             ///< open at once, all clients together
    std::size_t max_connections_per_client = 32;   ///< open at once from one address
    std::size_t max_head_bytes = 16 * 1024;        ///< a request's line and headers
    std::size_t max_body_bytes = 16 * 1024;        ///< a request's body (decoded, if chunked)
    std::chrono::milliseconds idle_timeout{5'000}; ///< no request under way: the connection goes
    std::chrono::milliseconds request_timeout{10'000}; ///< from a request's first byte to its last
    std::chrono::milliseconds write_timeout{5'000};    ///< for each write of a response
    std::size_t workers = 160;                         ///< requests handled at once
    std::size_t max_requests_per_connection = 1000;    ///< then the connection is closed
};

namespace detail {

/// What the bytes a connection has sent hold so far.
struct Framing {
    enum class Kind : unsigned char {
        Incomplete, ///< wait for more
        Complete,   ///< a whole request of `length` bytes (more may follow it)
        Refused,    ///< answer `status` with `reason` and close
    };
    Kind kind = Kind::Incomplete;
    std::size_t length = 0;
    int status = 0;
    std::string reason;
};

[[nodiscard]] inline bool same_ascii_words(std::string_view a, std::string_view b) {
    return a.size() == b.size() && to_lower_ascii(a) == to_lower_ascii(b);
}

/// Chunk-size lines are short; a longer one (a chunk extension used as padding) is refused.
inline constexpr std::size_t max_chunk_line = 1024;
/// The chunked framing a body may spend besides its data (chunk sizes, CRLFs, trailers).
inline constexpr std::size_t max_chunk_overhead = 4096;

/// Where the request that starts `bytes` ends, by its Content-Length or chunked framing, or why
/// it is refused. Only the framing is read here; httplib parses the request itself.
[[nodiscard]] inline Framing frame_request(std::string_view bytes, const ConnectionLimits& limits) {
    using Kind = Framing::Kind;
    const auto refuse = [](int status, std::string reason) {
        return Framing{Kind::Refused, 0, status, std::move(reason)};
    };
    const std::size_t crlf_end = bytes.find("\r\n\r\n");
    const std::size_t lf_end = bytes.find("\n\n");
    std::size_t head_length = std::string_view::npos;
    if (crlf_end != std::string_view::npos)
        head_length = crlf_end + 4;
    if (lf_end != std::string_view::npos)
        head_length = std::min(head_length, lf_end + 2);
    if (head_length == std::string_view::npos || head_length > limits.max_head_bytes) {
        if (bytes.size() > limits.max_head_bytes || head_length != std::string_view::npos)
            return refuse(431, "the request's line and headers are over " +
                                   std::to_string(limits.max_head_bytes) + " bytes");
        return {};
    }

    std::optional<std::int64_t> content_length;
    bool chunked = false;
    std::string_view head = bytes.substr(0, head_length);
    head.remove_prefix(std::min(head.size(), head.find('\n') + 1)); // the request line
    while (!head.empty()) {
        const std::size_t end = head.find('\n');
        std::string_view line = head.substr(0, end);
        head.remove_prefix(end == std::string_view::npos ? head.size() : end + 1);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view name = trim(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1));
        if (same_ascii_words(name, "content-length")) {
            const auto n = parse_integer(value);
            if (!n || *n < 0 || (content_length && *content_length != *n))
                return refuse(400, "bad Content-Length");
            content_length = n;
        } else if (same_ascii_words(name, "transfer-encoding")) {
            if (!same_ascii_words(value, "chunked"))
                return refuse(400, "only the chunked transfer coding is accepted");
            chunked = true;
        }
    }
    if (chunked && content_length)
        return refuse(400, "a request cannot have both Content-Length and chunked framing");
    const auto too_large = [&] {
        return refuse(413, "the request body is too large (at most " +
                               std::to_string(limits.max_body_bytes) + " bytes)");
    };
    if (content_length) {
        if (static_cast<std::uint64_t>(*content_length) > limits.max_body_bytes)
            return too_large();
        const std::size_t total = head_length + static_cast<std::size_t>(*content_length);
        if (bytes.size() < total)
            return {};
        return {Kind::Complete, total, 0, {}};
    }
    if (!chunked)
        return {Kind::Complete, head_length, 0, {}};

    std::size_t position = head_length;
    std::size_t data = 0;
    const auto over_framing = [&] {
        return position - head_length > limits.max_body_bytes + max_chunk_overhead;
    };
    for (;;) {
        const std::size_t eol = bytes.find("\r\n", position);
        if (eol == std::string_view::npos)
            return bytes.size() - position > max_chunk_line ? refuse(400, "bad chunk size line")
                                                            : Framing{};
        std::string_view size_text = bytes.substr(position, eol - position);
        size_text = trim(size_text.substr(0, size_text.find(';')));
        std::uint64_t size = 0;
        const auto [end, ec] =
            std::from_chars(size_text.data(), size_text.data() + size_text.size(), size, 16);
        if (size_text.empty() || end != size_text.data() + size_text.size())
            return ec == std::errc::result_out_of_range ? too_large()
                                                        : refuse(400, "bad chunk size line");
        position = eol + 2;
        if (size == 0)
            break;
        if (size > limits.max_body_bytes - data)
            return too_large();
        data += static_cast<std::size_t>(size);
        if (bytes.size() < position + size + 2)
            return {};
        if (bytes.substr(position + size, 2) != "\r\n")
            return refuse(400, "a chunk does not end with CRLF");
        position += size + 2;
        if (over_framing())
            return too_large();
    }
    // Trailers, up to the empty line that ends the body.
    for (;;) {
        const std::size_t eol = bytes.find("\r\n", position);
        if (eol == std::string_view::npos)
            return over_framing() ? too_large() : Framing{};
        const bool last = eol == position;
        position = eol + 2;
        if (last)
            return {Kind::Complete, position, 0, {}};
        if (over_framing())
            return too_large();
    }
}

} // namespace detail

} // namespace tengen::web
