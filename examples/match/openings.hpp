#pragma once
/// \file
/// Openings for engine matches: read from a file (one per line, centre offsets or a pos string)
/// or generated at random from a seed and kept only when they look balanced.

#include <tengen/tengen.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <istream>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace tengen::examples {

/// The stones on the board before the engines play, Black's first, colours alternating.
using Opening = std::vector<Point>;

/// A seed for item `index` of stream `stream` of a match seeded with `seed`: distinct, well
/// mixed seeds for every game however the games are spread over threads. SplitMix64's
/// finaliser, applied twice.
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream,
                                                  std::uint64_t index) noexcept {
    // SplitMix64 (Steele, Lea and Flood, 2014): the golden-ratio increment and its two
    // multipliers.
    constexpr std::uint64_t increment = 0x9e3779b97f4a7c15ULL;
    constexpr std::uint64_t multiplier_1 = 0xbf58476d1ce4e5b9ULL;
    constexpr std::uint64_t multiplier_2 = 0x94d049bb133111ebULL;
    const auto mix = [](std::uint64_t z) {
        z = (z ^ (z >> 30)) * multiplier_1;
        z = (z ^ (z >> 27)) * multiplier_2;
        return z ^ (z >> 31);
    };
    return mix(mix(seed + increment * (stream + 1)) + increment * (index + 1));
}

namespace detail {

[[nodiscard]] inline std::optional<int> parse_offset(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace detail

/// Parses one opening for a `width` x `height` board, in either form:
///   - centre offsets `dx,dy, dx,dy, ...` (Gomocup and c-gomoku-cli opening files): the stone
///     goes to x = dx + width/2, y = dy + height/2 (integer division), y growing downwards;
///   - a pos string such as `h8i9j7` (columns from `a`, rows from 1 at the top).
/// The form is told by the comma. An Error names a malformed text, an odd number of offsets, a
/// stone off the board or two stones on one point. An empty text is the empty opening.
[[nodiscard]] inline Expected<Opening> parse_opening(std::string_view text, int width, int height) {
    text = trim(text);
    Opening stones;
    if (text.find(',') == std::string_view::npos) {
        auto moves = parse_pos_moves(text);
        if (!moves)
            return moves.error();
        for (std::size_t i = 0; i < moves->size(); ++i) {
            const Point p = (*moves)[i];
            if (p.x() >= width || p.y() >= height)
                return Error{"stone " + std::to_string(i + 1) + " (" + to_pos(p) + ") is off the " +
                             std::to_string(width) + "x" + std::to_string(height) + " board"};
        }
        stones = std::move(*moves);
    } else {
        std::vector<int> numbers;
        while (true) {
            const auto comma = text.find(',');
            const auto number = detail::parse_offset(text.substr(0, comma));
            if (!number)
                return Error{"malformed offset '" + std::string(trim(text.substr(0, comma))) +
                             "': expected a whole number"};
            numbers.push_back(*number);
            if (comma == std::string_view::npos)
                break;
            text.remove_prefix(comma + 1);
        }
        if (numbers.size() % 2 != 0)
            return Error{"odd number of offsets (" + std::to_string(numbers.size()) +
                         "): expected dx,dy pairs"};
        for (std::size_t i = 0; i < numbers.size(); i += 2) {
            // 64 bits: an offset may be any int, and adding the centre must not overflow.
            const std::int64_t x = std::int64_t{numbers[i]} + width / 2;
            const std::int64_t y = std::int64_t{numbers[i + 1]} + height / 2;
            if (x < 0 || x >= width || y < 0 || y >= height)
                return Error{"stone " + std::to_string(i / 2 + 1) + " (" +
                             std::to_string(numbers[i]) + "," + std::to_string(numbers[i + 1]) +
                             ") is off the " + std::to_string(width) + "x" +
                             std::to_string(height) + " board"};
            stones.emplace_back(static_cast<int>(x), static_cast<int>(y));
        }
    }
    for (std::size_t i = 0; i < stones.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (stones[i] == stones[j])
                return Error{"stones " + std::to_string(j + 1) + " and " + std::to_string(i + 1) +
                             " are both on " + to_pos(stones[i])};
    return stones;
}

/// Reads an openings file: one opening per line (see parse_opening); blank lines and lines
/// starting with `#` are skipped. An Error names the first bad line (1-based) or an input without
/// any opening.
[[nodiscard]] inline Expected<std::vector<Opening>> read_openings(std::istream& in, int width,
                                                                  int height) {
    std::vector<Opening> openings;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        const std::string_view text = trim(line);
        if (text.empty() || text.front() == '#')
            continue;
        auto opening = parse_opening(text, width, height);
        if (!opening)
            return Error{"line " + std::to_string(number) + ": " + opening.error().message};
        openings.push_back(std::move(*opening));
    }
    if (openings.empty())
        return Error{"no opening found"};
    return openings;
}

/// Plays `opening` on `board` (which should be empty). Either every stone is played and the game
/// goes on, or the board is cleared and the Error says which stone cannot be played or that the
/// opening already ends the game (a five, or under renju a forbidden Black stone).
template <typename B>
[[nodiscard]] std::optional<Error> place_opening(B& board, const Opening& opening) {
    for (std::size_t i = 0; i < opening.size(); ++i) {
        const Point p = opening[i];
        const MoveError error = board.check_move(p);
        const std::string stone = "stone " + std::to_string(i + 1) + " (" + to_pos(p) + ")";
        if (error != MoveError::None) {
            board.clear();
            return Error{stone + " cannot be played: " + std::string(to_string(error))};
        }
        board.play(p);
        if (board.result().is_over()) {
            const std::string reason(to_string(board.result().reason));
            board.clear();
            return Error{stone + " ends the game (" + reason + ")"};
        }
    }
    return std::nullopt;
}

/// What a random opening must satisfy to be called balanced.
struct BalanceCheck {
    OpeningShape shape; ///< how many stones, how near the centre, how many draws at most
    /// Largest |GomokuGame::evaluate()| accepted, from the side to move's view. Half a four's
    /// attack weight: it admits the tempo bonus and an open two or three more for one side, and
    /// rejects a side with a four to make or several threats more. Measured on 15x15 within
    /// radius 2: three stones (White to move) evaluate from -150 to +25, four stones (Black to
    /// move) from 0 to 300, most of them below 200.
    Value max_evaluation = 200;
    /// Node budget of each side's VCF search; with so few stones a win is short or absent.
    std::int64_t vcf_nodes = 20'000;
    /// Node budget of the α-β search (the engine's playing options) whose value must also lie
    /// within ±max_search_value; 0 skips it. The static tests pass openings that a search sees
    /// lost: h8 f6 h7 evaluates within ±200 and has no VCF, but White's value is -101 at 50,000
    /// nodes, -329 at 200,000, -675 at 1,000,000, and a run-length scorer beat tengen from it.
    std::int64_t search_nodes = 200'000;
    /// Largest |value| of that search accepted, from the side to move's view.
    Value max_search_value = 200;
    /// The last stones of the opening (0, 1 or 2) placed by the engine's balance search
    /// (tengen::balance_one, balance_two: its search_nodes nodes a search) rather than drawn:
    /// the position it leaves is the nearest to level the engine finds, and then must still
    /// pass is_balanced.
    int balance_stones = 0;
    /// The most stones balance_stones may be.
    static constexpr int max_balance_stones = 2;
    /// The evaluation of the static test and the searches: the threat counts alone. The threat
    /// situation's values (GomokuWeights::situation) rate the side with an open two to extend,
    /// Black in nearly every three-stone opening, at several hundred, so that few openings
    /// would pass these bounds; without them the opening sets of a seed stay what they were.
    GomokuWeights weights = GomokuWeights::counts_only();
};

/// True if the position on `board` is balanced: the game goes on, neither side can make five
/// at once, the evaluation of the side to move is within ±options.max_evaluation, neither side
/// has a VCF (the opponent's is looked for as if the side to move passed), and a search of
/// options.search_nodes nodes values it within ±options.max_search_value. The board is
/// restored on return.
template <typename B> [[nodiscard]] bool is_balanced(B& board, const BalanceCheck& options) {
    if (board.result().is_over() || board.has_five(Color::Black) || board.has_five(Color::White))
        return false;
    const Value evaluation = GomokuGame<B>(board, options.weights).evaluate();
    if (evaluation > options.max_evaluation || evaluation < -options.max_evaluation)
        return false;
    constexpr int max_attacker_moves = 12;
    const VcfLimits limits{max_attacker_moves, options.vcf_nodes};
    if (find_vcf(board, limits).found())
        return false;
    board.pass();
    const bool opponent_wins = find_vcf(board, limits).found();
    board.undo();
    if (opponent_wins)
        return false;
    if (options.search_nodes <= 0)
        return true;
    constexpr std::size_t table_megabytes = 1; // ample for a few hundred thousand nodes
    AlphaBetaOptions search = SearcherOptions::playing_defaults();
    search.tt_megabytes = table_megabytes;
    AlphaBeta<GomokuGame<B>> searcher(search);
    GomokuGame<B> game(board, options.weights);
    SearchLimits search_limits;
    search_limits.max_nodes = options.search_nodes;
    const Value value = searcher.search(game, search_limits).value;
    return value <= options.max_search_value && value >= -options.max_search_value;
}

/// The stones the balance search places after the drawn ones of `board` (options.balance_stones
/// of them, with options.search_nodes nodes a search), or nothing when it finds none. The board
/// is unchanged on return.
template <RulePolicy Rule>
[[nodiscard]] std::vector<Point> balancing_stones(Board<Rule>& board, const BalanceCheck& options) {
    constexpr std::size_t table_megabytes = 1; // ample for a few hundred thousand nodes
    SearcherOptions searcher_options;
    searcher_options.search.tt_megabytes = table_megabytes;
    searcher_options.weights = options.weights;
    GomokuSearcher searcher(searcher_options);
    SearchLimits limits;
    if (options.search_nodes > 0)
        limits.max_nodes = options.search_nodes;
    else
        limits.max_depth = 2; // without a search budget, a shallow one: still deterministic
    const BalanceResult found = options.balance_stones == 1 ? balance_one(searcher, board, limits)
                                                            : balance_two(searcher, board, limits);
    return found.moves;
}

/// A random balanced opening (see is_balanced) of options.shape.stones stones near the centre of
/// a `width` x `height` board under `Rule` (tengen::draw_opening), the last
/// options.balance_stones of them placed by the balance search; equal seeds give equal openings
/// on every platform. An Error when the area cannot hold the stones or no balanced opening
/// turned up within options.shape.max_attempts draws.
/// Precondition: Board<Rule>::check_size(width, height) accepts the size.
template <RulePolicy Rule>
[[nodiscard]] Expected<Opening> random_balanced_opening(int width, int height, std::uint64_t seed,
                                                        const BalanceCheck& options = {}) {
    Board<Rule> board(width, height);
    std::mt19937_64 rng(seed);
    if (options.balance_stones <= 0)
        return draw_opening(board, options.shape, rng,
                            [&](Board<Rule>& b) { return is_balanced(b, options); });
    if (options.balance_stones > BalanceCheck::max_balance_stones ||
        options.balance_stones > options.shape.stones)
        return Error{"the balance search places 1 or 2 of the opening's stones, not " +
                     std::to_string(options.balance_stones)};
    OpeningShape drawn = options.shape;
    drawn.stones -= options.balance_stones;
    std::vector<Point> placed;
    auto opening = draw_opening(board, drawn, rng, [&](Board<Rule>& b) {
        placed = balancing_stones(b, options);
        if (placed.size() != static_cast<std::size_t>(options.balance_stones))
            return false;
        for (const Point p : placed)
            b.play(p);
        const bool balanced = is_balanced(b, options);
        for (std::size_t i = 0; i < placed.size(); ++i)
            b.undo();
        return balanced;
    });
    if (!opening)
        return opening;
    Opening stones = std::move(opening).value();
    stones.insert(stones.end(), placed.begin(), placed.end());
    return stones;
}

} // namespace tengen::examples
