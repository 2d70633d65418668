"""Rich output of drills and quizzes: the question, the verdict and feedback, the summary table.

Sentences come from the words layer (trainer.i18n.drill_words) with cards marked inside them;
this module only turns the marks into cards through `trainer.cli.render`, so colour, symbols and
ASCII stay in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.text import Text

from trainer.cli.render import breakdown_table, card_text
from trainer.cli.usertext import clean
from trainer.drills.feedback import breakdown_of
from trainer.drills.kinds import kind
from trainer.drills.lines import split
from trainer.drills.messages import Msg
from trainer.drills.model import Attempt, Question
from trainer.engine.cards import Card
from trainer.engine.errors import CribError
from trainer.i18n import number, t
from trainer.i18n.drill_words import Shown, expected_words, explain, word
from trainer.i18n.typography import shorten

if TYPE_CHECKING:
    from rich.table import Table


def line_text(line: str, *, style: str = "") -> Text:
    """A marked line as rich Text with rendered cards."""
    out = Text(style=style)
    for is_card, piece in split(line):
        if is_card:
            out.append_text(card_text(Card.parse(piece)))
        else:
            out.append(piece)
    return out


def _mark_cards(text: str) -> str:
    """Mark the card tokens of an expected answer ("3D 4S", "5H / 5C") so they draw as cards."""
    from trainer.drills.lines import cards
    from trainer.engine.errors import CardParseError

    out = []
    for token in text.split(" "):
        try:
            out.append(cards([Card.parse(token)]) if 2 <= len(token) <= 3 else token)
        except CardParseError:
            out.append(token)
    return " ".join(out)


def plain_label(line: str) -> str:
    """A marked line as plain text (menus cannot take rich Text), cards as the renderer labels them."""
    return "".join(card_text(Card.parse(p)).plain if is_card else p for is_card, p in split(line))


def show_question(out: Console, presentation: Shown, *, header: str) -> None:
    out.print()
    out.print(Text(header, style="bold cyan"))
    for line in presentation.lines:
        out.print(line_text(line))


def show_feedback(out: Console, attempt: Attempt, *, lang: str) -> None:
    """Verdict, then the explanation lines, then the itemised breakdown of a count."""
    grade = attempt.grade
    lines = explain(attempt.question, grade, lang=lang)
    if grade.correct:
        out.print(Text(t("drill.correct", lang), style="bold green"))
    elif not grade.skipped:
        expected = _mark_cards(expected_words(attempt.question, grade, lang))
        if grade.problem is not None and not grade.timed_out and lines:
            # «Неверно: нужно отложить 2 карты, а вы указали 1. Правильный ответ: 2♠ 2♥» — one
            # verdict that says why first, not «Неверно.» twice
            verdict_text = t("drill.wrong_why", lang, why=lines[0], expected=expected)
            lines = lines[1:]
        else:
            verdict_text = t("drill.wrong", lang, expected=expected)
        out.print(line_text(verdict_text, style="bold red"))
    for line in lines:
        out.print(line_text(line))
    items = grade.detail.get("items")
    if items:  # a shown hand's count, item by item
        out.print(breakdown_table(breakdown_of(items), lang=lang))


def brief(question: Question, lang: str = "en") -> str:
    """A one-line reminder of a question for the summary table (cards as the user reads them
    outside English: В♥ 5♣; English keeps the typed codes it always showed)."""
    return cards_as_read(_brief(question, lang), lang)


def answer_words(question: Question, answer: str | None, lang: str) -> str:
    """The user's answer as the question's list shows it: a penalty's letter in the reader's
    alphabet (`B`, «б»), a muggins call in words («простак 2»); cards stay codes for
    `_mark_cards` to draw as the cards on screen are drawn."""
    if not answer:
        return ""
    shown = kind(question.kind).answer_shown(question, answer)
    if isinstance(shown, str) or (isinstance(shown, Msg) and lang == "en"):  # English: as typed
        return answer
    return word(shown, lang)


def cards_as_read(text: str, lang: str) -> str:
    """Card codes in `text` (`QH`) shown as cards (`Д♥`) outside English."""
    if lang == "en":
        return text
    from trainer.cli.ansi import card_label

    def label(token: str) -> str:
        try:
            return card_label(Card.parse(token))
        except CribError:
            return token

    return " ".join(label(token) for token in text.split(" "))


def _brief(question: Question, lang: str) -> str:
    """The kind's `brief`: card codes as typed, its messages worded (at most 40 wide each)."""
    parts = kind(question.kind).brief(question)
    return " ".join(part if isinstance(part, str) else shorten(word(part, lang), 40) for part in parts)


def _question_cell(question: Question, lang: str) -> str:
    """«штрафы: ошибка сдачи …», «розыгрыш: сумма 0 · рука …»: the drill, then its question; a
    name worded at the start of a sentence is lowercased after the colon in Russian."""
    said = brief(question, lang)
    if lang != "en" and len(said) > 1 and said[0].isupper() and said[1].islower():
        said = said[0].lower() + said[1:]
    return t("drill.summary.question", lang, drill=t(f"drill.name.{question.kind}", lang), brief=said)


def summary_table(attempts: Sequence[Attempt], *, lang: str) -> Table:
    from rich.table import Table

    table = Table(title=t("drill.summary.title", lang), box=None, pad_edge=False)
    table.add_column("#", justify="right")
    table.add_column(t("drill.summary.col_question", lang))
    table.add_column(t("drill.summary.col_answer", lang))
    table.add_column(t("drill.summary.col_expected", lang))
    table.add_column(t("drill.summary.col_result", lang))
    table.add_column(t("drill.summary.col_time", lang), justify="right")
    for a in attempts:
        g = a.grade
        if g.timed_out:
            result = Text(t("drill.summary.late", lang), style="yellow")
        elif g.skipped:
            result = Text(t("drill.summary.skip", lang), style="yellow")
        elif g.correct:
            result = Text(t("drill.summary.ok", lang), style="green")
        else:
            result = Text(t("drill.summary.bad", lang), style="red")
        table.add_row(
            str(a.number),
            line_text(_mark_cards(_question_cell(a.question, lang))),
            line_text(_mark_cards(clean(answer_words(a.question, a.answer, lang)) or "-")),
            line_text(_mark_cards(cards_as_read(expected_words(a.question, g, lang), lang))),
            result,
            t("common.seconds", lang, seconds=number(a.seconds, ".1f", lang)),
        )
    from trainer.cli.render import keep_words

    return keep_words(table)
