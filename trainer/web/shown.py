"""Questions and feedback as the pages and the JSON API show them: plain data with cards as
separate pieces, so the browser draws cards and text with `textContent` (never as HTML).

Nothing here sees an answer unless it is asked to explain one that has been revealed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trainer.drills.kinds import kind
from trainer.drills.lines import card as marked_card
from trainer.drills.lines import plain, split
from trainer.drills.messages import Msg
from trainer.drills.model import Grade, Question
from trainer.engine.cards import Card
from trainer.engine.ruleset import Ruleset
from trainer.i18n import choice_letter, has, nt, t, variant_name
from trainer.i18n.drill_words import drill_name, either, expected_words, item_text, present, word_lines
from trainer.i18n.drill_words import word as worded
from trainer.i18n.languages import language


def card_piece(code: str, lang: str) -> dict[str, Any]:
    """One card: its code (what an answer sends), its label in `lang`, and whether it is red."""
    card = Card.parse(code)
    rank = language(lang).rank(card.rank.label)
    return {"card": str(card), "label": f"{rank}{card.suit.symbol}", "red": card.suit.is_red}


def pieces(line: str, lang: str) -> list[dict[str, Any]]:
    """A marked line as [{"text": ...} | {"card": ...}] in order."""
    out: list[dict[str, Any]] = []
    for is_card, piece in split(line):
        if is_card:
            try:
                out.append(card_piece(piece, lang))
                continue
            except ValueError:
                pass
        out.append({"text": piece})
    return out


def answer_pieces(
    answer: str, choices: Sequence[Mapping[str, Any]], lang: str, question: Question | None = None
) -> list[dict[str, Any]]:
    """An answer as the question listed it: a choice's value as `B)` and its label, anything else
    (a number, cards) as text and drawn cards. `5H / 5C` (equally good answers) keeps its slash.
    Given the question, an answer typed in the grader's words (a muggins call `over 1`) is said in
    `lang` by the drill's catalogue entry («много 1»), never shown as the English token."""
    by_value = {str(c["value"]).casefold(): c for c in choices}
    out: list[dict[str, Any]] = []
    for part in answer.split(" / "):
        if out:
            out.append({"text": " / "})
        choice = by_value.get(part.strip().casefold())
        if choice is not None:
            if not _one_card(choice):  # a card to play is drawn without a letter on the page
                out.append({"text": f"{choice['letter']}) "})
            out.extend(choice["pieces"])
        else:
            out.extend(_expected_pieces(_said(question, part.strip(), lang), lang))
    return out


def reveal_pieces(
    question: Question, answer: str, choices: Sequence[Mapping[str, Any]], lang: str
) -> list[dict[str, Any]]:
    """The right answer as one whole sentence in `lang`, its cards drawn pieces: the catalogue
    words each drill's answer in full («Верный подсчёт: 12 очков.», «Лучше всего отложить в криб
    5♥ 5♣.»), the number picking the plural form, so no answer is ever glued into a frame.

    The sentence is `club_web.reveal.<kind>.<form>` (`club_web.reveal.call.<call>` for a muggins
    call, said with its points); an answer of no known shape is «Верный ответ: …».
    """
    parts = [p.strip() for p in answer.split(" / ") if p.strip()]
    if not parts:
        return []
    said = kind(question.kind).answer_shown(question, parts[0])
    if isinstance(said, Msg) and said.key.startswith("drill.call."):
        call = said.key.removeprefix("drill.call.")
        points = int(str(said.values.get("points") or 0))
        key, call_said = f"club_web.reveal.call.{call}", worded(said, lang)
        text = nt(key, points, lang, call=call_said) if points else t(key, lang, call=call_said)
        return pieces(text, lang)
    key = f"club_web.reveal.{question.kind}.{question.form}"
    if not has(key, lang):
        return pieces(
            t("club_web.reveal.answer", lang, answer=_marked(answer_pieces(answer, choices, lang, question))),
            lang,
        )
    by_value = {str(c["value"]).casefold(): c for c in choices}
    picked = [by_value.get(p.casefold()) for p in parts]
    if all(c is not None and not _one_card(c) for c in picked):  # a listed choice: its letter and words
        said_choices = [f"{c['letter']}) {_marked(c['pieces'])}" for c in picked if c is not None]
        return pieces(t(key, lang, choice=either(said_choices, lang)), lang)
    numbers = parts[0].split()
    if len(parts) == 1 and numbers and all(x.isdigit() for x in numbers):
        n = sum(map(int, numbers))  # an itemised count (`4 2 0 0 1`, kind by kind) says its total
        zero = f"{key}.none"
        if n == 0 and has(zero, lang):  # «Верный ответ: 0 — 3♠ очков не приносит.»
            return pieces(t(zero, lang, card=_asked_card(question)), lang)
        return pieces(nt(key, n, lang), lang)
    said_cards = [_marked(_expected_pieces(p, lang)) for p in parts]
    return pieces(t(key, lang, cards=either(said_cards, lang)), lang)


def _asked_card(question: Question) -> str:
    """The card a question asks about (a peg-points question's `card`), marked to be drawn;
    "" when its data names no single card."""
    code = question.data.get("card")
    return marked_card(str(code)) if code else ""


def _one_card(choice: Mapping[str, Any]) -> bool:
    """A choice that is a card alone (the card to play): the page draws it without a letter."""
    shown = choice["pieces"]
    return len(shown) == 1 and "card" in shown[0]


def _marked(shown: Sequence[Mapping[str, Any]]) -> str:
    """Pieces back as a marked line, so a sentence built around them keeps its cards drawn."""
    return "".join(marked_card(p["card"]) if "card" in p else str(p.get("text", "")) for p in shown)


def _said(question: Question | None, answer: str, lang: str) -> str:
    """A typed answer in `lang`'s words when its drill words it (a muggins call, a penalty
    letter), else as typed (numbers and card codes, drawn as cards)."""
    if question is None or not answer:
        return answer
    shown = kind(question.kind).answer_shown(question, answer)
    return answer if isinstance(shown, str) else worded(shown, lang)


def question_view(question: Question, *, ruleset: Ruleset, lang: str) -> dict[str, Any]:
    """Everything needed to ask `question` (contract keys of GET /api/question, minus timing)."""
    shown = present(question, ruleset=ruleset, lang=lang)
    ask = shown.ask
    drill = kind(question.kind)
    hand, starter = drill.shown_cards(question)
    if ask.style == "text":
        answer_input = "number" if question.form in drill.NUMERIC_FORMS else "text"
    else:
        answer_input = ask.style
    return {
        "kind": question.kind,
        "drill": drill_name(question, lang),
        "ruleset": ruleset.name,
        "ruleset_name": variant_name(ruleset.name, lang),  # «Правила: классика», never `classic`
        "prompt": plain(ask.message),
        "cards": [str(c) for c in hand],
        "starter": str(starter) if starter else None,
        "choices": [
            {
                "value": c.value,
                "label": plain(c.label),
                "pieces": pieces(c.label, lang),
                "disabled": c.disabled is not None,
                "then": plain(c.then) if c.then else None,
                "key": choice_letter(c.key, lang) if c.key else None,
                "letter": choice_letter(c.key or i, lang),
            }
            for i, c in enumerate(ask.choices)
        ],
        "pick": ask.count,
        "input": answer_input,
        "hint": plain(ask.typed_hint) if answer_input == "text" else "",
        "lines": [pieces(line, lang) for line in shown.lines],
        "hand": [card_piece(str(c), lang) for c in hand],
        "starter_card": card_piece(str(starter), lang) if starter else None,
    }


def explanation(question: Question, result: Grade, *, lang: str) -> dict[str, Any]:
    """The engine's answer with its reasons and breakdown (shown only once it may be seen)."""
    lines = _explained(question, result, lang)
    items: Sequence[Mapping[str, Any]] = result.detail.get("items", ()) or ()
    return {
        "expected": plain(result.expected_text),
        "expected_pieces": _expected_pieces(expected_words(question, result, lang), lang),
        "lines": [pieces(line, lang) for line in lines],
        "breakdown": [pieces(item_text(i, lang), lang) for i in items],
    }


# Feedback lines that only say the right answer again: the reveal's sentence (`reveal_pieces`)
# already says it whole, so the page would read «Верный ответ: б) …» and then «Решение: б) …».
RESTATED = frozenset(
    {
        "drill.fb.skipped",
        # «3♠ очков не приносит.»: the reveal's «Верный ответ: 0 — 3♠ …» says it whole
        "drill.fb.card_scores_none",
        "drill.fb.the_answer",
        "drill.fb.muggins_right_call",
        "drill.fb.ruling",
        # «Лучше всего: отложить 6♥ 9♠, …: рука 6,39, …»: the sentence names the cards and the
        # ranked list's first line gives the same figures
        "drill.fb.discard_best",
    }
)


# Feedback lines that open with the answer the sentence has just said («Лучший ход — 8♠.» over
# «Лучше всего сыграть 8♠: сразу 2 очка …»): said from their second half, so each fact is said once.
SAID_ON = {
    "drill.fb.best_play": "club_web.reveal.best_play_rest",
    "drill.fb.best_play_none": "club_web.reveal.best_play_rest_none",
}


def _explained(question: Question, result: Grade, lang: str) -> list[str]:
    """The drill's feedback lines in `lang`, less those that restate the answer."""
    from trainer.drills.feedback import explain as structured

    kept = [m for m in structured(question, result) if m.key not in RESTATED]
    return word_lines([Msg(SAID_ON.get(m.key, m.key), m.values) for m in kept], lang)


def _expected_pieces(text: str, lang: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for word in text.split(" "):
        if out:
            out.append({"text": " "})
        try:
            out.append(card_piece(word, lang))
        except ValueError:
            out.append({"text": word})
    return out
