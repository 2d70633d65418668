"""The pegging drill, in two forms: "what does this card score?" (points) and "which card do you
play?" (play).

Positions come from play-outs by the engine (`positions.py`). A card's points include a go or
last-card point only when the player's own cards decide it. The best play is the one with the
most immediate points; when the advice layer can rank plays by expected value, that ranking is
used instead and the points a choice gives away are its expected-value loss.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from trainer.advice.cost import band, points_lost
from trainer.drills.answers import AnswerError, parse_card_choice, parse_points
from trainer.drills.data import peg_data
from trainer.drills.feedback import lost
from trainer.drills.hints import Hint, hint
from trainer.drills.ideas import PEG_IDEAS, peg_ideas, peg_rule_ideas, play_kinds
from trainer.drills.kinds import Command, Flag, Solution, Verdict
from trainer.drills.messages import Cards, Joined, Msg, PlayWhy, Points, Reason, Signed, msg
from trainer.drills.model import DrillError, Grade, JSONValue, Question
from trainer.drills.presenting import Ask, Choice, Presentation, seat
from trainer.drills.themes import PEG_THEMES, THEME_KIND, Level
from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import illegal
from trainer.engine.ruleset import Ruleset

if TYPE_CHECKING:
    from trainer.drills.positions import Position

FORMS = ("points", "play")
NAMED_ONLY_FORMS: frozenset[str] = frozenset()  # every form is asked in a mixed drill
TITLED_FORMS = frozenset({"points", "play"})  # headers say "peg (play)"
STEP_FORMS: frozenset[str] = frozenset()  # no --steps
STREAK_FORM = ""  # no harder form for a streak
_WALKS = 3000
_SHOW_KINDS = {"last": "go"}


def themes(ruleset: Ruleset) -> tuple[str, ...]:
    del ruleset
    return PEG_THEMES


def generate(rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str) -> Question:
    """A position from a play-out that fits the level and theme, asked in `form`."""
    if form not in FORMS:
        raise DrillError(
            f"the peg drill has no form {form!r}: choose points or play",
            key="raised.drill.form",
            drill="peg",
            form=repr(form),
            names="points, play",
        )
    want_tricky = rng.random() < lvl.tricky_share
    for _ in range(_WALKS):
        found = _candidates(rng, ruleset=ruleset, lvl=lvl, theme=theme, form=form, want_tricky=want_tricky)
        if found:
            position, card, kinds = rng.choice(found)
            data = position.to_data()
            if card is not None:
                data["card"] = str(card)
            return Question(
                kind="peg",
                form=form,
                ruleset=ruleset.name,
                level=lvl.name,
                theme=theme or primary_theme(kinds),
                data=data,
            )
    raise DrillError(
        f"could not find a {theme or 'mixed'} pegging position for the {lvl.name} level",
        key="raised.drill.no_position",
        theme=theme or Msg("raised.drill.mixed"),
        level=lvl.name,
    )


def _candidates(
    rng: random.Random, *, ruleset: Ruleset, lvl: Level, theme: str, form: str, want_tricky: bool
) -> list[tuple[Position, Card | None, list[str]]]:
    found: list[tuple[Position, Card | None, list[str]]] = []
    quiet: list[Position] = []
    for position in _positions().walk(rng, _positions().deal_play(rng, ruleset=ruleset)):
        es = _positions().engine_state(position, ruleset=ruleset)
        outcomes = []
        for card in es.legal_plays():
            points, events = _positions().play_outcome(es, card)
            outcomes.append((card, points, [_SHOW_KINDS.get(k, k) for k in _positions().event_kinds(events)]))
        if form == "points":
            for card, points, kinds in outcomes:
                if _wanted(kinds, points, position, card, lvl=lvl, theme=theme, tricky=want_tricky, rng=rng):
                    found.append((position, card, kinds))
        elif len({p for _, p, _ in outcomes}) >= 2:
            best = max(outcomes, key=lambda o: o[1])
            if _wanted(
                best[2], best[1], position, best[0], lvl=lvl, theme=theme, tricky=want_tricky, rng=rng
            ):
                found.append((position, None, best[2]))
        elif len({c.rank for c, _, _ in outcomes}) >= 2 and not theme:
            quiet.append(position)
    if quiet and form == "play" and _ranks_by_ev(ruleset) and rng.random() < lvl.tricky_share / 2:
        # Nothing scores at once: worth asking only if the cards are still not equal (`confirm`,
        # run on the one question chosen, not on every candidate: the values cost a search).
        return [(rng.choice(quiet), None, [])]
    return found


QUIET_SPREAD = 0.5  # a quiet position is asked only when its cards' values differ by this much


def confirm(question: Question, *, ruleset: Ruleset) -> bool:
    """Whether a candidate is worth asking. A quiet position (no card scores at once) is, when
    its cards' expected values differ by `QUIET_SPREAD` or more: which card to lead or follow
    with is then exactly what expected values teach. Every other question is."""
    if question.form != "play":
        return True
    position = _position(question)
    state = _positions().engine_state(position, ruleset=ruleset)
    if len({_positions().play_outcome(state, card)[0] for card in state.legal_plays()}) >= 2:
        return True
    values = [float(o["value"]) for o in _options(position, ruleset=ruleset)]
    return bool(values) and max(values) - min(values) >= QUIET_SPREAD


def _wanted(
    kinds: list[str],
    points: int,
    position: Position,
    card: Card,
    *,
    lvl: Level,
    theme: str,
    tricky: bool,
    rng: random.Random,
) -> bool:
    if not set(kinds) <= lvl.play_kinds:
        return False
    if theme and THEME_KIND[theme] not in kinds:
        return False
    if tricky:
        return is_tricky(kinds, points, (*position.series, card))
    # Most random plays score nothing; keep only some of those so the drill stays instructive.
    return points > 0 or rng.random() < 0.25


def is_tricky(kinds: list[str], points: int, series: tuple[Card, ...]) -> bool:
    """Plays people misjudge: several scores at once, long or out-of-order runs, pair royals,
    and near misses that look like a run but are not."""
    if points >= 4 or len(set(kinds)) >= 2:
        return True
    tail = [int(c.rank) for c in series[-3:]]
    if "run" in kinds:
        return tail != sorted(tail) and tail != sorted(tail, reverse=True)
    if points == 0 and len(tail) == 3 and len(set(tail)) == 3:
        return max(tail) - min(tail) <= 3
    return False


def primary_theme(kinds: list[str]) -> str:
    """The theme an untargeted position belongs to, for progress by theme."""
    for kind, theme in (
        ("thirty_one", "31"),
        ("go", "go"),
        ("run", "runs-in-play"),
        ("pair", "pairs-in-play"),
    ):
        if kind in kinds:
            return theme
    return "fifteens-in-play"


# ----------------------------------------------------------------------------- grading


def _unseen(question: Question) -> tuple[int, ...]:
    """The cards of each rank the player has not seen (the odds of a reason in cards)."""
    from trainer.advice.reasons import unseen_by_rank

    p = _position(question)
    starter = (p.starter,) if p.starter is not None else ()
    return tuple(unseen_by_rank((*p.hand, *p.series, *p.earlier, *p.discards, *starter)))


def _position(question: Question) -> Position:
    position: Position = _positions().Position.from_data(peg_data(question))
    return position


def legal_options(question: Question, *, ruleset: Ruleset) -> list[str]:
    """The cards the player may play in a "play" question (menu choices)."""
    return [str(c) for c in _positions().engine_state(_position(question), ruleset=ruleset).legal_plays()]


def parse(question: Question, text: str) -> JSONValue:
    if question.form == "points":
        return parse_points(text, maximum=31)
    position = _position(question)
    hand = [str(c) for c in position.hand]
    card = parse_card_choice(text, hand)
    if Card.parse(card).value + position.count > 31:
        raise AnswerError("drill.answer.past_31", card=card, count=position.count)
    return card


def solve(question: Question, *, ruleset: Ruleset) -> Solution:
    position = _position(question)
    state = _positions().engine_state(position, ruleset=ruleset)
    if question.form == "points":
        card = Card.parse(str(peg_data(question).get("card", "")))
        reason = state.verify_play(card)
        if reason:
            raise DrillError(
                f"question {question.id}: {reason}",
                key="raised.drill.q_illegal",
                id=question.id,
                problem=illegal(reason),
            )
        points, events = _positions().play_outcome(state, card)
        return Solution(
            expected=points,
            expected_text=str(points),
            detail={"events": [e.to_json() for e in events], "card": str(card)},
        )
    ranked = _options(position, ruleset=ruleset)
    if not ranked:
        raise DrillError(
            f"question {question.id}: no legal play in this position",
            key="raised.drill.q_no_play",
            id=question.id,
        )
    top = float(ranked[0]["value"])
    best = [str(o["card"]) for o in ranked if band(points_lost(top, float(o["value"]))) == "best"]
    return Solution(
        expected=best[0],
        expected_text=" / ".join(best),
        detail={"options": ranked, "best": best, "by": ranked[0]["by"]},
    )


def _ranks_by_ev(ruleset: Ruleset) -> bool:
    """The advice layer ranks plays by expected value: exactly for two players, by sampled
    play-outs for three and four (`trainer.advice.playout`)."""
    del ruleset
    return True


def _options(position: Position, *, ruleset: Ruleset) -> list[dict[str, JSONValue]]:
    """Every legal card with its immediate points and value, best first."""
    state = _positions().engine_state(position, ruleset=ruleset)
    options: list[dict[str, JSONValue]] = []
    for card in state.legal_plays():
        points, events = _positions().play_outcome(state, card)
        options.append(
            {
                "card": str(card),
                "points": points,
                "events": [e.to_json() for e in events],
                "value": float(points),
                "by": "points",
            }
        )
    if options and ruleset.players > 2:
        advice = _multi_player_advice(position, ruleset=ruleset)
    elif options:
        from trainer.advice.pegging import advise_peg

        advice = advise_peg(
            list(position.hand),
            ruleset=ruleset,
            played=[*position.earlier, *position.series],
            count=position.count,
            starter=position.starter,
            discarded=position.discards,
            opp_cards=position.opponent_cards[0],
            opp_said_go=position.opponent_go[0],
            rng=random.Random(0),
        )
    if options:
        by_rank = {a.card.rank: a for a in advice}
        for option in options:
            a = by_rank[Card.parse(str(option["card"])).rank]
            option.update(value=a.ev, ev=round(a.ev, 2), reason=a.reason, by="ev")
            if a.why is not None:  # kept as data so the feedback can word it in Russian too
                option["why"] = a.why.to_json()
    return sorted(options, key=lambda o: -float(o["value"]))


def _multi_player_advice(position: Position, *, ruleset: Ruleset) -> list[Any]:
    """Three or four players: the sampled play-outs over the hidden hands (seat 0 is the player,
    the others clockwise; partners sit opposite)."""
    from trainer.advice.playout import Table, playout_advice, unseen_for

    known = [*position.hand, *position.series, *position.earlier, *position.discards]
    if position.starter is not None:
        known.append(position.starter)
    table = Table(
        seat=0,
        hand=position.hand,
        series=position.series,
        hands_left=(len(position.hand), *position.opponent_cards),
        said_go=frozenset(i + 1 for i, go in enumerate(position.opponent_go) if go),
        last_player=position.by[-1] if position.by else None,
        unseen=unseen_for(known),
        sides=ruleset.seat_sides,
        single_count=ruleset.pegging.mode == "single_count",
    )
    return playout_advice(table, rng=random.Random(0)).advice


def judge(question: Question, solution: Solution, answer: JSONValue, *, ruleset: Ruleset) -> Verdict:
    del ruleset
    if question.form == "points":
        return Verdict(
            correct=int(answer) == int(solution.expected),
            points_lost=abs(int(answer) - int(solution.expected)),
        )
    options = {o["card"]: o for o in solution.detail["options"]}
    if answer not in options:
        raise AnswerError("drill.answer.not_in_hand", card=str(answer), options=" ".join(options))
    top = float(solution.detail["options"][0]["value"])
    lost = round(points_lost(top, float(options[answer]["value"])), 3)
    return Verdict(correct=answer in solution.detail["best"], points_lost=lost, band=band(lost))


# ----------------------------------------------------------------------------- present & explain


def _lines(question: Question, ruleset: Ruleset) -> list[Msg]:
    data = peg_data(question)
    players = len(data.get("opponent_cards") or [0]) + 1
    series = list(data.get("series") or [])
    by = list(data.get("by") or [])
    lines = []
    if series:
        played = tuple(
            msg("drill.peg.played_card", card=Card.parse(c), who=seat(b, players=players))
            for c, b in zip(series, by, strict=False)
        )
        lines.append(msg("drill.peg.count_so_far", count=data["count"], played=Joined(played, ", ")))
    else:
        lines.append(msg("drill.peg.new_count"))
    lines.append(msg("drill.peg.you_hold", hand=Cards.of(data["hand"])))
    starter = data.get("starter")
    if starter:
        away = Cards.of(data.get("discards") or [])
        lines.append(
            msg(
                "drill.peg.starter",
                starter=Card.parse(starter),
                discards=away if away.cards else "-",
            )
        )
    for i, (n, go) in enumerate(
        zip(data.get("opponent_cards") or [], data.get("opponent_go") or [], strict=False)
    ):
        # One sentence per seat: Russian puts the seat in the genitive («У соперника на руке…»).
        who = seat(i + 1, players=players).key.rsplit(".", 1)[1]
        if not n:  # «У соперника карт не осталось», never «на руке 0 карт»
            lines.append(msg(f"drill.peg.no_cards.{who}"))
        else:
            lines.append(msg(f"drill.peg.{'go_left' if go else 'cards_left'}.{who}", n=n))
    if ruleset.pegging.mode == "single_count":
        lines.append(msg("drill.peg.single_count"))
    return lines


def present(question: Question, ruleset: Ruleset) -> Presentation:
    """The count so far and who played what, your hand, the others' cards left; then the points
    of a given card, or a menu of your cards (those past 31 greyed out)."""
    lines = _lines(question, ruleset)
    if question.form == "points":
        lines.append(msg("drill.peg.you_play", card=Card.parse(str(peg_data(question).get("card")))))
        return Presentation(lines=tuple(lines), ask=Ask(style="text", message=msg("drill.peg.ask_points")))
    legal = legal_options(question, ruleset=ruleset)
    data = peg_data(question)
    count = data["count"]
    choices = []
    for code in data["hand"]:
        card = Card.parse(code)
        past = None if code in legal else msg("drill.peg.past_31", count=count + card.value)
        choices.append(Choice(label=card, value=code, disabled=past))
    ask = Ask(style="select", message=msg("drill.peg.ask_play"), choices=tuple(choices))
    return Presentation(lines=tuple(lines), ask=ask)


def play_items(events: Sequence[Mapping[str, Any]]) -> Joined:
    """What a play scored (`fifteen (2), pair (2)`), or «nothing»."""
    items = [item for e in events for item in e.get("items", [])]
    return Joined(
        tuple(msg("drill.fb.play_item", name=_item_name(i), n=int(i["points"])) for i in items),
        ", ",
        empty=msg("drill.fb.nothing"),
    )


def _item_name(item: Mapping[str, Any]) -> Msg:
    if item["kind"] == "run":
        return msg("drill.fb.run_of", n=len(item["cards"]))
    if item["kind"] == "pair" and len(item["cards"]) > 2:
        return msg("drill.kind.pair_royal" if len(item["cards"]) == 3 else "drill.kind.double_pair_royal")
    return msg(f"drill.kind.{item['kind']}")


def explain(question: Question, grade: Grade) -> list[Msg]:
    """What the card scores; or the best play with its value and reason, and what yours gave away."""
    detail = grade.detail
    if question.form == "points":
        from trainer.drills.ideas import rule_lines

        card = Card.parse(str(detail["card"]))
        scores = int(grade.expected)
        return [
            msg("drill.fb.card_scores", card=card, n=scores, items=play_items(detail["events"]))
            if scores
            else msg("drill.fb.card_scores_none", card=card),
            *rule_lines(question, grade),
        ]
    options = {o["card"]: o for o in detail["options"]}
    best = detail["best"]
    top = options[best[0]]
    lines = [
        msg(
            "drill.fb.best_play",
            cards=Cards.of(best, "or"),
            n=int(top["points"]),
            items=play_items(top["events"]),
        )
        if int(top["points"])
        else msg("drill.fb.best_play_none", cards=Cards.of(best, "or"), n=len(best))  # n: the cards
    ]
    if "ev" in top:
        ev = float(top["ev"])  # ours minus the others', to the end of the play: said as a comparison
        side = "even" if abs(ev) < 0.005 else "up" if ev > 0 else "down"
        lines.append(msg(f"drill.fb.best_play_ev_{side}", points=Points(round(abs(ev), 2))))
        why = top.get("why")  # the reason's facts; an option without them kept only its English
        if isinstance(why, Mapping):
            # the line above named the points: the reason adds what follows them (a risk, the
            # opponent out of the count) and is left out when nothing does (a 31 ends the count)
            scored = bool(why.get("points"))
            reason = Reason(why, "", said_points=scored)
            if scored and why.get("ends"):
                reason = Reason(None, "")
        else:
            reason = Reason(None, str(top.get("reason") or ""))
        if reason.why is not None or reason.english:
            # a reason that holds only the risks after the points are named is the risk, not a "why"
            risky = isinstance(why, Mapping) and bool(why.get("risks")) and not why.get("alone")
            lines.append(msg("drill.fb.why_play_risk" if risky else "drill.fb.why_play", reason=reason))
    chosen = grade.answer
    if isinstance(chosen, str) and chosen in options and chosen not in best:
        mine = options[chosen]
        lines.append(
            msg(
                "drill.fb.your_play",
                card=Card.parse(chosen),
                n=int(mine["points"]),
                items=play_items(mine["events"]),
            )
            if int(mine["points"])
            else msg("drill.fb.your_play_none", card=Card.parse(chosen))
        )
        best_why, mine_why = top.get("why"), mine.get("why")
        if isinstance(best_why, Mapping) and isinstance(mine_why, Mapping):
            why = PlayWhy(best_why, mine_why, Card.parse(best[0]), Card.parse(chosen), _unseen(question))
            lines.append(msg("drill.fb.why_not", reason=why))
        lines.append(lost(grade))
        from trainer.drills.ideas import play_rules

        lines.extend(play_rules(top["events"]))  # the rules of what the best play scores
    return lines


# ----------------------------------------------------------------------------- the rest of the kind

REVIEW_VARIANT = "regenerate"
SLOW_SECONDS = 15.0
EXPECTED_VALUE_FORMS = frozenset({"play"})
CHANCE_FORMS: frozenset[str] = frozenset()  # every loss is in points
NUMERIC_FORMS = frozenset({"points"})
MENU_RANK = 2
COMMAND = Command(options=(Flag("form", ("--form", "-f"), default="", metavar="FORM"),))


def run_options(options: Mapping[str, Any]) -> tuple[str, bool]:
    """The form from `--form` (empty: both)."""
    return str(options["form"]), False


def pattern(question: Question, *, ruleset: Ruleset) -> str:
    """What the card scores (points form); the theme, cards left and count band (play form)."""
    data = peg_data(question)
    if question.form == "points":
        solution = solve(question, ruleset=ruleset)
        kinds = play_kinds(solution.detail.get("events", []))
        return f"peg/points/{'+'.join(kinds) or 'nothing'}/{solution.expected}"
    count = data["count"]
    band = "low" if count < 11 else ("mid" if count < 21 else "high")
    return f"peg/play/{question.theme}/{len(data['hand'])}/{band}"


def prior_difficulty(pattern: str) -> float:
    """Calibrated on simulated learners of known skill (`trainer.drills.priors`)."""
    from trainer.drills.priors import calibrated

    return calibrated(pattern)


def hints(question: Question, *, ruleset: Ruleset) -> list[Hint]:
    """Points form: the count after the card, where to look. Play form, as at the table: the idea
    of the count, the cards worth weighing with their values, then the best card and why."""
    data = peg_data(question)
    count = data["count"]
    if question.form == "points":
        card = Card.parse(str(data.get("card")))
        return [hint("adapt.hint.peg_count", count=count + card.rank.value_15), hint("adapt.hint.peg_look")]
    return _peg_hints(question, ruleset)


def _peg_hints(question: Question, ruleset: Ruleset) -> list[Hint]:
    """The idea of the position (what the count invites), the cards worth weighing with their
    values, then the best card and why (the same advice the drill grades with)."""
    from trainer.drills.hints import play_idea

    data = peg_data(question)
    count = int(data["count"])
    hand = parse_cards(data["hand"])
    series = parse_cards(data.get("series") or [], allow_empty=True)
    legal = [c for c in hand if count + c.value <= 31]
    kind, cards = play_idea(legal, series, count)
    key = f"coach.idea.play.{kind}"
    if kind == "invites":
        invites = min(count + c.value for c in legal if count + c.value in (5, 21))
        idea = hint(key, invites=invites, made=invites + 10)  # 5 invites 15, 21 invites 31
    elif kind == "count":
        idea = hint(key, count=count, left=31 - count)
    elif kind == "lead_low":
        idea = Hint(key, {"cards": Cards(cards)}, len(cards))
    elif cards:
        idea = hint(key, cards=Cards(cards))
    else:
        idea = hint(key, count=count)
    solution = solve(question, ruleset=ruleset)
    options = list(solution.detail["options"])
    weighed = tuple(
        msg(
            "adapt.hint.option_play",
            card=Card.parse(str(o["card"])),
            ev=Signed(float(o.get("ev", o["value"])), "+.2f"),
        )
        for o in options[:3]
    )
    top = options[0]
    why = top.get("why")
    answer = (
        hint("adapt.hint.answer_play", card=Card.parse(str(top["card"])), reason=Reason(why, ""))
        if isinstance(why, dict)
        else hint("adapt.hint.answer_play_bare", card=Card.parse(str(top["card"])))
    )
    return [idea, hint("adapt.hint.candidates_play", options=Joined(weighed, "; ")), answer]


def shown_cards(question: Question) -> tuple[list[str], str | None]:
    position = peg_data(question)
    return position["hand"], position.get("starter")


def brief(question: Question) -> tuple[object, ...]:
    """«сумма 12: 5H 7C + 3D» (points) or «сумма 12: 5H 7C · рука 3D 9S» (play); codes stay codes."""
    position = peg_data(question)
    series = " ".join(position.get("series") or [])
    count = msg("drill.brief.peg_count", count=position["count"], series=series) if series else None
    start = count or msg("drill.brief.peg_count_new", count=position["count"])
    if question.form == "points":
        return (start, "+", str(position.get("card")))
    return (start, "·", msg("drill.brief.peg_hand", cards=" ".join(position["hand"])))


def expected(question: Question, grade: Grade) -> Any:
    del question
    return grade.expected_text


def answer_shown(question: Question, answer: str) -> object:
    """The answer as the summary lists it: as typed."""
    del question
    return answer


TRACKED_IDEAS = PEG_IDEAS
LESSON = 6
BLAMES_ITEMS = False


def ideas(question: Question, *, ruleset: Ruleset) -> tuple[str, ...] | None:
    """The play form's ideas are its theme; a score's, the kinds of its events."""
    if question.form != "points":
        return None
    return peg_ideas(question, solve(question, ruleset=ruleset).detail.get("events", []))


def rule_ideas(question: Question, grade: Grade) -> tuple[str, ...]:
    return peg_rule_ideas(grade) if question.form == "points" else ()


def lesson_tags(question: Question, solution: Solution) -> frozenset[str]:
    """What a lesson's `only` list is checked against: the engine's scores of the card (or, asked
    which card to play, of the best play): fifteen, pair, run, thirty_one, go, last."""
    del question
    options = solution.detail.get("options")
    top = options[0] if isinstance(options, list) and options else solution.detail
    events = top.get("events", []) if isinstance(top, dict) else []
    kinds: set[str] = set()
    for event in events if isinstance(events, list) else []:
        if not isinstance(event, dict):
            continue
        items = event.get("items") or []
        single = event.get("item")
        for item in [*(items if isinstance(items, list) else []), single]:
            if isinstance(item, dict) and "kind" in item:
                kinds.add(str(item["kind"]))
    return frozenset(kinds)


LEVEL_ITEMS = "play"  # which of a level's scoring kinds its questions hold (show, play, none)
IRREGULARITY_THEMES = False  # its themes are irregularities of the catalogue, named as the rules name them


def _positions() -> Any:
    """`trainer.drills.positions`, imported when a position is first needed (it pulls in the
    engine's bots; `crib drill` builds every kind's command, so kinds import light)."""
    from trainer.drills import positions

    return positions
