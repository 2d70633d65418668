"""The discard drill: a dealt hand, the user lays away two cards (one with three or four
players), graded by the advice layer's expected values.

The expected answer is `analyse_discard`'s best option and the grade is `grade_discard`'s band,
so the drill can never disagree with `crib discard`. Levels pick hands by how clear the best
choice is: beginners get hands where it stands out, experts get close calls and hands where
keeping the biggest hand is wrong because of the crib.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trainer.drills.answers import parse_card_set
from trainer.drills.data import discard_data
from trainer.drills.feedback import lost
from trainer.drills.hints import Hint, hint
from trainer.drills.kinds import Command, Flag, Solution, Verdict
from trainer.drills.messages import Cards, DiscardWhy, Joined, Msg, Signed, msg
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Choice, Presentation
from trainer.drills.themes import DISCARD_THEMES, Level
from trainer.engine.cards import Card, Rank, full_deck, parse_cards
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.advice.discard import DiscardOption

FORMS = ("discard", "board")
NAMED_ONLY_FORMS = frozenset(
    {"board"}
)  # at a game score (`trainer.drills.board_form`): asked only when named
TITLED_FORMS: frozenset[str] = frozenset()  # headers name the kind alone
STEP_FORMS: frozenset[str] = frozenset()  # no --steps
STREAK_FORM = ""  # no harder form for a streak
_ATTEMPTS = 400
# The smallest gap between the best and the second-best option, per level: a beginner's hand
# has an answer that stands out; from advanced on any hand will do.
_MARGIN = {"beginner": 1.0, "intermediate": 0.4, "advanced": 0.0, "expert": 0.0}


def themes(ruleset: Ruleset) -> tuple[str, ...]:
    del ruleset
    return DISCARD_THEMES


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str) -> Question:
    """A dealt hand for the level, as dealer (own crib) or pone (the opponent's crib); the
    board form poses it at a game score."""
    if form == "board":
        from trainer.drills import board_form

        return board_form.generate(rng, ruleset=ruleset, lvl=lvl, theme=theme)
    dealer = theme == "dealer" or (theme != "pone" and rng.random() < 0.5)
    want_tricky = rng.random() < lvl.tricky_share
    size = ruleset.deal.cards_per_player
    for _ in range(_ATTEMPTS):
        deck = list(full_deck())
        rng.shuffle(deck)
        hand = sorted(deck[:size])
        options = _analyse_discard(hand, dealer=dealer, ruleset=ruleset)
        if options[0].net_ev - options[1].net_ev < _MARGIN[lvl.name]:
            continue
        if want_tricky and not is_tricky(options):
            continue
        return Question(
            kind="discard",
            form="discard",
            ruleset=ruleset.name,
            level=lvl.name,
            theme=theme or ("dealer" if dealer else "pone"),
            data={
                "hand": [str(c) for c in hand],
                "dealer": dealer,
                "discard": ruleset.deal.discard_per_player,
            },
        )
    raise DrillError(
        f"could not deal a discard question for the {lvl.name} level",
        key="raised.drill.no_discard",
        level=lvl.name,
    )


def is_tricky(options: Sequence[DiscardOption]) -> bool:
    """Close calls, and hands where the best hand to keep is not the best discard (the crib
    decides), which is the lesson players most need."""
    best_hand = max(options, key=lambda o: o.hand_ev)
    return best_hand is not options[0] or options[0].net_ev - options[1].net_ev < 0.3


def check_form(form: str, ruleset: Ruleset) -> None:
    """Before any question: the board form needs a two-player win table (a one-line error)."""
    if form == "board":
        from trainer.drills.board_form import check_ruleset

        check_ruleset(ruleset)


def _hand(question: Question, ruleset: Ruleset) -> tuple[tuple[Card, ...], bool]:
    data = discard_data(question)
    hand = parse_cards(data["hand"])
    if data.get("discard", ruleset.deal.discard_per_player) != ruleset.deal.discard_per_player:
        raise DrillError(
            f"question {question.id}: the {ruleset.name} ruleset lays away a different number",
            key="raised.drill.q_discard",
            id=question.id,
            ruleset=ruleset.name,
        )
    return hand, data.get("dealer", False)


def _options(question: Question, ruleset: Ruleset) -> list[DiscardOption]:
    hand, dealer = _hand(question, ruleset)
    return _analyse_discard(hand, dealer=dealer, ruleset=ruleset)


def parse(question: Question, text: str) -> JSONValue:
    data = discard_data(question)
    return parse_card_set(text, list(data["hand"]), count=data.get("discard", 2))


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    if question.form == "board":
        from trainer.drills import board_form

        hand, dealer = _hand(question, ruleset)
        detail = board_form.solve_detail(question, hand, dealer, ruleset)
        best = list(detail["best"])
        return Solution(expected=best[0], expected_text=" ".join(best[0]), detail=detail)
    options = _options(question, ruleset)
    top = options[0].net_ev
    from trainer.advice.grading import band, points_lost  # imported on first use (it loads advice)

    best = [[str(c) for c in o.discard] for o in options if band(points_lost(top, o.net_ev)) == "best"]
    return Solution(
        expected=best[0],
        expected_text=" ".join(best[0]),
        detail={"options": [o.to_json() for o in options], "best": best},
    )


def judge(question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset) -> Verdict:
    if question.form == "board":
        from trainer.drills import board_form

        pp = board_form.lost(solution.detail, [str(c) for c in answer])
        return Verdict(correct=board_form.band(pp) == "best", points_lost=pp, band=board_form.band(pp))
    del solution
    from trainer.advice.grading import grade_discard

    graded = grade_discard(_options(question, ruleset), parse_cards(list(answer)))
    return Verdict(
        correct=graded.band == "best",
        points_lost=round(graded.points_lost, 3),
        band=graded.band,
        detail={"chosen": {"best_ev": round(graded.best_ev, 3), "chosen_ev": round(graded.chosen_ev, 3)}},
    )


# ----------------------------------------------------------------------------- present & explain


def present(question: Question, ruleset: Ruleset) -> Presentation:
    """Whose crib it is and the dealt hand; pick the cards to lay away."""
    data = discard_data(question)
    n = data.get("discard", ruleset.deal.discard_per_player)
    whose = "own" if data.get("dealer") else "their"
    if ruleset.partnerships:
        whose += "_side"
    lines: tuple[Msg, ...] = (
        msg(f"drill.discard.crib_{whose}"),
        msg("drill.discard.hand", hand=Cards.of(data["hand"])),
    )
    if question.form == "board":
        from trainer.drills.board_form import score_line

        lines = (score_line(question, ruleset), *lines)
    ask = Ask(
        style="checkbox",
        message=msg("drill.discard.ask", n=n),
        instruction=msg("drill.discard.hint", n=n),
        typed=msg("drill.discard.typed", n=n, cards=Cards.of(["5H", "KD"])),  # the example as shown
        choices=tuple(Choice(label=Card.parse(c), value=c) for c in data["hand"]),
        count=n,
    )
    return Presentation(lines=lines, ask=ask)


def explain(question: Question, grade: Grade) -> list[Msg]:
    """The best discard with its values, yours and what it gave away, then the top three (at a
    score: by the chance to win, and why the board changes the answer)."""
    from trainer.advice.why import option_reason

    if question.form == "board":
        from trainer.drills.board_form import explain as explain_board

        return explain_board(question, grade)

    options = list(grade.detail["options"])
    own = bool(discard_data(question).get("dealer", False))
    chosen = grade.answer
    tied = _equal_best(options)
    if isinstance(chosen, list):
        # a discard as good as the best (the same net to the 0.01 shown) is the best: it is
        # shown first and judged the same, never "yours ... 0.00 given away"
        mine_first = next((o for o in options[:tied] if sorted(o["discard"]) == sorted(chosen)), None)
        if mine_first is not None:
            options.remove(mine_first)
            options.insert(0, mine_first)
    lines = [msg("drill.fb.discard_best", cards=Cards.of(options[0]["discard"]), **_values(options[0]))]
    if tied > 1:
        others = options[1:tied]
        suits = all(_ranks(o["discard"]) == _ranks(options[0]["discard"]) for o in others)
        key = "drill.fb.discard_equal_suits" if suits else "drill.fb.discard_equal"
        lines.append(msg(key, cards=Joined(tuple(Cards.of(o["discard"]) for o in others), "; ")))
    best_why = option_reason(options[0], own_crib=own)
    mine = None
    if isinstance(chosen, list) and sorted(chosen) != sorted(options[0]["discard"]):
        mine = next((o for o in options if sorted(o["discard"]) == sorted(chosen)), None)
    lines.append(
        msg("drill.fb.why", reason=DiscardWhy(best_why, option_reason(mine, own_crib=own) if mine else None))
    )
    if mine is not None:
        lines.append(msg("drill.fb.discard_yours", cards=Cards.of(mine["discard"]), **_values(mine)))
        lines.append(lost(grade))
    for rank, option in enumerate(options[:3], start=1):
        key = "drill.fb.discard_option_equal" if tied > 1 and rank <= tied else "drill.fb.discard_option"
        lines.append(msg(key, n=rank, cards=Cards.of(option["discard"]), **_values(option)))
    if grade.points_lost and grade.answer is not None:  # as good as the best is not wrong
        mine = bool(discard_data(question).get("dealer"))
        lines.append(msg("training.rule.dealer" if mine else "training.rule.pone"))  # whose crib
    return lines


def _ranks(codes: Sequence[str]) -> list[str]:
    return sorted(str(c)[:-1] for c in codes)


def _equal_best(options: Sequence[Mapping[str, Any]]) -> int:
    """How many options lead the list with the best net (the same to the 0.01 the cost is
    decided on, `trainer.advice.cost`): 1 when the best stands alone."""
    from trainer.advice.cost import cost_of

    if not options:
        return 0
    best = float(options[0]["net_ev"])
    return next(
        (i for i, o in enumerate(options) if not cost_of(best, float(o["net_ev"])).zero), len(options)
    )


def _values(option: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the net as shown, so that they add up on screen: the dealer's heels (2 for a
    jack starter, 2 in 13 on average) are a part of their own, and the net is the sum of the
    parts as rounded."""
    hand = round(float(option["hand_ev"]), 2)
    crib = round(float(option["crib_ev"]) * int(option.get("crib_sign", 1)), 2)
    heels = round(float(option.get("heels_ev", 0.0)), 2)
    crib_part: Signed | Msg = Signed(crib, "+.2f")
    if heels:
        crib_part = msg("drill.fb.crib_heels", crib=Signed(crib, "+.2f"), heels=Signed(heels, "+.2f"))
    return {
        "net": Signed(round(hand + crib + heels, 2), ".2f"),  # two decimals, as the crib's part
        "hand": Signed(hand, ".2f"),
        "crib": crib_part,
        "keep": Cards.of(option["keep"]),
    }


# ----------------------------------------------------------------------------- the rest of the kind

REVIEW_VARIANT = "regenerate"
SLOW_SECONDS = 40.0
EXPECTED_VALUE_FORMS = frozenset({"discard"})
# A board answer loses percentage points of the chance to win, not points: stats keep it out of
# every sum of points lost (`trainer.training.progress`).
CHANCE_FORMS = frozenset({"board"})
NUMERIC_FORMS: frozenset[str] = frozenset()
MENU_RANK = 3
COMMAND = Command(options=(Flag("form", ("--form", "-f"), default="", metavar="FORM"),))


def run_options(options: Mapping[str, Any]) -> tuple[str, bool]:
    """The form from `--form` (empty: the plain discard; `board`: at a game score)."""
    return str(options["form"]), False


def pattern(question: Question, *, ruleset: Ruleset) -> str:
    """Whose crib, how many cards, and the fives, pairs, ten-cards and longest suit of the hand."""
    del ruleset
    data = discard_data(question)
    cards = parse_cards(data["hand"])
    ranks = Counter(c.rank for c in cards)
    suits = Counter(c.suit for c in cards)
    fives = ranks.get(Rank.FIVE, 0)
    pairs = sum(1 for n in ranks.values() if n >= 2)
    tens = sum(n for r, n in ranks.items() if r.value_15 == 10)
    where = "dealer" if data.get("dealer") else "pone"
    if question.form == "board":
        return f"discard/board/{where}/{question.level}"
    suited = max(suits.values())
    return f"discard/{where}/{len(cards)}/fives={fives}/pairs={pairs}/tens={tens}/suited={suited}"


def prior_difficulty(pattern: str) -> float:
    """Calibrated on simulated learners of known skill (`trainer.drills.priors`)."""
    from trainer.drills.priors import calibrated

    return calibrated(pattern)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    """As at the table: whose crib it is, the best few discards with their nets, the best and why
    (at a score: what you need, the best few with their chances to win, the best)."""
    if question.form == "board":
        from trainer.drills.board_form import hints as board_hints

        return board_hints(question, solve(question, ruleset=ruleset))
    return _discard_hints(question, ruleset)


def _discard_hints(question: Question, ruleset: Ruleset) -> list[Hint]:
    """Whose crib it is and what that asks for, the best few discards with their nets, then the
    best discard and why (what it keeps and what it gives)."""
    from trainer.advice.why import option_reason
    from trainer.drills.hints import discard_idea

    own = bool(discard_data(question).get("dealer"))
    solution = solve(question, ruleset=ruleset)
    options = list(solution.detail["options"])
    kind, cards = discard_idea(
        parse_cards(discard_data(question)["hand"]), own_crib=own, best=parse_cards(options[0]["discard"])
    )
    key = f"coach.idea.discard.{kind}"
    # «5♦ принесёт…» or «5♦ 5♣ принесут…»: the sentence follows the number of cards
    idea = Hint(key, {"cards": Cards(cards)}, len(cards)) if cards else hint(key)
    weighed = tuple(
        msg("adapt.hint.option_discard", cards=Cards.of(o["discard"]), net=Signed(float(o["net_ev"]), "+.2f"))
        for o in options[:3]
    )
    top = options[0]
    answer = hint(
        "adapt.hint.answer_discard",
        cards=Cards.of(top["discard"]),
        reason=DiscardWhy(option_reason(top, own_crib=own)),
    )
    return [idea, hint("adapt.hint.candidates_discard", options=Joined(weighed, "; ")), answer]


def shown_cards(question: Question) -> tuple[list[str], str | None]:
    return discard_data(question)["hand"], None


def brief(question: Question) -> tuple[object, ...]:
    return (" ".join(discard_data(question)["hand"]),)


def expected(question: Question, grade: Grade) -> Any:
    del question
    return grade.expected_text


def answer_shown(question: Question, answer: str) -> object:
    """The answer as the summary lists it: as typed."""
    del question
    return answer


TRACKED_IDEAS: tuple[str, ...] = ()  # its themes
LESSON = 9
BLAMES_ITEMS = False


def ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None:
    del question, ruleset
    return None  # its theme


def rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    del question, grade
    return ()


def lesson_tags(question: Question, solution: Solution) -> frozenset[str]:
    """What a lesson's `only` list is checked against: the theme."""
    del solution
    return frozenset({question.theme})


LEVEL_ITEMS = ""  # which of a level's scoring kinds its questions hold (show, play, none)
IRREGULARITY_THEMES = False  # its themes are irregularities of the catalogue, named as the rules name them


def _analyse_discard(*args: Any, **kwargs: Any) -> list[DiscardOption]:
    """`trainer.advice.discard.analyse_discard`, imported on first use (it loads the crib tables;
    `crib drill` builds every kind's command, so kinds import light)."""
    from trainer.advice.discard import analyse_discard

    return analyse_discard(*args, **kwargs)
