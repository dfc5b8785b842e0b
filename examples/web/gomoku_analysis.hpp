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
/// Moves an analysis reports: the search's best and the likeliest others, each searched.
inline constexpr std::size_t candidate_count = 5;
/// The share of an analysis' time given to the main search; the candidates share the rest.
inline constexpr int main_search_percent = 60;
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
            gomoku_.emplace(options);
        }
        return *gomoku_;
    }

private:
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

    /// The engine's search, then a shorter one after each of the other likeliest moves.
    void search(AnyBoard& engine, GomokuSearcher& searcher, Json& out) {
        SearchLimits limits;
        limits.stop = stop_.get();
        limits.max_time = request_.time * main_search_percent / 100;
        const SearchResult<Point> main = searcher.search(engine, limits);
        out["value"] = main.value;
        out["value_text"] = describe_value(main.value);
        out["depth"] = main.depth;
        std::int64_t nodes = main.stats.nodes;
        out["pv"] = points_json(main.pv);
        Json candidates = Json::array();
        if (main.best_move)
            candidates.push_back(candidate(*main.best_move, main.value, main.depth, main.pv));
        const std::vector<Point> others =
            likeliest_moves(engine, searcher.options().weights, main.best_move);
        for (std::size_t i = 0; i < others.size(); ++i) {
            if (stop_->load())
                break;
            // What is left of the time, shared among the moves still to look at.
            const auto left = request_.time - std::chrono::duration_cast<std::chrono::milliseconds>(
                                                  Clock::now() - started_);
            if (left <= std::chrono::milliseconds::zero())
                break;
            const Point p = others[i];
            (void)engine.try_play(p);
            std::vector<Point> line{p};
            Value value = 0;
            int depth = 0;
            if (const GameResult r = engine.result(); r.is_over()) {
                value = r.winner == engine.side_to_move() ? loss_in(1) : r.winner ? win_in(1) : 0;
            } else {
                SearchLimits reply;
                reply.stop = stop_.get();
                reply.max_time = left / static_cast<int>(others.size() - i);
                const SearchResult<Point> r2 = searcher.search(engine, reply);
                value = value_from_node(-r2.value, 1); // a win is one ply further away
                depth = r2.depth + 1;
                nodes += r2.stats.nodes;
                line.insert(line.end(), r2.pv.begin(), r2.pv.end());
            }
            (void)engine.try_undo();
            candidates.push_back(candidate(p, value, depth, line));
        }
        // The main search's move stays first: it is the deepest look. The others follow by
        // their (shallower) values.
        if (!candidates.empty())
            std::stable_sort(candidates.begin() + 1, candidates.end(),
                             [](const Json& a, const Json& b) {
                                 return a["value"].get<Value>() > b["value"].get<Value>();
                             });
        out["candidates"] = std::move(candidates);
        out["nodes"] = nodes;
    }

    static Json candidate(Point p, Value value, int depth, std::span<const Point> line) {
        return Json{{"move", point_json(p.x(), p.y(), to_pos(p))},
                    {"value", value},
                    {"value_text", describe_value(value)},
                    {"depth", depth},
                    {"pv", points_json(line)}};
    }

    /// Up to candidate_count - 1 moves besides `best` that the search would try first: its
    /// own generation, ordered by threat class and then by the move-ordering score.
    static std::vector<Point> likeliest_moves(AnyBoard& engine, const GomokuWeights& weights,
                                              std::optional<Point> best) {
        return engine.visit([&](auto& board) {
            GomokuGame game(board, weights);
            std::vector<Point> out;
            for (const HintedMove<Point>& ranked : ranked_moves(game)) {
                if (out.size() + 1 >= candidate_count)
                    break;
                if (ranked.move != best)
                    out.push_back(ranked.move);
            }
            return out;
        });
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
