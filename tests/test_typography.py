"""The typography of printed values (trainer/i18n/typography.py): «» quotes, a true minus, an en
dash in a range, дд.мм dates and a cut at a space, as every Russian screen shows them."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from helpers import run

from trainer.i18n.typography import dash, day, minus, moment, percent, quotes, shorten, signed


def test_quoted_values_get_russian_quotes_and_typed_commands_keep_theirs() -> None:
    text = "карта 'много4': сохраните копию: `mv '/a b' '/a b.bak'`; ключ 'target', а не 'sixty'"
    assert quotes(text, "ru") == (
        "карта «много4»: сохраните копию: `mv '/a b' '/a b.bak'`; ключ «target», а не «sixty»"
    )
    assert quotes(text, "en") == text
    assert quotes("don't stop", "ru") == "don't stop"  # an apostrophe is no quote


def test_numbers_ranges_and_dates_as_a_russian_reader_writes_them() -> None:
    assert (minus("ru"), minus("en")) == ("\u2212", "-")
    assert f"10{dash('ru')}21" == "10–21" and f"10{dash('en')}21" == "10-21"
    assert signed("-4,84") == "−4,84" and signed("-0,00") == "0,00"
    assert percent(0.2, "ru") == "20\u00a0%" and percent(-0.001, "ru") == "0\u00a0%"
    assert day("2026-11-18", "ru") == "18.11" and day(dt.date(2026, 11, 18), "en") == "11-18"
    noon = dt.datetime(2026, 12, 1, 19, 30)
    assert moment(noon, "ru") == "01.12.2026 19:30" and moment(noon, "en") == "2026-12-01 19:30"
    assert moment(noon.timestamp(), "ru") == "01.12.2026 19:30"


def test_a_cut_text_ends_at_a_space() -> None:
    assert shorten("снимите нижнюю карту после тасовки", 30) == "снимите нижнюю карту после…"
    assert shorten("коротко", 30) == "коротко"


def test_russian_stats_show_days_as_day_dot_month(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("5\n12\n3\n", encoding="utf-8")
    db = str(tmp_path / "p.db")
    argv = ["drill", "count", "-n", "3", "--seed", "1", "--answers", str(answers), "--db", db]
    assert run(capsys, "--lang", "ru", *argv)[0] == 0
    code, out, err = run(capsys, "--lang", "ru", "stats", "--db", db)
    assert code == 0, err
    today = dt.date.today()
    assert f"\n{today:%d.%m}  " in out  # the trend and the practice bars, day first
    assert not re.search(r"(?m)^\d\d-\d\d ", out)
    code, out, err = run(capsys, "stats", "--db", db)
    assert f"\n{today:%m-%d}  " in out  # English keeps month-day


_PERCENT_WITHOUT_NBSP = re.compile(r"[\d}] ?%")  # «3,2%», «3,2 %», «{pct}%», «{pct} %»


def _russian_texts() -> list[tuple[str, str]]:
    from po_sources import forms, header, key, read_domain

    from trainer.i18n import LOCALE_DIR

    folder = LOCALE_DIR / "ru" / "LC_MESSAGES"
    first = header(folder / "crib.po")
    texts = [
        (f"{path.name} {key(entry)}", text)
        for path in sorted(folder.glob("*.po"))
        for entry in read_domain(path, first)
        if entry.id
        for text in forms(entry)
    ]
    lessons = Path(__file__).resolve().parents[1] / "lessons" / "ru"
    texts += [(path.name, path.read_text(encoding="utf-8")) for path in sorted(lessons.glob("*.md"))]
    return texts


def test_a_russian_percent_sign_follows_its_number_after_a_no_break_space() -> None:
    texts = _russian_texts()
    assert len(texts) > 1000 and any(name.startswith("16-") for name, _ in texts)
    assert _PERCENT_WITHOUT_NBSP.search("в 3,2% сдач") and _PERCENT_WITHOUT_NBSP.search("{win} %")
    assert not _PERCENT_WITHOUT_NBSP.search("в 3,2\u00a0% сдач, {win}\u00a0%")
    bad = [f"{name}: …{m.group(0)}…" for name, text in texts for m in _PERCENT_WITHOUT_NBSP.finditer(text)]
    assert not bad, "\n".join(bad)
