#pragma once
/// \file
/// tengen_web's API vocabulary: JSON, the HTTP statuses it answers with, and ApiError, the
/// refusal every check of a request returns.

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

namespace tengen::web {

using Json = nlohmann::json;

/// HTTP statuses the API answers with besides 200.
namespace status {
inline constexpr int bad_request = 400; ///< malformed JSON, missing or mistyped fields, off-board
inline constexpr int forbidden = 403;   ///< a token that holds no seat able to do this, or a
                                        ///< request from another site's page
inline constexpr int not_found = 404;   ///< no such game (never created, or cleaned up)
inline constexpr int conflict = 409;    ///< well-formed but not allowed now: occupied, not your
                                        ///< turn, the game is over, nothing to undo
inline constexpr int timeout = 408;     ///< a request that did not arrive whole in time
inline constexpr int too_large = 413;   ///< a body over the server's limit
inline constexpr int unsupported_type = 415; ///< a body that is not application/json
inline constexpr int too_many = 429; ///< over a per-client limit (connections, polls, games)
inline constexpr int headers_too_large = 431; ///< a request head over the server's limit
inline constexpr int unavailable = 503;       ///< over a limit for all clients together
} // namespace status

/// Why a request was refused: the HTTP status and a sentence for the player.
struct ApiError {
    int status = status::bad_request;
    std::string message;
};

/// `names` as a sentence lists choices: "a", "a or b", "a, b or c".
[[nodiscard]] inline std::string or_list(std::span<const std::string> names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            text += i + 1 == names.size() ? " or " : ", ";
        text += names[i];
    }
    return text;
}

} // namespace tengen::web
