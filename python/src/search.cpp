// tengen.Searcher (the engine's GomokuSearcher), the threat solvers and the greedy chooser for
// Python. Searches run on a copy of the board in a worker thread with the GIL released, so other
// Python threads run meanwhile; the calling thread watches for signals, and Ctrl-C stops the
// search and raises KeyboardInterrupt.

#include "bindings.hpp"
#include "convert.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <pybind11/stl.h>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace tengen::python {

namespace {

/// How often a waiting search checks for Ctrl-C: well within the 100 ms a user may wait.
constexpr std::chrono::milliseconds signal_poll_interval{20};

/// The time limit of a search given none.
constexpr double default_search_seconds = 1.0;

/// Runs `work` in a worker thread with the GIL released and returns its result. Meanwhile the
/// calling thread checks for Python signals; when a handler raises (Ctrl-C: KeyboardInterrupt),
/// `stop` is set, the worker finishes, and the exception propagates.
template <typename Work> auto run_interruptibly(std::atomic<bool>& stop, Work&& work) {
    using Result = decltype(work());
    std::optional<Result> result;
    std::exception_ptr failure;
    bool interrupted = false;
    {
        py::gil_scoped_release release;
        std::mutex mutex;
        std::condition_variable finished;
        bool done = false;
        std::thread worker([&] {
            try {
                result.emplace(work());
            } catch (...) {
                failure = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            done = true;
            finished.notify_one();
        });
        std::unique_lock lock(mutex);
        while (!finished.wait_for(lock, signal_poll_interval, [&] { return done; })) {
            lock.unlock();
            {
                const py::gil_scoped_acquire gil;
                if (!interrupted && PyErr_CheckSignals() != 0) {
                    interrupted = true;
                    stop = true;
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (interrupted)
        throw py::error_already_set();
    if (failure)
        std::rethrow_exception(failure);
    return std::move(*result);
}

/// What Searcher.search returns.
struct PySearchResult {
    py::object move = py::none(); ///< (x, y), or None at a finished game
    Value value = 0;
    int depth = 0;
    std::int64_t nodes = 0;
    std::vector<py::tuple> pv;
    double seconds = 0;
};

/// What find_vcf and find_vct return.
struct PyThreatResult {
    std::vector<py::tuple> line;
    std::int64_t nodes = 0;
    bool exhausted = false;
};

std::vector<py::tuple> to_python(const std::vector<Point>& points) {
    std::vector<py::tuple> out;
    out.reserve(points.size());
    for (const Point p : points)
        out.push_back(python::to_python(p));
    return out;
}

PyThreatResult to_python(const VcfResult& found) {
    return PyThreatResult{to_python(found.line), found.nodes, found.exhausted};
}

/// `found` for Python, with the counts of `stats`.
PySearchResult to_python(const SearchResult<Point>& found, const SearchStats& stats) {
    PySearchResult out;
    if (found.best_move)
        out.move = python::to_python(*found.best_move);
    out.value = found.value;
    out.depth = found.depth;
    out.nodes = stats.nodes;
    out.pv = to_python(found.pv);
    out.seconds = std::chrono::duration<double>(stats.elapsed).count();
    return out;
}

/// A GomokuSearcher with what Python needs around it: a stop flag for stop() and a lock so that
/// two threads cannot search with one table at once.
class PySearcher {
public:
    PySearcher(std::size_t hash_mb, int threads) : searcher_(options_for(hash_mb, threads)) {}

private:
    /// `work(copy, bound)` on a copy of `board` with `limits` and the stop flag, one search at a
    /// time, the GIL released, stopped by stop() or Ctrl-C.
    template <typename Work>
    auto run_search(const AnyBoard& board, const SearchLimits& limits, Work&& work) {
        std::unique_lock busy(busy_, std::try_to_lock);
        if (!busy.owns_lock())
            throw std::runtime_error("this Searcher is searching already (one search at a time)");
        stop_ = false;
        AnyBoard copy = board.clone();
        SearchLimits bound = limits;
        bound.stop = &stop_;
        return run_interruptibly(stop_, [&] { return work(copy, bound); });
    }

    static std::vector<Point> points_of(const py::iterable& points) {
        std::vector<Point> out;
        for (const auto& item : points)
            out.push_back(to_point(item));
        return out;
    }

public:
    PySearchResult search(const AnyBoard& board, std::optional<double> seconds,
                          std::optional<std::int64_t> nodes, std::optional<int> depth,
                          const py::iterable& exclude) {
        const std::vector<Point> excluded = points_of(exclude);
        const SearchResult<Point> found =
            run_search(board, limits_of(seconds, nodes, depth), [&](AnyBoard& copy, auto& bound) {
                return excluded.empty() ? searcher_.choose(copy, bound)
                                        : searcher_.search(copy, bound, excluded);
            });
        return to_python(found, found.stats);
    }

    /// Multi-PV: the `count` best moves, each searched to the same depth, best first; every
    /// result carries the whole search's nodes and time.
    std::vector<PySearchResult> search_lines(const AnyBoard& board, int count,
                                             std::optional<double> seconds,
                                             std::optional<std::int64_t> nodes,
                                             std::optional<int> depth,
                                             const py::iterable& exclude) {
        if (count < 1)
            fail("count must be at least 1");
        const std::vector<Point> excluded = points_of(exclude);
        const SearchLimits limits = limits_of(seconds, nodes, depth);
        if (board.result().is_over())
            return {};
        const std::vector<SearchResult<Point>> found =
            run_search(board, limits, [&](AnyBoard& copy, auto& bound) {
                return searcher_.search_lines(copy, bound, static_cast<std::size_t>(count),
                                              excluded);
            });
        std::vector<PySearchResult> out;
        for (const SearchResult<Point>& line : found)
            if (line.best_move)
                out.push_back(to_python(line, found.front().stats));
        return out;
    }

    /// Asks a running search to stop (from another thread); it returns its best so far.
    void stop() { stop_ = true; }

    void clear() {
        const std::lock_guard busy(busy_);
        searcher_.clear_table();
    }

    [[nodiscard]] std::size_t hash_mb() const { return searcher_.table_megabytes(); }
    [[nodiscard]] int threads() const { return searcher_.options().threads; }

private:
    static SearcherOptions options_for(std::size_t hash_mb, int threads) {
        if (threads < 1 || threads > SearcherOptions::max_threads)
            fail("threads must be from 1 to " + std::to_string(SearcherOptions::max_threads));
        SearcherOptions options;
        options.search.tt_megabytes = hash_mb;
        options.threads = threads;
        return options;
    }

    static SearchLimits limits_of(std::optional<double> seconds, std::optional<std::int64_t> nodes,
                                  std::optional<int> depth) {
        SearchLimits limits;
        if (seconds && !(*seconds > 0))
            fail("time must be a positive number of seconds");
        if (nodes && *nodes < 1)
            fail("nodes must be at least 1");
        if (depth && (*depth < 1 || *depth > max_ply))
            fail("depth must be from 1 to " + std::to_string(max_ply));
        if (!seconds && !nodes && !depth)
            seconds = default_search_seconds;
        if (seconds)
            limits.max_time = std::chrono::milliseconds(
                std::max<std::int64_t>(1, static_cast<std::int64_t>(*seconds * 1000.0)));
        if (nodes)
            limits.max_nodes = *nodes;
        if (depth)
            limits.max_depth = *depth;
        return limits;
    }

    GomokuSearcher searcher_;
    std::mutex busy_;
    std::atomic<bool> stop_{false};
};

void check_threat_limits(int max_moves, std::int64_t nodes) {
    if (max_moves < 1)
        fail("max_moves must be at least 1");
    if (nodes < 1)
        fail("nodes must be at least 1");
}

template <typename Find>
PyThreatResult find_threat_win(const AnyBoard& board, int max_moves, std::int64_t nodes,
                               Find find) {
    check_threat_limits(max_moves, nodes);
    if (board.result().is_over())
        return {};
    AnyBoard copy = board.clone();
    VcfResult found;
    {
        py::gil_scoped_release release;
        found = copy.visit([&](auto& b) { return find(b, max_moves, nodes); });
    }
    return to_python(found);
}

} // namespace

void bind_search(py::module_& m) {
    py::class_<PySearchResult>(m, "SearchResult", "What Searcher.search found.")
        .def_readonly("move", &PySearchResult::move,
                      "The move to play, (x, y); None only at a finished game.")
        .def_readonly("value", &PySearchResult::value,
                      "Its value for the side to move in the evaluation's units (a point where "
                      "one would make an open three: 40); a forced win in n plies is "
                      "1,000,000 - n, a forced loss the negation.")
        .def_property_readonly(
            "forced_in",
            [](const PySearchResult& r) -> py::object {
                if (!is_decisive(r.value))
                    return py::none();
                return py::int_(r.value > 0 ? plies_to_end(r.value) : -plies_to_end(r.value));
            },
            "Plies to a forced end: n > 0 when the side to move wins in n, -n when it loses; "
            "None when the search proved neither.")
        .def_property_readonly(
            "description", [](const PySearchResult& r) { return describe_value(r.value); },
            "The value in words, as pbrain-tengen and tengen_play print it.")
        .def_readonly("depth", &PySearchResult::depth,
                      "The last completed iteration (plies); 0 when none completed and the move "
                      "is the one-ply choice.")
        .def_readonly("nodes", &PySearchResult::nodes)
        .def_readonly("pv", &PySearchResult::pv, "The principal variation, the move first.")
        .def_readonly("time", &PySearchResult::seconds, "Seconds searched.")
        .def("__repr__", [](const PySearchResult& r) {
            return "SearchResult(move=" + std::string(py::repr(r.move)) +
                   ", value=" + std::to_string(r.value) + ", depth=" + std::to_string(r.depth) +
                   ", nodes=" + std::to_string(r.nodes) + ")";
        });

    py::class_<PyThreatResult>(m, "ThreatResult", "What find_vcf and find_vct found.")
        .def_readonly("line", &PyThreatResult::line,
                      "The winning line: attacker, defender, ..., the attacker's five; empty "
                      "when none was found.")
        .def_readonly("nodes", &PyThreatResult::nodes)
        .def_readonly("exhausted", &PyThreatResult::exhausted,
                      "True when a limit cut the search short (so 'none found' is unproven).")
        .def_property_readonly("found", [](const PyThreatResult& r) { return !r.line.empty(); })
        .def("__bool__", [](const PyThreatResult& r) { return !r.line.empty(); })
        .def("__repr__", [](const PyThreatResult& r) {
            return "ThreatResult(line=" + std::string(py::repr(py::cast(r.line))) +
                   ", nodes=" + std::to_string(r.nodes) + ")";
        });

    py::class_<PySearcher>(m, "Searcher", R"doc(
The engine: tengen's alpha-beta search with the options pbrain-tengen plays with, and a
transposition table kept from one search to the next (cleared when the rule or size changes).
)doc")
        .def(py::init<std::size_t, int>(), py::arg("hash_mb") = 16, py::kw_only(),
             py::arg("threads") = 1,
             "A searcher with a transposition table of `hash_mb` MiB, searching on `threads` "
             "threads that share it (Lazy SMP; 1 by default).")
        .def("search", &PySearcher::search, py::arg("board"), py::kw_only(),
             py::arg("time") = py::none(), py::arg("nodes") = py::none(),
             py::arg("depth") = py::none(), py::arg("exclude") = py::tuple(),
             "The best move for the side to move of `board` (left unchanged) within the "
             "limits given, the first reached ending the search: `time` in seconds, `nodes`, "
             "`depth` in plies; one second when none is given. Moves in `exclude` are not "
             "considered. The GIL is released while it runs; Ctrl-C stops it and raises "
             "KeyboardInterrupt.")
        .def("search_lines", &PySearcher::search_lines, py::arg("board"), py::arg("count"),
             py::kw_only(), py::arg("time") = py::none(), py::arg("nodes") = py::none(),
             py::arg("depth") = py::none(), py::arg("exclude") = py::tuple(),
             "Multi-PV: the `count` best moves for the side to move, best first, each with its "
             "own value and line, all searched to the same depth (when a limit stops the search "
             "part-way through a depth, the lines not yet searched to it keep the depth before); "
             "fewer when fewer moves are legal, none at a finished game. Limits and `exclude` as "
             "search(); `nodes` and `time` of each result are the whole search's.")
        .def("stop", &PySearcher::stop,
             "Stops a search running in another thread; it returns its best so far.")
        .def("clear", &PySearcher::clear, "Forgets what the table learnt.")
        .def_property_readonly("hash_mb", &PySearcher::hash_mb)
        .def_property_readonly("threads", &PySearcher::threads);

    m.def(
        "find_vcf",
        [](const AnyBoard& board, int max_moves, std::int64_t nodes) {
            return find_threat_win(board, max_moves, nodes, [](auto& b, int moves, auto budget) {
                return find_vcf(b, VcfLimits{moves, budget});
            });
        },
        py::arg("board"), py::kw_only(), py::arg("max_moves") = VcfLimits{}.max_attacker_moves,
        py::arg("nodes") = VcfLimits{}.max_nodes,
        "A victory by continuous fours for the side to move: a shortest one of at most "
        "`max_moves` attacker moves, within `nodes` positions.");
    m.def(
        "find_vct",
        [](const AnyBoard& board, int max_moves, std::int64_t nodes) {
            return find_threat_win(board, max_moves, nodes, [](auto& b, int moves, auto budget) {
                return find_vct(b, VctLimits{moves, budget});
            });
        },
        py::arg("board"), py::kw_only(), py::arg("max_moves") = VctLimits{}.max_attacker_moves,
        py::arg("nodes") = VctLimits{}.max_nodes,
        "A victory by continuous threats (fours and threes) for the side to move, as find_vcf.");
    m.def(
        "greedy_move",
        [](AnyBoard& board, int choices, std::uint64_t seed) -> py::object {
            if (choices < 1)
                fail("choices must be at least 1");
            const auto found = board.visit([&](auto& b) {
                GomokuGame game(b);
                return Greedy<decltype(game)>(GreedyOptions{choices, seed}).search(game);
            });
            if (!found.best_move)
                return py::none();
            return python::to_python(*found.best_move);
        },
        py::arg("board"), py::kw_only(), py::arg("choices") = 1, py::arg("seed") = 0,
        "The one-ply greedy choice by threat patterns; with `choices` > 1 a random one of the "
        "best `choices` (it still takes a win and blocks a five). None at a finished game.");
}

} // namespace tengen::python
