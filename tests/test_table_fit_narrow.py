"""A table narrower terminals must shrink (the stats «По темам» at 80 columns) wraps its text
columns and never cuts a number or a header at the edge (reader 10: «1364,57» printed «136»)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from trainer.cli.render import keep_words


def _table() -> Table:
    table = Table(box=None, pad_edge=False)
    for header in ("упражнение", "тема"):
        table.add_column(header)
    for header in ("вопросов", "точность", "медиана", "потеряно очков", "ожид. потеря"):
        table.add_column(header, justify="right")
    table.add_row("сброс", "свой криб", "3955", "76 %", "13,2 с", "0", "1364,57")
    table.add_row("розыгрыш", "последовательности в розыгрыше", "696", "75 %", "13,1 с", "0", "246,21")
    table.add_row(
        "штрафы",
        "сдающий пошёл первым вместо противника сдающего (ход не в очередь)",
        "1350",
        "77 %",
        "13,4 с",
        "754",
        "0,00",
    )
    return table


@pytest.mark.parametrize("width", [80, 90, 100])
def test_a_shrunk_table_keeps_every_number_whole(width: int) -> None:
    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None).print(keep_words(_table()))
    text = buffer.getvalue()
    assert max(len(line.rstrip()) for line in text.splitlines()) <= width
    for number in ("1364,57", "246,21", "0,00", "754", "3955"):
        assert number in text, (width, text)
    assert "потеря" in text and "последовательности" in text
