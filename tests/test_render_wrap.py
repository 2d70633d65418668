"""A no-break space holds: «риск 12 %» never leaves its «%» alone at the start of a line."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import trainer.cli.render  # noqa: F401  (teaches rich's wrapping the no-break space)


@pytest.mark.parametrize("width", range(12, 40))
def test_a_percent_stays_with_its_number(width: int) -> None:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(
        "если у соперника четвёрка, он наберёт 31 (риск 12\u00a0%); сумма станет 27 (риск 5\u00a0%)"
    )
    lines = out.getvalue().splitlines()
    assert not any(line.lstrip().startswith("%") for line in lines), lines
    assert all(len(line) <= width for line in lines)
