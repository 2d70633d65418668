"""How a game at the table looks in a terminal: the cribbage board with both pegs of every side,
the table (deal, dealer, starter, count, cards in play, whose turn), the events, the coach's
verdicts and the review. Words come from the `play` catalogue; cards only through the renderer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from trainer.cli.context import SETTINGS
from trainer.cli.render import cards_text
from trainer.engine.cards import Card, parse_cards
from trainer.engine.errors import CribError
from trainer.engine.game import Game, Phase
from trainer.engine.ruleset import Ruleset
from trainer.i18n import has, nt, t
from trainer.play.session import HUMAN, GameSession

if TYPE_CHECKING:
    from trainer.play.records import ReviewData

TRACK = 61  # characters of board per side: one hole a mark up to 61, two to 121, three to 181


def lang() -> str:
    return SETTINGS.lang


def seat_keys(ruleset: Ruleset) -> list[str]:
    """The seats' catalogue names, the human first: `you`, then `computer` or where each sits."""
    n = ruleset.players
    if n == 2:
        return ["you", "computer"]
    if n == 3:
        return ["you", "left", "right"]
    return ["you", "left", "partner", "right"]


def seat_names(ruleset: Ruleset, language: str | None = None, form: str = "seat") -> list[str]:
    """The human is seat 0; the others are named by where they sit. `form`: `seat` is the name
    as a label («Компьютер»), `seat_in` inside a sentence («сдаёт компьютер»), `seat_at` whose
    card it is («у компьютера К♥»)."""
    lg = language or lang()
    return [t(f"play.{form}.{key}", lg) for key in seat_keys(ruleset)]


def side_names(ruleset: Ruleset) -> list[str]:
    names = seat_names(ruleset)
    if ruleset.partnerships:
        return [" + ".join(names[s] for s in team) for team in ruleset.teams]
    return names


def pegs(game: Game) -> list[tuple[int, int]]:
    """(front, back) peg of every side: the score now and the score before the last points."""
    sides = game.ruleset.sides
    front = [0] * sides
    back = [0] * sides
    for logged in game.log:
        for side, score in enumerate(logged.scores):
            if score != front[side]:
                back[side], front[side] = front[side], score
    return [(front[s], back[s]) for s in range(sides)]


BOARD_COLUMNS = 80  # the board's lines fit the narrowest terminal we support


def board(game: Game) -> Text:
    """A text board: one track per side, ● the front peg, ○ the back peg, | every 30 holes."""
    rules = game.ruleset
    target = rules.target
    per = max(1, -(-target // TRACK))
    width = -(-target // per)
    ascii_only = SETTINGS.ascii_cards
    front_mark, back_mark, hole = ("X", "o", ".") if ascii_only else ("●", "○", "·")
    names = side_names(rules)
    pad = max(len(n) for n in names)
    text = Text()
    title = t("play.board.title", lang(), target=target, per=per, n=per, front=front_mark, back=back_mark)
    text.append(title + "\n", style="dim")
    for side, (front, back) in enumerate(pegs(game)):
        row = []
        for i in range(width):
            start = i * per + 1
            mark = hole
            if (i + 1) * per % 30 == 0:
                mark = "|"
            if back and start <= back < start + per:
                mark = back_mark
            if front and start <= front < start + per:
                mark = front_mark
            row.append(mark)
        style = "bold green" if side == game.ruleset.side_of(HUMAN) else "bold red"
        text.append(f"{names[side]:<{pad}} ", style=style)
        text.append("".join(row))
        gained = front - back
        delta = f" (+{gained})" if gained and front else ""
        score_text = f" {front:>3}" + delta
        if pad + 1 + width + len(score_text) > BOARD_COLUMNS:  # «Компьютер» and a two-digit gain
            # the line stays within 80 columns, the gain still «52 (+14)» as on every other row
            score_text = f" {front}" + delta
            if pad + 1 + width + len(score_text) > BOARD_COLUMNS:
                score_text = f" {front}(+{gained})"
        text.append(score_text + "\n")
    return text


def crib_key(rules: Ruleset, dealer: int) -> str:
    """Whose crib, by seats: yours, your partner's, the opponent's (two players) or the
    dealer's (three or four players: "the opponent's" would not say which of two)."""
    if dealer == HUMAN:
        return "play.crib.yours"
    if rules.side_of(dealer) == rules.side_of(HUMAN):
        return "play.crib.partner"
    return "play.crib.theirs" if rules.players == 2 else "play.crib.dealer"


def table_state(session: GameSession) -> Group:
    """Deal, dealer and crib, starter, the count with its cards, the human's hand, whose turn."""
    game = session.game
    rules = game.ruleset
    names = seat_names(rules)
    lg = lang()
    parts: list[Any] = [board(game)]
    if game.dealer is not None:
        whose = t(crib_key(rules, game.dealer), lg)
        # the player dealing is «вы» mid-line, not the table's name «Вы»
        key = "play.table.deal_you" if game.dealer == HUMAN else "play.table.deal"
        dealer = names[game.dealer]
        if lg == "ru":  # a seat's name mid-line is a common noun: «сдающий: компьютер»
            dealer = dealer[:1].lower() + dealer[1:]
        line = Text(t(key, lg, n=game.deal_number, dealer=dealer, whose=whose))
        if game.starter is not None:
            line.append("   " + t("play.table.starter", lg) + " ").append_text(cards_text([game.starter]))
        parts.append(line)
    peg = game.pegging
    if peg is not None and game.phase is Phase.PLAY:
        count = Text(t("play.table.count", lg, count=peg.count) + " ")
        count.append_text(cards_text(peg.series) if peg.series else Text("—"))
        if peg.said_go:
            count.append(
                "   " + t("play.table.said_go", lg, names=", ".join(names[s] for s in sorted(peg.said_go)))
            )
        parts.append(count)
        parts.append(
            Text(
                "; ".join(
                    nt("play.table.cards_left", len(h), lg, name=names[s])
                    if h
                    else t("play.table.no_cards", lg, name=names[s])
                    for s, h in enumerate(peg.hands)
                    if s != HUMAN
                )
            )
        )
    hand = peg.hands[HUMAN] if peg is not None and game.phase is Phase.PLAY else game.hand(HUMAN)
    if hand:
        parts.append(Text(t("play.table.hand", lg) + " ").append_text(numbered(hand)))
    turn = game.to_act
    if turn is not None and game.phase in (Phase.DISCARD, Phase.PLAY, Phase.SHOW):
        key = "play.table.turn_you" if turn == HUMAN else "play.table.turn"  # «Ход: ваш»
        parts.append(Text(t(key, lg, name=names[turn]), style="bold"))
    return Group(*parts)


def numbered(cards: tuple[Card, ...] | list[Card]) -> Text:
    text = Text()
    for i, card in enumerate(cards, start=1):
        if i > 1:
            text.append("  ")
        text.append(f"{i})", style="dim").append_text(cards_text([card]))
    return text


def events_text(session: GameSession, events: tuple[Any, ...]) -> list[Text]:
    from trainer.cli.play.game import _describe
    from trainer.engine.events import DealEvent, DiscardEvent, DrawEvent, ShowEvent

    names = tuple(seat_names(session.ruleset))
    lines = []
    for event in events:
        if isinstance(event, DrawEvent):
            line = Text(t("play.draw.cut", lang()) + " ")
            whose = seat_names(session.ruleset, form="seat_at")  # «у вас В♣, у компьютера К♥»
            for i, (seat, card) in enumerate(event.draws):
                line.append((", " if i else "") + f"{whose[seat]} ").append_text(cards_text([card]))
            if event.dealer is None:
                line.append(" — " + t("play.draw.tie", lang()))
            else:
                key = "play.draw.you_deal" if event.dealer == HUMAN else "play.draw.deals"
                inside = seat_names(session.ruleset, form="seat_in")  # «первым сдаёт компьютер»
                line.append(" — " + t(key, lang(), name=inside[event.dealer]))
            lines.append(line)
            continue
        mine = event.seat == HUMAN
        voice = "you" if mine else "they"
        who = t(f"play.event.{'you' if mine else 'other'}", lang(), name=names[event.seat])
        line = Text(who if 0 <= event.seat < len(names) else "")
        if isinstance(event, DiscardEvent) and event.seat != HUMAN:  # face down, into whose crib
            dealer = session.game.dealer if session.game.dealer is not None else -1
            key = {HUMAN: "play.lays_away_to_you", event.seat: "play.lays_away_to_own"}.get(
                dealer, "play.lays_away_hidden"
            )
            lines.append(line.append(nt(key, len(event.cards), lang())))
            continue
        if isinstance(event, DealEvent) and not event.to_crib:
            continue  # the deal's title above already says who deals («Сдача 1 — сдаёте вы»)
        if isinstance(event, DealEvent):  # the pack's card goes to the crib face down
            line.append_text(_describe(replace(event, to_crib=()), names, lang(), voice=voice))
            lines.append(line.append(nt("play.crib_card_hidden", len(event.to_crib), lang())))
            continue
        # the live coach says the true count of your wrong claim right after («Считаем: …»)
        counted = mine and session.coach == "live" and isinstance(event, ShowEvent)
        line.append_text(_describe(event, names, lang(), voice=voice, counted=counted))
        if not 0 <= event.seat < len(names):  # no one's move: a line of its own («Розыгрыш окончен.»)
            line = as_sentence(line, lang())
        if event.points:
            line.append(f"  +{event.points}", style="bold")
        lines.append(line)
    return lines


def as_sentence(text: Text | str, lg: str) -> Text:
    """A line that stands on its own as a sentence: a Russian line starts with a capital letter
    and ends with a full stop («Розыгрыш окончен (3 захода).»); the phrases stay in lower case in
    the catalogue, because tables and longer sentences set them inside. English keeps its label
    style."""
    from trainer.i18n.typography import sentence

    line = Text(text) if isinstance(text, str) else text.copy()
    if lg == "en" or not line.plain.strip():
        return line
    plain = line.plain
    line.plain = sentence(plain, lg)  # the same length: the styles stay where they were
    if not plain.rstrip().endswith((".", "!", "?", "…", ":")):
        line.append(".")
    return line


def band_style(band: str) -> str:
    return {"best": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}.get(band, "")


DECIDED_BOARDS = ("won", "lost", "same")  # near the end: every choice alike, the points judge


def coach_text(decision: Mapping[str, Any], *, board: bool = True) -> Text:
    """The coach's verdict on one decision: the band, its one cost, and one short reason (the
    better choice and why, or why the choice made was good; `trainer.cli.play.coach_words`).
    `board=False` leaves out the sentence that the game is decided whatever is chosen (said
    once a deal at the table; the decision's data keeps it)."""
    from trainer.cli.play.coach_words import board_words, choice_reason, cost_text, equal_text, is_zero

    lg = lang()
    counted = decision["kind"] not in ("discard", "play")
    right = counted and decision["band"] == "best" and not decision["ev_lost"]
    if right and decision.get("reason", {}).get("what") != "muggins":  # a count is not a move
        text = Text(t("play.coach.label", lg) + " ", style="bold")
        return text.append(t("play.coach.count_right", lg), style=band_style("best"))
    text = Text(t("play.coach.label", lg) + " ", style="bold")
    text.append(verdict_words(decision), style=band_style(decision["band"]))
    reason = decision.get("reason", {})
    cost = cost_text(decision)
    if cost:
        text.append(" " + cost)
    if decision["kind"] in ("discard", "play"):
        if is_zero(decision):
            chance = reason.get("chance")
            decided = reason.get("board", {}).get("kind") in DECIDED_BOARDS
            near_end = decision.get("basis") == "win" and reason.get("chance_of") == "win"
            if near_end and chance is not None and not decided and not cost:
                # near the end the best move says where it leaves the game
                text.append(" " + t("coach.cost.chance_best", lg, pct=_pct(float(chance))))
            equal = equal_text(decision)
            if equal:
                text.append(" (" + equal + ")")  # «лучший ход (В♥ не хуже)»
            why = choice_reason(decision)
            if why:
                text.append("\n  ").append_text(as_sentence(why, lg))
            if reason.get("changed"):
                text.append("\n  ").append_text(as_sentence(t("coach.board_decides", lg), lg))
        else:
            text.append("\n  ").append_text(as_sentence(better_text(decision), lg))
        if board and reason.get("board", {}).get("kind") in DECIDED_BOARDS:
            # the game decided whatever is chosen
            text.append("\n  ").append_text(as_sentence(board_words(decision), lg))
    elif decision["band"] != "best" or decision["ev_lost"]:
        text.append("\n  ").append_text(as_sentence(better_text(decision), lg))
    return text


def verdict_words(decision: Mapping[str, Any]) -> str:
    """The band in words; a choice in the best band that still gives something away is "almost
    the best", never "the best" followed by a better card."""
    from trainer.cli.play.coach_words import is_zero

    band = decision["band"]
    # Russian names the best discard «лучший сброс», not «лучший ход» (a move of the play)
    suffix = "_discard" if decision.get("kind") == "discard" and band == "best" else ""
    if band == "best" and not is_zero(decision):  # the best by the figure that decides is "best"
        return t(f"play.band.near_best{suffix}", lang())
    return t(f"play.band.{band}{suffix}", lang())


def better_text(decision: Mapping[str, Any]) -> Text:
    """The better choice and why, for the live coach and the review (never the move made: a
    choice that gave nothing away has no better)."""
    from trainer.cli.play.coach_words import board_words, discard_compare, play_compare

    lg = lang()
    kind = decision["kind"]
    reason = decision.get("reason", {})
    shade = decision["band"] == "best"
    out = Text()
    if kind == "discard":
        lead = "coach.shade.discard" if shade else "play.why.discard_best"
        out.append(t(lead, lg) + " ").append_text(cards_text(parse_cards(decision["best"])))
        if reason.get("better"):
            out.append(" — " + discard_compare(decision))
        if decision["basis"] == "win":
            out_basis = reason.get("chance_of") == "out"  # three or four players: going out in the show
            out.append(
                "; "
                + t(
                    "play.why.discard_out" if out_basis else "play.why.discard_win",
                    lg,
                    keep=_cards_plain(reason.get("best_keep_win", "")),
                    need=reason.get("need", 0),
                    pct=_pct(reason.get("best_chance", 0.0)),
                    mine=_pct(reason.get("chance", 0.0)),
                )
            )
            if reason.get("changed"):
                key = "play.why.board_changes_out" if out_basis else "play.why.board_changes"
                out.append(" " + t(key, lg, keep=_cards_plain(reason.get("best_keep", ""))))
        elif not reason.get("better"):  # a game kept before reasons had parts
            out.append(
                " — "
                + t(
                    "play.why.discard_ev",
                    lg,
                    keep=_cards_plain(reason.get("best_keep", "")),
                    ev=_num(reason.get("best_ev", 0.0)),
                    mine=_num(reason.get("keep_ev", 0.0)),
                )
            )
    elif kind == "play":
        lead = "coach.shade.play" if shade else "play.why.play_best"
        out.append(t(lead, lg) + " ").append_text(cards_text(parse_cards(decision["best"])))
        board = board_words(decision) if reason.get("board", {}).get("kind") in ("gives", "first") else ""
        # after the board's words the advised card is named again; else not («8♥. 8♥ доводит…»)
        why, subject = play_compare(decision, named=not board)
        if board or why:
            said = "; ".join(x for x in (board, why) if x)
            # «Лучше сыграть 8♥: она доводит сумму до 15…», «Чуть лучше сыграть Т♥. После 4♦, если…»
            sep = t("play.why.play_sep" if subject else "play.why.compare_sep", lg)
            out.append(sep + (said[:1].upper() + said[1:] if sep.strip() == "." else said))
        if decision["basis"] == "win" and reason.get("chance_of") == "out":
            # three or four players: the figure is pegging out first less being pegged out, a
            # difference that may be negative, so it is not read out as a share of games
            out.append(". " + t("play.why.play_out", lg))
        elif decision["basis"] == "win":
            out.append(
                ". "
                + t(
                    "play.why.play_win",
                    lg,
                    best=_cards_plain(decision["best"]),
                    card=_cards_plain(decision["choice"]),
                    pct=_pct(reason.get("best_chance", 0.0)),
                    mine=_pct(reason.get("chance", 0.0)),
                )
            )
    elif reason.get("what") == "muggins":
        out.append(t("play.why.muggins", lg, claimed=reason.get("claimed", 0), true=reason.get("true", 0)))
    else:
        out.append(count_words(decision))
    return out


def count_words(decision: Mapping[str, Any]) -> str:
    """A miscounted show in sentences: what the hand or crib holds, how the count went wrong, and
    the count as players say it («На руке 8 очков, а вы насчитали на 1 очко меньше. Считаем:
    пятнадцать два, пятнадцать четыре и последовательность из четырёх — восемь.»)."""
    from trainer.engine.scoring import ScoreBreakdown, ScoreItem
    from trainer.i18n.cadence import say_count

    lg = lang()
    reason = decision.get("reason", {})
    found = reason.get("items", [])
    whose = "crib" if reason.get("what") == "crib" else "hand"
    total = nt(f"play.why.count_total.{whose}", int(decision["best"]), lg)
    if reason.get("by_kind"):
        rule_of = {"flush": _crib_flush_rule(reason)} if whose == "crib" else {}
        wrong = " ".join(_kind_wrong(k, v, found, rule_of.get(k)) for k, v in reason["by_kind"].items())
        text = t("play.why.count_by_kind", lg, total=total, wrong=wrong)
    elif reason.get("missed"):
        text = t("play.why.count_off", lg, total=total, off=nt("play.why.count_missed", reason["missed"], lg))
    else:
        text = t(
            "play.why.count_off", lg, total=total, off=nt("play.why.count_over", reason.get("over", 0), lg)
        )
    items = [
        ScoreItem(i["kind"], tuple(parse_cards(" ".join(i.get("cards", [])))), i["points"]) for i in found
    ]
    if not items:
        return text + " " + t("play.why.count_none", lg)
    return text + " " + t("play.why.count_said", lg, said=say_count(ScoreBreakdown(items), lg))


def _item(item: dict[str, Any]) -> str:
    from trainer.cli.core_messages import item_name

    return item_name(item["kind"], len(item.get("cards", [])), "", lang())


def _crib_flush_rule(reason: Mapping[str, Any]) -> str:
    """The crib's flush rule: all four with the starter (5), or, where the ruleset allows it,
    four of a suit too (a hand's rule would be wrong for a crib)."""
    key = "coach.rule.flush_crib_four" if reason.get("crib_flush_four") else "coach.rule.flush_crib"
    return t(key, lang())


def _kind_wrong(kind: str, said: dict[str, int], items: list[dict[str, Any]], rule: str | None = None) -> str:
    """One wrongly counted kind as a sentence, with its items and the rule that scores it:
    "Runs score 4 points, not 3: run of 4 7♣ 8♦ 9♥ 10♠ (a run scores a point for each card)."
    («Последовательности дают 4 очка, а не 3: …»; the verb agrees with the kind, so each kind has
    its own sentence)."""
    lg = lang()
    mine = [i for i in items if i["kind"] == kind]
    found = "; ".join(f"{_item(i)} {_cards_plain(' '.join(i.get('cards', [])))}" for i in mine)
    return nt(
        f"coach.count.wrong.{kind}",
        said["true"],
        lg,
        claimed=said["claimed"],
        items=found or t(f"coach.count.none.{kind}", lg),
        rule=rule if rule is not None else t(f"coach.rule.{kind}", lg) if has(f"coach.rule.{kind}") else "",
    )


def _cards_plain(codes: str) -> str:
    return cards_text(parse_cards(codes)).plain if codes else ""


def _num(value: float) -> str:
    from trainer.i18n import number

    return number(value, ".2f", lang())


def _pct(value: float) -> str:
    from trainer.cli.play.coach_words import pct

    return pct(value)


def forced_text(data: Mapping[str, Any]) -> Text:
    """A forced move played for the player (one legal card, or go; `--ask-forced` asks)."""
    lg = lang()
    if data.get("card") is None:
        return Text(t("coach.forced.go", lg, count=data.get("count", 0)), style="dim")
    return Text(t("coach.forced.card", lg, card=_cards_plain(data["card"])), style="dim")


def forced_after(data: Mapping[str, Any]) -> Text:
    """The same, said after the move's own line, so the move is told once."""
    key = "coach.forced.after_go" if data.get("card") is None else "coach.forced.after_card"
    return Text(" " + t(key, lang()), style="dim")


def hint_text(data: Mapping[str, Any]) -> Text:
    """One step of the graduated hint: the idea, the candidates, then the answer."""
    lg = lang()
    out = Text(t("play.hint.label", lg) + " ", style="bold cyan")
    step = data.get("step", "answer")
    if data.get("kind") == "count":
        said = _count_hint(data, lg)
        if lg == "ru":  # after «Подсказка:» the sentence goes on in lower case
            from trainer.i18n.typography import after_colon

            said = after_colon(said)
        return out.append(said)
    if step == "idea":
        idea = data["idea"]
        values = {k: v for k, v in data.items() if k in ("count", "invites", "made", "left")}
        key = f"coach.idea.{data['kind']}.{idea}"
        if "cards" in data:
            values["cards"] = _cards_plain(" ".join(data["cards"]))
        if idea in ("lead_low", "own_crib_cards"):  # «ваша тройка» / «ваши туз и тройка»: by the cards
            out.append(nt(key, len(data["cards"]), lg, **values))
        else:
            out.append(t(key, lg, **values))
        out.append(" " + t("coach.hint.more", lg))
        return out
    if step == "candidates":
        parts = []
        for c in data["candidates"]:
            cards = _cards_plain(" ".join(c["discard"]) if data["kind"] == "discard" else c["card"])
            value = t(
                "coach.hint.value",
                lg,
                ev=("−" if c["ev"] < 0 else "") + _num(abs(c["ev"])),  # a mean: no plus, a true minus
            )
            if "chance" in c:
                value = t("coach.hint.value_win", lg, ev=value, pct=_pct(c["chance"]))
            parts.append(f"{cards} ({value})")
        key = "coach.hint.candidates_discard" if data["kind"] == "discard" else "coach.hint.candidates_play"
        if data["kind"] == "play" and len(parts) == 1:  # 9♥ 9♦: nothing to weigh, say so
            key = "coach.hint.candidates_same"
        out.append(t(key, lg, options="; ".join(parts)) + " " + t("coach.hint.more", lg))
        return out
    if data["kind"] == "go":
        out.append(t("play.hint.go", lg) + t("play.hint.end", lg))
    elif data["kind"] == "discard":
        out.append(t("play.hint.discard", lg) + " ").append_text(
            cards_text(parse_cards(" ".join(data["best"])))
        )
        keep = t("play.hint.keep", lg, keep=_cards_plain(data["keep"]), ev=_num(data["ev"]))
        out.append(" " + keep)  # «отложите в криб 4♦ 7♠ и оставьте …», "lay away 4♦ 7♠ — keep …"
        if "need" in data:
            out.append(" " + t("play.hint.board", lg, need=data["need"], pct=_pct(data["chance"])))
        if data.get("changed"):
            out.append(" " + t("play.hint.board_discard", lg))
        out.append(t("play.hint.discard_end", lg))  # a sentence, as the two hints before it
    else:
        out.append(t("play.hint.play", lg) + " ").append_text(cards_text(parse_cards(data["best"])))
        if data.get("why"):
            from trainer.advice.reasons import PegReason
            from trainer.i18n.reasons import word_reason

            why = word_reason(PegReason.from_json(data["why"]), lg, subject=True)  # «играйте 3♠: она …»
            out.append(t("play.why.play_sep", lg) + why)
        if data.get("changed"):
            out.append(" " + t("play.hint.board_play", lg))
        out.append(t("play.hint.end", lg))  # the answer is a sentence, as the two hints before it
    return out


def _count_hint(data: Mapping[str, Any], lg: str) -> str:
    """A count's hint in the count drill's words: where to look, the items, the total."""
    step = data["step"]
    more = " " + t("coach.hint.more", lg)
    if step == "idea":
        if data["look"] == "fives":
            fives = t(f"adapt.hint.fives_said.{int(data['fives'])}", lg)  # «одна пятёрка», in words
            tens = t(f"adapt.hint.tens_said.{int(data['tens'])}", lg)
            return t("adapt.hint.fives", lg, fives=fives, tens=tens) + more
        return t(f"adapt.hint.look_{data['look']}", lg) + more
    if step == "candidates":
        parts = [
            t(
                "adapt.hint.item",
                lg,
                kind=t(
                    f"coach.kind_one.{item['kind']}"
                    if len(item["cards"]) == 1
                    else f"coach.kinds.{item['kind']}",
                    lg,
                ),
                cards=", ".join("+".join(_cards_plain(c) for c in group) for group in item["cards"]),
                points=nt("drill.points", int(item["points"]), lg),
            )
            for item in data["items"]
        ]
        return (
            t("adapt.hint.items", lg, items="; ".join(parts)) if parts else t("adapt.hint.no_items", lg)
        ) + more
    return nt("adapt.hint.total", int(data["total"]), lg)


def _accuracy(value: float, lang: str) -> str:
    """An accuracy out of 100 as the reader writes a percentage, one decimal for every row of the
    column so that the figures line up: "87.5%", «20,0 %»."""
    from trainer.i18n.typography import percent

    return percent(value / 100, lang, 1)


def review_view(review: ReviewData, *, out: Console) -> None:
    """The review after a game: accuracy per skill, points lost per deal, the three costliest
    decisions with the better choice, and the lucky and unlucky cuts."""
    from trainer.cli.play.coach_words import cost_text

    lg = lang()
    out.print(Text(t("play.review.title", lg), style="bold underline"))
    acc = Table(box=None, pad_edge=False, show_header=True)
    acc.add_column(t("play.review.skill", lg))
    acc.add_column(t("play.review.accuracy", lg), justify="right")
    for skill in ("discard", "pegging", "counting"):
        value = review["accuracy"].get(skill)
        acc.add_row(t(f"play.skill.{skill}", lg), "—" if value is None else _accuracy(value, lg))
    out.print(acc)
    lost = review.get("lost_per_deal", [])
    if lost:
        out.print(Text(t("play.review.per_deal", lg), style="bold"))
        top = max(max(lost), 1.0)
        bar = "#" if SETTINGS.ascii_cards else "█"
        for i, value in enumerate(lost, start=1):
            out.print(f"  {i:>2} {bar * round(20 * value / top):<20} {_num(value)}")
    mistakes = review.get("mistakes", [])
    out.print(Text(t("play.review.mistakes", lg), style="bold"))
    if not mistakes:
        out.print("  " + t("play.review.no_mistakes", lg))
    for m in mistakes:
        head = Text(
            "  "
            + t(
                "play.review.mistake",
                lg,
                deal=m["deal"],
                kind=t(f"play.kind.{m['kind']}", lg),
                choice=choice_words(m),
            )
            + " "
        )
        head.append(verdict_words(m), style=band_style(m["band"]))
        head.append(" " + cost_text(m))
        out.print(head)
        out.print(Text("    ").append_text(as_sentence(better_text(m), lg)))  # as the live coach says it
    cuts = review.get("cuts", [])
    if cuts:
        out.print(Text(t("play.review.cuts", lg), style="bold"))
        for c in cuts:
            line = Text("  " + t(f"play.review.{c['luck']}", lg, deal=c["deal"]) + " ")
            line.append_text(cards_text(parse_cards(c["starter"])))
            line.append(" " + nt("play.review.cut_points", int(c["points"]), lg, average=_num(c["average"])))
            out.print(line)


def choice_words(mistake: Mapping[str, Any]) -> str:
    """What the player chose, as the table shows it: cards with suit symbols and the reader's
    rank letters, a muggins call or acceptance in words, a count as its number."""
    choice = str(mistake["choice"])
    if choice in ("muggins", "accept"):
        return t(f"play.choice.{choice}", lang())
    try:
        return cards_text(parse_cards(choice.split())).plain
    except CribError:
        return choice  # a number of points


def _result_key(ruleset: Ruleset, winner: int, won: bool) -> str:
    """The whole result sentence for who won: its verb agrees with the winner in each language
    («Победил компьютер», «Победили соперники»), so no name is glued into one frame."""
    if won:
        return "play.over.won"
    if ruleset.partnerships:
        return "play.over.lost.team"
    if ruleset.players == 2:
        return "play.over.lost.computer"
    return "play.over.lost.left" if winner == 1 else "play.over.lost.right"


def outcome_text(session: GameSession) -> Text:
    game = session.game
    outcome = game.outcome
    assert outcome is not None
    lg = lang()
    names = side_names(game.ruleset)
    won = outcome.winner == game.ruleset.side_of(HUMAN)
    key = _result_key(game.ruleset, outcome.winner, won)
    if len(outcome.scores) == 2:  # two sides: the score as players say it, the winner's first
        loser = outcome.scores[1 - outcome.winner]
        scores = t("play.over.score_pair", lg, winner=outcome.scores[outcome.winner], loser=loser)
        key += "_by"
    else:  # three players: every seat's score, named
        scores = ", ".join(
            t("play.over.seat_score", lg, name=n, score=s) for n, s in zip(names, outcome.scores, strict=True)
        )
    text = Text(
        t(key, lg, scores=scores),
        style="bold green" if won else "bold red",
    )
    if outcome.result != "win":  # what the margin means, said once: «Это лурч: у проигравшего меньше 61.»
        line = game.ruleset.lurch_line
        text.append(" " + t(f"play.result.{outcome.result}", lg, line=line if line is not None else ""))
    return text
