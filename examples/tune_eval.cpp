// tengen_tune_eval: tunes the gomoku evaluation's weights (GomokuWeights::own, opponent, tempo;
// or the threat-situation values) by logistic regression of game outcomes on the threat counts
// of positions from self-play.
//
//   tengen_tune_eval generate --rule freestyle --games 1000 --out examples/tune/freestyle.games
//   tengen_tune_eval fit examples/tune/*.games --header include/tengen/gomoku/eval_weights.hpp
//   tengen_tune_eval fit --situation examples/tune/*.games --header <eval_situation.hpp>
//
// `generate` plays α-β against itself under node limits from random openings, with the default
// evaluation written by hand (so that the games do not depend on the weights they tune), and
// writes one game a line. `fit` replays the games, keeps the quiet positions (no five to make or
// stop, no winning four to play), and fits the probability that the side to move wins,
// sigmoid(evaluation / scale), to the outcome, by gradient descent on the cross-entropy. The
// scale is first fitted with the hand weights, so that the tuned weights keep the units the
// search's margins are written in. One game in ten is held out, and the cross-entropy of both
// weight sets on it is printed and written into the header. With --situation the counts keep
// their hand values and only the threat situation's table is fitted, one for the rules without
// fouls and one for renju, on every position the evaluation's tactical tests leave to the sum
// (threat-making positions included: the table is about them). With --search-nodes N each
// position is also valued by an N-node search of the engine as it ships, and the fit's target
// is a blend of that value (as a probability, on the same scale) and the outcome, which a single
// game's result measures with much noise. --write-positions FILE writes the positions a fit takes
// (pos strings) for another engine to label (examples/match/label_positions.py), and --labels
// FILE fits only the labelled ones, to a blend of the label (on a logistic scale of its own,
// fitted to the outcomes) and the outcome. See docs/tune.md.

#include "match/openings.hpp"

#include <tengen/tengen.hpp>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

using namespace tengen;
using namespace tengen::examples;

constexpr int exit_failure = 1;
constexpr int exit_usage = 2;

// ---------------------------------------------------------------------------------------------
// generate

struct GenerateSettings {
    std::string rule_name = "freestyle";
    int size = 15;
    int games = 1000;
    std::int64_t nodes = 10'000; ///< α-β nodes a move
    /// Plies after the opening played by a Greedy choosing among its best few: variety.
    int random_plies = 2;
    int greedy_choices = 4;
    std::uint64_t seed = 1;
    int concurrency = 2;
    /// Play with the default weights, threat situation tables included, rather than the counts
    /// alone: games of the engine as it ships (the same games only at the same tables).
    bool with_situation = false;
    std::string out_path;
};

/// One game of the file: the rule, the outcome and the moves.
struct GameLine {
    std::string rule;
    std::optional<Color> winner; ///< empty: a draw
    std::string moves;
};

[[nodiscard]] std::string outcome_text(const std::optional<Color>& winner) {
    if (!winner)
        return "1/2";
    return *winner == Color::Black ? "1-0" : "0-1";
}

/// Plays game `index` of the run and returns its line.
template <RulePolicy Rule>
[[nodiscard]] GameLine play_game(const GenerateSettings& s, const std::string& rule_name,
                                 int index) {
    using B = Board<Rule>;
    std::mt19937_64 rng(derive_seed(s.seed, 0, static_cast<std::uint64_t>(index)));
    B board(s.size);
    const auto opening =
        draw_opening(board, OpeningShape{}, rng, [](const B& b) { return !b.result().is_over(); });
    if (!opening)
        throw std::runtime_error(opening.error().message);
    const GomokuWeights weights = s.with_situation ? GomokuWeights{} : GomokuWeights::counts_only();
    AlphaBetaOptions options = SearcherOptions::playing_defaults();
    options.tt_megabytes = 4;
    AlphaBeta<GomokuGame<B>> engine(options);
    Greedy<GomokuGame<B>> greedy(GreedyOptions{s.greedy_choices, rng()});
    GomokuGame<B> game(board, weights);
    SearchLimits limits;
    limits.max_nodes = s.nodes;
    for (int ply = 0; !board.result().is_over(); ++ply) {
        const auto found = ply < s.random_plies ? greedy.search(game) : engine.search(game, limits);
        // A side left with nothing but a pass (renju Black on a nearly full board): a draw, and
        // the move text has no pass.
        if (!found.best_move || found.best_move->is_pass())
            return GameLine{rule_name, std::nullopt, to_pos(board.history())};
        board.play(*found.best_move);
    }
    return GameLine{rule_name, board.result().winner, to_pos(board.history())};
}

int generate(const GenerateSettings& s) {
    const auto rule = rule_from_string(s.rule_name);
    if (!rule) {
        std::cerr << "tengen_tune_eval: " << rule.error().message << '\n';
        return exit_usage;
    }
    const auto size_error = visit_rule(*rule, [&](auto tag) {
        return Board<typename decltype(tag)::type>::check_size(s.size, s.size);
    });
    if (size_error) {
        std::cerr << "tengen_tune_eval: " << size_error->message << '\n';
        return exit_usage;
    }
    const std::string rule_name = to_string(*rule);
    std::vector<GameLine> lines(static_cast<std::size_t>(s.games));
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    std::atomic<bool> failed{false};
    const auto work = [&] {
        try {
            for (int g = next++; g < s.games && !failed; g = next++) {
                lines[static_cast<std::size_t>(g)] = visit_rule(*rule, [&](auto tag) {
                    return play_game<typename decltype(tag)::type>(s, rule_name, g);
                });
                const int finished = ++done;
                std::fprintf(stderr, "\r%d/%d games", finished, s.games);
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "\ntengen_tune_eval: %s\n", e.what());
            failed = true;
        }
    };
    std::vector<std::thread> workers;
    for (int w = 0; w < std::max(1, s.concurrency); ++w)
        workers.emplace_back(work);
    for (auto& w : workers)
        w.join();
    std::fprintf(stderr, "\n");
    if (failed)
        return exit_failure;
    std::ofstream out(s.out_path);
    out << "# tengen_tune_eval generate --rule " << rule_name << " --size " << s.size << " --games "
        << s.games << " --nodes " << s.nodes << " --random-plies " << s.random_plies
        << " --greedy-choices " << s.greedy_choices << " --seed " << s.seed
        << (s.with_situation ? " --with-situation" : "")
        << "\n# one game a line: rule, outcome (1-0 Black won, 0-1 White, 1/2 a draw), moves\n";
    for (const auto& line : lines)
        out << line.rule << ' ' << outcome_text(line.winner) << ' ' << line.moves << '\n';
    out.flush();
    if (!out) {
        std::cerr << "tengen_tune_eval: cannot write " << s.out_path << '\n';
        return exit_failure;
    }
    return 0;
}

// ---------------------------------------------------------------------------------------------
// fit

/// The threat classes whose weights are tuned: not None (every empty cell), not Five (a
/// position with a five to make or stop is not quiet, so the data say nothing about it).
[[nodiscard]] constexpr bool is_tuned(Threat t) noexcept {
    return t != Threat::None && t != Threat::Five;
}

/// A position of a game: its threat counts for the side to move and the opponent, its threat
/// situation, whether its rule has fouls (renju), the outcome for the side to move (1 a win, 0
/// a loss, 0.5 a draw) and the target the fit pulls sigmoid(evaluation / scale) towards: the
/// outcome, or a blend of it with a search's value of the position (--search-nodes).
struct Sample {
    std::array<std::int16_t, threat_class_count> own{};
    std::array<std::int16_t, threat_class_count> opponent{};
    std::uint16_t situation = 0;
    bool fouls = false;
    float outcome = 0.5F;
    float target = 0.5F;
    /// The search's value for the side to move (--search-nodes, in the evaluation's units) or
    /// the label read for the position (--labels, in the labelling engine's units); else empty.
    std::optional<Value> searched;
    /// Moves played before the position (its place in the game's move list).
    std::uint16_t ply = 0;
    /// With --shapes: (index into Parameters::shapes, the number of cells with that shape,
    /// negative for the opponent's) for every shape but the all-Dead one.
    std::vector<std::pair<std::uint16_t, std::int16_t>> shape_terms;
};

/// The index in Parameters::shapes of colour index `ci`'s value of `shape` in `role`. Rules
/// without fouls tie the colours (ci 0 for both).
[[nodiscard]] constexpr std::size_t shape_parameter(std::size_t ci, ShapeRole role,
                                                    int shape) noexcept {
    return (ci * 2 + static_cast<std::size_t>(role)) * shape_count +
           static_cast<std::size_t>(shape);
}

/// Number of shape parameters: two colours, two roles.
inline constexpr std::size_t shape_parameter_count = 4 * shape_count;

/// The parameters: the tuned classes' own and opponent values, the tempo and the threat
/// situations' values.
struct Parameters {
    std::array<double, threat_class_count> own{};
    std::array<double, threat_class_count> opponent{};
    double tempo = 0;
    std::array<double, threat_situation_count> situation{};
    /// With --shapes: the shapes' values (shape_parameter), in place of own and opponent.
    std::vector<double> shapes;
};

/// The counts' values and the tempo of `w`; the situations' values start at 0.
[[nodiscard]] Parameters parameters_of(const GomokuWeights& w) {
    Parameters p;
    const auto own = w.own.by_threat();
    const auto opponent = w.opponent.by_threat();
    for (std::size_t t = 0; t < threat_class_count; ++t) {
        p.own[t] = own[t];
        p.opponent[t] = opponent[t];
    }
    p.tempo = w.tempo;
    return p;
}

[[nodiscard]] double evaluate(const Parameters& p, const Sample& s) noexcept {
    double v = p.tempo + p.situation[s.situation];
    if (!p.shapes.empty()) {
        for (const auto& [index, count] : s.shape_terms)
            v += p.shapes[index] * count;
        return v;
    }
    for (std::size_t t = 0; t < threat_class_count; ++t)
        v += p.own[t] * s.own[t] - p.opponent[t] * s.opponent[t];
    return v;
}

[[nodiscard]] double sigmoid(double x) noexcept {
    return 1.0 / (1.0 + std::exp(-x));
}

/// What a cross-entropy compares sigmoid(evaluation / scale) with.
enum class Against : std::uint8_t { Outcome, Target };

/// Mean cross-entropy of the outcomes (or the targets) against sigmoid(evaluation / scale).
[[nodiscard]] double cross_entropy(const Parameters& p, double scale,
                                   const std::vector<Sample>& samples,
                                   Against against = Against::Outcome) {
    constexpr double tiny = 1e-12;
    double sum = 0;
    for (const auto& s : samples) {
        const double q = std::clamp(sigmoid(evaluate(p, s) / scale), tiny, 1.0 - tiny);
        const double y = against == Against::Outcome ? s.outcome : s.target;
        sum -= y * std::log(q) + (1.0 - y) * std::log(1.0 - q);
    }
    return sum / static_cast<double>(samples.size());
}

/// Which positions of a game a fit takes.
enum class Positions : std::uint8_t {
    Quiet,     ///< no five to make or stop, no winning threat for either side (the counts' fit)
    Undecided, ///< no five to make or stop, no open four or double four to make (the situations')
};

/// True where the evaluation's sum is what decides, the tactical tests passed: no five to make
/// or stop, no open four or double four for the side to move to make.
template <typename B> [[nodiscard]] bool is_undecided(const B& board) {
    const Color us = board.side_to_move();
    return !board.has_five(us) && !board.has_five(opponent(us)) &&
           board.threat_count(us, Threat::OpenFour) == 0 &&
           board.threat_count(us, Threat::DoubleFour) == 0;
}

/// True where the counts alone are what decides: no five to make or stop and no winning threat
/// for either side.
template <typename B> [[nodiscard]] bool is_quiet(const B& board) {
    for (Color c : all_colors)
        if (board.threat_count(c, Threat::Five) > 0 ||
            board.threat_count(c, Threat::OpenFour) > 0 ||
            board.threat_count(c, Threat::DoubleFour) > 0 ||
            board.threat_count(c, Threat::FourThree) > 0)
            return false;
    return true;
}

/// The shape terms of `board` (Sample::shape_terms).
template <typename B>
[[nodiscard]] std::vector<std::pair<std::uint16_t, std::int16_t>> shape_terms(const B& board) {
    constexpr bool tied = !B::rule_type::has_forbidden_moves;
    const Color us = board.side_to_move();
    const Color them = opponent(us);
    std::vector<std::int16_t> counts(shape_parameter_count, 0);
    for (Point p : board.empty_points()) {
        if (const int shape = board.shape(p, us); shape != 0)
            ++counts[shape_parameter(tied ? 0 : index_of(us), ShapeRole::Mover, shape)];
        if (const int shape = board.shape(p, them); shape != 0)
            --counts[shape_parameter(tied ? 0 : index_of(them), ShapeRole::Waiter, shape)];
    }
    std::vector<std::pair<std::uint16_t, std::int16_t>> terms;
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (counts[i] != 0)
            terms.emplace_back(static_cast<std::uint16_t>(i), counts[i]);
    return terms;
}

/// The table of a labelling search (MiB): the searches are short.
constexpr std::size_t label_table_megabytes = 4;

/// Replays one game and appends its positions of kind `kind` after the opening to `out`; with
/// `search_nodes` > 0 each is also searched that many nodes by the engine as it ships (its
/// default weights, a table kept over the game's positions).
template <RulePolicy Rule>
[[nodiscard]] std::optional<std::string> collect(const GameLine& line, int size, Positions kind,
                                                 std::int64_t search_nodes, bool shapes,
                                                 std::vector<Sample>& out) {
    if (auto error = Board<Rule>::check_size(size, size))
        return error->message;
    using B = Board<Rule>;
    B board(size);
    const auto moves = parse_pos_moves(line.moves);
    if (!moves)
        return moves.error().message;
    std::optional<AlphaBeta<GomokuGame<B>>> engine;
    std::optional<GomokuGame<B>> game;
    SearchLimits limits;
    if (search_nodes > 0) {
        AlphaBetaOptions options = SearcherOptions::playing_defaults();
        options.tt_megabytes = label_table_megabytes;
        engine.emplace(options);
        game.emplace(board, GomokuWeights{});
        limits.max_nodes = search_nodes;
    }
    for (std::size_t i = 0; i < moves->size(); ++i) {
        const bool taken = kind == Positions::Quiet ? is_quiet(board) : is_undecided(board);
        if (static_cast<int>(i) >= OpeningShape{}.stones && taken) {
            Sample s;
            const Color us = board.side_to_move();
            for (std::size_t t = 0; t < threat_class_count; ++t) {
                s.own[t] =
                    static_cast<std::int16_t>(board.threat_count(us, static_cast<Threat>(t)));
                s.opponent[t] = static_cast<std::int16_t>(
                    board.threat_count(opponent(us), static_cast<Threat>(t)));
            }
            s.situation = static_cast<std::uint16_t>(threat_situation(board));
            s.fouls = Rule::has_forbidden_moves;
            if (shapes)
                s.shape_terms = shape_terms(board);
            s.outcome = !line.winner ? 0.5F : (*line.winner == us ? 1.0F : 0.0F);
            s.target = s.outcome;
            s.ply = static_cast<std::uint16_t>(i);
            if (engine)
                s.searched = engine->search(*game, limits).value;
            out.push_back(s);
        }
        if (board.try_play((*moves)[i]) != MoveError::None)
            return "move " + std::to_string(i + 1) + " (" + to_pos((*moves)[i]) +
                   ") cannot be played";
    }
    return std::nullopt;
}

struct FitSettings {
    std::vector<std::string> inputs;
    /// Games kept out of the fit whose positions measure it (--test): games against other
    /// engines, say.
    std::vector<std::string> test_inputs;
    std::string header_path;
    int size = 15;
    int iterations = 3000;
    double learning_rate = 0.5; ///< Adam's step, in evaluation units
    /// One game in this many is held out for validation.
    int holdout_every = 10;
    /// Fit the threat situations' values instead of the counts'.
    bool situation = false;
    /// Fit the shapes' values (the situations' at the values in force) instead of the counts'.
    bool shapes = false;
    /// With --shapes: the pull of each shape's value towards its threat class's (an L2 penalty
    /// on the difference, per position, in the gradient's units).
    double shape_pull = 0;
    /// Nodes of the search that values each position (0: the outcomes alone are the targets).
    std::int64_t search_nodes = 0;
    /// The search value's share of the target, the outcome's the rest.
    double search_weight = 0.5;
    /// Games replayed (and searched) at the same time.
    int concurrency = 2;
    /// Where to write the positions a fit takes, one pos string a line (then nothing is fitted).
    std::string positions_path;
    /// A file of "pos value" lines: the positions' labels by another engine (--labels).
    std::string labels_path;
    /// The labels' logistic scale, in the labelling engine's units (0: fitted to the outcomes).
    double label_scale = 0;

    /// True when the targets blend the outcomes with values (a search's or another engine's).
    [[nodiscard]] bool blends() const noexcept { return search_nodes > 0 || !labels_path.empty(); }
    /// The logistic scale of the values blended in, given the evaluation's.
    [[nodiscard]] double value_scale(double evaluation_scale) const noexcept {
        return labels_path.empty() ? evaluation_scale : label_scale;
    }
};

/// The pos string of the first `ply` moves of a game (parsed by the caller).
[[nodiscard]] std::string position_key(const std::vector<Point>& moves, std::size_t ply) {
    return to_pos(std::span<const Point>(moves.data(), ply));
}

/// The targets of `samples` with their search values: (1 - weight) x outcome + weight x
/// sigmoid(value / scale), a proven win or loss counting as 1 or 0.
void blend_targets(std::vector<Sample>& samples, double scale, double weight) {
    for (auto& x : samples) {
        if (!x.searched)
            continue;
        const Value v = *x.searched;
        const double searched = is_decisive(v) ? (v > 0 ? 1.0 : 0.0) : sigmoid(v / scale);
        x.target = static_cast<float>((1.0 - weight) * x.outcome + weight * searched);
    }
}

/// The scale in [lowest, highest] that minimises `loss(scale)`: a golden-section search on
/// log(scale), for losses that have one minimum there.
template <class Loss>
[[nodiscard]] double minimise_over_scale(Loss&& loss, double lowest, double highest) {
    double lo = std::log(lowest);
    double hi = std::log(highest);
    const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
    constexpr int steps = 40;
    for (int i = 0; i < steps; ++i) {
        const double a = hi - ratio * (hi - lo);
        const double b = lo + ratio * (hi - lo);
        if (loss(std::exp(a)) < loss(std::exp(b)))
            hi = b;
        else
            lo = a;
    }
    return std::exp((lo + hi) / 2.0);
}

/// The scale that fits the hand weights best.
[[nodiscard]] double fit_scale(const Parameters& p, const std::vector<Sample>& samples) {
    constexpr double lowest = 10.0;
    constexpr double highest = 10'000.0;
    return minimise_over_scale([&](double scale) { return cross_entropy(p, scale, samples); },
                               lowest, highest);
}

/// Adam on the tuned parameters, the scale fixed.
[[nodiscard]] Parameters descend(Parameters p, double scale, const std::vector<Sample>& samples,
                                 const FitSettings& s) {
    constexpr double beta1 = 0.9;
    constexpr double beta2 = 0.999;
    constexpr double epsilon = 1e-12;
    constexpr std::size_t count = 2 * threat_class_count + 1;
    std::array<double, count> m{};
    std::array<double, count> v{};
    for (int it = 1; it <= s.iterations; ++it) {
        std::array<double, count> g{};
        for (const auto& x : samples) {
            const double e = sigmoid(evaluate(p, x) / scale) - x.target;
            for (std::size_t t = 0; t < threat_class_count; ++t) {
                g[t] += e * x.own[t];
                g[threat_class_count + t] -= e * x.opponent[t];
            }
            g[count - 1] += e;
        }
        const double bias1 = 1.0 - std::pow(beta1, it);
        const double bias2 = 1.0 - std::pow(beta2, it);
        for (std::size_t i = 0; i < count; ++i) {
            const bool tuned =
                i == count - 1 || is_tuned(static_cast<Threat>(i % threat_class_count));
            if (!tuned)
                continue;
            const double grad = g[i] / (scale * static_cast<double>(samples.size()));
            m[i] = beta1 * m[i] + (1 - beta1) * grad;
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad;
            const double step =
                s.learning_rate * (m[i] / bias1) / (std::sqrt(v[i] / bias2) + epsilon);
            double& w = i == count - 1           ? p.tempo
                        : i < threat_class_count ? p.own[i]
                                                 : p.opponent[i - threat_class_count];
            w -= step;
        }
    }
    return p;
}

/// Adam on the threat situations' values alone, the counts and the scale fixed. A situation no
/// sample has keeps its value.
[[nodiscard]] Parameters descend_situations(Parameters p, double scale,
                                            const std::vector<Sample>& samples,
                                            const FitSettings& s) {
    constexpr double beta1 = 0.9;
    constexpr double beta2 = 0.999;
    constexpr double epsilon = 1e-12;
    std::array<double, threat_situation_count> m{};
    std::array<double, threat_situation_count> v{};
    for (int it = 1; it <= s.iterations; ++it) {
        std::array<double, threat_situation_count> g{};
        for (const auto& x : samples)
            g[x.situation] += sigmoid(evaluate(p, x) / scale) - x.target;
        const double bias1 = 1.0 - std::pow(beta1, it);
        const double bias2 = 1.0 - std::pow(beta2, it);
        for (std::size_t i = 0; i < threat_situation_count; ++i) {
            if (g[i] == 0)
                continue;
            const double grad = g[i] / (scale * static_cast<double>(samples.size()));
            m[i] = beta1 * m[i] + (1 - beta1) * grad;
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad;
            p.situation[i] -=
                s.learning_rate * (m[i] / bias1) / (std::sqrt(v[i] / bias2) + epsilon);
        }
    }
    return p;
}

/// Writes `text` to `path`, or prints it when `path` is empty.
int write_header(const std::string& text, const std::string& path) {
    if (path.empty()) {
        std::cout << '\n' << text;
        return 0;
    }
    std::ofstream out(path);
    out << text;
    out.flush();
    if (!out) {
        std::cerr << "tengen_tune_eval: cannot write " << path << '\n';
        return exit_failure;
    }
    return 0;
}

/// The ThreatValues of `values`, rounded, in the order of Threat.
void write_values(std::ostream& out, std::string_view name,
                  const std::array<double, threat_class_count>& values) {
    static constexpr std::array<std::string_view, threat_class_count> fields{
        "none",         "forbidden",  "closed_two",   "open_two", "double_two",
        "closed_three", "open_three", "double_three", "four",     "four_three",
        "double_four",  "open_four",  "five"};
    static_assert(static_cast<std::size_t>(Threat::Five) + 1 == threat_class_count);
    out << "inline constexpr ThreatValues " << name << "{";
    bool first = true;
    for (std::size_t t = 0; t < threat_class_count; ++t) {
        const auto rounded = static_cast<long>(std::lround(values[t]));
        if (rounded == 0)
            continue;
        out << (first ? "" : ", ") << '.' << fields[t] << " = " << rounded;
        first = false;
    }
    out << "};\n";
}

/// The samples of `samples` whose rule has fouls (`fouls`) or has none.
[[nodiscard]] std::vector<Sample> of_family(const std::vector<Sample>& samples, bool fouls) {
    std::vector<Sample> kept;
    std::copy_if(samples.begin(), samples.end(), std::back_inserter(kept),
                 [&](const Sample& x) { return x.fouls == fouls; });
    return kept;
}

/// A parameter set and its name, for report_test.
struct NamedParameters {
    const char* name;
    const Parameters* parameters;
};

/// Prints the cross-entropy of each of `sets` on `test`, the positions of the --test games: the
/// evaluation's calibration on games the fit did not see, against their outcomes, and against
/// the search's values when the positions were searched (--search-nodes).
void report_test(std::vector<Sample> test, double scale, const FitSettings& s,
                 std::initializer_list<NamedParameters> sets) {
    if (test.empty())
        return;
    const auto print_row = [&](Against against) {
        const char* separator = " ";
        for (const auto& set : sets) {
            std::printf("%s%s %.5f", separator, set.name,
                        cross_entropy(*set.parameters, scale, test, against));
            separator = ", ";
        }
        std::printf("\n");
    };
    std::printf("--test games, %zu positions; cross-entropy against the outcomes:", test.size());
    print_row(Against::Outcome);
    if (s.search_nodes == 0)
        return;
    constexpr double search_alone = 1.0;
    blend_targets(test, scale, search_alone);
    std::printf("against the %lld-node search's values:", static_cast<long long>(s.search_nodes));
    print_row(Against::Target);
}

/// The threat situations' fit: a table for each family of rules that has positions (the other
/// family's table is all zeros), printed or written as eval_situation.hpp.
int fit_situations(const std::vector<Sample>& training, const std::vector<Sample>& holdout,
                   const std::vector<Sample>& test, int games, const FitSettings& s) {
    const Parameters hand = parameters_of(GomokuWeights::counts_only());
    std::ostringstream header;
    header << "#pragma once\n"
              "/// \\file\n"
              "/// The threat situations' values of GomokuWeights (situation, situation_renju), "
              "fitted by\n"
              "/// examples/tune_eval.cpp (`fit --situation`) from "
           << games << " games (";
    for (std::size_t i = 0; i < s.inputs.size(); ++i)
        header << (i == 0 ? "" : ", ") << std::filesystem::path(s.inputs[i]).filename().string();
    header << "), the counts at their\n/// hand values";
    if (s.search_nodes > 0)
        header << ", the targets " << s.search_weight << " x a " << s.search_nodes
               << "-node search's value and the rest the outcome";
    if (!s.labels_path.empty())
        header << ", the targets " << s.search_weight << " x the labels of "
               << std::filesystem::path(s.labels_path).filename().string() << " (scale "
               << std::lround(s.label_scale) << ") and the rest the outcome";
    header << ". Generated: do not edit. Regenerate as docs/tune.md says.\n\n"
              "#include <tengen/gomoku/threat_situation.hpp>\n\n"
              "namespace tengen::situation_evaluation {\n";
    for (const bool fouls : {false, true}) {
        std::vector<Sample> train = of_family(training, fouls);
        std::vector<Sample> held = of_family(holdout, fouls);
        Parameters tuned = hand;
        double scale = 0;
        const char* family = fouls ? "Renju" : "Rules without fouls";
        if (!train.empty() && !held.empty()) {
            scale = fit_scale(hand, train);
            // With labels (often of a share of the positions), the table is first fitted to
            // every position's outcome, then to the labelled positions' blends: a situation no
            // labelled position has keeps its fit to the outcomes.
            const Parameters start =
                s.labels_path.empty() ? hand : descend_situations(hand, scale, train, s);
            blend_targets(train, s.value_scale(scale), s.search_weight);
            blend_targets(held, s.value_scale(scale), s.search_weight);
            std::vector<Sample> fitted = train;
            if (!s.labels_path.empty())
                std::erase_if(fitted, [](const Sample& x) { return !x.searched; });
            tuned = descend_situations(start, scale, fitted, s);
            std::printf("%s: %zu training positions, %zu held out; scale %.1f\n", family,
                        train.size(), held.size(), scale);
            if (!s.labels_path.empty())
                std::printf("%zu training positions labelled\n", fitted.size());
            std::printf("cross-entropy   training  held out  (outcomes)\n");
            std::printf("counts alone    %.5f   %.5f\n", cross_entropy(hand, scale, train),
                        cross_entropy(hand, scale, held));
            std::printf("with the table  %.5f   %.5f\n", cross_entropy(tuned, scale, train),
                        cross_entropy(tuned, scale, held));
            if (s.blends()) {
                std::printf("cross-entropy against the blended targets, held out: counts alone "
                            "%.5f, with the table %.5f\n",
                            cross_entropy(hand, scale, held, Against::Target),
                            cross_entropy(tuned, scale, held, Against::Target));
            }
            Parameters shipped = hand;
            const GomokuWeights in_force;
            const SituationValues& shipped_values =
                fouls ? in_force.situation_renju : in_force.situation;
            std::copy(shipped_values.begin(), shipped_values.end(), shipped.situation.begin());
            report_test(
                of_family(test, fouls), scale, s,
                {{"counts alone", &hand}, {"the table in force", &shipped}, {"this fit", &tuned}});
            char figures[160];
            std::snprintf(figures, sizeof figures,
                          "/// %s: %zu positions, logistic scale %ld; cross-entropy on the "
                          "held-out games:\n/// counts alone %.4f, with the table %.4f.\n",
                          family, train.size() + held.size(), std::lround(scale),
                          cross_entropy(hand, scale, held), cross_entropy(tuned, scale, held));
            header << '\n' << figures;
        } else {
            header << "\n/// " << family << ": no games, no values.\n";
        }
        header << "inline constexpr SituationValues " << (fouls ? "renju" : "without_fouls") << "{";
        for (std::size_t i = 0; i < threat_situation_count; ++i)
            header << (i == 0 ? "" : ", ") << std::lround(tuned.situation[i]);
        header << "};\n";
    }
    header << "\n} // namespace tengen::situation_evaluation\n";
    return write_header(header.str(), s.header_path);
}

/// The shipped weights' parameters, with the shapes' values of a family of rules (`Rule`'s)
/// at their threat classes' own and opponent values: exactly the evaluation in force.
template <RulePolicy Rule> [[nodiscard]] Parameters shape_parameters_in_force() {
    const GomokuWeights in_force;
    Parameters p = parameters_of(in_force);
    const SituationValues& situation =
        Rule::has_forbidden_moves ? in_force.situation_renju : in_force.situation;
    std::copy(situation.begin(), situation.end(), p.situation.begin());
    p.shapes.assign(shape_parameter_count, 0.0);
    for (Color c : all_colors)
        for (int shape = 1; shape < shape_count; ++shape) {
            const auto t =
                static_cast<std::size_t>(combine_patterns<Rule>(c, shape_patterns(shape)));
            p.shapes[shape_parameter(index_of(c), ShapeRole::Mover, shape)] = p.own[t];
            p.shapes[shape_parameter(index_of(c), ShapeRole::Waiter, shape)] = p.opponent[t];
        }
    return p;
}

/// Adam on the shapes' values alone (the opponent's terms carry a negative count), pulled towards
/// `start`'s by s.shape_pull; the rest and the scale fixed.
[[nodiscard]] Parameters descend_shapes(const Parameters& start, double scale,
                                        const std::vector<Sample>& samples, const FitSettings& s) {
    constexpr double beta1 = 0.9;
    constexpr double beta2 = 0.999;
    constexpr double epsilon = 1e-12;
    Parameters p = start;
    std::vector<double> m(shape_parameter_count, 0.0);
    std::vector<double> v(shape_parameter_count, 0.0);
    std::vector<double> g(shape_parameter_count, 0.0);
    std::vector<bool> seen(shape_parameter_count, false);
    for (const auto& x : samples)
        for (const auto& term : x.shape_terms)
            seen[term.first] = true;
    const double n = static_cast<double>(samples.size());
    for (int it = 1; it <= s.iterations; ++it) {
        std::fill(g.begin(), g.end(), 0.0);
        for (const auto& x : samples) {
            const double e = sigmoid(evaluate(p, x) / scale) - x.target;
            for (const auto& [index, count] : x.shape_terms)
                g[index] += e * count;
        }
        const double bias1 = 1.0 - std::pow(beta1, it);
        const double bias2 = 1.0 - std::pow(beta2, it);
        for (std::size_t i = 0; i < shape_parameter_count; ++i) {
            if (!seen[i])
                continue;
            const double grad = g[i] / (scale * n) + s.shape_pull * (p.shapes[i] - start.shapes[i]);
            m[i] = beta1 * m[i] + (1 - beta1) * grad;
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad;
            p.shapes[i] -= s.learning_rate * (m[i] / bias1) / (std::sqrt(v[i] / bias2) + epsilon);
        }
    }
    return p;
}

/// The shapes' fit: tables for each family of rules that has positions (a family without keeps
/// its threat classes' values), printed or written as eval_shapes.hpp.
int fit_shapes(const std::vector<Sample>& training, const std::vector<Sample>& holdout,
               const std::vector<Sample>& test, int games, const FitSettings& s) {
    std::ostringstream header;
    header
        << "#pragma once\n"
           "/// \\file\n"
           "/// The shapes' values of GomokuWeights::with_shapes() (shapes, shapes_renju), fitted "
           "by\n"
           "/// examples/tune_eval.cpp (`fit --shapes`) from "
        << games << " games (";
    for (std::size_t i = 0; i < s.inputs.size(); ++i)
        header << (i == 0 ? "" : ", ") << std::filesystem::path(s.inputs[i]).filename().string();
    header << "), the situations at\n/// the values in force, each value pulled towards its "
              "threat class's by "
           << s.shape_pull
           << ". Generated: do not edit.\n/// Regenerate as docs/tune.md says.\n\n"
              "#include <tengen/gomoku/shape.hpp>\n\n"
              "namespace tengen::shape_evaluation {\n";
    for (const bool fouls : {false, true}) {
        std::vector<Sample> train = of_family(training, fouls);
        std::vector<Sample> held = of_family(holdout, fouls);
        const Parameters in_force =
            fouls ? shape_parameters_in_force<Renju>() : shape_parameters_in_force<Freestyle>();
        Parameters tuned = in_force;
        const char* family = fouls ? "Renju" : "Rules without fouls";
        if (!train.empty() && !held.empty()) {
            const double scale = fit_scale(in_force, train);
            tuned = descend_shapes(in_force, scale, train, s);
            std::printf("%s: %zu training positions, %zu held out; scale %.1f\n", family,
                        train.size(), held.size(), scale);
            std::printf("cross-entropy      training  held out  (outcomes)\n");
            std::printf("classes in force   %.5f   %.5f\n", cross_entropy(in_force, scale, train),
                        cross_entropy(in_force, scale, held));
            std::printf("shapes             %.5f   %.5f\n", cross_entropy(tuned, scale, train),
                        cross_entropy(tuned, scale, held));
            report_test(of_family(test, fouls), scale, s,
                        {{"classes in force", &in_force}, {"shapes", &tuned}});
            char figures[200];
            std::snprintf(figures, sizeof figures,
                          "/// %s: %zu positions, logistic scale %ld; cross-entropy on the "
                          "held-out games:\n/// the classes' values %.4f, the shapes' %.4f.\n",
                          family, train.size() + held.size(), std::lround(scale),
                          cross_entropy(in_force, scale, held), cross_entropy(tuned, scale, held));
            header << '\n' << figures;
        } else {
            header << "\n/// " << family << ": no games, the threat classes' values.\n";
        }
        header << "inline constexpr ShapeTable " << (fouls ? "renju" : "without_fouls") << "{{";
        for (std::size_t ci = 0; ci < 2; ++ci) {
            header << (ci == 0 ? "" : ", ") << "{{";
            for (const ShapeRole role : {ShapeRole::Mover, ShapeRole::Waiter}) {
                header << (role == ShapeRole::Mover ? "{" : ", {");
                for (int shape = 0; shape < shape_count; ++shape)
                    header << (shape == 0 ? "" : ", ")
                           << std::lround(
                                  tuned.shapes[shape_parameter(fouls ? ci : 0, role, shape)]);
                header << "}";
            }
            header << "}}";
        }
        header << "}};\n";
    }
    header << "\n} // namespace tengen::shape_evaluation\n";
    return write_header(header.str(), s.header_path);
}

/// A game read from a file, and where it was read (for errors).
struct ReadGame {
    GameLine line;
    std::string place; ///< path:line
};

/// Replays every game (`s.concurrency` at a time) and returns each game's positions, in the
/// games' order; on an error, the error's text.
[[nodiscard]] std::optional<std::string> collect_all(const std::vector<ReadGame>& read,
                                                     const FitSettings& s,
                                                     std::vector<std::vector<Sample>>& per_game) {
    per_game.assign(read.size(), {});
    std::vector<std::optional<std::string>> errors(read.size());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    const Positions kind = s.situation || s.shapes ? Positions::Undecided : Positions::Quiet;
    const auto work = [&] {
        for (std::size_t g = next++; g < read.size(); g = next++) {
            const auto rule = rule_from_string(read[g].line.rule);
            errors[g] = visit_rule(*rule, [&](auto tag) {
                return collect<typename decltype(tag)::type>(read[g].line, s.size, kind,
                                                             s.search_nodes, s.shapes, per_game[g]);
            });
            const std::size_t finished = ++done;
            if (s.search_nodes > 0)
                std::fprintf(stderr, "\r%zu/%zu games searched", finished, read.size());
        }
    };
    std::vector<std::thread> workers;
    for (int w = 0; w < std::max(1, s.concurrency); ++w)
        workers.emplace_back(work);
    for (auto& w : workers)
        w.join();
    if (s.search_nodes > 0)
        std::fprintf(stderr, "\n");
    for (std::size_t g = 0; g < read.size(); ++g)
        if (errors[g])
            return read[g].place + ": " + *errors[g];
    return std::nullopt;
}

/// Writes the pos string of every position in `per_game`, each once, to `path`.
[[nodiscard]] int write_positions(const std::vector<ReadGame>& read,
                                  const std::vector<std::vector<Sample>>& per_game,
                                  const std::string& path) {
    std::ofstream out(path);
    std::unordered_set<std::string> written;
    for (std::size_t g = 0; g < read.size(); ++g) {
        const auto moves = parse_pos_moves(read[g].line.moves);
        for (const Sample& x : per_game[g]) {
            std::string key = position_key(*moves, x.ply);
            if (written.insert(key).second)
                out << key << '\n';
        }
    }
    if (!out.flush()) {
        std::cerr << "tengen_tune_eval: cannot write " << path << '\n';
        return exit_failure;
    }
    std::printf("%zu positions written to %s\n", written.size(), path.c_str());
    return 0;
}

/// Reads the labels of `path` ("pos value" lines, value an integer or win or loss, for the side
/// to move) into the positions of `per_game` that have one; on an error, its text.
[[nodiscard]] std::optional<std::string> attach_labels(const std::vector<ReadGame>& read,
                                                       std::vector<std::vector<Sample>>& per_game,
                                                       const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return "cannot read " + path;
    std::unordered_map<std::string, Value> labels;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        if (text.empty() || text.front() == '#')
            continue;
        std::istringstream fields(text);
        std::string key;
        std::string value;
        fields >> key >> value;
        Value v = 0;
        if (value == "win" || value == "loss") {
            v = value == "win" ? value_win : -value_win;
        } else {
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (error != std::errc{} || end != value.data() + value.size() || value.empty() ||
                is_decisive(v))
                return path + ':' + std::to_string(number) +
                       ": expected a pos string and a value (an integer, win or loss)";
        }
        labels[key] = v;
    }
    std::size_t found = 0;
    for (std::size_t g = 0; g < read.size(); ++g) {
        const auto moves = parse_pos_moves(read[g].line.moves);
        for (Sample& x : per_game[g]) {
            const auto label = labels.find(position_key(*moves, x.ply));
            if (label != labels.end()) {
                x.searched = label->second;
                ++found;
            }
        }
    }
    if (found == 0)
        return path + ": no label names a position of the games";
    return std::nullopt;
}

/// The labels' logistic scale that fits the outcomes best, over the labels short of a win or
/// loss.
[[nodiscard]] double fit_label_scale(const std::vector<Sample>& samples) {
    const auto loss = [&](double scale) {
        constexpr double tiny = 1e-12;
        double sum = 0;
        for (const Sample& x : samples) {
            if (!x.searched || is_decisive(*x.searched))
                continue;
            const double q = std::clamp(sigmoid(*x.searched / scale), tiny, 1.0 - tiny);
            sum -= x.outcome * std::log(q) + (1.0 - x.outcome) * std::log(1.0 - q);
        }
        return sum;
    };
    constexpr double lowest = 10.0;
    constexpr double highest = 100'000.0;
    return minimise_over_scale(loss, lowest, highest);
}

/// Appends the games of the files `paths` to `read`; on an error, its text.
[[nodiscard]] std::optional<std::string> read_games(const std::vector<std::string>& paths,
                                                    std::vector<ReadGame>& read) {
    for (const auto& path : paths) {
        std::ifstream in(path);
        if (!in)
            return "tengen_tune_eval: cannot read " + path;
        std::string text;
        for (int number = 1; std::getline(in, text); ++number) {
            if (text.empty() || text.front() == '#')
                continue;
            std::istringstream fields(text);
            GameLine line;
            std::string outcome;
            fields >> line.rule >> outcome;
            std::getline(fields >> std::ws, line.moves);
            const auto rule = rule_from_string(line.rule);
            const bool outcome_ok = outcome == "1-0" || outcome == "0-1" || outcome == "1/2";
            if (!rule || !outcome_ok)
                return path + ':' + std::to_string(number) +
                       ": expected a rule, 1-0|0-1|1/2, moves";
            if (outcome != "1/2")
                line.winner = outcome == "1-0" ? Color::Black : Color::White;
            read.push_back({std::move(line), path + ':' + std::to_string(number)});
        }
    }
    return std::nullopt;
}

int fit(FitSettings s) {
    std::vector<ReadGame> read;
    std::vector<ReadGame> test_read;
    for (const auto& error : {read_games(s.inputs, read), read_games(s.test_inputs, test_read)})
        if (error) {
            std::cerr << *error << '\n';
            return exit_failure;
        }
    std::vector<std::vector<Sample>> per_game;
    if (const auto error = collect_all(read, s, per_game)) {
        std::cerr << *error << '\n';
        return exit_failure;
    }
    std::vector<std::vector<Sample>> test_per_game;
    if (const auto error = collect_all(test_read, s, test_per_game)) {
        std::cerr << *error << '\n';
        return exit_failure;
    }
    std::vector<Sample> test;
    for (const auto& positions : test_per_game)
        test.insert(test.end(), positions.begin(), positions.end());
    if (!s.test_inputs.empty() && test.empty()) {
        std::cerr << "tengen_tune_eval: no position of the --test games to measure on\n";
        return exit_failure;
    }
    if (!s.positions_path.empty())
        return write_positions(read, per_game, s.positions_path);
    if (!s.labels_path.empty()) {
        if (const auto error = attach_labels(read, per_game, s.labels_path)) {
            std::cerr << "tengen_tune_eval: " << *error << '\n';
            return exit_failure;
        }
    }
    std::vector<Sample> training;
    std::vector<Sample> holdout;
    const int games = static_cast<int>(read.size());
    for (int g = 0; g < games; ++g) {
        auto& out = g % s.holdout_every == 0 ? holdout : training;
        const auto& positions = per_game[static_cast<std::size_t>(g)];
        out.insert(out.end(), positions.begin(), positions.end());
    }
    if (training.empty() || holdout.empty()) {
        std::cerr << "tengen_tune_eval: too few positions\n";
        return exit_failure;
    }
    if (!s.labels_path.empty() && s.label_scale == 0) {
        s.label_scale = fit_label_scale(training);
        std::printf("labels' logistic scale, fitted to the outcomes: %.1f\n", s.label_scale);
    }
    if (s.situation)
        return fit_situations(training, holdout, test, games, s);
    if (s.shapes)
        return fit_shapes(training, holdout, test, games, s);
    const Parameters hand = parameters_of(GomokuWeights::counts_only());
    const double scale = fit_scale(hand, training);
    blend_targets(training, s.value_scale(scale), s.search_weight);
    const Parameters tuned = descend(hand, scale, training, s);
    const double hand_train = cross_entropy(hand, scale, training);
    const double hand_holdout = cross_entropy(hand, scale, holdout);
    const double tuned_train = cross_entropy(tuned, scale, training);
    const double tuned_holdout = cross_entropy(tuned, scale, holdout);
    std::printf("%d games: %zu training positions, %zu held out; scale %.1f\n", games,
                training.size(), holdout.size(), scale);
    std::printf("cross-entropy   training  held out\n");
    std::printf("hand weights    %.5f   %.5f\n", hand_train, hand_holdout);
    std::printf("tuned weights   %.5f   %.5f\n", tuned_train, tuned_holdout);
    report_test(test, scale, s, {{"hand weights", &hand}, {"tuned weights", &tuned}});

    std::ostringstream header;
    header << "#pragma once\n"
              "/// \\file\n"
              "/// The evaluation's weights of GomokuWeights::tuned() (own, opponent, tempo), "
              "fitted by\n"
              "/// examples/tune_eval.cpp from "
           << games << " self-play games (" << training.size() + holdout.size()
           << " quiet positions).\n"
              "/// Generated: do not edit. Regenerate as docs/tune.md says.\n"
              "/// Logistic scale "
           << std::lround(scale) << "; cross-entropy on the held-out games: hand weights ";
    char figures[64];
    std::snprintf(figures, sizeof figures, "%.4f, tuned %.4f.\n", hand_holdout, tuned_holdout);
    header << figures << "\n#include <tengen/gomoku/threat_values.hpp>\n\n"
           << "namespace tengen::tuned_evaluation {\n\n"
           << "/// Value of each cell where the side to move would make each threat.\n";
    write_values(header, "own", tuned.own);
    header << "/// Value of each cell where the opponent would make each threat.\n";
    write_values(header, "opponent", tuned.opponent);
    header << "/// Bonus of having the move.\n"
           << "inline constexpr Value tempo = " << std::lround(tuned.tempo) << ";\n\n"
           << "} // namespace tengen::tuned_evaluation\n";
    return write_header(header.str(), s.header_path);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"tengen_tune_eval: tunes the gomoku evaluation on self-play games"};
    app.require_subcommand(1);

    GenerateSettings g;
    auto* gen = app.add_subcommand("generate", "Play self-play games and write them, one a line");
    gen->add_option("-r,--rule", g.rule_name, "Rule (freestyle, standard, renju, caro, ...)")
        ->capture_default_str();
    gen->add_option("-s,--size", g.size, "Board size")
        ->capture_default_str()
        ->check(CLI::Range(5, layout::max_board_size));
    gen->add_option("-n,--games", g.games, "Games to play")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    gen->add_option("--nodes", g.nodes, "α-β nodes a move")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    gen->add_option("--random-plies", g.random_plies,
                    "Plies after the opening played by a Greedy among its best few")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    gen->add_option("--greedy-choices", g.greedy_choices,
                    "How many best moves that Greedy picks from")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    gen->add_option("--seed", g.seed, "Seed of the openings and the random plies")
        ->capture_default_str();
    gen->add_option("-j,--concurrency", g.concurrency, "Games played at the same time")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    gen->add_flag("--with-situation", g.with_situation,
                  "Play with the default weights (threat situation tables in), not the counts "
                  "alone");
    gen->add_option("-o,--out", g.out_path, "File to write")->required();

    FitSettings f;
    auto* fitting = app.add_subcommand("fit", "Fit the weights to the outcomes of the games");
    fitting->add_option("games", f.inputs, "Files written by generate")->required();
    fitting
        ->add_option("--test", f.test_inputs,
                     "Games kept out of the fit, on whose positions the evaluation in force and "
                     "the fit are measured (games against other engines, from sgf_games.py)")
        ->check(CLI::ExistingFile);
    fitting->add_option("--header", f.header_path,
                        "Write the weights as a header here (else print it)");
    fitting->add_option("-s,--size", f.size, "Board size of the games")
        ->capture_default_str()
        ->check(CLI::Range(5, layout::max_board_size));
    fitting->add_option("--iterations", f.iterations, "Gradient steps")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    fitting->add_option("--learning-rate", f.learning_rate, "Adam's step, in evaluation units")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    auto* search_nodes =
        fitting
            ->add_option("--search-nodes", f.search_nodes,
                         "Also value each position by an α-β search of this many nodes (the "
                         "engine as it ships) and fit to a blend of that value and the outcome")
            ->capture_default_str()
            ->check(CLI::NonNegativeNumber);
    auto* positions =
        fitting->add_option("--write-positions", f.positions_path,
                            "Write the positions the fit would take to FILE, one pos string a "
                            "line, and fit nothing (for label_positions.py)");
    auto* labels = fitting->add_option(
        "--labels", f.labels_path,
        "Fit the positions FILE labels (\"pos value\" lines, from label_positions.py) to a "
        "blend of the label and the outcome (--situation: after a fit of every position to "
        "its outcome)");
    labels->excludes(search_nodes)->excludes(positions);
    fitting
        ->add_option("--label-scale", f.label_scale,
                     "The labels' logistic scale (0: fitted to the outcomes)")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber)
        ->needs(labels);
    fitting
        ->add_option("--search-weight", f.search_weight,
                     "The share of the search value or label in the target (with "
                     "--search-nodes or --labels)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    fitting->add_option("-j,--concurrency", f.concurrency, "Games replayed at the same time")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    fitting->add_flag("--shapes", f.shapes,
                      "Fit the shapes' values (the situations' at the values in force) and write "
                      "eval_shapes.hpp");
    fitting
        ->add_option("--shape-pull", f.shape_pull,
                     "With --shapes: the L2 pull of each shape's value towards its class's")
        ->check(CLI::NonNegativeNumber);
    fitting->add_flag("--situation", f.situation,
                      "Fit the threat situations' values (the counts at their hand values) and "
                      "write eval_situation.hpp");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : exit_usage;
    }
    try {
        if (gen->parsed())
            return generate(g);
        return fit(f);
    } catch (const std::exception& e) {
        std::cerr << "tengen_tune_eval: " << e.what() << '\n';
        return exit_failure;
    }
}
