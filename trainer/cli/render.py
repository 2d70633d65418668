"""Rich renderables for cards and score breakdowns; the only place that decides colour and
symbols, so NO_COLOR and non-UTF terminals get a readable ASCII form everywhere."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from trainer.cli.ansi import card_label
from trainer.cli.context import SETTINGS
from trainer.engine.cards import Card
from trainer.engine.scoring import ScoreBreakdown

if TYPE_CHECKING:
    from rich.table import Table

_console: Console | None = None
_err_console: Console | None = None


def _keep_no_break_spaces() -> None:
    """rich wraps at any whitespace, the no-break space included, so «риск 12 %» could leave
    its «%» alone on the next line (and «5 очков» its noun): its word pattern is told that a
    no-break space (U+00A0, U+202F) joins a word. rich keeps the pattern in a private module;
    if it moves, lines merely wrap as before."""
    import re

    from rich import _wrap

    if isinstance(getattr(_wrap, "re_word", None), re.Pattern):
        _wrap.re_word = re.compile(r"[^\S\u00a0\u202f]*(?:\S|[\u00a0\u202f])+[^\S\u00a0\u202f]*")


_keep_no_break_spaces()


def console() -> Console:
    global _console
    if _console is None:
        _console = Console(
            no_color=not SETTINGS.color,
            highlight=False,
            soft_wrap=False,
            emoji=False,
        )
    return _console


def err_console() -> Console:
    global _err_console
    if _err_console is None:
        _err_console = Console(stderr=True, no_color=not SETTINGS.color, highlight=False)
    return _err_console


def card_text(card: Card) -> Text:
    """`5♥` in red (or `5H` plain when the terminal cannot show symbols)."""
    style = ("bold red" if card.suit.is_red else "bold") if SETTINGS.color else ""
    return Text(card_label(card), style=style)


def cards_text(cards: Iterable[Card], sep: str = " ") -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card))
    return out


KIND_NAMES = {
    "fifteen": "fifteen",
    "pair": "pair",
    "run": "run",
    "flush": "flush",
    "nobs": "nobs",
    "thirty_one": "thirty-one",
    "go": "go",
    "last": "last card",
    "heels": "his heels",
}


def breakdown_table(breakdown: ScoreBreakdown, *, title: str | None = None, lang: str = "en") -> Table:
    """Items, their cards and points, with the total as footer; headers and names in `lang`."""
    from rich.table import Table  # tables come after the question: kept off start-up

    from trainer.cli.core_messages import item_name, t

    table = Table(title=title, show_footer=True, box=None, pad_edge=False)
    table.add_column(t("core.count.col_item", lang), footer=t("core.count.total", lang))
    table.add_column(t("core.count.col_cards", lang))
    table.add_column(t("core.count.col_points", lang), justify="right", footer=str(breakdown.total))
    for item in breakdown.items:
        if lang == "en":
            name = item.label or KIND_NAMES.get(item.kind, item.kind)
            if item.kind == "run" and not item.label:
                name = f"run of {len(item.cards)}"
        else:
            name = item_name(item.kind, len(item.cards), item.label, lang)
        table.add_row(name, cards_text(item.cards), str(item.points))
    return table


def keep_words(table: Table) -> Table:
    """`table` with every column at least as wide as its longest word, so rich wraps cells at
    spaces and never cuts a word («последова…», «тас|ование») when the terminal is narrow, and
    a spaced dash kept with the word before it (no line of a cell starts with «—»)."""
    from rich.cells import cell_len

    for column in table.columns:
        column._cells = [_glued_cell(cell) for cell in column._cells]
        cells = [*([column.header] if table.show_header else []), *column.cells]
        if column.justify == "right":
            # numbers: a cell is never cut («1364,57», not «136»), so the narrowing falls on
            # the text columns, which wrap at spaces
            cells = [*([column.header] if table.show_header else []), *column.cells]
            headers = str(getattr(column.header, "plain", column.header)).split() if table.show_header else []
            whole = [str(getattr(cell, "plain", cell)) for cell in column.cells]
            widths = [cell_len(w) for w in (*headers, *whole)]
            if widths:
                column.min_width = max(column.min_width or 0, max(widths))
            continue
        words = [w for cell in cells for w in str(getattr(cell, "plain", cell)).split()]
        if words:
            column.min_width = max(column.min_width or 0, max(cell_len(w) for w in words))
    table.__class__ = _dash_keeping_table()
    return table


def _glued_cell(cell: Any) -> Any:
    from trainer.cli.fit import glued_dashes

    if isinstance(cell, str):
        return glued_dashes(cell)
    if isinstance(cell, Text):
        cell.plain = glued_dashes(cell.plain)  # the same length: its styles stay where they were
    return cell


def _unglued(results: Iterable[object], console: Console, options: object) -> Iterable[object]:
    from rich.segment import Segment

    from trainer.cli.fit import DASH_GLUE, unglued

    for item in results:
        if not isinstance(item, Segment):  # a renderable: its own segments, unglued as well
            yield from _unglued(console.render(item, options), console, options)  # type: ignore[arg-type]
        elif DASH_GLUE in item.text:
            yield Segment(unglued(item.text), item.style, item.control)
        else:
            yield item


_DASH_KEEPING: list[type] = []


def _dash_keeping_table() -> type:
    """A `Table` subclass whose glued dashes (`fit.glued_dashes`) print as plain spaces again;
    made on first use (rich.table is not imported at start-up)."""
    if not _DASH_KEEPING:
        from rich.table import Table

        class DashKeepingTable(Table):
            def __rich_console__(self, console: Console, options: Any) -> Any:
                yield from _unglued(super().__rich_console__(console, options), console, options)

            def _calculate_column_widths(self, console: Console, options: Any) -> list[int]:
                # rich narrows the widest column first and then widens every column back to its
                # minimum, so a narrow terminal got a table wider than itself and the last
                # column cut («1364,57» printed as «136»); here: every column at its minimum
                # (its longest word or number), the room left shared by what each still wants
                widths: list[int] = super()._calculate_column_widths(console, options)
                room = options.max_width - self._extra_width
                if sum(widths) <= room:
                    return widths
                measured = [self._measure_column(console, options, column) for column in self.columns]
                mins = [m.minimum for m in measured]
                if sum(mins) > room:
                    return widths
                wants = [max(m.maximum - m.minimum, 0) for m in measured]
                spare, total = room - sum(mins), sum(wants) or 1
                out = [low + spare * want // total for low, want in zip(mins, wants, strict=True)]
                return out

        _DASH_KEEPING.append(DashKeepingTable)
    return _DASH_KEEPING[0]


def stdout_is_tty() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()
