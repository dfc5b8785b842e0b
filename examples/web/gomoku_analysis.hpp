#pragma once
/// \file
/// tengen_web's gomoku analyses: the engine's search with its likeliest alternatives, or a VCF
/// or VCT, on a board of their own, with the searcher of the analysis thread that runs them.

#include "position.hpp"

#include <tengen/gomoku/notation.hpp>
#include <tengen/gomoku/record.hpp>
#include <tengen/gomoku/svg.hpp>
#include <tengen/tengen.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tengen::web {

/// Points as the API writes them.
[[nodiscard]] inline Json points_json(std::span<const Point> points) {
    Json list = Json::array();
    for (Point p : points)
        list.push_back(point_json(p.x(), p.y(), to_pos(p)));
    return list;
}

/// The transposition table of one analysis.
inline constexpr std::size_t analysis_hash_megabytes = 16;
/// Moves an analysis reports: the best ones, each searched to the same depth (multi-PV).
inline constexpr std::size_t candidate_count = 5;
/// Longest threat sequences looked for, in attacker moves (the final five included), and the
/// positions a threat search may visit; the analysis' time bounds it too.
inline constexpr int max_vcf_attacker_moves = 30;
inline constexpr int max_vct_attacker_moves = 12;
inline constexpr std::int64_t max_threat_nodes = 20'000'000;

/// What an analysis thread keeps from one analysis to the next, so that analyses allocate no
/// table of their own: a gomoku searcher with its analysis_hash_megabytes table, made on first
/// use. One per analysis thread (AnalysisPool); not thread-safe.
class AnalysisWorkspace {
public:
    /// A workspace whose searcher searches on `search_threads` threads.
    explicit AnalysisWorkspace(int search_threads = 1) : search_threads_(search_threads) {}

    /// The searcher, its table cleared: every analysis starts afresh, whatever game the last
    /// one was of.
    [[nodiscard]] GomokuSearcher& fresh_gomoku_searcher() {
        if (gomoku_) {
            gomoku_->clear_table();
        } else {
            SearcherOptions options;
            options.search.tt_megabytes = analysis_hash_megabytes;
            // An analysis takes all the time it is given.
            options.time_management = false;
            options.threads = search_threads_;
            gomoku_.emplace(options);
        }
        return *gomoku_;
    }

private:
    int search_threads_;
    std::optional<GomokuSearcher> gomoku_;
};

/// An analysis on its own board, set up from a copy of the stones, with the searcher of the
/// analysis thread that runs it (AnalysisWorkspace).
class GomokuAnalysis final : public Analysis {
public:
    GomokuAnalysis(RuleSpec rule, int size, std::vector<Stone> stones,
                   const AnalysisRequest& request, std::shared_ptr<const std::atomic<bool>> stop)
        : rule_(rule), size_(size), stones_(std::move(stones)), request_(request),
          stop_(std::move(stop)) {}

    [[nodiscard]] Json run(AnalysisWorkspace& workspace) override {
        GomokuSearcher& searcher = workspace.fresh_gomoku_searcher();
        auto engine = std::move(AnyBoard::create(rule_, size_)).value();
        (void)engine.set_position(stones_);
        Json out{{"kind", request_.kind == AnalysisKind::Search ? "search"
                          : request_.kind == AnalysisKind::Vcf  ? "vcf"
                                                                : "vct"},
                 {"ply", request_.ply},
                 {"to_move", color_name(engine.side_to_move())}};
        started_ = Clock::now();
        if (request_.kind == AnalysisKind::Search)
            search(engine, searcher, out);
        else
            threats(engine, out);
        out["time_ms"] =
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_).count();
        return out;
    }

private:
    using Clock = std::chrono::steady_clock;

    /// The engine's search with candidate_count lines (multi-PV): the best moves, each with
    /// its value and line, all searched to the same depth, so their values compare.
    void search(AnyBoard& engine, GomokuSearcher& searcher, Json& out) {
        SearchLimits limits;
        limits.stop = stop_.get();
        limits.max_time = request_.time;
        const std::vector<SearchResult<Point>> lines =
            searcher.search_lines(engine, limits, candidate_count);
        const SearchResult<Point>& main = lines.front();
        out["value"] = main.value;
        out["value_text"] = describe_value(main.value);
        out["depth"] = main.depth;
        out["pv"] = points_json(main.pv);
        Json candidates = Json::array();
        for (const SearchResult<Point>& line : lines)
            if (line.best_move)
                candidates.push_back(candidate(*line.best_move, line.value, line.depth, line.pv));
        out["candidates"] = std::move(candidates);
        out["nodes"] = main.stats.nodes;
    }

    static Json candidate(Point p, Value value, int depth, std::span<const Point> line) {
        return Json{{"move", point_json(p.x(), p.y(), to_pos(p))},
                    {"value", value},
                    {"value_text", describe_value(value)},
                    {"depth", depth},
                    {"pv", points_json(line)}};
    }

    /// A VCF or VCT for the side to move, within the time.
    void threats(AnyBoard& engine, Json& out) {
        SearchLimits limits;
        limits.stop = stop_.get();
        limits.max_time = request_.time;
        SearchBudget budget(limits);
        const VcfResult found = engine.visit([&](auto& board) {
            return request_.kind == AnalysisKind::Vcf
                       ? find_vcf(board,
                                  VcfLimits{max_vcf_attacker_moves, max_threat_nodes, &budget})
                       : find_vct(board,
                                  VctLimits{max_vct_attacker_moves, max_threat_nodes, &budget});
        });
        out["found"] = found.found();
        out["attacker"] = color_name(engine.side_to_move());
        out["line"] = points_json(found.line);
        out["exhausted"] = found.exhausted;
        out["nodes"] = found.nodes;
    }

    RuleSpec rule_;
    int size_;
    std::vector<Stone> stones_;
    AnalysisRequest request_;
    std::shared_ptr<const std::atomic<bool>> stop_;
    Clock::time_point started_; ///< when run() began
};

} // namespace tengen::web
