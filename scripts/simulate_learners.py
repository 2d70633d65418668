"""Simulated learners living with the count drill for weeks: how often each is asked runs per
five-day period, what share of those it gets right, its rating (with its deviation, and its
rise over the last five days: a ceiling shows as a rise near 0), and the teaching steps. With
`--reviews N`, N review sessions a day follow the drill, and the line says how many review
answers were given and how far they moved the rating (the rule: not at all). Compares
the weak-spot plan (the default without --level or --theme) with the rating-nearest stream the
drill used before (`--plan rating`). The learners and the day loop are tests/learners.py.

    python scripts/simulate_learners.py [--days 30] [--per-day 15] [--reviews 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from learners import LEARNERS, live  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--per-day", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reviews", type=int, default=0, help="review sessions a day after the drill")
    parser.add_argument("--plans", default="rating,weak-spot")
    parser.add_argument("--learners", default=",".join(LEARNERS))
    args = parser.parse_args(argv)
    periods = [(first, min(first + 4, args.days - 1)) for first in range(0, args.days, 5)]
    heads = " ".join(f"d{a}-{b}".rjust(8) for a, b in periods)
    print(
        f"{'learner':<15} {'plan':<9} runs asked (right) per period: {heads}   rating    rd  last5d"
        "  reviews (moved)  taught"
    )
    for name in args.learners.split(","):
        for plan in args.plans.split(","):
            run = live(
                name,
                LEARNERS[name],
                days=args.days,
                per_day=args.per_day,
                plan=plan,
                seed=args.seed,
                reviews=args.reviews,
            )
            shares = " ".join(
                f"{round(100 * run.share('runs', a, b)):>3}%({round(100 * run.right('runs', a, b)):>3})"
                for a, b in periods
            )
            first = run.taught[0] if run.taught else (0, 0, "")
            taught = (
                f"{len(run.taught)} (first: day {first[0]}, q{first[1] + 1}, {first[2]})"
                if run.taught
                else "0"
            )
            rise = run.ratings[-1] - run.ratings[max(0, len(run.ratings) - 6)]
            rating, rd = round(run.ratings[-1]), round(run.deviations[-1])
            print(
                f"{name:<15} {plan:<9} {'':<30} {shares}   {rating:>6} {rd:>5}  {rise:>+6.0f}"
                f"  {run.reviews:>7} ({run.review_moves:>4.0f})  {taught}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
