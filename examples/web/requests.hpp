#pragma once
/// \file
/// tengen_web's requests and answers: JSON bodies and their typed fields, the refusal of
/// requests from other sites' pages, JSON answers, and the reading of what a game's routes are
/// asked to do (a move, an opening step, an analysis). Every check returns the ApiError to
/// answer with.

#include "api.hpp"
#include "hosted_game.hpp"
#include "position.hpp"

#include <tengen/tengen.hpp>

#include <chrono>
#include <cstdint>
#include <httplib.h>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::web {

/// An analysis' time when the request names none, and the most a request may ask for.
inline constexpr milliseconds default_analysis_time{1500};
inline constexpr milliseconds min_analysis_time{50};
inline constexpr milliseconds max_analysis_time{10'000};

/// JSON text for a response: invalid UTF-8 in echoed input becomes U+FFFD instead of throwing.
[[nodiscard]] inline std::string dump(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

inline void send(httplib::Response& res, int code, const Json& body) {
    res.status = code;
    res.set_header("Cache-Control", "no-store");
    res.set_content(dump(body), "application/json");
}

inline void send_error(httplib::Response& res, const ApiError& error) {
    send(res, error.status, Json{{"error", error.message}});
}

/// A value read from a request, or the ApiError that says what was wrong with it; neither for
/// an optional field that is absent.
template <typename T> struct Field {
    std::optional<T> value;
    std::optional<ApiError> error;
};

/// The string field `key` of `body`, checked for presence (when `required`) and type.
[[nodiscard]] inline Field<std::string> string_field(const Json& body, const char* key,
                                                     bool required) {
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

/// The integer field `key` of `body`, checked for presence (when `required`), type and a
/// magnitude of at most a million.
[[nodiscard]] inline Field<int> int_field(const Json& body, const char* key, bool required) {
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
[[nodiscard]] inline std::optional<ApiError> cross_site_refusal(const httplib::Request& req) {
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
[[nodiscard]] inline bool is_json_type(std::string_view type) {
    return to_lower_ascii(trim(type.substr(0, type.find(';')))) == "application/json";
}

/// The body as a JSON object: 415 unless it is sent as application/json (a page on another
/// site can send text/plain through the user's browser without asking), 400 unless it is a
/// JSON object.
[[nodiscard]] inline Field<Json> parse_body(const httplib::Request& req) {
    if (!is_json_type(req.get_header_value("Content-Type")))
        return {std::nullopt, ApiError{status::unsupported_type,
                                       "send the body as JSON (Content-Type: application/json)"}};
    Json body = Json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return {std::nullopt, ApiError{status::bad_request, "the body must be a JSON object"}};
    return {std::move(body), std::nullopt};
}

/// The move of a move request: "move" ("h8", "pass") or "x" and "y".
[[nodiscard]] inline Field<Move> read_move(const Json& body) {
    const auto name = string_field(body, "move", false);
    const auto x = int_field(body, "x", false);
    const auto y = int_field(body, "y", false);
    for (const auto* e : {&name.error, &x.error, &y.error})
        if (*e)
            return {std::nullopt, *e};
    Move move;
    if (name.value) {
        if (*name.value == "pass") {
            move.pass = true;
        } else {
            const auto point = parse_point(*name.value);
            if (!point)
                return {std::nullopt, ApiError{status::bad_request, point.error().message}};
            move.x = point->x();
            move.y = point->y();
        }
    } else if (x.value && y.value) {
        move.x = *x.value;
        move.y = *y.value;
    } else {
        return {std::nullopt, ApiError{status::bad_request, "give the move as \"move\" (\"h8\", "
                                                            "\"pass\") or as x and y"}};
    }
    return {move, std::nullopt};
}

/// The step of an opening request: exactly one of "choice", "offer" and "select" (a point).
[[nodiscard]] inline Field<OpeningRequest> read_opening_step(const Json& body) {
    const auto choice = string_field(body, "choice", false);
    const auto offer = string_field(body, "offer", false);
    const auto select = string_field(body, "select", false);
    for (const auto* e : {&choice.error, &offer.error, &select.error})
        if (*e)
            return {std::nullopt, *e};
    if (int(choice.value.has_value()) + int(offer.value.has_value()) +
            int(select.value.has_value()) !=
        1)
        return {std::nullopt,
                ApiError{status::bad_request, "give one of choice, offer and select"}};
    OpeningRequest step;
    step.choice = choice.value;
    for (const auto& [text, point] :
         {std::pair{&offer.value, &step.offer}, std::pair{&select.value, &step.select}})
        if (*text) {
            const auto p = parse_point(**text);
            if (!p)
                return {std::nullopt, ApiError{status::bad_request, p.error().message}};
            *point = *p;
        }
    return {step, std::nullopt};
}

/// An analysis request as read; the game checks the ply against its moves.
struct AnalysisAsk {
    AnalysisRequest request;
    std::optional<int> ply; ///< none: the current position
};

/// What an analysis request asks for: "kind" (search, vcf, vct), "time_ms" (within the limits
/// above) and "ply".
[[nodiscard]] inline Field<AnalysisAsk> read_analysis(const Json& body) {
    const auto kind_name = string_field(body, "kind", false);
    const auto ply_field = int_field(body, "ply", false);
    const auto time = int_field(body, "time_ms", false);
    for (const auto* e : {&kind_name.error, &ply_field.error, &time.error})
        if (*e)
            return {std::nullopt, *e};
    AnalysisAsk ask;
    AnalysisRequest& request = ask.request;
    const std::string kind = kind_name.value.value_or("search");
    if (kind == "vcf")
        request.kind = AnalysisKind::Vcf;
    else if (kind == "vct")
        request.kind = AnalysisKind::Vct;
    else if (kind != "search")
        return {std::nullopt, ApiError{status::bad_request, "unknown kind '" + kind +
                                                                "' (expected search, vcf or vct)"}};
    request.time =
        milliseconds(time.value.value_or(static_cast<int>(default_analysis_time.count())));
    if (request.time < min_analysis_time || request.time > max_analysis_time)
        return {std::nullopt,
                ApiError{status::bad_request,
                         "time_ms must be from " + std::to_string(min_analysis_time.count()) +
                             " to " + std::to_string(max_analysis_time.count())}};
    ask.ply = ply_field.value;
    return {ask, std::nullopt};
}

} // namespace tengen::web
