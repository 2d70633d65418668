"""`crib replay`, `crib simulate` and `crib rules ruling`: whole deals and games through the engine,
and the engine's rulings on irregularities."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.app import app
from trainer.cli.groups import rules_app
from trainer.cli.options import json_option, load, print_json, ruleset_option
from trainer.cli.titles import deal_text, ruleset_title

MAX_GAMES = 20_000  # `simulate --games`: a few minutes at most; more only repeats the same percentages

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.text import Text

    from trainer.content.deals import Replay
    from trainer.engine.bots import SimulationReport
    from trainer.engine.events import GameEvent, PenaltyEvent
    from trainer.engine.irregularities import Ruling
    from trainer.engine.ruleset import Ruleset
    from trainer.engine.scoring import ScoreItem


# ----------------------------------------------------------------------------- replay


@app.command()
def replay(
    file: str = typer.Argument(
        None,
        metavar="FILE|NAME",
        help="A deal file, e.g. deals/mendelev-five-card.yaml, or the name of a shipped deal.",
    ),
    as_json: bool = json_option(),
) -> None:
    """Replay a documented deal event by event, with every point and the running scores.

    Stops at the first illegal action with the rule it breaks (exit code 1). Without a file,
    lists the deals that ship with the trainer.
    """
    from trainer.content.deals import load_deal
    from trainer.content.deals import replay as run_replay

    if file is None:
        _list_shipped_deals(as_json=as_json)
        return
    result = run_replay(load_deal(_deal_path(file)))
    if as_json:
        print_json(result.to_json())
    else:
        _print_replay(result)
    if result.error is not None:
        sys.stdout.flush()  # the events come before the error line, also through a pipe
        if as_json:
            raise result.error
        # the error names the players as the table above does («игрок 1», not «A»)
        lang, _ = _game_lang()
        shown = dict(zip(result.script.names, _seat_names(result.script.names, lang), strict=True))
        raise _renamed(result.error, {k: v for k, v in shown.items() if k != v})


def _deal_path(spec: str) -> Path:
    """A path as given, or a shipped deal by name (`mendelev-five-card`)."""
    from trainer.content.paths import deals_dir

    path = Path(spec)
    if path.exists() or "/" in spec or "\\" in spec:
        return path
    shipped = deals_dir() / (spec if spec.endswith((".yaml", ".yml")) else f"{spec}.yaml")
    if shipped.is_file():
        return shipped
    from trainer.content.deals import DealFileError
    from trainer.content.yamlfile import shown

    raise DealFileError(
        f"{shown(spec)}: no such deal file or shipped deal; run `crib replay` for the list",
        key="rough.replay_unknown",
        name=shown(spec),
    )


def _list_shipped_deals(*, as_json: bool) -> None:
    from trainer.cli.render import console
    from trainer.content.deals import load_deal
    from trainer.content.paths import deals_dir

    rows = []
    for path in sorted(deals_dir().glob("*.yaml")):
        deal = load_deal(path)
        rows.append({"name": path.stem, "title": deal.title, "ruleset": deal.ruleset.name})
    if as_json:
        print_json({"deals": rows})
        return
    from rich.table import Table

    from trainer.cli.usertext import user_text

    lang, t = _game_lang()
    table = Table(title=t("game.deals.title", lang), box=None, title_justify="left", caption_justify="left")
    table.caption = t("game.deals.caption", lang)
    for column in ("name", "ruleset", "title"):
        table.add_column(t(f"game.deals.col_{column}", lang))
    for row in rows:
        table.add_row(
            user_text(row["name"]),
            user_text(row["ruleset"]),
            user_text(deal_text(row["name"], "title", row["title"], lang)),
        )
    from trainer.cli.render import keep_words

    console().print(keep_words(table))


def _side_names(names: tuple[str, ...], ruleset: Ruleset) -> list[str]:
    if ruleset.partnerships:
        return ["+".join(names[s] for s in team) for team in ruleset.teams]
    return list(names)


def _seat_names(names: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """A one-letter seat name (A, B, …) outside the reader's alphabet is said as a seat
    («игрок 1»); any other name is the file's own."""
    from trainer.i18n.languages import language

    _, t = _game_lang()
    letters = language(lang).choice_letters.casefold()
    return tuple(
        t("game.replay.seat", lang, number=i + 1)
        if len(n) == 1 and n.isascii() and n.casefold() not in letters
        else n
        for i, n in enumerate(names)
    )


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` (an error, its message parts) with every player's name as the screen says it;
    the English text it was raised with stays as it is."""
    from trainer.engine.errors import CribError, Msg, Problem

    if not names:
        return value
    if isinstance(value, Problem):
        return Problem(value, value.key, **{k: _renamed(v, names) for k, v in value.values.items()})
    if isinstance(value, CribError):
        renamed = copy.copy(value)
        renamed.values = {k: _renamed(v, names) for k, v in value.values.items()}
        return renamed
    if isinstance(value, Msg):
        return Msg(value.key, {k: _renamed(v, names) for k, v in value.values.items()})
    return names.get(value, value) if isinstance(value, str) else value


def _print_replay(result: Replay) -> None:
    from rich.table import Table
    from rich.text import Text

    from trainer.cli.render import cards_text, console
    from trainer.cli.usertext import clean, escaped
    from trainer.engine.events import DealEvent

    lang, t = _game_lang()
    script = result.script
    out = console()
    # names, titles and sources come from the deal file: every one is printed as text, not markup
    # a one-letter seat name (A, B, …) outside the reader's alphabet is said as a seat («игрок 1»)
    names = tuple(escaped(n) for n in _seat_names(script.names, lang))
    title = deal_text(script.path.stem, "title", script.title, lang) if script.title else script.path.name
    out.print(Text(clean(title), style="bold"))
    rules = script.ruleset
    out.print(
        t("game.replay.dealer", lang, title=escaped(ruleset_title(rules, lang)), name=names[script.dealer])
    )
    if script.source:
        source = deal_text(script.path.stem, "source", script.source, lang)
        out.print(Text(clean(t("game.replay.source", lang, source=source))))
    deal = next((e.event for e in result.events if isinstance(e.event, DealEvent)), None)
    if deal is not None:
        for seat, hand in enumerate(deal.hands):
            line = Text.from_markup(f"{names[seat]}: ").append_text(cards_text(hand))
            out.print(line)
    table = Table(box=None, pad_edge=False, show_header=True)
    table.add_column("#", justify="right", style="dim")
    table.add_column(t("game.replay.col_who", lang))
    table.add_column(t("game.replay.col_what", lang))
    table.add_column(t("game.replay.col_points", lang), justify="right")
    for side in _side_names(names, rules):
        table.add_column(side, justify="right")
    for number, logged in enumerate(result.events, start=1):
        event = logged.event
        who = names[event.seat] if 0 <= event.seat < len(names) else ""
        points = str(event.points) if event.points else ""
        what = _describe(event, tuple(clean(n) for n in script.names), lang)
        table.add_row(str(number), who, what, points, *(str(s) for s in logged.scores))
    from trainer.cli.render import keep_words

    out.print(keep_words(table))
    outcome = result.game.outcome
    scores = t("play.over.seat_sep", lang).join(
        t("play.over.seat_score", lang, name=n, score=s)
        for n, s in zip(_side_names(names, rules), result.scores, strict=True)
    )  # «игрок 1 — 21, игрок 2 — 19»; English keeps "A 21 – B 19"
    if outcome is not None:
        winner = _side_names(names, rules)[outcome.winner]
        detail = t(
            "game.replay.win_detail",
            lang,
            stage=_word("source", outcome.stage, lang),
            scores=scores,
            result=_word("result", outcome.result, lang),
            games=outcome.games,
            n=outcome.games,
        )
        out.print(f"[bold]{t('game.replay.winner', lang, winner=winner)}[/] {detail}")
    elif result.error is None:
        out.print(t("game.replay.end_of_deal", lang, scores=scores))


_PLURAL = {"fifteen": "fifteens", "pair": "pairs", "run": "runs"}


def _game_lang() -> tuple[str, Callable[..., str]]:
    """The UI language and the message lookup, with the replay/simulate strings registered."""
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    return SETTINGS.lang, t


def _word(group: str, name: str, lang: str) -> str:
    """A result, source or bot id in the UI language (the id itself when untranslated)."""
    from trainer.cli.play.game_messages import word

    return word(group, name, lang)


def _items(items: tuple[ScoreItem, ...], *, show: bool, lang: str = "en") -> str:
    """Points by kind: 'fifteens 8, pairs 6, nobs 1' for a show, 'fifteen 2, pair royal 6' in play
    (Russian sets the points off with a dash: «тридцать один — 2»)."""
    from trainer.cli.render import KIND_NAMES
    from trainer.i18n import t

    totals: dict[str, int] = {}
    for item in items:
        if lang != "en":
            name = _item_words(item, show=show, lang=lang)
        elif show:
            name = _PLURAL.get(item.kind) or KIND_NAMES.get(item.kind, item.kind)
        elif item.kind == "run":
            name = "run"
        else:
            name = item.label or KIND_NAMES.get(item.kind, item.kind)
        totals[name] = totals.get(name, 0) + item.points
    return ", ".join(t("game.item_points", lang, name=k, points=v) for k, v in totals.items())


def _item_words(item: ScoreItem, *, show: bool, lang: str) -> str:
    """The name of an item in a replay line from the catalogue (English keeps the engine's
    label): show totals by kind, play items by name."""
    from trainer.cli.core_messages import item_name
    from trainer.i18n import t

    if show and item.kind in ("fifteen", "pair", "run", "flush", "nobs"):
        return t(f"game.show.{item.kind}", lang)
    if item.kind == "run":
        return t("game.play.run", lang)
    return item_name(item.kind, len(item.cards), item.label, lang)


def _describe(
    event: GameEvent, names: tuple[str, ...], lang: str = "en", *, voice: str = "", counted: bool = False
) -> Text:
    """One event as a line of the replay table (cards always through the renderer).

    voice: `crib play` narrates each event as a sentence after the seat's name, "you" for the
    player's own ("You lay away", not "You: lays away") and "they" for another seat's («Компьютер
    ходит 5♣»): `game.ev.you.*` and `game.ev.they.*` keys, where a language needs them; the show
    is then said in the spoken count the drills use. The replay table (no voice) keeps its
    labels, the name standing in its own column. `counted`: the coach's line says the true count
    of a wrong claim right after, so the claim's line gives the figures only (never said twice)."""
    from rich.text import Text

    from trainer.cli.core_messages import item_name
    from trainer.cli.render import cards_text as cards
    from trainer.engine import events as ev
    from trainer.i18n import has
    from trainer.i18n import nt as plural
    from trainer.i18n import t as plain_t

    def voiced(key: str) -> str:
        mine = key.replace("game.ev.", f"game.ev.{voice}.", 1)
        return mine if voice and has(mine) else key

    def t(key: str, lang: str, **values: object) -> str:
        return plain_t(voiced(key), lang, **values)

    if isinstance(event, ev.DealEvent):
        text = Text(t("game.ev.deals", lang, n=event.deal_number))
        if event.to_crib:
            text.append(t("game.ev.to_crib", lang)).append_text(cards(event.to_crib))
        return text
    if isinstance(event, ev.CompensationEvent):
        return Text(t("game.ev.compensation", lang))
    if isinstance(event, ev.DiscardEvent):
        return Text(t("game.ev.lays_away", lang)).append_text(cards(event.cards))
    if isinstance(event, ev.StarterEvent):
        return Text(t("game.ev.cuts", lang)).append_text(cards([event.card]))
    if isinstance(event, ev.HeelsEvent):
        return Text(t("game.ev.heels", lang) + (t("game.ev.may_not_peg_out", lang) if event.barred else ""))
    if isinstance(event, ev.PlayEvent):
        text = Text(t("game.ev.plays", lang)).append_text(cards([event.card]))
        text.append(t("game.ev.count", lang, count=event.count))
        if event.breakdown.items and lang != "en":  # said as at the table: «(пятнадцать два)»
            from trainer.i18n.cadence import say_count

            text.append(f"  ({say_count(event.breakdown, lang)})")
        elif event.breakdown.items:
            text.append(f"  ({_items(event.breakdown.items, show=False, lang=lang)})")
        if event.claimed is not None and event.claimed != event.true_points:
            text.append(plural("game.ev.claims", event.claimed, lang, true=event.true_points))
        return text
    if isinstance(event, ev.GoEvent):
        return Text(t("game.ev.go", lang, count=event.count))
    if isinstance(event, ev.GoPointEvent):
        item = event.item
        sentence = f"game.ev.{voice}.go_point.{item.kind}"
        if voice and has(sentence):
            return Text(plural(sentence, event.points, lang, count=event.count))
        name = item_name(item.kind, len(item.cards), item.label, lang) if lang != "en" else item.label or "go"
        return Text(t("game.ev.go_point", lang, name=name, count=event.count))
    if isinstance(event, ev.PlayEndEvent):
        left = [(names[s], h) for s, h in enumerate(event.unplayed) if h]
        counts = plural("game.counts_word", event.counts, lang)
        text = Text(t("game.ev.play_over", lang, n=event.counts, counts=counts))
        if left:
            text.append(t("game.ev.unplayed", lang))
            for who, hand in left:
                text.append(f"{who} ")
                text.append_text(cards(hand))
                text.append(" ")
        return text
    if isinstance(event, ev.ShowEvent):
        what = t(f"game.ev.{event.what}", lang) if event.what in ("hand", "crib") else event.what
        text = Text(f"{what} ").append_text(cards(event.cards)).append(" + ")
        text.append_text(cards([event.starter]))
        wrong = event.claimed is not None and event.claimed != event.true_points
        if voice:  # said aloud, as the drills say it: «пятнадцать два и пара — четыре»
            from trainer.i18n.cadence import say_count

            said = say_count(event.breakdown, lang)
            if wrong:  # the claim first, then the true count: never the right count "claimed 7"
                assert event.claimed is not None
                key = "game.ev.claims_true" if counted else "game.ev.claims_said"
                return text.append(plural(key, event.claimed, lang, true=event.true_points, said=said))
            text.append(t("game.ev.said", lang, said=said))
        elif event.breakdown.items:
            text.append(f"  ({_items(event.breakdown.items, show=True, lang=lang)})")
        if wrong:
            assert event.claimed is not None
            text.append(plural("game.ev.claims", event.claimed, lang, true=event.true_points))
        return text
    if isinstance(event, ev.MugginsEvent):
        from trainer.play.session import HUMAN

        on_you = f"game.ev.{voice}.muggins.by_you"
        return Text(
            plain_t(
                on_you if voice and event.offender == HUMAN and has(on_you) else voiced("game.ev.muggins"),
                lang,
                name=names[event.offender],
                claimed=event.claimed,
                true=event.true_points,
            )
        )
    if isinstance(event, ev.PenaltyEvent):
        if voice:
            return Text(_penalty_sentence(event, names, lang, voice))
        if lang == "en":
            irregularity, rule = event.irregularity, f" ({event.rule_ref})"
        else:  # the irregularity by its name («завышенная отметка»), never its id; no rule codes (S0; HOY)
            from trainer.i18n.rulings import irregularity_names

            name = irregularity_names(lang).get(event.irregularity, event.irregularity)
            irregularity, rule = name[:1].lower() + name[1:], ""
        return Text(
            t("game.ev.penalty", lang, irregularity=irregularity, name=names[event.offender], rule=rule)
        )
    if isinstance(event, ev.GameOverEvent):
        if event.result == "win":  # a plain win needs no word for it: not "wins the game (win)"
            return Text(t("game.ev.wins_game_plain", lang))
        return Text(t("game.ev.wins_game", lang, result=_word("result", event.result, lang)))
    return Text(type(event).__name__)


def _penalty_sentence(event: PenaltyEvent, names: tuple[str, ...], lang: str, voice: str) -> str:
    """A penalty in `crib play` as one sentence after the beneficiary's name: who scores how
    many points and for what, the player's own fault said as "your" («Компьютер получает 2
    штрафных очка за завышенную отметку: вы отметили больше, чем набрали»); a ruling without its
    own sentence is named from the rulings catalogue."""
    from trainer.i18n import has, nt
    from trainer.play.session import HUMAN

    by = ".by_you" if event.offender == HUMAN and voice == "they" else ""
    base = f"game.ev.{voice}.penalty{by}"
    key = f"{base}.{event.irregularity}" if has(f"{base}.{event.irregularity}") else base
    if not has(key):
        key = "game.ev.they.penalty"
    if lang == "en":
        irregularity = event.irregularity.replace("_", " ")
    else:
        from trainer.i18n.rulings import irregularity_names

        name = irregularity_names(lang).get(event.irregularity, event.irregularity)
        irregularity = name[:1].lower() + name[1:]
    return nt(key, event.points, lang, name=names[event.offender], irregularity=irregularity)


# ----------------------------------------------------------------------------- simulate


@app.command()
def simulate(
    ruleset: str = ruleset_option(),
    games: int = typer.Option(
        1000, "--games", "-n", min=1, max=MAX_GAMES, help=f"How many games to play (1 to {MAX_GAMES:,})."
    ),
    seed: int = typer.Option(None, "--seed", help="Random seed (the same seed gives the same games)."),
    bot: str = typer.Option(
        "greedy", "--bot", metavar="BOT", help="Computer players: greedy (default) or random."
    ),
    jobs: int = typer.Option(
        1,
        "--jobs",
        "-j",
        help="Processes to play in (0: one per CPU). The report is the same for any number.",
    ),
    as_json: bool = json_option(),
) -> None:
    """Play computer-vs-computer games and report wins and where the points come from."""
    import time

    from trainer.engine.bots import BOTS
    from trainer.engine.bots import simulate as run_simulation
    from trainer.engine.errors import CribError

    rules = load(ruleset)
    if games < 1:
        raise CribError(f"--games {games}: play at least 1 game", key="error.sim.games", games=games)
    if bot not in BOTS:
        raise CribError(
            f"--bot {bot!r}: unknown bot {bot!r}: choose one of {', '.join(BOTS)}",
            key="error.sim.bot",
            bot=bot,
            names=", ".join(BOTS),
        )
    if jobs < 0:
        raise CribError(
            f"--jobs {jobs}: give the number of processes, or 0 for one per CPU",
            key="error.simulate_jobs",
            jobs=jobs,
        )
    started = time.perf_counter()
    with _Progress(games, enabled=not as_json and sys.stderr.isatty()) as advance:
        report = run_simulation(rules, games=games, seed=seed, bot=bot, progress=advance, jobs=jobs)
    elapsed = time.perf_counter() - started
    if as_json:
        print_json(report.to_json())
        return
    _print_report(report, rules, elapsed)


class _Progress:
    """A rich progress bar on stderr, or nothing when it would only clutter a pipe or JSON."""

    def __init__(self, total: int, *, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.bar: object = None

    def __enter__(self) -> Callable[[int], None] | None:
        if not self.enabled:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from trainer.cli.render import err_console

        lang, t = _game_lang()
        bar = Progress(
            TextColumn(t("game.sim.progress", lang)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err_console(),
            transient=True,
        )
        bar.start()
        task = bar.add_task("games", total=self.total)
        self.bar = bar
        return lambda done: bar.update(task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()  # type: ignore[attr-defined]


def _print_report(report: SimulationReport, rules: Ruleset, elapsed: float) -> None:
    from rich.table import Table

    from trainer.cli.core_messages import number
    from trainer.cli.render import console
    from trainer.i18n import nt
    from trainer.i18n.typography import percent

    lang, t = _game_lang()
    out = console()
    title = nt(
        "game.sim.title",
        report.games,
        lang,
        title=f"[bold]{ruleset_title(rules, lang)}[/]",
        bot=_word("sim.bot", report.bot, lang),
    )
    out.print(title + (t("game.sim.seed", lang, seed=report.seed) if report.seed is not None else ""))
    if rules.partnerships:
        # Players are numbered from 1 on screen (seats stay 0-based in --json).
        labels = [t("game.sim.team", lang, seats="+".join(str(s + 1) for s in team)) for team in rules.teams]
    else:
        labels = [t("game.sim.seat", lang, seat=s + 1) for s in range(report.sides)]
    avg = report.avg_points_per_deal()
    shown = [
        s for s in ("pegging", "hand", "crib", "heels", "compensation", "muggins", "penalty") if any(avg[s])
    ]
    table = Table(box=None, pad_edge=False, title=t("game.sim.table_title", lang), title_justify="left")
    table.add_column(t("game.sim.col_side", lang))
    table.add_column(t("game.sim.col_wins", lang), justify="right")
    for source in shown:
        table.add_column(_word("source", source, lang), justify="right")
    table.add_column(t("game.sim.col_total", lang), justify="right")
    for side, label in enumerate(labels):
        wins = report.wins[side]
        row = [label, f"{wins} ({percent(wins / report.games, lang, 1)})"]
        row += [number(avg[source][side], ".2f", lang) for source in shown]
        row.append(number(sum(avg[source][side] for source in shown), ".2f", lang))
        table.add_row(*row)
    from trainer.cli.render import keep_words

    out.print(keep_words(table))
    margin = "lurches" if rules.lurch.rule == "below_half" else "skunks"
    extra = ", ".join(
        f"{_word('result', k, lang)} {v}" for k, v in sorted(report.results.items()) if k != "win"
    )
    if rules.lurch.rule == "none":
        out.print(t("game.sim.no_lurch", lang))
    else:
        said = (
            nt(f"game.sim.{margin}", report.lurches, lang)
            if report.lurches
            else t("game.sim.none_lurched", lang)
        )
        out.print(said + (f" ({extra})" if extra else ""))
    out.print(t("game.sim.deals_per_game", lang, n=number(report.avg_deals_per_game, ".2f", lang)))
    seconds = number(elapsed, ".2f", lang)
    out.print(
        t("game.sim.time", lang, seconds=seconds, ms=number(1000 * elapsed / report.games, ".1f", lang))
    )


# ----------------------------------------------------------------------------- rulings


@rules_app.command("ruling")
def ruling(
    name: str = typer.Argument(None, help="Irregularity id, e.g. renege (omit to list them all)."),
    ruleset: str = ruleset_option(),
    penalties: str = typer.Option(
        None,
        "--penalties",
        metavar="SET",
        help="Penalty set: seeds, acc or old_laws (default: the ruleset's).",
    ),
    fact: list[str] = typer.Option(
        None,
        "--fact",
        metavar="KEY=VALUE",
        help="A fact of the case as key=value, e.g. --fact count=25 --fact holding='A 5 6'.",
    ),
    as_json: bool = json_option(),
) -> None:
    """The engine's ruling on an irregularity under a ruleset's penalty set."""
    from trainer.engine.irregularities import RulingError, adjudicate, catalogue

    rules = load(ruleset)
    if name is None:
        _print_catalogue(catalogue(), as_json=as_json)
        return
    facts: dict[str, str] = {}
    for item in fact or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulingError(
                f"--fact {item!r}: write key=value, e.g. --fact count=25", key="error.ruling.fact", item=item
            )
        facts[key.strip()] = value.strip()
    result = adjudicate(name, ruleset=rules, penalty_set=penalties, **facts)
    if as_json:
        print_json(result.to_json())
        return
    _print_ruling(result)


def _ruling_lang() -> str:
    from trainer.cli.context import SETTINGS

    return SETTINGS.lang


def _rt(key: str, lang: str, **values: object) -> str:
    """A label of `rules ruling` in the UI language (defined with the reference's strings)."""
    from trainer.i18n import t

    return t(key, lang, **values)


def _print_catalogue(items: tuple[object, ...], *, as_json: bool) -> None:
    from rich.table import Table

    from trainer.cli.render import console

    if as_json:
        print_json([i.to_json() for i in items])  # type: ignore[attr-defined]
        return
    from trainer.i18n.rulings import irregularity_words

    lang = _ruling_lang()
    table = Table(box=None, pad_edge=False, title=_rt("rough.ruling.catalogue", lang), title_justify="left")
    for key in ("ref.col.row", "ref.ruling.col.id", "ref.col.irregularity", "ref.ruling.col.sets"):
        table.add_column(_rt(key, lang), justify="right" if key == "ref.col.row" else "left")
    for irr in items:
        name = irregularity_words(irr, lang).name  # type: ignore[arg-type]
        sets = ", ".join(_rt(f"ref.ruling.set_short.{s}", lang) for s in irr.penalty_sets)  # type: ignore[attr-defined]
        table.add_row(str(irr.row), irr.id, name, sets)  # type: ignore[attr-defined]
    from trainer.cli.render import keep_words

    console().print(keep_words(table))


def _print_ruling(result: Ruling) -> None:
    from rich.markup import escape

    from trainer.cli.render import console
    from trainer.i18n.rulings import ruling_words

    lang = _ruling_lang()
    english = lang == "en"

    def say(key: str, **values: object) -> str:
        return escape(_rt(key, lang, **values))

    words = ruling_words(result, lang)
    out = console()
    out.print(
        f"[bold]{escape(words.name)}[/] " + say("ref.ruling.row", row=result.row, id=result.irregularity)
    )
    out.print(say("rough.ruling.penalty_set", name=_rt(f"rough.set.{result.penalty_set}", lang)))
    if words.note:
        out.print(say("ref.ruling.note", note=words.note))
    if not result.retrieved:
        out.print(f"[yellow]{say('ref.ruling.not_retrieved')}[/]{say('ref.ruling.not_guessed')}")
    if result.points:
        who = result.beneficiary if english else _rt(f"ref.beneficiary.{result.beneficiary}", lang)
        out.print(say("ref.ruling.points", points=result.points, who=who))
    else:
        out.print(say("ref.ruling.no_points"))
    if result.back:
        out.print(say("ref.ruling.back", back=result.back))
    out.print(say("ref.ruling.remedy", remedy=words.remedy))
    if words.options:
        out.print(say("ref.ruling.options", options="; ".join(words.options)))
    from trainer.i18n.sources import titled_refs

    out.print(say("rough.sources", sources=titled_refs(result.rule_ref, lang)))
