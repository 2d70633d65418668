"""The words of a club quiz's report, read from the JSON of `Report.to_json()` (the contract
shared by `crib quiz report --json`, the club server's `GET /api/report` and its printable
`/report` page): one self-contained HTML page in the teacher's language (inline CSS, no scripts,
every name and answer escaped; prints well), topic labels, and the helpers the terminal table
uses. It sits in the words layer because both edges show it: `crib quiz report --html` and the
club server's `/report` page (the web package may not import the CLI). The CSV, which has no
words, stays in trainer.club.report_csv.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from trainer.club.report_csv import shown
from trainer.i18n import has, nt, t

MARK_TEXT = {"right": "✓", "wrong": "✗", "skipped": "–", "late": "⊘", "not_reached": "·"}


def brief(text: object, limit: int = 80) -> str:
    """A long answer cut for a table cell (the whole answer is in the JSON)."""
    value = shown(text)
    return value if len(value) <= limit else value[: limit - 1] + "…"


def shown_answer(answer: object, lang: str, limit: int = 80) -> str:
    """A student's answer as the question showed it in `lang`: a choice letter in the language's
    alphabet with its bracket (`b` is «б)» in Russian, "B)" in English), cards with their suit
    symbols and the language's ranks (`AC 4H` is «Т♣ 4♥»), anything else as it was typed."""
    from trainer.engine.cards import Card
    from trainer.i18n import LATIN_LETTERS, choice_letter
    from trainer.i18n.languages import language

    text = shown(answer).strip()
    said = _said_in_words(text, lang)
    if said is not None:
        return brief(said, limit)
    if len(text) == 1 and text.lower() in LATIN_LETTERS:
        return choice_letter(text, lang) + ")"
    words = text.split()
    try:
        cards = [Card.parse(w) for w in words]
    except ValueError:
        return brief(text, limit)
    if not words or any(w.isdigit() for w in words):
        return brief(text, limit)
    shown_cards = " ".join(f"{language(lang).rank(c.rank.label)}{c.suit.symbol}" for c in cards)
    return brief(shown_cards, limit)


def answered_text(row: Mapping[str, Any], lang: str) -> str:
    """How many questions a student answered and how many of those were wrong, one labelled
    phrase with the plural through the catalogue: «3 ответа, из них неверных 2»."""
    answered = int(row["answered"])
    if answered == 0:
        return t("club_web.report.answered_none", lang)
    if not row["wrong"]:  # «7 ответов, неверных нет», never «из них неверных 0»
        return nt("club_web.report.answered_all_right", answered, lang)
    if row["wrong"] == answered:  # «4 ответа, все неверные», never «из них неверных 4»
        if answered == 1:
            return t("club_web.report.answered_one_wrong", lang)
        return nt("club_web.report.answered_all_wrong", answered, lang)
    return nt("club_web.report.answered_wrong", answered, lang, wrong=row["wrong"])


def wrong_answer(answer: object, count: int, lang: str) -> str:
    """One common wrong answer with how many students gave it: «простак 2 (1 ученик)»."""
    return nt("club.answer.given_by", count, lang, answer=shown_answer(answer, lang))


_FIELD = re.compile(r"([a-z_]+)=(-?\w+)")
_CALLS = frozenset({"accept", "muggins", "over"})


def _said_in_words(text: str, lang: str) -> str | None:
    """An answer the report keeps as fields (`call=muggins points=2`, an itemised count's
    `fifteen=4 pair=2 ...`) said the way a student types it in `lang` («простак 2», «пятнадцать 4,
    пара 2»): a teacher reads words, never the grader's codes. None for any other answer."""
    fields = dict(_FIELD.findall(text))
    if not fields or _FIELD.sub("", text).strip():
        return None
    call = fields.get("call")
    if call in _CALLS and fields.keys() <= {"call", "points"}:
        points = fields.get("points", "0")
        return t(f"club.answer.{call}", lang, points=points)
    if all(has(f"drill.kind.{k}", lang) and v.isdigit() for k, v in fields.items()):
        said = [f"{t(f'drill.kind.{k}', lang)} {v}" for k, v in fields.items() if v != "0"]
        return ", ".join(said) if said else "0"
    return None


def topic_label(topic: str, lang: str) -> str:
    """`count/runs` as `count · runs` in the reader's language."""
    kind, _, theme = topic.partition("/")
    name = t(f"drill.name.{kind}", lang)
    if not theme:
        return name
    from trainer.drills.kinds import kind as drill_kind

    if drill_kind(kind).IRREGULARITY_THEMES:  # a penalty question's theme is the irregularity
        from trainer.engine.errors import CribError
        from trainer.engine.irregularities import find
        from trainer.i18n.rulings import irregularity_names

        try:
            return f"{name} · {_lowered(irregularity_names(lang).get(theme, find(theme).name))}"
        except CribError:
            return f"{name} · {theme}"
    key = f"club_web.theme.{theme}"

    return f"{name} · {t(key, lang) if has(key, lang) else theme}"


def _lowered(text: str) -> str:
    """A name after «·» goes on the label in lower case, as the other topics do («штрафы ·
    неправильная сдача»); an abbreviation (`ACC`) keeps its capitals."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def percent(rate: float | None, lang: str = "en") -> str:
    """A share of right answers in `lang`'s style: "39%" in English, «39 %» in Russian."""
    from trainer.i18n.typography import percent as shown

    return "–" if rate is None else shown(round(rate * 100) / 100, lang)


# ----------------------------------------------------------------------------- HTML

_CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif; color: #15181b;
       max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.4;
       overflow-wrap: normal; word-break: normal; hyphens: manual; }  /* a name breaks between words only */
h1 { font-size: 1.6rem; margin: 0 0 .2rem; } h2 { font-size: 1.2rem; margin: 1.6rem 0 .5rem; }
.meta, .note { color: #5b6670; font-size: .9rem; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .3rem .45rem; border-bottom: 1px solid #d9dee2; vertical-align: top; }
th { background: #f1f4f6; } td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.name { min-width: 7em; max-width: 16rem; } td.answered { min-width: 10em; }
td.topic, td.rate { white-space: nowrap; }
.weak-table td.name { width: 35%; }
.marks { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; letter-spacing: .15em;
         white-space: nowrap; }
.right { color: #1e7f3c; } .wrong { color: #b3261e; } .not_reached, .skipped { color: #8a949c; }
.bar { background: #e3e8ec; height: .7rem; width: 8rem; display: inline-block; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #1e7f3c; }
.weak { color: #b3261e; }
section { break-inside: avoid; page-break-inside: avoid; }
/* a phone: a table's row becomes a card of labelled cells that wrap between words, so nothing is
   cut at the right edge and nothing hides behind a sideways scroll */
@media (max-width: 40rem) {
  body { padding: 0 .75rem; }
  table, tbody, tr { display: block; width: 100%; } thead { display: none; }
  tr { display: flex; flex-wrap: wrap; align-items: baseline; padding: .45rem 0;
       border-bottom: 1px solid #d9dee2; }
  td { display: inline-block; border: 0; padding: .1rem .9rem .1rem 0; text-align: left; }
  td.n { text-align: left; }
  td[data-label]::before { content: attr(data-label) ": "; color: #5b6670; }
  td.name, td.topic { flex: 1 1 70%; padding-right: 0; font-weight: 600; white-space: normal;
                      max-width: none; min-width: 0; }
  td[data-label]::before { letter-spacing: normal; font-family: system-ui, sans-serif; }
  td.answered { min-width: 0; }
  .weak-table td.name { width: auto; }
  .weak-table td.weak, .weak-table td.none { flex-basis: 100%; }
}
@media print { body { margin: 0; max-width: none; font-size: 11pt; } h2 { break-after: avoid; } }
"""


def _e(value: object) -> str:
    return html.escape(shown(value))


def to_html(data: Mapping[str, Any], *, lang: str) -> str:
    n = len(data["questions"])
    title = t("club_web.report.title", lang, quiz=data["quiz"])
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{_e(lang)}">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}</title>",
        f"<style>{_CSS}</style></head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(t("club_web.report.meta", lang, students=len(data["standings"]), n=n))}</p>',
    ]
    out.append(f"<section><h2>{_e(t('club_web.report.standings', lang))}</h2>")
    out.append(_standings_table(data["standings"], lang))
    out.append(f'<p class="note">{_e(t("club_web.report.legend", lang))}</p></section>')
    out.append(f"<section><h2>{_e(t('club_web.report.questions', lang))}</h2>")
    out.append(_questions_table(data["questions"], lang))
    out.append("</section>")
    out.append(f"<section><h2>{_e(t('club_web.report.weak', lang))}</h2>")
    weak_rows = [r for r in data["standings"] if r["weak_topics"]]
    if not weak_rows:
        out.append(f"<p>{_e(t('club_web.report.no_weak', lang))}</p>")
    else:
        out.append('<table class="weak-table"><tbody>')
        for row in weak_rows:
            topics = "; ".join(
                f"{_e(topic_label(w['topic'], lang))} ({w['right']}/{w['asked']})" for w in row["weak_topics"]
            )
            if not row["answered"]:  # never answered: every topic at 0 says nothing about the student
                topics, cls = _e(t("club_web.report.answered_none", lang)), "none"
            else:
                cls = "weak"
            out.append(f'<tr><td class="name">{_e(row["name"])}</td><td class="{cls}">{topics}</td></tr>')
        out.append("</tbody></table>")
    out.append("</section>")
    if data["rejected"]:
        out.append(f"<section><h2>{_e(t('club.rejected', lang))}</h2><ul>")
        out.extend(f"<li>{_e(r['file'])}: {_e(r['reason'])}</li>" for r in data["rejected"])
        out.append("</ul></section>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _labels(lang: str, *keys: str) -> tuple[str, ...]:
    """`data-label` attributes: a phone shows each cell with its column's name before it."""
    return tuple(f' data-label="{_e(t(key, lang))}"' for key in keys)


def _standings_table(rows: Sequence[Mapping[str, Any]], lang: str) -> str:
    head = "".join(
        f'<th class="{cls}">{_e(t(key, lang))}</th>'
        for key, cls in (
            ("club.col.rank", "n"),
            ("club.col.name", ""),
            ("club.col.correct", "n"),
            ("club_web.report.col.answered", "n"),
            ("club_web.report.col.questions_not_reached", "n"),
            ("club.col.time", "n"),
            ("club_web.report.col.marks", ""),
        )
    )
    label = _labels(
        lang, "club.col.correct", "club_web.report.col.answered", "club_web.report.col.questions_not_reached"
    )
    time_label, marks_label = _labels(lang, "club.col.time", "club_web.report.col.marks")
    body = []
    for row in rows:
        marks = "".join(f'<span class="{m}">{MARK_TEXT[m]}</span>' for m in row["marks"])
        body.append(
            f'<tr><td class="n rank">{row["rank"]}</td><td class="name">{_e(row["name"])}</td>'
            f'<td class="n"{label[0]}>{row["correct"]}/{row["asked"]}</td>'
            f'<td class="n answered"{label[1]}>{_e(answered_text(row, lang))}</td>'
            f'<td class="n"{label[2]}>{row["not_reached"]}</td>'
            f'<td class="n"{time_label}>{clock(row["seconds"])}</td>'
            f'<td class="marks"{marks_label}>{marks}</td></tr>'
        )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _questions_table(questions: Sequence[Mapping[str, Any]], lang: str) -> str:
    head = (
        f'<th class="n">{_e(t("club.col.question", lang))}</th>'
        f"<th>{_e(t('club_web.report.col.topic', lang))}</th>"
        f'<th class="n">{_e(t("club.col.rate", lang))}</th><th></th>'
        f'<th class="n">{_e(t("club_web.report.col.not_reached", lang))}</th>'
        f"<th>{_e(t('club.col.wrong', lang))}</th>"
    )
    correct, not_reached, wrong_label = _labels(
        lang, "club.col.rate", "club_web.report.col.not_reached", "club.col.wrong"
    )
    body = []
    for q in sorted(
        questions, key=lambda q: (q["correct_rate"] if q["correct_rate"] is not None else 1, q["number"])
    ):
        rate = q["correct_rate"] or 0.0
        wrong = (
            ", ".join(html.escape(wrong_answer(w["answer"], w["count"], lang)) for w in q["common_wrong"])
            or "–"
        )
        body.append(
            f'<tr><td class="n">{q["number"]}</td><td class="topic">{_e(topic_label(q["topic"], lang))}</td>'
            f'<td class="n"{correct}>{q["correct"]}/{q["students"]}</td>'
            f'<td class="rate"><span class="bar"><span style="width:{round(rate * 100)}%"></span></span> '
            f"{percent(q['correct_rate'], lang)}</td>"
            f'<td class="n"{not_reached}>{q["not_reached"]}</td><td{wrong_label}>{wrong}</td></tr>'
        )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
