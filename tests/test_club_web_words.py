"""Every word of the club-night pages comes from the catalogues: keys used by the templates, the
browser code's words, the modes and every refusal the API can give exist in English and Russian
(tests/test_catalogues.py scans only Python calls)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from trainer.i18n import LANGS, has
from trainer.web.app import CLIENT_WORDS
from trainer.web.room import MODES

WEB = Path(__file__).resolve().parents[1] / "trainer" / "web"


def _template_keys() -> set[str]:
    keys: set[str] = set()
    for path in (WEB / "templates").glob("*.html"):
        keys.update(re.findall(r"""\bt\(\s*["']([\w.-]+)["']""", path.read_text(encoding="utf-8")))
    return {k for k in keys if not k.endswith(".")}  # `"club_web.mode." ~ mode` is checked via MODES


def _refusal_keys() -> set[str]:
    keys: set[str] = set()
    for path in WEB.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refused":
                for kw in node.keywords:
                    if kw.arg == "reason" and isinstance(kw.value, ast.Constant):
                        keys.add(f"club_web.refused.{kw.value.value}")
    return keys


KEYS = sorted(
    _template_keys()
    | {f"club_web.js.{w}" for w in CLIENT_WORDS}
    | {f"club_web.mode.{m}" for m in MODES}
    | _refusal_keys()
)


def test_the_scan_finds_the_words() -> None:
    assert len(_template_keys()) > 25 and len(_refusal_keys()) > 15


@pytest.mark.parametrize("key", KEYS)
def test_every_page_word_is_in_both_catalogues(key: str) -> None:
    assert all(has(key, lang) for lang in LANGS), key


# ----------------------------------------------------------------------------- whole phrases

CLUB_JS = WEB / "static" / "club.js"


def test_the_pages_count_in_whole_phrases_of_the_catalogue() -> None:
    """«Вопрос 1 из 7», «Ответили 1 из 2», «Верно ответили 1 из 2»: each is one template of the
    catalogue, never a label glued to «1 / 7» by the browser code."""
    from trainer.i18n import t

    assert t("club_web.js.question_n", "ru", n=1, of=7) == "Вопрос 1 из\u00a07"
    assert t("club_web.js.counter", "ru", answers=1, players=2) == "Ответили 1 из\u00a02"
    assert t("club_web.js.tally", "ru", right=1, asked=2) == "Верно ответили 1 из\u00a02"
    script = CLUB_JS.read_text(encoding="utf-8")
    assert re.findall(r"W\.\w+ \+ \" \" \+ \w+\.(?:number|answers_in|right)", script) == []
    for gone in ("question_of", "answers_in", "right_count"):
        assert f"W.{gone}" not in script and gone not in CLIENT_WORDS


def test_a_student_who_did_not_answer_is_told_so_in_a_sentence() -> None:
    """Not «Ваш ответ: Без ответа», nor «Неверно.» over «Вы не ответили на этот вопрос.»: a
    question never answered says «Нет ответа.» alone."""
    from trainer.i18n import t

    assert t("club_web.js.not_answered", "ru") == "Нет ответа."
    script = CLUB_JS.read_text(encoding="utf-8")
    assert "fb.answer || W.not_answered" not in script
    feedback = script[script.index("function drawFeedback") :]
    feedback = feedback[: feedback.index("function keypad")]
    assert 'if (gave) box.appendChild(el("p", "verdict "' in feedback


@pytest.mark.parametrize("key", ["club_web.js.confirm_kick", "club_web.js.confirm_readmit"])
def test_a_name_is_never_declined_by_the_words_around_it(key: str) -> None:
    """«Убрать ученика Аня» puts a girl's name after a masculine accusative: the name stands
    alone before a colon, where any name reads right."""
    from trainer.i18n import t

    said = t(key, "ru", name="Аня")
    assert said.startswith("Аня: ") and "ученика Аня" not in said


def test_the_teacher_keys_work_in_any_keyboard_layout() -> None:
    """In a Russian layout S types «ы»: the teacher's keys are found by `event.code` too, and the
    page says so."""
    from trainer.i18n import t

    script = CLUB_JS.read_text(encoding="utf-8")
    assert 'KeyS: "start"' in script and "CODES[event.code]" in script
    assert "в любой раскладке" in t("club_web.teacher.keys", "ru")


def test_a_number_keeps_its_unit_on_the_same_line() -> None:
    """«+15 с», «подождите 30 с»: a no-break space between a number and its unit, so a button
    never breaks as «+15» over «с»."""
    text = (WEB.parents[0] / "i18n" / "locale" / "ru" / "LC_MESSAGES" / "club.po").read_text(encoding="utf-8")
    entries = re.findall(r'msgid "(club_web\.[^"]+)"\n(?:msgid_plural .*\n)?((?:msgstr.*\n?)+)', text)
    loose = {k: v for k, v in entries if re.search(r"(?:\d|\})[ ](?:с|мин)\b", v)}
    assert loose == {}


def test_a_removed_student_is_marked_in_words_of_no_gender() -> None:
    """The teacher's table marks a removed student «убрали из комнаты»: «убран» would call Аня a
    boy."""
    from trainer.i18n import t

    assert t("club_web.js.kicked", "ru") == "убрали из комнаты"
    assert t("club_web.js.readmit", "ru") == "Разрешить вход заново"


def test_the_teachers_current_answer_column_says_answered_not_a_tick() -> None:
    """«ответил» / «—» for a student who answered this question: a ✓ read as «верно»."""
    from trainer.i18n import t

    script = (WEB / "static" / "club.js").read_text(encoding="utf-8")
    assert 'p.current_answered ? "✓"' not in script
    assert "p.current_answered ? W.answered_now : W.not_answered_now" in script
    assert t("club_web.js.answered_now", "ru") == "ответил"
    assert t("club_web.js.answered_now", "en") == "answered"


def test_projector_names_wrap_between_words_not_cut_mid_word() -> None:
    """The standings and the podium show a whole name («Аня Кузнецова»), never «Аня Кузне…»."""
    css = (WEB / "static" / "club.css").read_text(encoding="utf-8")
    for selector in (".standings-table .name {", ".step-name {"):
        rule = css[css.index(selector) :].split("}", 1)[0]
        assert "ellipsis" not in rule and "nowrap" not in rule, rule
        assert "white-space: normal" in rule, rule
