"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), for players and questions.

Every answer is a game: the player against the question's pattern. A right answer is a win for
the player and a loss for the pattern, so patterns that strong players miss climb and become
the "hard" questions, while a player's rating settles where they answer about half of the
questions matched to them. Glicko-2 rather than Elo because the deviation says how sure the
rating is: a new player's rating moves fast, a settled one slowly, and a rating left alone
for weeks grows less certain again.

Pure functions on frozen values: the store applies them inside the answer's transaction.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from trainer.engine.records import Record

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # how fast volatility may change (Glickman suggests 0.3 to 1.2)
MIN_RD = 30.0  # never fully certain: a player's skill does change
EPSILON = 1e-6


class Rating(Record, kw_only=False):
    """A rating on the Glicko scale (1500 average) with its deviation and volatility."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that `player` beats `opponent` (answers the pattern right), 0..1."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
    return 1.0 / (1.0 + math.exp(-_g(opponent.rd / SCALE) * (mu - mu_j)))


def idle(player: Rating, periods: float) -> Rating:
    """A rating after `periods` rating periods without games: the deviation grows, capped."""
    if periods <= 0:
        return player
    phi = player.rd / SCALE
    phi = math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Rating(player.rating, min(DEFAULT_RD, phi * SCALE), player.volatility)


def update(
    player: Rating, games: Sequence[tuple[Rating, float]], *, tau: float = TAU, periods: float = 1.0
) -> Rating:
    """The rating after `games` of (opponent, score 0..1) played over `periods` rating periods.

    The paper's period holds many games, and the volatility widens the deviation once per period
    (step 6). A drill rates each answer as it comes, so an answer a minute after the last one
    spans a sliver of a period (`periods`, Glickman's fractional periods): widening by a whole
    period per answer made the deviation of a player who is always right grow with every answer
    and their rating climb without end, each easy win counting more than the one before it."""
    if not games:
        return idle(player, periods)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(opponent.rd / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + max(0.0, periods) * sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(
        rating=DEFAULT_RATING + SCALE * mu_new,
        rd=max(MIN_RD, min(DEFAULT_RD, SCALE * phi_new)),
        volatility=sigma_new,
    )


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
