"""`crib replay`, `crib simulate` and `crib rules ruling`: whole deals and games through the engine,
and the engine's rulings on irregularities."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from trainer.cli.app import app
from trainer.cli.groups import rules_app
from trainer.cli.options import json_option, load, print_json, ruleset_option

if TYPE_CHECKING:
    from rich.text import Text

    from trainer.content.deals import Replay
    from trainer.engine.bots import SimulationReport
    from trainer.engine.events import GameEvent
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
        raise result.error


def _deal_path(spec: str) -> Path:
    """A path as given, or a shipped deal by name (`mendelev-five-card`)."""
    from trainer.content.paths import deals_dir

    path = Path(spec)
    if path.exists() or "/" in spec or "\\" in spec:
        return path
    shipped = deals_dir() / (spec if spec.endswith((".yaml", ".yml")) else f"{spec}.yaml")
    return shipped if shipped.is_file() else path


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

    table = Table(title="Shipped deals", box=None, title_justify="left", caption_justify="left")
    table.caption = "Replay one with `crib replay NAME`, or give your own deal file."
    for column in ("name", "ruleset", "what it shows"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["name"], row["ruleset"], row["title"])
    console().print(table)


def _side_names(names: tuple[str, ...], ruleset: Ruleset) -> list[str]:
    if ruleset.partnerships:
        return ["+".join(names[s] for s in team) for team in ruleset.teams]
    return list(names)


def _print_replay(result: Replay) -> None:
    from rich.table import Table
    from rich.text import Text

    from trainer.cli.render import cards_text, console
    from trainer.engine.events import DealEvent

    script = result.script
    out = console()
    names = script.names
    title = script.title or script.path.name
    out.print(f"[bold]{title}[/]")
    rules = script.ruleset
    out.print(f"{rules.title or rules.name} — dealer {names[script.dealer]}")
    if script.source:
        out.print(f"source: {script.source}")
    deal = next((e.event for e in result.events if isinstance(e.event, DealEvent)), None)
    if deal is not None:
        for seat, hand in enumerate(deal.hands):
            line = Text(f"{names[seat]}: ").append_text(cards_text(hand))
            out.print(line)
    table = Table(box=None, pad_edge=False, show_header=True)
    table.add_column("#", justify="right", style="dim")
    table.add_column("who")
    table.add_column("what")
    table.add_column("pts", justify="right")
    for side in _side_names(names, rules):
        table.add_column(side, justify="right")
    for number, logged in enumerate(result.events, start=1):
        event = logged.event
        who = names[event.seat] if 0 <= event.seat < len(names) else ""
        points = str(event.points) if event.points else ""
        what = _describe(event, names)
        table.add_row(str(number), who, what, points, *(str(s) for s in logged.scores))
    out.print(table)
    outcome = result.game.outcome
    scores = " – ".join(f"{n} {s}" for n, s in zip(_side_names(names, rules), result.scores, strict=True))
    if outcome is not None:
        winner = _side_names(names, rules)[outcome.winner]
        out.print(
            f"[bold]{winner} wins[/] ({outcome.stage}): {scores}; {outcome.result}, {outcome.games} game(s)"
        )
    elif result.error is None:
        out.print(f"end of the deal: {scores}")


_PLURAL = {"fifteen": "fifteens", "pair": "pairs", "run": "runs"}


def _items(items: tuple[ScoreItem, ...], *, show: bool) -> str:
    """Points by kind: 'fifteens 8, pairs 6, nobs 1' for a show, 'fifteen 2, pair royal 6' in play."""
    from trainer.cli.render import KIND_NAMES

    totals: dict[str, int] = {}
    for item in items:
        if show:
            name = _PLURAL.get(item.kind) or KIND_NAMES.get(item.kind, item.kind)
        elif item.kind == "run":
            name = "run"
        else:
            name = item.label or KIND_NAMES.get(item.kind, item.kind)
        totals[name] = totals.get(name, 0) + item.points
    return ", ".join(f"{k} {v}" for k, v in totals.items())


def _describe(event: GameEvent, names: tuple[str, ...]) -> Text:
    """One event as a line of the replay table (cards always through the renderer)."""
    from rich.text import Text

    from trainer.cli.render import cards_text as cards
    from trainer.engine import events as ev

    if isinstance(event, ev.DealEvent):
        text = Text(f"deals (deal {event.deal_number})")
        if event.to_crib:
            text.append(", to the crib ").append_text(cards(event.to_crib))
        return text
    if isinstance(event, ev.CompensationEvent):
        return Text("pegs compensation for the first crib")
    if isinstance(event, ev.DiscardEvent):
        return Text("lays away ").append_text(cards(event.cards))
    if isinstance(event, ev.StarterEvent):
        return Text("cuts; the starter is ").append_text(cards([event.card]))
    if isinstance(event, ev.HeelsEvent):
        return Text("his heels" + (" (may not peg out)" if event.barred else ""))
    if isinstance(event, ev.PlayEvent):
        text = Text("plays ").append_text(cards([event.card])).append(f"  count {event.count}")
        if event.breakdown.items:
            text.append(f"  ({_items(event.breakdown.items, show=False)})")
        if event.claimed is not None and event.claimed != event.true_points:
            text.append(f"  claims {event.claimed} of {event.true_points}")
        return text
    if isinstance(event, ev.GoEvent):
        return Text(f"go (count {event.count})")
    if isinstance(event, ev.GoPointEvent):
        return Text(f"{event.item.label or 'go'} at {event.count}")
    if isinstance(event, ev.PlayEndEvent):
        left = [(names[s], h) for s, h in enumerate(event.unplayed) if h]
        text = Text(f"the play is over ({event.counts} count{'s' if event.counts != 1 else ''})")
        if left:
            text.append("; unplayed: ")
            for who, hand in left:
                text.append(f"{who} ")
                text.append_text(cards(hand))
                text.append(" ")
        return text
    if isinstance(event, ev.ShowEvent):
        text = Text(f"{event.what} ").append_text(cards(event.cards)).append(" + ")
        text.append_text(cards([event.starter]))
        if event.breakdown.items:
            text.append(f"  ({_items(event.breakdown.items, show=True)})")
        if event.claimed is not None and event.claimed != event.true_points:
            text.append(f"  claims {event.claimed} of {event.true_points}")
        return text
    if isinstance(event, ev.MugginsEvent):
        return Text(f"muggins on {names[event.offender]}: {event.claimed} claimed of {event.true_points}")
    if isinstance(event, ev.PenaltyEvent):
        return Text(f"penalty for {event.irregularity} by {names[event.offender]} ({event.rule_ref})")
    if isinstance(event, ev.GameOverEvent):
        return Text(f"wins the game ({event.result})")
    return Text(type(event).__name__)


# ----------------------------------------------------------------------------- simulate


@app.command()
def simulate(
    ruleset: str = ruleset_option(),
    games: int = typer.Option(1000, "--games", "-n", help="How many games to play."),
    seed: int = typer.Option(None, "--seed", help="Random seed (the same seed gives the same games)."),
    bot: str = typer.Option("greedy", "--bot", help="Computer players: greedy (default) or random."),
    as_json: bool = json_option(),
) -> None:
    """Play computer-vs-computer games and report wins and where the points come from."""
    import time

    from trainer.engine.bots import BOTS
    from trainer.engine.bots import simulate as run_simulation
    from trainer.engine.errors import CribError

    rules = load(ruleset)
    if games < 1:
        raise CribError(f"--games {games}: play at least 1 game")
    if bot not in BOTS:
        raise CribError(f"--bot {bot!r}: unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    started = time.perf_counter()
    with _Progress(games, enabled=not as_json and sys.stderr.isatty()) as advance:
        report = run_simulation(rules, games=games, seed=seed, bot=bot, progress=advance)
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

    def __enter__(self) -> object:
        if not self.enabled:
            return None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        from trainer.cli.render import err_console

        bar = Progress(
            TextColumn("simulating"),
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

    from trainer.cli.render import console

    out = console()
    out.print(
        f"[bold]{rules.title or rules.name}[/] — {report.games} games, {report.bot} bots"
        + (f", seed {report.seed}" if report.seed is not None else "")
    )
    if rules.partnerships:
        labels = ["team " + "+".join(map(str, team)) for team in rules.teams]
    else:
        labels = [f"seat {s}" for s in range(report.sides)]
    avg = report.avg_points_per_deal()
    shown = [
        s for s in ("pegging", "hand", "crib", "heels", "compensation", "muggins", "penalty") if any(avg[s])
    ]
    table = Table(box=None, pad_edge=False, title="average points per deal", title_justify="left")
    table.add_column("side")
    table.add_column("wins", justify="right")
    for source in shown:
        table.add_column(source, justify="right")
    table.add_column("total", justify="right")
    for side, label in enumerate(labels):
        wins = report.wins[side]
        row = [label, f"{wins} ({100 * wins / report.games:.1f}%)"]
        row += [f"{avg[source][side]:.2f}" for source in shown]
        row.append(f"{sum(avg[source][side] for source in shown):.2f}")
        table.add_row(*row)
    out.print(table)
    margin = "lurches" if rules.lurch.rule == "below_half" else "skunks"
    extra = ", ".join(f"{k} {v}" for k, v in sorted(report.results.items()) if k != "win")
    if rules.lurch.rule == "none":
        out.print("lurches: not defined for this ruleset")
    else:
        out.print(f"{margin}: {report.lurches}" + (f" ({extra})" if extra else ""))
    out.print(f"average deals per game: {report.avg_deals_per_game:.2f}")
    out.print(f"time: {elapsed:.2f} s ({1000 * elapsed / report.games:.1f} ms per game)")


# ----------------------------------------------------------------------------- rulings


@rules_app.command("ruling")
def ruling(
    name: str = typer.Argument(None, help="Irregularity id, e.g. renege (omit to list them all)."),
    ruleset: str = ruleset_option(),
    penalties: str = typer.Option(
        None, "--penalties", help="Penalty set: seeds, acc or old_laws (default: the ruleset's)."
    ),
    fact: list[str] = typer.Option(
        None, "--fact", help="A fact of the case as key=value, e.g. --fact count=25 --fact holding='A 5 6'."
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
            raise RulingError(f"--fact {item!r}: write key=value, e.g. --fact count=25")
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
    import trainer.cli.reference_messages  # noqa: F401  (registers the strings)
    from trainer.drills.i18n import t

    return t(key, lang, **values)


def _print_catalogue(items: tuple[object, ...], *, as_json: bool) -> None:
    from rich.table import Table

    from trainer.cli.render import console

    if as_json:
        print_json([i.to_json() for i in items])  # type: ignore[attr-defined]
        return
    lang = _ruling_lang()
    table = Table(box=None, pad_edge=False, title=_rt("ref.ruling.catalogue", lang), title_justify="left")
    for key in ("ref.col.row", "ref.ruling.col.id", "ref.col.irregularity", "ref.ruling.col.sets"):
        table.add_column(_rt(key, lang), justify="right" if key == "ref.col.row" else "left")
    for irr in items:
        name = irr.localized(lang).name  # type: ignore[attr-defined]
        table.add_row(str(irr.row), irr.id, name, ", ".join(irr.penalty_sets))  # type: ignore[attr-defined]
    console().print(table)


def _print_ruling(result: Ruling) -> None:
    from rich.markup import escape

    from trainer.cli.render import console

    lang = _ruling_lang()
    english = lang == "en"

    def say(key: str, **values: object) -> str:
        return escape(_rt(key, lang, **values))

    words = result.text(lang)
    out = console()
    out.print(
        f"[bold]{escape(words.name)}[/] " + say("ref.ruling.row", row=result.row, id=result.irregularity)
    )
    penalty_set = result.penalty_set if english else _rt(f"ref.value.{result.penalty_set}", lang)
    out.print(say("ref.ruling.penalty_set", name=penalty_set))
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
    out.print(say("ref.ruling.rule", rule=result.rule_ref))
