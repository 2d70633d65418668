"""Printable worksheets of a club quiz: Markdown, or one self-contained HTML page (inline CSS, no
scripts, no external files) with every piece of text escaped. Cards are drawn through
trainer.cli.render like everywhere else; red suits get a class in HTML."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from trainer.cli.render import card_text
from trainer.cli.titles import ruleset_title
from trainer.club.night import SheetItem
from trainer.content.quizfile import Quiz, short
from trainer.drills.lines import split
from trainer.engine.cards import Card
from trainer.i18n import t
from trainer.i18n.drill_words import item_text


def _limit(quiz: Quiz, lang: str) -> str:
    seconds = quiz.settings.time_limit_seconds
    if seconds is None:
        return t("club.no_limit", lang)
    minutes, secs = divmod(round(seconds), 60)
    return t("club.limit", lang, time=f"{minutes}:{secs:02d}")


def _meta(quiz: Quiz, lang: str) -> str:
    """Rules, size, clock and quiz id; never the seed, which would regenerate the answer key."""
    return t(
        "club_web.sheet.meta",
        lang,
        ruleset=" + ".join(ruleset_title(r, lang) for r in quiz.rulesets.values()),
        n=len(quiz.questions),
        limit=_limit(quiz, lang),
        checksum=short(quiz.checksum),
    )


def _heading(quiz: Quiz, item: SheetItem, lang: str) -> str:
    """The drill, and in a quiz that mixes rulesets the ruleset the question follows."""
    kind = t(f"drill.name.{item.kind}", lang)
    if len(quiz.rulesets) > 1 and item.ruleset and item.ruleset in quiz.rulesets:
        return f"{kind} · {ruleset_title(quiz.rulesets[item.ruleset], lang)}"
    return kind


def _lettered(item: SheetItem, render: Callable[[str], str], box: str) -> list[str]:
    return [
        f"{box} {letter}) {render(label)}" for letter, label in zip(item.letters, item.choices, strict=True)
    ]


def _title(quiz: Quiz) -> str:
    return quiz.title or (quiz.path.stem if quiz.path else "quiz")


# ----------------------------------------------------------------------------- Markdown


def _md(line: str) -> str:
    return "".join(card_text(Card.parse(p)).plain if is_card else p for is_card, p in split(line))


def to_markdown(quiz: Quiz, items: Sequence[SheetItem], *, lang: str, key: bool) -> str:
    out = [
        f"# {t('club.sheet.heading', lang, title=_title(quiz))}",
        "",
        _meta(quiz, lang),
        "",
        t("club.sheet.name", lang),
        "",
    ]
    for item in items:
        out.append(f"## {item.number}. {_heading(quiz, item, lang)}")
        out.append("")
        out.extend(f"{_md(line)}  " for line in item.lines)
        out.append("")
        out.append(f"**{_md(item.prompt)}**")
        if item.choices:
            out.append("")
            out.append(t("club.sheet.choices", lang, choices="  ·  ".join(_lettered(item, _md, "☐"))))
        if item.needs_writing:
            out.append("")
            out.append(t("club.sheet.answer", lang))
        out.append("")
    if key:
        out.append(f"# {t('club.sheet.key', lang)}")
        out.append("")
        for item in items:
            out.append(f"## {item.number}. {t('club.sheet.key_answer', lang, answer=_md(item.answer))}")
            out.append("")
            out.extend(f"- {_md(line)}" for line in item.key_lines)
            if item.items:
                out.append("")
                out.append(f"{t('club.sheet.breakdown', lang)}:")
                out.append("")
                out.extend(f"- {_md(item_text(i, lang))}" for i in item.items)
            out.append("")
    return "\n".join(out).rstrip() + "\n"


# ----------------------------------------------------------------------------- HTML

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       color: #111; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; }
.meta { color: #555; font-size: .9rem; }
.name { margin: 1.2rem 0 1.6rem; }
.question { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #ccc; padding: .6rem 0; }
.question h2 { font-size: 1.05rem; margin: 0 0 .3rem; }
.question p { margin: .15rem 0; }
.prompt { font-weight: bold; margin-top: .4rem !important; }
.answer { margin-top: .6rem !important; }
.card { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-weight: bold; white-space: nowrap; }
.red { color: #c00; }
.key { break-before: page; page-break-before: always; }
.key li { margin-bottom: .6rem; break-inside: avoid; }
@media print { body { margin: 0; max-width: none; } }
"""


def _html_line(line: str) -> str:
    parts = []
    for is_card, piece in split(line):
        if is_card:
            card = Card.parse(piece)
            label = html.escape(card_text(card).plain)
            cls = "card red" if card.suit.is_red else "card"
            parts.append(f'<span class="{cls}">{label}</span>')
        else:
            parts.append(html.escape(piece))
    return "".join(parts)


def to_html(quiz: Quiz, items: Sequence[SheetItem], *, lang: str, key: bool) -> str:
    title = html.escape(t("club.sheet.heading", lang, title=_title(quiz)))
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
        f'<p class="meta">{html.escape(_meta(quiz, lang))}</p>',
        f'<p class="name">{html.escape(t("club.sheet.name", lang))}</p>',
    ]
    for item in items:
        out.append(f'<section class="question" id="q{item.number}">')
        out.append(f"<h2>{item.number}. {html.escape(_heading(quiz, item, lang))}</h2>")
        out.extend(f"<p>{_html_line(line)}</p>" for line in item.lines)
        out.append(f'<p class="prompt">{_html_line(item.prompt)}</p>')
        if item.choices:
            boxes = " &nbsp;·&nbsp; ".join(_lettered(item, _html_line, "☐"))
            out.append(
                f"<p>{html.escape(t('club.sheet.choices', lang, choices='{c}')).replace('{c}', boxes)}</p>"
            )
        if item.needs_writing:
            out.append(f'<p class="answer">{html.escape(t("club.sheet.answer", lang))}</p>')
        out.append("</section>")
    if key:
        out.append('<section class="key">')
        out.append(f"<h2>{html.escape(t('club.sheet.key', lang))}</h2>")
        out.append("<ol>")
        for item in items:
            answer = html.escape(t("club.sheet.key_answer", lang, answer="{a}")).replace(
                "{a}", _html_line(item.answer)
            )
            out.append(f'<li value="{item.number}"><p><strong>{answer}</strong></p>')
            out.extend(f"<p>{_html_line(line)}</p>" for line in item.key_lines)
            if item.items:
                out.append(f"<p>{html.escape(t('club.sheet.breakdown', lang))}:</p><ul>")
                out.extend(f"<li>{_html_line(item_text(i, lang))}</li>" for i in item.items)
                out.append("</ul>")
            out.append("</li>")
        out.append("</ol>")
        out.append("</section>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- the answer grid

GRID_COLUMNS = 5


def key_grid_markdown(quiz: Quiz, items: Sequence[SheetItem], *, lang: str) -> str:
    """`quiz print --key-only`: every answer on one short page, five to a row (letters for choices)."""
    out = [f"# {t('club_web.sheet.grid_heading', lang, title=_title(quiz))}", "", _meta(quiz, lang), ""]
    rows = [items[i : i + GRID_COLUMNS] for i in range(0, len(items), GRID_COLUMNS)]
    out.append("| " + " | ".join(["#", t("club_web.sheet.grid_answer", lang)] * GRID_COLUMNS) + " |")
    out.append("|" + "---:|---|" * GRID_COLUMNS)
    for row in rows:
        cells = []
        for item in row:
            cells.extend([str(item.number), _md(item.short_answer).replace("|", "\\|")])
        cells.extend(["", ""] * (GRID_COLUMNS - len(row)))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def key_grid_html(quiz: Quiz, items: Sequence[SheetItem], *, lang: str) -> str:
    title = html.escape(t("club_web.sheet.grid_heading", lang, title=_title(quiz)))
    cells = []
    for item in items:
        cells.append(
            f'<div class="cell"><span class="n">{item.number}</span> {_html_line(item.short_answer)}</div>'
        )
    css = _CSS + (
        ".grid { display: grid; grid-template-columns: repeat(5, 1fr); gap: .3rem .8rem; margin-top: 1rem; }"
        " .cell { border-bottom: 1px solid #ccc; padding: .25rem 0; } .n { color: #555; font-weight: bold; }"
    )
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{html.escape(lang)}">',
                f'<head><meta charset="utf-8"><title>{title}</title><style>{css}</style></head>',
                "<body>",
                f"<h1>{title}</h1>",
                f'<p class="meta">{html.escape(_meta(quiz, lang))}</p>',
                f'<div class="grid">{"".join(cells)}</div>',
                "</body>",
                "</html>",
            ]
        )
        + "\n"
    )
