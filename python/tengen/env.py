"""Reinforcement-learning environments on tengen's boards.

GomokuEnv is a single-agent environment against a built-in opponent, with Gymnasium's API:
``reset(seed=None, options=None) -> (observation, info)`` and ``step(action) -> (observation,
reward, terminated, truncated, info)``. GomokuAECEnv is the two-player game in PettingZoo's
agent-environment-cycle style. Neither needs gymnasium or pettingzoo installed; with gymnasium
importable, GomokuEnv's spaces are gymnasium spaces and it subclasses gymnasium.Env.

Actions are integers ``y * width + x``. Observations are the float32 planes of Board.planes():
the stones of the player to act, the opponent's, the points forbidden to the player to act (renju
fouls of Black), and a plane of ones when Black is to act. ``info["action_mask"]`` (int8, one
entry an action) marks the legal actions: renju fouls are never legal. An illegal action raises
ValueError (TypeError for a non-integer) and changes nothing: no action is ever replaced by
another.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional, Union

import numpy as np

from . import _core
from .render import render_rgb
from .symmetry import SYMMETRY_COUNT, transform_action, transform_planes

try:  # gymnasium is optional: its spaces and base class when present
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover - exercised where gymnasium is absent
    _gym = None
    _spaces = None

__all__ = ["GomokuEnv", "GomokuAECEnv", "Opponent", "make_opponent", "LEVELS"]

#: Built-in opponents by level, as tengen_play's levels: 1 and 2 greedy (1 chooses at random
#: among its best four), then the engine at a depth, a node count or a time a move.
LEVELS: dict[int, dict[str, Any]] = {
    1: {"greedy": 4},
    2: {"greedy": 1},
    3: {"depth": 2},
    4: {"depth": 4},
    5: {"nodes": 1_000_000},
    6: {"time": 1.0},
    7: {"time": 5.0},
}

Opponent = Callable[[_core.Board], Any]


def make_opponent(level: Union[int, str, Opponent], seed: Optional[int] = None) -> Opponent:
    """A function from a board to the move to play on it: a level from LEVELS, "greedy", or a
    callable returned as it is."""
    if callable(level):
        return level
    if level == "greedy":
        level = 2
    if isinstance(level, bool) or not isinstance(level, int):
        raise TypeError(f"an opponent is a level 1-7, 'greedy' or a callable, not {level!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown opponent level {level} (levels are 1 to {max(LEVELS)})")
    spec = LEVELS[level]
    if "greedy" in spec:
        rng = random.Random(seed)
        choices = spec["greedy"]
        return lambda board: _core.greedy_move(board, choices=choices, seed=rng.getrandbits(63))
    searcher = _core.Searcher(hash_mb=16)
    return lambda board: searcher.search(board, **spec).move


def action_mask(board: _core.Board) -> np.ndarray:
    """int8 array of width * height entries: 1 where the side to move may play."""
    return board.legal_mask()


class _Discrete:
    """The action space without gymnasium: ``n`` actions, ``sample(mask)``."""

    def __init__(self, n: int, rng: np.random.Generator) -> None:
        self.n = n
        self._rng = rng

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        if mask is None:
            return int(self._rng.integers(self.n))
        return int(self._rng.choice(np.flatnonzero(mask)))

    def contains(self, x: Any) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n


class _Box:
    """The observation space without gymnasium: ``shape``, ``dtype``, ``low``, ``high``."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = shape
        self.dtype = np.float32
        self.low = 0.0
        self.high = 1.0

    def contains(self, x: Any) -> bool:
        return isinstance(x, np.ndarray) and x.shape == self.shape and x.dtype == self.dtype


class _BoardEnv:
    """What both environments share: the board, the spaces, seeding, rendering."""

    def _set_up(self, rule: str, size: int, max_moves: Optional[int],
                render_mode: Optional[str]) -> None:
        if render_mode not in (None, "ansi", "rgb_array"):
            raise ValueError(f"render_mode is None, 'ansi' or 'rgb_array', not {render_mode!r}")
        if max_moves is not None and max_moves < 1:
            raise ValueError("max_moves must be at least 1")
        self.board = _core.Board(rule, size)
        self.max_moves = max_moves
        self.render_mode = render_mode
        self._np_random = np.random.default_rng()
        cells = self.board.width * self.board.height
        shape = (4, self.board.height, self.board.width)
        if _spaces is not None:
            self._actions = _spaces.Discrete(cells)
            self._observations = _spaces.Box(0.0, 1.0, shape, np.float32)
        else:
            self._actions = _Discrete(cells, self._np_random)
            self._observations = _Box(shape)

    def _seed(self, seed: Optional[int]) -> None:
        """Seeds the environment's random choices and its action space's samples."""
        if seed is None:
            return
        self._np_random = np.random.default_rng(seed)
        if _spaces is not None:
            self._actions.seed(seed)
        else:
            self._actions = _Discrete(self._actions.n, self._np_random)

    def _outcome(self) -> tuple[bool, Optional[str]]:
        """(over, winner) of the game on the board. Over also when Black, to move under renju,
        has only fouls left: every move it could make is a foul, which loses, so White wins."""
        if self.board.is_over:
            return True, self.board.winner
        if (self.board.has_fouls and self.board.side_to_move == "black"
                and not self.board.legal_mask().any()):
            return True, "white"
        return False, None

    def _truncated(self) -> bool:
        return self.max_moves is not None and self.board.move_count >= self.max_moves

    def render(self):
        """The board as text ("ansi") or as an RGB array ("rgb_array"); None without a mode."""
        if self.render_mode == "ansi":
            return str(self.board)
        if self.render_mode == "rgb_array":
            return render_rgb(self.board)
        return None

    def close(self) -> None:
        pass


_EnvBase = _gym.Env if _gym is not None else object


class GomokuEnv(_BoardEnv, _EnvBase):  # type: ignore[misc, valid-type]
    """One agent against a built-in opponent.

    ``GomokuEnv(rule="freestyle", size=15, opponent=2, agent="black", max_moves=None,
    render_mode=None)``: ``opponent`` is a level 1-7 (LEVELS), "greedy" or a callable from a
    Board to a move; ``agent`` is "black", "white" or "random" (drawn at each reset from its
    seed); ``max_moves`` truncates a game after that many moves of both sides (default: none
    before the board is full); ``render_mode`` is None, "ansi" (text) or "rgb_array".

    Rewards: +1 when the agent wins, -1 when it loses, 0 otherwise (a draw included).
    ``info``: ``action_mask``, ``agent`` (its colour), ``winner`` once over, and after a step
    ``opponent_move`` (x, y) when the opponent moved.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        rule: str = "freestyle",
        size: int = 15,
        opponent: Union[int, str, Opponent] = 2,
        agent: str = "black",
        max_moves: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        if agent not in ("black", "white", "random"):
            raise ValueError(f"agent is 'black', 'white' or 'random', not {agent!r}")
        self._set_up(rule, size, max_moves, render_mode)
        self.agent_choice = agent
        self.agent = "black" if agent == "random" else agent
        self._opponent_spec = opponent
        self._opponent = make_opponent(opponent)
        self.action_space = self._actions
        self.observation_space = self._observations

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        """A new game: ``(observation, info)``. With a seed, the agent's colour (when
        "random"), the greedy opponents' choices and action_space.sample are reproducible."""
        if seed is not None:
            self._seed(seed)
            self.action_space = self._actions
            if not callable(self._opponent_spec):
                self._opponent = make_opponent(self._opponent_spec, seed)
        self.board.clear()
        if self.agent_choice == "random":
            self.agent = "black" if self._np_random.integers(2) == 0 else "white"
        info: dict[str, Any] = {}
        if self.agent == "white":
            info["opponent_move"] = self.board.play(self._opponent(self.board))
        self._over, self._winner = self._outcome()
        return self._observation(), self._info(info)

    def step(self, action):
        """Plays the agent's action, then the opponent's reply: ``(observation, reward,
        terminated, truncated, info)``."""
        if self._over or self._truncated():
            raise ValueError("the episode is over: call reset()")
        self.board.play_action(action)
        info: dict[str, Any] = {}
        self._over, self._winner = self._outcome()
        if not self._over and not self._truncated():
            info["opponent_move"] = self.board.play(self._opponent(self.board), allow_foul=True)
            self._over, self._winner = self._outcome()
        reward = 0.0
        if self._winner is not None:
            reward = 1.0 if self._winner == self.agent else -1.0
        return self._observation(), reward, self._over, self._truncated() and not self._over, \
            self._info(info)

    def symmetries(self, observation: np.ndarray, action: int):
        """The eight board transforms of an (observation, action) pair, for data augmentation
        (square boards)."""
        width = self.board.width
        return [(transform_planes(observation, k), transform_action(action, width, k))
                for k in range(SYMMETRY_COUNT)]

    def _observation(self) -> np.ndarray:
        return self.board.planes()

    def _info(self, extra: dict[str, Any]) -> dict[str, Any]:
        info = {"action_mask": action_mask(self.board), "agent": self.agent}
        if self._over:
            info["winner"] = self._winner
        info.update(extra)
        return info


class GomokuAECEnv(_BoardEnv):
    """Two players in turn, in PettingZoo's agent-environment-cycle style (without needing
    pettingzoo): ``possible_agents`` are "black" and "white"; ``agent_selection`` is the one to
    act; ``observe(agent)`` its planes; ``last()`` gives ``(observation, reward, termination,
    truncation, info)`` for the agent to act, whose info holds the action mask; ``step(action)``
    plays for it, or, once the agent's episode is over, takes None to remove it.
    Rewards: +1 to the winner, -1 to the loser, 0 for a draw.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "tengen_gomoku_v0"}

    def __init__(self, rule: str = "freestyle", size: int = 15,
                 max_moves: Optional[int] = None, render_mode: Optional[str] = None) -> None:
        self._set_up(rule, size, max_moves, render_mode)
        self.possible_agents = ["black", "white"]
        # the mask of the agent not to act, shared and read-only (every entry 0)
        self._no_actions = np.zeros(self.board.width * self.board.height, np.int8)
        self._no_actions.flags.writeable = False
        self.reset()

    def action_space(self, agent: str):
        return self._actions

    def observation_space(self, agent: str):
        return self._observations

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._seed(seed)
        self.board.clear()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = "black"
        self._over = False
        self._update_infos()

    def observe(self, agent: str) -> np.ndarray:
        planes = self.board.planes()
        if agent != self.board.side_to_move:  # the same planes seen from the other side
            planes = planes[[1, 0, 2, 3]].copy()
            planes[2] = 0.0
            if agent == "black" and self.board.has_fouls and not self.board.is_over:
                for x, y in self.board.forbidden_points():
                    planes[2, y, x] = 1.0
            planes[3] = 1.0 if agent == "black" else 0.0
        return planes

    def last(self, observe: bool = True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s episode is over: step(None) removes it")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent]
            del self.terminations[agent], self.truncations[agent], self.infos[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.board.play_action(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self._over, winner = self._outcome()
        if self._over:
            for a in self.agents:
                self.terminations[a] = True
                if winner is not None:
                    self.rewards[a] = 1.0 if a == winner else -1.0
        elif self._truncated():
            for a in self.agents:
                self.truncations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self.agent_selection = self.board.side_to_move
        self._update_infos()

    def _update_infos(self) -> None:
        for a in self.agents:
            info: dict[str, Any] = {}
            if a == self.board.side_to_move and not self._over:
                info["action_mask"] = action_mask(self.board)
            else:
                info["action_mask"] = self._no_actions
            self.infos[a] = info
