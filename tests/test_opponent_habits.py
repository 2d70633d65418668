"""The expert reads an opponent's follow habit from the shown hands (`trainer.advice.opponent`):
the habits' choices, when a habit is trusted, how holdings are weighed by it, that the search
plays the habit's reply, and that a whole game's log identifies a greedy follower (and not a
random one)."""

from __future__ import annotations

import random

from trainer.advice.computer import opponent_habits, opponent_plays
from trainer.advice.opponent import Habits, choices, is_choice, likelihood
from trainer.advice.search import search_values
from trainer.content.rulesets import load_ruleset
from trainer.engine.bots import GreedyBot, RandomBot, play_game, play_until
from trainer.engine.cards import Card
from trainer.engine.game import Game, Phase
from trainer.engine.pegging import PeggingState

FIVE, SIX, TEN, THREE, KING, ACE = 4, 5, 9, 2, 12, 0  # rank indices


def test_high_takes_points_then_the_highest_card_and_safe_steers_away_from_21() -> None:
    # A five on a ten makes 15: both habits take the points.
    assert choices("high", [FIVE, KING, ACE], (TEN,)) == {FIVE}
    assert choices("safe", [FIVE, KING, ACE], (TEN,)) == {FIVE}
    # On 5-6 (11) no card scores: high plays the ten (21), safe the three (14, no ten reaches 15+).
    assert choices("high", [TEN, THREE], (FIVE, SIX)) == {TEN}
    assert choices("safe", [TEN, THREE], (FIVE, SIX)) == {THREE}
    # Ten-cards tie for "highest".
    assert choices("high", [TEN, KING, ACE], (THREE,)) == {TEN, KING}
    assert choices("high", [KING], (TEN, TEN, TEN)) == frozenset()  # 30: he says go


def test_only_a_follow_with_two_ranks_to_choose_from_is_evidence() -> None:
    assert not is_choice([TEN, THREE], ())  # a lead
    assert not is_choice([TEN, TEN], (FIVE,))  # one rank
    assert not is_choice([TEN, THREE], (TEN, TEN, SIX))  # 26: only the three fits
    assert is_choice([TEN, THREE], (FIVE, SIX))


def _follows(n: int, rank: int = TEN) -> list[tuple[tuple[int, ...], int]]:
    return [((FIVE, SIX), rank)] * n


def test_a_habit_is_trusted_after_enough_follows_that_fit_it() -> None:
    habits = Habits()
    for _ in range(7):
        habits.learn([TEN, THREE], _follows(1))
    assert habits.trusted() is None  # 7 follows: too few
    habits.learn([TEN, THREE], _follows(1))
    trusted = habits.trusted()
    assert trusted is not None and trusted[0] == "high"
    assert 0.02 <= trusted[1] < 0.1  # he has not slipped yet: a small chance he will
    habits.learn([TEN, THREE], _follows(1, THREE))  # one follow against it: 8 of 9 fit
    assert habits.trusted() is None


def test_a_hand_that_is_not_his_teaches_nothing() -> None:
    habits = Habits()
    habits.learn([KING, ACE], _follows(3))
    assert habits.seen == 0


def test_likelihood_weighs_holdings_by_the_follows_the_habit_explains() -> None:
    plays = [((FIVE, SIX), THREE)]  # on 11 he followed with a three
    # Holding a ten then, a "high" player would have played it: that holding is unlikely.
    assert likelihood("high", 0.05, (TEN,), plays) == 0.05
    assert likelihood("high", 0.05, (ACE,), plays) == 0.95
    assert likelihood("high", 0.05, (), plays) == 1.0  # the three was his only card: no choice


def test_the_search_plays_the_habit_s_reply_instead_of_the_best_one() -> None:
    weights: dict[tuple[int, ...], float] = {(THREE, TEN): 1.0}
    best = search_values(
        [FIVE, TEN], weights, (), [FIVE, TEN], opp_go=False, single=False, rng=random.Random(1)
    )
    high = search_values(
        [FIVE, TEN], weights, (), [FIVE, TEN], opp_go=False, single=False, rng=random.Random(1), habit="high"
    )
    # Against the best reply leading the five loses 3; a "high" player takes the 15-2 with his
    # ten and gives the pair of tens back: leading the five loses only 1.
    assert best.values[FIVE] == -3.0
    assert high.values[FIVE] == -1.0


class HighFollower(GreedyBot):
    """Discards like the greedy bot; follows by the "high" habit (as beginners and Hoyleish do)."""

    def choose_play(self, *, state: PeggingState) -> Card | None:
        legal = state.legal_plays()
        if not legal or not state.series:
            return super().choose_play(state=state)
        series = tuple(c.index >> 2 for c in state.series)
        allowed = choices("high", [c.index >> 2 for c in legal], series)
        return max((c for c in legal if c.index >> 2 in allowed), key=lambda c: c.index)


def _game(bot: object, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(load_ruleset("classic"), rng=rng, dealer=0)
    return play_game(game, [GreedyBot(random.Random(seed + 1)), bot])  # type: ignore[list-item]


def test_a_whole_game_s_log_identifies_a_high_follower() -> None:
    game = _game(HighFollower(random.Random(3)), 11)
    habits = opponent_habits(game, 0)
    assert habits.seen >= 8
    trusted = habits.trusted()
    assert trusted is not None and trusted[0] == "high"
    assert habits.fits["high"] == habits.seen


def test_a_random_player_has_no_habit() -> None:
    game = _game(RandomBot(random.Random(3)), 11)
    assert opponent_habits(game, 0).trusted() is None


def _three_played(game: Game) -> bool:
    state = game.pegging
    return game.phase is Phase.PLAY and state is not None and sum(map(len, state.hands)) == 5


def test_this_deal_s_plays_are_read_with_the_count_before_each() -> None:
    rng = random.Random(5)
    game = Game.new(load_ruleset("classic"), rng=rng, dealer=0)
    bots = [GreedyBot(random.Random(6)), GreedyBot(random.Random(7))]
    play_until(game, until=_three_played, bots=bots)
    plays = opponent_plays(game, 0)  # seat 0 deals: seat 1 leads, so he has played twice
    assert len(plays) == 2
    assert plays[0][0] == ()  # his lead began the count
    for series, rank in plays:
        assert 0 <= rank <= 12
        assert sum(min(r + 1, 10) for r in series) + min(rank + 1, 10) <= 31
