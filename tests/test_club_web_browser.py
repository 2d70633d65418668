"""The club night in a real browser: Debian's headless Chromium driven by Playwright against a
real `crib club serve` on 127.0.0.1. A student joins on a phone-sized window and answers, the
projector screen reveals the answer, the teacher sees hostile names as text; every page is
screenshotted to tests/artifacts/ for a person to look at."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_server import club_server
from club_web_helpers import CHROMIUM, chromium, make_quiz, right_answers

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOSTILE = '<img src=x onerror="document.title=1">[bold]\x1b[31mEve</b>'
HOSTILE_ANSWER = ('<img src=x onerror="document.title=1"><script>document.title=1</script>' * 150)[:10_000]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (.ci/run installs it)"),
]


def post(base: str, path: str, payload: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", "Origin": base}  # as the server's own pages send it
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(payload).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(ARGS, ARTIFACTS) as launched:
        yield launched


def test_a_student_joins_on_a_phone_answers_and_the_screen_reveals(browser: Any, tmp_path: Path) -> None:
    quiz = make_quiz(tmp_path / "night.yaml", n=3, drills=("count",))
    right = right_answers(quiz)[0]
    with club_server(quiz) as server:
        base = server["url"].split("/?")[0]
        token = server["teacher_token"]
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        projector = browser.new_context(viewport=PROJECTOR)
        teacher = browser.new_context(viewport={"width": 1280, "height": 900})
        eve = browser.new_context(viewport=PHONE)
        try:
            student = phone.new_page()
            student.goto(server["url"])
            assert student.input_value("#room") == server["room"]  # the QR code's address fills it in
            student.fill("#name", "Anna")
            student.screenshot(path=ARTIFACTS / "phone-1-join.png")
            student.click("form#join button")
            student.wait_for_url(f"{base}/play")
            student.wait_for_selector("text=Waiting for the teacher")
            assert student.text_content("#who") == "Anna"
            student.screenshot(path=ARTIFACTS / "phone-2-waiting.png")

            screen = projector.new_page()
            screen.goto(f"{base}/screen")
            screen.wait_for_selector(".name-chip:text-is('Anna')")  # the lobby's wall of names
            screen.screenshot(path=ARTIFACTS / "screen-1-lobby.png")
            desk = teacher.new_page()
            desk.goto(f"{base}/teacher?key={token}")
            desk.wait_for_url(f"{base}/teacher")  # the secret moves to a cookie, out of the address bar
            desk.wait_for_selector("td.name")
            assert desk.is_enabled("button[data-action=start]") and desk.is_disabled(
                "button[data-action=next]"
            )
            desk.screenshot(path=ARTIFACTS / "teacher-0-lobby.png", full_page=True)

            post(base, "/api/teacher/start", {}, token)
            student.wait_for_selector(".keypad")
            screen.wait_for_selector(".prompt")
            assert "Question 1 / 3" in (student.text_content("#number") or "")
            student.screenshot(path=ARTIFACTS / "phone-3-question.png")
            for digit in right:
                student.click(f".keypad button:text-is('{digit}')")
            assert student.text_content(".display") == right
            student.click(".keypad button.send")
            student.wait_for_selector("text=Answer sent")
            student.screenshot(path=ARTIFACTS / "phone-4-answered.png")
            screen.wait_for_selector("text=Answers: 1")
            screen.screenshot(path=ARTIFACTS / "screen-2-question.png")

            # Eve joins with markup for a name and sends 10,000 characters of markup as an answer
            hostile = eve.new_page()
            hostile.goto(server["url"])
            hostile.fill("#name", HOSTILE[:40])
            hostile.click("form#join button")
            hostile.wait_for_url(f"{base}/play")
            status = hostile.evaluate(
                """async (answer) => (await fetch('/api/answer', {method: 'POST',
                   headers: {'Content-Type': 'application/json'},
                   body: JSON.stringify({index: 0, answer: answer})})).status""",
                HOSTILE_ANSWER,
            )
            assert status == 200

            screen.keyboard.press("r")  # no teacher cookie in the projector's browser: refused
            assert screen.locator(".reveal .answer").count() == 0
            desk.keyboard.press("r")  # the teacher's key reveals
            screen.wait_for_selector(".reveal .answer")
            assert right in (screen.text_content(".reveal .answer") or "")
            assert "1 / 2 got it right" in (screen.text_content(".reveal .tally") or "")
            assert "Anna" in (screen.text_content(".standings") or "")
            screen.screenshot(path=ARTIFACTS / "screen-3-reveal.png")
            student.wait_for_selector(".verdict.right")
            student.screenshot(path=ARTIFACTS / "phone-5-feedback.png")
            hostile.wait_for_selector(".verdict.wrong")
            given = hostile.text_content(".given") or ""
            assert given.startswith("<img src=x onerror=") and len(given) == 200  # kept as text, cut short
            assert hostile.locator("#question img").count() == 0 and hostile.title() != "1"
            hostile.screenshot(path=ARTIFACTS / "phone-6-hostile.png")

            desk.wait_for_selector("td.name >> nth=1")
            names = desk.locator("td.name").all_text_contents()
            shown = next(n for n in names if n != "Anna")
            assert shown.startswith("<img src=x") and desk.locator("#players img").count() == 0
            assert desk.title() != "1"  # the onerror never ran
            desk.screenshot(path=ARTIFACTS / "teacher-1.png", full_page=True)
            report = teacher.new_page()
            report.goto(f"{base}/report")
            assert "Questions, hardest first" in (report.text_content("body") or "")
            assert report.locator("img, script").count() == 0
            report.screenshot(path=ARTIFACTS / "report.png", full_page=True)
        finally:
            for context in (phone, projector, teacher, eve):
                context.close()


def test_the_pages_speak_russian(browser: Any, tmp_path: Path) -> None:
    quiz = make_quiz(tmp_path / "night.yaml", n=3, drills=("peg", "count"))
    with club_server(quiz, lang="ru") as server:
        base = server["url"].split("/?")[0]
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        projector = browser.new_context(viewport=PROJECTOR)
        try:
            student = phone.new_page()
            student.goto(server["url"] + "&lang=ru")
            assert student.text_content("h1") == "Войти в викторину"
            student.fill("#name", "Аня")
            student.click("form#join button")
            student.wait_for_selector("text=Ждём, когда преподаватель начнёт")
            post(base, "/api/teacher/start", {}, server["teacher_token"])
            student.wait_for_selector(".prompt")
            assert "Вопрос 1 из\u00a03" in (student.text_content("#number") or "")  # never «Вопрос 1 / 3»
            student.screenshot(path=ARTIFACTS / "phone-ru-question.png")
            screen = projector.new_page()
            screen.goto(f"{base}/screen?lang=ru")
            screen.wait_for_selector(".prompt")
            screen.screenshot(path=ARTIFACTS / "screen-ru-question.png")
        finally:
            phone.close()
            projector.close()


def answer_in_browser(page: Any, right: str) -> None:
    """Answer like a student: keypad digits, a choice button (then its number), or picked cards."""
    page.wait_for_selector(".keypad, .choices-buttons, .pick-cards, form.typed")
    words = right.split(" / ")[0].split()
    if page.locator(".pick-cards").count():
        for card in words:
            page.click(f".pick[data-value='{card}']")
        page.click("button.primary.wide")
        return
    if page.locator(".choices-buttons").count():
        page.click(f".choice[data-value='{words[0]}' i]")
        if len(words) == 1:
            return
        page.wait_for_selector(".keypad")
    for digit in words[-1]:
        page.click(f".keypad button:text-is('{digit}')")
    page.click(".keypad button.send")


def test_self_paced_every_kind_of_answer_and_an_exam_summary(browser: Any, tmp_path: Path) -> None:
    quiz = make_quiz(
        tmp_path / "night.yaml", n=5, drills=("muggins", "peg", "discard", "penalty", "count"), seed=3
    )
    right = right_answers(quiz)
    with club_server(quiz, "--mode", "self-paced", "--time-limit", "10m") as server:
        base = server["url"].split("/?")[0]
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            student = phone.new_page()
            student.goto(server["url"])
            student.fill("#name", "Zoë")
            student.click("form#join button")
            student.wait_for_url(f"{base}/play")
            post(base, "/api/teacher/start", {}, server["teacher_token"])
            for number, answer in enumerate(right, start=1):
                student.wait_for_selector(f"text=Question {number} / 5")
                student.screenshot(path=ARTIFACTS / f"phone-self-paced-q{number}.png")
                answer_in_browser(student, answer)
                student.wait_for_selector(".verdict")
                assert student.text_content(".verdict") == "Correct!", (number, answer)
                if number == 1:
                    student.screenshot(path=ARTIFACTS / "phone-self-paced-feedback.png")
                student.click("text=Next question")
            student.wait_for_selector(".big-score")
            assert student.text_content(".big-score") == "5 / 5"
            student.screenshot(path=ARTIFACTS / "phone-self-paced-summary.png")
        finally:
            phone.close()
    quiz_exam = make_quiz(tmp_path / "exam.yaml", n=2, drills=("count",))
    with club_server(quiz_exam, "--mode", "exam") as server:
        base = server["url"].split("/?")[0]
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        projector = browser.new_context(viewport=PROJECTOR)
        try:
            student = phone.new_page()
            student.goto(server["url"])
            student.fill("#name", "Kim")
            student.click("form#join button")
            student.wait_for_url(f"{base}/play")
            post(base, "/api/teacher/start", {}, server["teacher_token"])
            answer_in_browser(student, "99")
            student.wait_for_selector("text=Question 2 / 2")
            assert student.locator(".verdict").count() == 0  # no feedback in an exam
            screen = projector.new_page()
            screen.goto(f"{base}/screen")
            screen.wait_for_selector("text=Answers: 1")
            screen.screenshot(path=ARTIFACTS / "screen-exam-progress.png")
            post(base, "/api/teacher/end", {}, server["teacher_token"])
            student.wait_for_selector(".big-score")
            assert student.text_content(".big-score") == "0 / 2"
            student.screenshot(path=ARTIFACTS / "phone-exam-summary.png")
            screen.wait_for_selector(".podium .step-1")  # the end: a podium of the top three, then the table
            screen.screenshot(path=ARTIFACTS / "screen-exam-ended.png")
        finally:
            phone.close()
            projector.close()


# The phone after a reveal: everything inside 390 px across, and the last line reachable by
# scrolling (a long breakdown is never cut off at the bottom of the window).
PHONE_FITS = """() => {
  const root = document.documentElement;
  const items = Array.from(document.querySelectorAll('#question *'));
  const wide = items.filter((n) => n.getBoundingClientRect().right > window.innerWidth + 1).length;
  window.scrollTo(0, root.scrollHeight);
  const last = items[items.length - 1].getBoundingClientRect();
  return {wide: wide, across: root.scrollWidth, tall: root.scrollHeight,
          bottom: last.bottom, window: window.innerHeight, scrolled: window.scrollY};
}"""


def test_a_phone_scrolls_through_long_feedback_and_sounds_only_after_a_tap(
    browser: Any, tmp_path: Path
) -> None:
    quiz = make_quiz(tmp_path / "night.yaml", n=6, drills=("count", "peg", "muggins"), seed=11)
    right = right_answers(quiz)
    with club_server(quiz) as server:
        base = server["url"].split("/?")[0]
        token = server["teacher_token"]
        phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            student = phone.new_page()
            student.goto(server["url"])
            student.fill("#name", "Ola")
            student.click("form#join button")
            student.wait_for_url(f"{base}/play")
            student.wait_for_selector("text=Waiting for the teacher")
            assert student.text_content("#sound") == "Sound: off"  # nothing plays until asked
            student.click("#sound")
            assert student.text_content("#sound") == "Sound: on"
            assert student.get_attribute("#sound", "aria-pressed") == "true"
            post(base, "/api/teacher/start", {}, token)
            tallest = 0
            for number, answer in enumerate(right, start=1):
                student.wait_for_selector(f"text=Question {number} / 6")
                if number == 1:  # 200 characters of a typed answer, shown back in the feedback
                    sent = student.evaluate(
                        """async () => (await fetch('/api/answer', {method: 'POST',
                           headers: {'Content-Type': 'application/json'},
                           body: JSON.stringify({index: 0, answer: '12 fifteen two '.repeat(20)})})).status"""
                    )
                    assert sent == 200
                else:
                    answer_in_browser(student, answer)
                    student.wait_for_selector("text=Answer sent")
                post(base, "/api/teacher/reveal", {}, token)
                student.wait_for_selector(".verdict")
                fits = student.evaluate(PHONE_FITS)
                assert fits["wide"] == 0 and fits["across"] <= PHONE["width"], (number, fits)
                assert fits["bottom"] <= fits["window"] + 1, (number, fits)  # the last line in view
                tallest = max(tallest, fits["tall"])
                assert student.text_content(".me-rank") == "Place 1 of 1"  # the phone's own place
                assert student.text_content(".me-line") == f"Right answers: {number - 1}"
                student.screenshot(path=ARTIFACTS / f"phone-feedback-q{number}.png", full_page=True)
                if number == 3:  # the phone dies: the teacher re-admits Ola, who rejoins on another
                    state = json.loads(
                        urllib.request.urlopen(
                            urllib.request.Request(
                                f"{base}/api/teacher/state", headers={"Authorization": f"Bearer {token}"}
                            ),
                            timeout=10,
                        ).read()
                    )
                    post(base, "/api/teacher/readmit", {"player": state["players_list"][0]["player"]}, token)
                    phone.close()
                    phone = browser.new_context(
                        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
                    )
                    student = phone.new_page()
                    student.goto(server["url"])
                    student.fill("#name", "Ola")
                    student.click("form#join button")
                    student.wait_for_url(f"{base}/play")
                    student.wait_for_selector(".me-rank")
                    assert student.text_content(".me-line") == "Right answers: 2"  # the score came along
                    assert student.text_content("#sound") == "Sound: off"  # a new phone: nothing remembered
                    student.click("#sound")
                if number < len(right):
                    post(base, "/api/teacher/next", {}, token)
            assert tallest > PHONE["height"]  # some feedback was longer than the window, and scrolled
            # a reload remembers "on" but waits for a tap before any sound (autoplay rules)
            student.reload()
            student.wait_for_selector(".verdict")
            assert student.text_content("#sound") == "Sound: off"
            assert "hint" in (student.get_attribute("#sound", "class") or "")
            student.click(".verdict")
            assert student.text_content("#sound") == "Sound: on"
        finally:
            phone.close()


def test_a_russian_teacher_drives_the_night_in_a_russian_layout(browser: Any, tmp_path: Path) -> None:
    """S and R in a Russian keyboard layout (they type «ы» and «к») start and reveal; the phone
    of a student who did not answer says so in a sentence, and every page reveals the answer as
    one sentence («Верный подсчёт: 6 очков.»), counting «Вопрос 1 из 2», «Ответили 0 из 1»."""
    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("count",))
    right = right_answers(quiz)[0]
    with club_server(quiz, lang="ru") as server:
        base = server["url"].split("/?")[0]
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        desk_context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            student = phone.new_page()
            student.goto(server["url"])
            student.fill("#name", "Аня")
            student.click("form#join button")
            student.wait_for_selector("text=Ждём, когда преподаватель начнёт")
            desk = desk_context.new_page()
            desk.goto(f"{base}/teacher?key={server['teacher_token']}")
            desk.wait_for_selector("td.name")
            press = "([key, code]) => document.dispatchEvent(new KeyboardEvent('keydown', {key, code}))"
            desk.evaluate(press, ["ы", "KeyS"])
            student.wait_for_selector(".keypad")
            assert student.text_content("#number") == "Вопрос 1 из\u00a02"
            desk.wait_for_function(
                "() => document.getElementById('counter').textContent === 'Ответили 0 из\\u00a01'"
            )
            desk.evaluate(press, ["к", "KeyR"])
            student.wait_for_selector(".mine")
            mine = student.text_content(".mine") or ""
            assert mine == "Нет ответа." and "Ваш ответ" not in mine
            assert student.locator(".verdict").count() == 0  # never «Неверно.» over «Нет ответа.»
            said = student.text_content(".answer") or ""
            assert said.startswith(f"Верный подсчёт: {right} очк") and said.endswith("."), said
            desk.wait_for_selector(".reveal .answer")
            assert desk.text_content(".reveal .answer") == said
            assert desk.text_content(".reveal .tally") == "Никто не ответил"  # not «Верно ответили 0 из 0»
            screen = desk_context.new_page()
            screen.goto(f"{base}/screen")
            post(base, "/api/teacher/end", {}, server["teacher_token"])
            screen.wait_for_selector(".final h1")
            assert screen.text_content(".final h1") == "Итоги викторины"  # the podium has a heading
        finally:
            phone.close()
            desk_context.close()


# Every word of the page's text that the browser laid out over more than one line.
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".url, script, style")) continue;  // an address may break anywhere
    for (const m of node.data.matchAll(/[\\p{L}\\p{N}]+/gu)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def test_a_phone_breaks_russian_lines_between_words_never_inside_one(browser: Any, tmp_path: Path) -> None:
    """At 390×844 the projector page, the teacher's table and the report wrap between words:
    «Клуб/ный», «Наведи/те», «Оль/га» came from `overflow-wrap: anywhere` in a narrow column
    (reader 6, row 55). The projector page held upright stacks into one column."""
    quiz = make_quiz(tmp_path / "night.yaml", n=2, drills=("count",))
    with club_server(quiz, lang="ru") as server:
        base = server["url"].split("/?")[0]
        token = server["teacher_token"]
        for name in ("Ольга", "Алексей", "Константин", "Маргарита"):
            post(base, "/api/join", {"room": server["room"], "name": name})
        phone = browser.new_context(viewport=PHONE)
        try:
            page = phone.new_page()
            page.goto(f"{base}/screen")
            page.wait_for_selector(".name-chip")
            page.screenshot(path=ARTIFACTS / "phone-ru-screen-lobby.png")
            assert page.evaluate(BROKEN_WORDS) == []
            stage, side = (page.locator(s).bounding_box() for s in (".stage", ".side"))
            assert stage and side and side["y"] >= stage["y"] + stage["height"]  # one column
            page.goto(f"{base}/teacher?key={token}")
            page.wait_for_selector("td.name")
            page.screenshot(path=ARTIFACTS / "phone-ru-teacher.png", full_page=True)
            assert page.evaluate(BROKEN_WORDS) == []
            # «Вопрос 1 из 7», «Ответили 0 из 4»: the number never torn from «из» (reader 7, row 39)
            post(base, "/api/teacher/start", {}, token)
            page.goto(f"{base}/screen")
            page.wait_for_selector(".prompt")
            said = page.text_content("body") or ""
            assert "из\u00a02" in said and "из\u00a04" in said and " из 2" not in said
            page.goto(f"{base}/report")
            page.wait_for_selector("td.name")
            page.screenshot(path=ARTIFACTS / "phone-ru-report.png", full_page=True)
            assert page.evaluate(BROKEN_WORDS) == []
            # no table cut at the right edge (reader 7, row 38): each fits the phone, nothing scrolls
            tables = page.eval_on_selector_all("table", "ts => ts.map(t => [t.scrollWidth, t.clientWidth])")
            assert tables and all(scroll <= client for scroll, client in tables), tables
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            widths = page.eval_on_selector_all("td.name", "cells => cells.map(c => c.textContent)")
            assert "Константин" in widths
        finally:
            phone.close()
