"""`crib games analyse ID`: the analysis board after a game (like a chess site's analysis): step
through the deals and decisions with keys, see the options with both costs and the reasons, the
turning points and a chart of the chance to win; `--html FILE` writes one self-contained page
with an SVG graph, `--json` the same data (`trainer.play.analysis`).

Keys (then Enter): n / p next and previous decision, ] / [ next and previous deal, q to leave;
the same keys of the Russian layout (т / з, ъ / х, й) work too, any other key is answered in one line.
Without a terminal the whole board is printed once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from trainer.cli.options import json_option, print_json
from trainer.cli.play.games import games_app

if TYPE_CHECKING:
    from trainer.play.records import AnalysedDecision, CurvePoint, DealAnalysis, GameAnalysis

BLOCKS = " ▁▂▃▄▅▆▇█"
# The same physical keys in the Russian ЙЦУКЕН layout, so the board steps without switching layouts.
LAYOUT_KEYS = {"т": "n", "з": "p", "ъ": "]", "х": "[", "й": "q"}


@games_app.command("analyse")
def analyse_game(
    game_id: int = typer.Argument(..., metavar="ID", help="The game's number in `crib games`."),
    html: Path = typer.Option(None, "--html", help="Write the board as one self-contained HTML page."),
    as_json: bool = json_option(),
) -> None:
    """The analysis board: every deal and decision with both costs and reasons, the turning
    points and the chance to win across the game. Keys: n/p decision, ]/[ deal, q quit."""
    from trainer.cli.options import load
    from trainer.cli.progress_db import current_user, default_db_path
    from trainer.play.analysis import analyse
    from trainer.store.game_tables import GameStore

    with GameStore.open(default_db_path()) as store:
        row = store.get(game_id, user=current_user())
    rules = load(row.record.ruleset)
    data: GameAnalysis = {"id": row.id, **analyse(rules, row.record)}
    if html is not None:
        _write_html(html, data)
    if as_json:
        print_json({**data, "html": str(html) if html is not None else None})
        return
    from trainer.cli.render import console

    out = console()
    if html is not None:
        out.print(_t("coach.board.html_written", path=str(html)), markup=False)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _print_all(out, data)
        return
    _step(out, data)


def _score(values: Any) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n.typography import score

    return score(values, SETTINGS.lang)


def _pct(value: float) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n.typography import percent

    return percent(value, SETTINGS.lang)


def _t(key: str, **values: Any) -> str:
    from trainer.cli.context import SETTINGS
    from trainer.i18n import t

    return t(key, SETTINGS.lang, **values)


def chart(curve: list[CurvePoint], width: int = 60) -> list[str]:
    """The chance to win across the game as a terminal chart: one column per deal, 8 rows."""
    rows = 8
    values = [float(p["win"]) for p in curve][:width]
    lines = []
    for level in range(rows, 0, -1):
        line = ""
        for v in values:
            filled = v * rows - (level - 1)
            line += BLOCKS[max(0, min(8, round(filled * 8)))] if filled < 1 else BLOCKS[8]
        label = f"{_pct(level / rows):>5} " if level in (rows, rows // 2) else "      "
        lines.append(label + "│" + line)
    lines.append("      └" + "─" * len(values))
    return lines


def _header(out: Any, data: GameAnalysis) -> None:
    from rich.text import Text

    out.print(Text(_t("coach.board.title", id=data["id"], scores=_score(data["scores"])), style="bold"))
    out.print(_t(f"coach.board.source_{data['win_source']}"), markup=False)
    for line in chart(data["curve"]):
        out.print(line, markup=False, highlight=False)
    turning = ", ".join(
        _t("coach.board.turn", deal=s["deal"], change=_signed_pct(s["change"]))
        for s in data["turning_points"]
    )
    out.print(_t("coach.board.turning", points=turning or "—"), markup=False)


def _signed_pct(value: float) -> str:
    from trainer.cli.play.coach_words import pct

    if round(100 * value, 1) == 0:
        return pct(0.0)  # «0 %» in Russian
    return ("+" if value > 0 else "−") + pct(abs(value))


def _deal_line(deal: DealAnalysis, curve: list[CurvePoint]) -> str:
    win = next((p["win"] for p in curve if p["deal"] == deal["deal"]), None)
    from trainer.cli.play.coach_words import pct

    return _t(
        "coach.board.deal",
        deal=deal["deal"],
        before=_score(deal["before"]),
        after=_score(deal.get("after", deal["before"])),
        win=pct(win) if win is not None else "—",
        decisions=len(deal["decisions"]),
    )


def _decision_lines(out: Any, d: AnalysedDecision) -> None:
    from rich.text import Text

    from trainer.cli.play import play_view as view
    from trainer.cli.play.coach_words import num, plain_cards, play_words

    kind = _t(f"play.kind.{d['kind']}")
    out.print(
        Text(_t("coach.board.decision", n=d["n"], kind=kind, choice=view.choice_words(d)), style="bold")
    )
    out.print(view.coach_text(d))
    for o in d.get("options", []):
        if "discard" in o:
            best = _t("play.band.best_discard")
            lost = _t("coach.cost.points", points=num(o["ev_lost"])) if o["ev_lost"] else best
            out.print(
                "    "
                + _t(
                    "coach.board.option_discard",
                    cards=plain_cards(o["discard"]),
                    keep=plain_cards(o["keep"]),
                    net=num(o["net_ev"]),
                    lost=lost,
                ),
                markup=False,
            )
        elif o.get("card"):
            ev = o.get("ev")
            out.print(
                "    "
                + _t(
                    "coach.board.option_play",
                    card=plain_cards(o["card"]),
                    ev=num(float(ev or 0.0)),
                    why=play_words(o.get("why") or {}),
                ),
                markup=False,
            )


def _print_all(out: Any, data: GameAnalysis) -> None:
    _header(out, data)
    for deal in data["deals"]:
        out.print(_deal_line(deal, data["curve"]), markup=False)
        for d in deal["decisions"]:
            _decision_lines(out, d)


def _step(out: Any, data: GameAnalysis) -> None:
    """Step through the decisions (n/p) and deals (]/[) until q or the end of input."""
    flat = [(i, d) for i, deal in enumerate(data["deals"]) for d in deal["decisions"]]
    _header(out, data)
    if not flat:
        out.print(_t("coach.board.empty"), markup=False)
        return
    at = 0
    while True:
        deal_index, decision = flat[at]
        out.rule(_deal_line(data["deals"][deal_index], data["curve"]))
        _decision_lines(out, decision)
        out.print(_t("coach.board.keys", n=at + 1, total=len(flat)), markup=False, style="dim")
        try:
            typed = input("> ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        key = LAYOUT_KEYS.get(typed.lower(), typed.lower())
        if key == "q":
            return
        if key in ("n", ""):
            at = min(len(flat) - 1, at + 1)
        elif key == "p":
            at = max(0, at - 1)
        elif key in ("]", "["):
            step = 1 if key == "]" else -1
            target = deal_index + step
            firsts = [k for k, (i, _) in enumerate(flat) if i == target]
            while not firsts and 0 <= target < len(data["deals"]):
                target += step
                firsts = [k for k, (i, _) in enumerate(flat) if i == target]
            if firsts:
                at = firsts[0]
        else:
            out.print(_t("coach.board.unknown_key", typed=typed), markup=False)


# ----------------------------------------------------------------------------- the page


def svg_graph(curve: list[CurvePoint], width: int = 640, height: int = 220) -> str:
    """The chance to win across the game as an SVG line (one point per deal), the 50% line dashed;
    the percentages along the left, the deal numbers along the bottom under a caption."""
    from html import escape

    left, right, top, bottom = 50, 20, 20, 50
    n = max(1, len(curve) - 1)
    x = [round(left + (width - left - right) * i / n, 1) for i in range(len(curve))]

    def y(win: float) -> float:
        return round(height - bottom - (height - top - bottom) * win, 1)

    points = " ".join(f"{x[i]},{y(float(p['win']))}" for i, p in enumerate(curve))
    labels = "".join(
        f'<text x="{left - 6}" y="{y(v) + 4}" text-anchor="end">{escape(_pct(v))}</text>'
        for v in (1.0, 0.5, 0.0)
    )
    deals = "".join(  # the point before each deal carries its number; the last point is the end
        f'<text x="{x[i]}" y="{height - bottom + 16}" text-anchor="middle">{i + 1}</text>'
        for i in range(len(curve) - 1)
    )
    caption = (
        f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
        f"{escape(_t('coach.board.page_deals'))}</text>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="win-graph" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" font-size="11" fill="#444">'
        f'<line x1="{left}" y1="{y(0.5)}" x2="{width - right}" y2="{y(0.5)}" stroke="#999" '
        'stroke-dasharray="4 4"/>'
        f'<line x1="{left}" y1="{y(0.0)}" x2="{width - right}" y2="{y(0.0)}" stroke="#ccc"/>'
        f'<g id="win-axis">{labels}</g><g id="win-deals">{deals}{caption}</g>'
        f'<polyline id="win-line" fill="none" stroke="#1565c0" stroke-width="2" points="{points}"/>'
        "</svg>"
    )


def sentences(text: str) -> str:
    """The coach's lines as one paragraph: the verdict and each reason on their own line become
    sentences, with a full stop after a line that does not end with one."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return " ".join(
        line if k == len(lines) - 1 or line.endswith((".", "!", "?", "…", ":")) else line + "."
        for k, line in enumerate(lines)
    )


def page(data: GameAnalysis) -> str:
    """One self-contained page: the graph and the deal list with every decision (text escaped)."""
    from html import escape

    from trainer.cli.context import SETTINGS
    from trainer.cli.play import play_view as view

    title = escape(_t("coach.board.title", id=data["id"], scores=_score(data["scores"])))
    parts = [
        f'<!doctype html><html lang="{escape(SETTINGS.lang)}"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:1em auto}li{margin:.3em 0}"
        ".best{color:#2e7d32}.inaccuracy{color:#b28704}.mistake{color:#e65100}.blunder{color:#c62828}</style>",
        "</head><body>",
        f"<h1>{title}</h1>",
        f"<p>{escape(_t('coach.board.source_' + data['win_source']))}</p>",
        svg_graph(data["curve"]),
        '<ol id="deals">',
    ]
    for deal in data["deals"]:
        parts.append(f"<li><strong>{escape(_deal_line(deal, data['curve']))}</strong><ul>")
        for d in deal["decisions"]:
            line = _t(
                "coach.board.page_decision",
                kind=_t(f"play.kind.{d['kind']}"),
                choice=view.choice_words(d),
                text=sentences(view.coach_text(d).plain),
            )
            parts.append(f'<li class="{escape(d["band"])}">{escape(line)}</li>')
        parts.append("</ul></li>")
    parts.append("</ol></body></html>")
    return "\n".join(parts)


def _write_html(path: Path, data: GameAnalysis) -> None:
    from trainer.content.yamlfile import write_atomic
    from trainer.engine.errors import CribError, cause

    try:
        write_atomic(path, page(data))
    except OSError as exc:
        raise CribError(
            f"cannot write {path}: {exc.strerror}; choose another --html path",
            key="error.games.html",
            path=str(path),
            reason=cause(exc),
        ) from None
