#pragma once
/// \file
/// Opening rules in tengen_web: swap2 (freestyle, standard, caro; as Gomocup plays it; also
/// against the engine) and Taraguchi-10 (renju; the rule of the European championships). An
/// Opening is a referee of its own: it says which seat acts now (placing stones of either colour,
/// choosing a colour, offering or selecting 5th moves), checks where a stone may go, and moves on
/// as stones are placed and choices made. It knows seats, not people: "swap" exchanges the two
/// seats' tokens, which the server does. Not thread-safe: used under the game's lock.

#include "position.hpp"

#include <tengen/tengen.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::web {

/// The opening rules the page offers.
enum class OpeningRule : std::uint8_t {
    None,        ///< the game starts at once
    Swap2,       ///< three stones, then stay, swap or two more stones and the other chooses
    Taraguchi10, ///< moves 1-4 in growing central squares with swaps, then ten 5th moves or a swap
};

[[nodiscard]] inline std::string to_string(OpeningRule r) {
    switch (r) {
    case OpeningRule::None:
        return "none";
    case OpeningRule::Swap2:
        return "swap2";
    case OpeningRule::Taraguchi10:
        return "taraguchi10";
    }
    return "unknown";
}

/// What the acting seat does in a step of an opening.
enum class OpeningAction : std::uint8_t {
    Place,  ///< places stones (of whatever colour is to move) up to a move count
    Choose, ///< picks one of the step's choices
    Offer,  ///< puts forward candidate 5th moves for the other seat
    Select, ///< picks one of the offered 5th moves, which is played
};

/// One choice of a Choose step.
struct OpeningChoice {
    std::string_view name;  ///< as the API takes it: "stay", "swap", "place2", "offer"
    std::string_view label; ///< for the page, from the chooser's side
    bool swap_seats = false;
    int next = -1; ///< the step that follows, -1: the opening is over
};

/// One step of an opening.
struct OpeningStep {
    OpeningAction action = OpeningAction::Place;
    Color actor = Color::Black; ///< the seat that acts
    int until_moves = 0;        ///< Place: the step ends when the game has this many moves
    int area = 0;               ///< Place: the stone goes within this central square (0: anywhere)
    std::vector<OpeningChoice> choices; ///< Choose
    std::string_view prompt;            ///< what the actor is asked to do
};

/// 5th moves a Taraguchi-10 Black offers.
inline constexpr int taraguchi_offers = 10;
/// The smallest board the Taraguchi squares fit on (the 5th move's 9x9 square).
inline constexpr int taraguchi_min_size = 9;

/// Which gomoku rules an opening rule is played under, and on what boards: the one place that
/// says so, for the check of a new game and for the list /api/info gives the page.
struct OpeningRuleUse {
    OpeningRule rule;
    bool (*fits)(RuleId);    ///< true for the rules it is played under (Reversi has none)
    std::string_view misfit; ///< the refusal under any other rule
    int min_size = 0;        ///< the smallest board side it needs
};

inline constexpr std::array<OpeningRuleUse, 3> opening_rule_uses{{
    {OpeningRule::None, [](RuleId) { return true; }, "", 0},
    {OpeningRule::Swap2, [](RuleId r) { return r != RuleId::Renju; },
     "swap2 is for freestyle, standard and caro (renju: taraguchi10)", 0},
    {OpeningRule::Taraguchi10, [](RuleId r) { return r == RuleId::Renju; },
     "taraguchi10 is a renju opening rule", taraguchi_min_size},
}};

/// The rule named `name` ("none", "swap2", "taraguchi10"), if any.
[[nodiscard]] inline std::optional<OpeningRule> opening_rule_from(std::string_view name) {
    for (const OpeningRuleUse& use : opening_rule_uses)
        if (to_string(use.rule) == name)
            return use.rule;
    return std::nullopt;
}

/// Why `opening` cannot open a game of `rule` (nothing: Reversi) on a `size` board, or nothing.
[[nodiscard]] inline std::optional<ApiError>
check_opening_fits(OpeningRule opening, std::optional<RuleSpec> rule, int size) {
    for (const OpeningRuleUse& use : opening_rule_uses) {
        if (use.rule != opening)
            continue;
        const bool fits = rule ? use.fits(rule->id) : opening == OpeningRule::None;
        if (!fits)
            return ApiError{status::bad_request, std::string(use.misfit)};
        if (size < use.min_size)
            return ApiError{status::bad_request,
                            to_string(opening) + " needs a board of at least " +
                                std::to_string(use.min_size) + "x" + std::to_string(use.min_size)};
    }
    return std::nullopt;
}

/// The state of one game's opening; opening_over() once it has ended (or for OpeningRule::None).
class Opening {
public:
    explicit Opening(OpeningRule rule = OpeningRule::None) : rule_(rule) {
        if (rule == OpeningRule::Swap2)
            steps_ = swap2_steps();
        else if (rule == OpeningRule::Taraguchi10)
            steps_ = taraguchi_steps();
        step_ = steps_.empty() ? -1 : 0;
    }

    [[nodiscard]] OpeningRule rule() const { return rule_; }
    [[nodiscard]] bool opening_over() const { return step_ < 0; }
    /// The current step. Precondition: !opening_over().
    [[nodiscard]] const OpeningStep& step() const {
        return steps_[static_cast<std::size_t>(step_)];
    }
    /// The game's move count when the opening ended (0 without one; meaningful once over).
    [[nodiscard]] int moves_at_end() const { return moves_at_end_; }
    [[nodiscard]] const std::vector<Point>& offers() const { return offers_; }

    /// The seat that acts now: the step's actor during the opening, the side to move after it.
    [[nodiscard]] Color actor(Color to_move) const {
        return opening_over() ? to_move : step().actor;
    }

    /// Why a stone may not go on `p` now (the step is not one of placing stones, or `p` is
    /// outside its central square of a `size` board), or nothing.
    [[nodiscard]] std::optional<ApiError> check_stone(Point p, int size) const {
        if (opening_over())
            return std::nullopt;
        const OpeningStep& s = step();
        if (s.action == OpeningAction::Choose)
            return ApiError{status::conflict,
                            "the opening waits for " + color_name(s.actor) + " to choose"};
        if (s.action == OpeningAction::Offer)
            return ApiError{status::conflict,
                            "offer 5th moves (POST .../opening with \"offer\"), do not play one"};
        if (s.action == OpeningAction::Select)
            return ApiError{status::conflict, "select one of the offered 5th moves"};
        if (!in_area(p, size, s.area))
            return ApiError{status::conflict, "the opening puts this stone within the central " +
                                                  std::to_string(s.area) + "x" +
                                                  std::to_string(s.area) + " square"};
        return std::nullopt;
    }

    /// A stone was placed and the game now has `moves` moves: a Place step may be complete.
    void stone_placed(int moves) {
        if (opening_over())
            return;
        if (step().action == OpeningAction::Select) {
            offers_.clear();
            finish(moves);
            return;
        }
        if (step().action == OpeningAction::Place && moves >= step().until_moves)
            go_to(step_ + 1, moves);
    }

    /// Takes the choice `name` in a Choose step; `swap_seats` says whether the seats' holders
    /// must now be exchanged. An error names the choices there are.
    [[nodiscard]] std::optional<ApiError> choose(std::string_view name, int moves,
                                                 bool& swap_seats) {
        swap_seats = false;
        if (opening_over() || step().action != OpeningAction::Choose)
            return ApiError{status::conflict, "there is nothing to choose now"};
        for (const OpeningChoice& c : step().choices)
            if (c.name == name) {
                swap_seats = c.swap_seats;
                go_to(c.next, moves);
                return std::nullopt;
            }
        std::string names;
        for (const OpeningChoice& c : step().choices)
            names += (names.empty() ? "" : ", ") + std::string(c.name);
        return ApiError{status::bad_request,
                        "unknown choice '" + std::string(name) + "' (expected " + names + ")"};
    }

    /// Adds `p` to the offered 5th moves: an empty point, not offered yet, no mirror image of an
    /// offer under a symmetry of the position on `board` (whose stones are the game's), and one
    /// Black may play. Once enough are offered the other seat selects.
    [[nodiscard]] std::optional<ApiError> offer(Point p, AnyBoard& board) {
        if (opening_over() || step().action != OpeningAction::Offer)
            return ApiError{status::conflict, "there is nothing to offer now"};
        const int size = board.width();
        if (p.x() < 0 || p.y() < 0 || p.x() >= size || p.y() >= size)
            return ApiError{status::bad_request, to_pos(p) + " is off the board"};
        if (board.cell(p) != Cell::Empty)
            return ApiError{status::conflict, to_pos(p) + " is occupied"};
        if (std::find(offers_.begin(), offers_.end(), p) != offers_.end())
            return ApiError{status::conflict, to_pos(p) + " is offered already"};
        if (board.forbidden_kind(p) != ForbiddenKind::None)
            return ApiError{status::conflict, to_pos(p) + " is forbidden for Black"};
        for (Point q : offers_)
            if (mirror_points(board, p, q))
                return ApiError{status::conflict, to_pos(p) + " mirrors the offered " + to_pos(q) +
                                                      ": offers must differ"};
        offers_.push_back(p);
        if (static_cast<int>(offers_.size()) == taraguchi_offers)
            go_to(step_ + 1, board.move_count());
        return std::nullopt;
    }

    /// Why `p` cannot be selected now, or nothing (the server then plays it).
    [[nodiscard]] std::optional<ApiError> check_selection(Point p) const {
        if (opening_over() || step().action != OpeningAction::Select)
            return ApiError{status::conflict, "there is nothing to select now"};
        if (std::find(offers_.begin(), offers_.end(), p) == offers_.end())
            return ApiError{status::conflict, to_pos(p) + " is not one of the offered 5th moves"};
        return std::nullopt;
    }

    /// The opening for the page: null once over, else the step as seen by whoever holds
    /// `seats` (the seats of the token asking).
    [[nodiscard]] Json describe(const std::vector<Color>& seats) const {
        if (opening_over())
            return nullptr;
        const OpeningStep& s = step();
        Json choices = Json::array();
        for (const OpeningChoice& c : s.choices)
            choices.push_back(Json{{"name", c.name}, {"label", c.label}});
        Json offered = Json::array();
        for (Point p : offers_)
            offered.push_back(point_json(p.x(), p.y(), to_pos(p)));
        const char* action = s.action == OpeningAction::Place    ? "place"
                             : s.action == OpeningAction::Choose ? "choose"
                             : s.action == OpeningAction::Offer  ? "offer"
                                                                 : "select";
        return Json{
            {"rule", to_string(rule_)},
            {"action", action},
            {"actor", color_name(s.actor)},
            {"you_act", std::find(seats.begin(), seats.end(), s.actor) != seats.end()},
            {"prompt", s.prompt},
            {"area", s.area == 0 ? Json(nullptr) : Json(s.area)},
            {"until_moves", s.action == OpeningAction::Place ? Json(s.until_moves) : Json(nullptr)},
            {"choices", std::move(choices)},
            {"offers", std::move(offered)},
            {"offers_needed",
             s.action == OpeningAction::Offer ? Json(taraguchi_offers) : Json(nullptr)}};
    }

    /// True when `p` lies within the central `area` x `area` square of a `size` board (any
    /// point for area 0).
    [[nodiscard]] static bool in_area(Point p, int size, int area) {
        if (area == 0)
            return true;
        const int centre = size / 2;
        const int reach = area / 2;
        return std::abs(p.x() - centre) <= reach && std::abs(p.y() - centre) <= reach;
    }

private:
    void go_to(int next, int moves) {
        if (next < 0)
            finish(moves);
        else
            step_ = next;
    }

    void finish(int moves) {
        step_ = -1;
        moves_at_end_ = moves;
    }

    static std::vector<OpeningStep> swap2_steps() {
        using A = OpeningAction;
        return {
            {A::Place, Color::Black, 3, 0, {}, "place three stones: black, white, black"},
            {A::Choose,
             Color::White,
             0,
             0,
             {{"stay", "play White (your move)", false, -1},
              {"swap", "take Black", true, -1},
              {"place2", "place two more stones and let your opponent choose", false, 2}},
             "choose: play White, take Black, or place two more stones"},
            {A::Place, Color::White, 5, 0, {}, "place two more stones: white, black"},
            {A::Choose,
             Color::Black,
             0,
             0,
             {{"stay", "keep Black", false, -1}, {"swap", "take White (your move)", true, -1}},
             "choose your colour"},
        };
    }

    static std::vector<OpeningStep> taraguchi_steps() {
        using A = OpeningAction;
        const auto may_swap = [](Color actor, std::string_view keep, std::string_view take,
                                 int next) {
            return OpeningStep{A::Choose,
                               actor,
                               0,
                               0,
                               {{"stay", keep, false, next}, {"swap", take, true, next}},
                               "swap colours, or stay"};
        };
        return {
            {A::Place, Color::Black, 1, 1, {}, "place the 1st move in the centre"},
            may_swap(Color::White, "stay White", "take Black", 2),
            {A::Place, Color::White, 2, 3, {}, "place the 2nd move within the central 3x3"},
            may_swap(Color::Black, "stay Black", "take White", 4),
            {A::Place, Color::Black, 3, 5, {}, "place the 3rd move within the central 5x5"},
            may_swap(Color::White, "stay White", "take Black", 6),
            {A::Place, Color::White, 4, 7, {}, "place the 4th move within the central 7x7"},
            {A::Choose,
             Color::Black,
             0,
             0,
             {{"stay", "stay Black and play the 5th move within the central 9x9", false, 8},
              {"swap", "take White (your opponent plays the 5th move)", true, 8},
              {"offer", "offer ten 5th moves anywhere", false, 10}},
             "swap, play the 5th move, or offer ten 5th moves"},
            {A::Place, Color::Black, 5, 9, {}, "place the 5th move within the central 9x9"},
            may_swap(Color::White, "stay White (your move)", "take Black", -1),
            {A::Offer, Color::Black, 0, 0, {}, "offer ten different 5th moves"},
            {A::Select, Color::White, 0, 0, {}, "select one of the offered 5th moves"},
        };
    }

    OpeningRule rule_;
    std::vector<OpeningStep> steps_;
    int step_ = -1;
    int moves_at_end_ = 0;
    std::vector<Point> offers_;
};

} // namespace tengen::web
