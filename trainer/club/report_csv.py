"""The teacher's report of a club quiz as CSV, language-free: cells a spreadsheet cannot run as
formulas, user text with control characters removed, the column names fixed English ids (a
contract, like `crib quiz report --json`). The words of the report (the printable HTML page, topic
labels, the terminal table) are chosen at the edge, in trainer.i18n.club_report, from the same
JSON of `Report.to_json()`."""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Mapping
from typing import Any


def shown(text: object) -> str:
    """User text (a name, an answer) with control characters removed, for any output."""
    return "".join(ch for ch in str(text) if unicodedata.category(ch) not in ("Cc", "Cf") or ch == " ")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# ----------------------------------------------------------------------------- CSV


def neutral(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading
    apostrophe; numbers stay numbers."""
    if isinstance(cell, str):
        cleaned = shown(cell)
        return "'" + cleaned if cleaned.startswith(_FORMULA_START) else cleaned
    return cell


def to_csv(data: Mapping[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    numbers = [f"q{q['number']}" for q in data["questions"]]
    writer.writerow(
        [
            "rank",
            "name",
            "correct",
            "asked",
            "answered",
            "seconds",
            *numbers,
            "wrong",
            "not_reached",
            "weak_topics",
        ]
    )
    for row in data["standings"]:
        marks = {"right": "1", "wrong": "0", "skipped": "0", "late": "0", "not_reached": ""}
        weak = " ".join(w["topic"] for w in row["weak_topics"])
        writer.writerow(
            [
                neutral(x)
                for x in (
                    row["rank"],
                    row["name"],
                    row["correct"],
                    row["asked"],
                    row["answered"],
                    row["seconds"],
                    *(marks[m] for m in row["marks"]),
                    row["wrong"],
                    row["not_reached"],
                    weak,
                )
            ]
        )
    return buffer.getvalue()
