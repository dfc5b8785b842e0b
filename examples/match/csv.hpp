#pragma once
/// \file
/// Writing CSV (RFC 4180): fields quoted only when they must be.

#include <string>
#include <string_view>
#include <vector>

namespace tengen::examples {

/// `field` as one CSV field: unchanged when it holds no comma, double quote, carriage return or
/// line feed; otherwise wrapped in double quotes with every double quote doubled
/// (`ab:depth=2,time=50` becomes `"ab:depth=2,time=50"`).
[[nodiscard]] inline std::string csv_field(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(field);
    std::string out = "\"";
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

/// One CSV record: the fields quoted as csv_field does, separated by commas, ending with `\n`.
[[nodiscard]] inline std::string csv_row(const std::vector<std::string>& fields) {
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        out += csv_field(fields[i]);
    }
    out += '\n';
    return out;
}

} // namespace tengen::examples
