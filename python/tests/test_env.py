"""The reinforcement-learning environments: Gymnasium-style single agent, PettingZoo-style two
players, the vector environment (checked move by move against Board), symmetries, rendering."""

import numpy as np
import pytest

import tengen


def random_legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


def test_single_agent_episode_against_greedy():
    env = tengen.GomokuEnv("freestyle", 15, opponent=1)
    observation, info = env.reset(seed=7)
    assert observation.shape == (4, 15, 15) and observation.dtype == np.float32
    assert info["action_mask"].shape == (225,) and info["action_mask"].sum() == 225
    assert info["agent"] == "black"
    rng = np.random.default_rng(1)
    total, steps = 0.0, 0
    while True:
        observation, reward, terminated, truncated, info = env.step(
            random_legal(info["action_mask"], rng))
        steps += 1
        total += reward
        assert reward in (-1.0, 0.0, 1.0) and not truncated
        if terminated:
            break
        assert "opponent_move" in info
        assert observation[3].max() == 1.0  # the agent (Black) is to act again
    assert env.board.is_over and total in (-1.0, 0.0, 1.0)
    assert total == (1.0 if info["winner"] == "black" else -1.0 if info["winner"] else 0.0)
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_the_agent_as_white_and_reproducible_seeds():
    env = tengen.GomokuEnv(opponent="greedy", agent="white")
    observation, info = env.reset()
    assert env.board.move_count == 1 and "opponent_move" in info
    assert observation[3].max() == 0.0 and info["action_mask"].sum() == 224
    first = tengen.GomokuEnv(opponent=1, agent="random")
    second = tengen.GomokuEnv(opponent=1, agent="random")
    for seed in range(5):
        a = first.reset(seed=seed)
        b = second.reset(seed=seed)
        assert first.agent == second.agent
        assert np.array_equal(a[0], b[0])
        action = first.action_space.sample(a[1]["action_mask"])
        assert action == second.action_space.sample(b[1]["action_mask"])
        assert np.array_equal(first.step(action)[0], second.step(action)[0])


def test_illegal_actions_are_errors_and_change_nothing():
    env = tengen.GomokuEnv(opponent=2)
    _, info = env.reset(seed=0)
    env.step(112)  # h8
    before = env.board.history
    with pytest.raises(ValueError, match="occupied"):
        env.step(112)
    with pytest.raises(ValueError, match="outside"):
        env.step(225)
    with pytest.raises(ValueError, match="outside"):
        env.step(-1)
    with pytest.raises(TypeError):
        env.step(1.5)
    with pytest.raises(TypeError):
        env.step("h8")
    with pytest.raises(TypeError):
        env.step(True)
    assert env.board.history == before
    with pytest.raises(ValueError):
        tengen.GomokuEnv(opponent=9)
    with pytest.raises(TypeError):
        tengen.GomokuEnv(opponent=2.5)
    with pytest.raises(ValueError):
        tengen.GomokuEnv(agent="green")


def test_renju_fouls_are_masked_and_refused():
    env = tengen.GomokuEnv("renju", opponent=2)
    env.reset(seed=0)
    env.board.set_position([("h7", "black"), ("a1", "white"), ("g8", "black"), ("a3", "white"),
                            ("i8", "black"), ("a5", "white"), ("h9", "black"), ("o15", "white")])
    mask = tengen.env.action_mask(env.board)
    h8 = 7 * 15 + 7
    assert mask[h8] == 0 and mask.sum() == 225 - 8 - len(env.board.forbidden_points())
    with pytest.raises(ValueError, match="forbidden"):
        env.step(h8)
    assert env.board.move_count == 8


def test_truncation():
    env = tengen.GomokuEnv(opponent=2, max_moves=6)
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    flags = []
    for _ in range(3):
        _, _, terminated, truncated, info = env.step(random_legal(info["action_mask"], rng))
        flags.append((terminated, truncated))
    assert flags[-1] == (False, True) and env.board.move_count == 6


def test_rendering():
    env = tengen.GomokuEnv(opponent=2, render_mode="ansi")
    env.reset(seed=0)
    env.step(112)
    assert "X" in env.render() and "O" in env.render()
    picture = tengen.GomokuEnv(opponent=2, render_mode="rgb_array")
    picture.reset(seed=0)
    picture.step(112)
    image = picture.render()
    assert image.dtype == np.uint8 and image.shape == (15 * 24, 15 * 24, 3)
    centre = image[7 * 24 + 12, 7 * 24 + 6]  # inside the black stone at h8, off the last-move dot
    assert centre.max() < 60


@pytest.mark.parametrize("k", range(tengen.SYMMETRY_COUNT))
def test_symmetries_move_planes_and_actions_together(k):
    rng = np.random.default_rng(k)
    for _ in range(20):
        action = int(rng.integers(225))
        planes = np.zeros((4, 15, 15), np.float32)
        planes[0, action // 15, action % 15] = 1
        moved = tengen.transform_planes(planes, k)
        new_action = tengen.transform_action(action, 15, k)
        assert moved[0, new_action // 15, new_action % 15] == 1 and moved.sum() == 1
    env = tengen.GomokuEnv()
    observation, _ = env.reset(seed=0)
    pairs = env.symmetries(observation, 3)
    assert len(pairs) == 8 and pairs[0][1] == 3
    assert len({p[1] for p in pairs}) == 8  # an off-centre point has eight images


def test_two_player_aec_game():
    env = tengen.GomokuAECEnv("renju", 15)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen = []
    while env.agents:
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            seen.append((env.agent_selection, reward))
            env.step(None)
            continue
        assert observation[3].max() == (1.0 if env.agent_selection == "black" else 0.0)
        env.step(random_legal(info["action_mask"], rng))
    rewards = dict(seen)
    assert set(rewards) == {"black", "white"} and sum(rewards.values()) == 0.0
    env.reset()
    assert env.agents == ["black", "white"] and env.agent_selection == "black"
    assert np.array_equal(env.observe("white")[0], np.zeros((15, 15), np.float32))


def test_vector_env_agrees_with_boards_move_by_move():
    count = 6
    vec = tengen.VectorEnv(count, "renju", 15, max_moves=60, seed=5)
    observations, masks = vec.reset()
    mirrors = [tengen.Board("renju") for _ in range(count)]
    rng = np.random.default_rng(5)
    finished = 0
    for _ in range(400):
        actions = np.array([random_legal(m, rng) for m in masks], dtype=np.int64)
        expected_rewards = []
        for board, action in zip(mirrors, actions):
            mover = board.side_to_move
            board.play((int(action) % 15, int(action) // 15))
            expected_rewards.append(0.0 if board.winner is None else
                                    1.0 if board.winner == mover else -1.0)
        observations, rewards, terminated, truncated, masks = vec.step(actions)
        assert rewards.tolist() == expected_rewards
        for i, board in enumerate(mirrors):
            assert terminated[i] == board.is_over
            assert truncated[i] == (not board.is_over and board.move_count >= 60)
            if terminated[i] or truncated[i]:
                finished += 1
                board.clear()
            assert np.array_equal(observations[i], board.planes()), i
            assert np.array_equal(masks[i], tengen.env.action_mask(board)), i
    assert finished > 0


def test_vector_env_refuses_a_bad_batch_whole():
    vec = tengen.VectorEnv(3, seed=0)
    vec.reset()
    vec.step([112, 0, 1])
    before = [b.history for b in vec.boards()]
    with pytest.raises(ValueError, match="board 1 is illegal: occupied"):
        vec.step(np.array([5, 0, 2]))
    with pytest.raises(ValueError, match="outside"):
        vec.step([5, 6, 999])
    with pytest.raises(ValueError, match="1-D array of 3"):
        vec.step([5, 6])
    with pytest.raises(TypeError):
        vec.step(np.array([5.0, 6.0, 7.0]))
    with pytest.raises(TypeError):
        vec.step(["a", "b", "c"])
    assert [b.history for b in vec.boards()] == before
    with pytest.raises(ValueError):
        tengen.VectorEnv(0)
    with pytest.raises(ValueError):
        tengen.VectorEnv(2, "chess")


def test_vector_env_against_greedy():
    vec = tengen.VectorEnv(4, "freestyle", 15, opponent=1, seed=2)
    _, masks = vec.reset()
    rng = np.random.default_rng(2)
    results = []
    for _ in range(300):
        actions = [random_legal(m, rng) for m in masks]
        _, rewards, terminated, _, masks = vec.step(actions)
        results += [r for r, t in zip(rewards, terminated) if t]
        for board in vec.boards():
            assert board.move_count % 2 == 0  # the agent (Black) is always to act
    assert results and all(r in (-1.0, 1.0, 0.0) for r in results)
    assert results.count(-1.0) > results.count(1.0)  # random moves lose to greedy


def test_play_action_numbers_points_as_the_environments_do():
    board = tengen.Board("renju", 15)
    assert board.play_action(np.int64(7 * 15 + 7)) == (7, 7)
    assert board.play_action(0) == (0, 0)
    before = board.history
    for bad, error, message in [(112, ValueError, "occupied"), (225, ValueError, "outside"),
                                (-1, ValueError, "outside"), (2**70, ValueError, "outside"),
                                (1.0, TypeError, "integer"), ("h8", TypeError, "integer"),
                                (True, TypeError, "integer"), (np.bool_(True), TypeError, "integer"),
                                (None, TypeError, "integer")]:
        with pytest.raises(error, match=message):
            board.play_action(bad)
    assert board.history == before
    fouls = tengen.Board.from_pos("h7a1g8a3i8a5h9o15", "renju")
    with pytest.raises(ValueError, match="forbidden for Black \\(double_three\\)"):
        fouls.play_action(7 * 15 + 7)
    won = tengen.Board.from_pos("h8a1i8a2j8a3k8a4l8")
    with pytest.raises(ValueError, match="after the end"):
        won.play_action(0 * 15 + 5)
    assert fouls.move_count == 8 and won.move_count == 9


def test_vector_env_samples_legal_actions_uniformly_and_reproducibly():
    vec = tengen.VectorEnv(8, "renju", 15, seed=3)
    _, masks = vec.reset(seed=3)
    first = vec.sample_actions()
    assert first.dtype == np.int64 and first.shape == (8,)
    counts = np.zeros(225, np.int64)
    for _ in range(300):  # self-play games of random legal moves, fouls never among them
        actions = vec.sample_actions()
        assert all(masks[i, a] == 1 for i, a in enumerate(actions))
        _, _, _, _, masks = vec.step(actions)
    again = tengen.VectorEnv(8, "renju", 15, seed=3)
    again.reset(seed=3)
    assert np.array_equal(again.sample_actions(), first)
    empty = tengen.VectorEnv(64, "freestyle", 15, seed=1)
    empty.reset()
    for _ in range(200):
        counts += np.bincount(empty.sample_actions(), minlength=225)
    # 12,800 draws over 225 points: each point expected 56.9 times; a uniform draw keeps every
    # count within 25..95 (more than five standard deviations either side)
    assert counts.min() > 25 and counts.max() < 95


def test_vector_env_samples_the_last_legal_points_of_a_full_board():
    # 5x5 games of random moves often fill the board: the last points are drawn from a scan
    vec = tengen.VectorEnv(4, "freestyle", 5, seed=0)
    _, masks = vec.reset()
    fills = 0
    for _ in range(400):
        actions = vec.sample_actions()
        assert all(masks[i, a] == 1 for i, a in enumerate(actions))
        _, rewards, terminated, _, masks = vec.step(actions)
        fills += sum(1 for i in range(4) if terminated[i] and rewards[i] == 0.0)  # a full board
    assert fills > 0


# A 7x7 renju game after which Black, to move, has one empty point left, d4, an overline: any
# move it makes is a foul, so the game is over and White has won.
ONLY_FOULS = ("f7e7a7g1b1c4c3g6b6f3g4a5f6a1b4d5e3c7d7a6d3d6d1b5d2c2c5f5e6b2c6e5f2e1f4g5a3f1a2b3"
              "b7g2c1e4a4e2g7g3")


def only_fouls_actions():
    board = tengen.Board.from_pos(ONLY_FOULS, "renju", 7)
    assert not board.is_over and board.legal_moves() == [] and board.side_to_move == "black"
    return [y * 7 + x for x, y in board.history]


def test_black_left_with_only_fouls_loses_in_every_environment():
    actions = only_fouls_actions()
    # Two players: the last (White's) step ends the game, White the winner.
    aec = tengen.GomokuAECEnv("renju", 7)
    for action in actions:
        aec.step(action)
    _, reward, terminated, _, info = aec.last()
    assert terminated and reward == -1.0 and aec.agent_selection == "black"
    assert aec._cumulative_rewards["white"] == 1.0 and not info["action_mask"].any()
    # One agent (Black) against an opponent that replays White's moves.
    replies = iter(actions[1::2])
    def replay_white(board):
        action = next(replies)
        return (action % 7, action // 7)

    env = tengen.GomokuEnv("renju", 7, opponent=replay_white)
    env.reset(seed=0)
    for action in actions[0::2]:
        _, reward, terminated, truncated, info = env.step(action)
    assert terminated and not truncated and reward == -1.0 and info["winner"] == "white"
    with pytest.raises(ValueError, match="reset"):
        env.step(3 * 7 + 3)
    # The vector environment: the finished game's reward for White, the board started again.
    vec = tengen.VectorEnv(1, "renju", 7)
    vec.reset()
    for action in actions:
        observations, rewards, terminated, truncated, masks = vec.step([action])
    assert terminated[0] and rewards[0] == 1.0 and masks[0].sum() == 49
    assert observations[0, :2].sum() == 0.0
