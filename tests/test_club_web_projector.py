"""The projector fits: at 1280×720 and 1920×1080 the screen page never scrolls, at every stage of a
night (the lobby with a wall of names, each question, its reveal with the breakdown, the chart
and the standings, the podium), for every question of the quizzes a club makes: the twelve
mixed-ruleset questions of the guide's example and one of each drill. A phone (390×844) never
scrolls sideways. Real Chromium against a real `crib club serve`; every stage is screenshotted to
tests/artifacts/ (or $CLUB_SHOTS) for a person to look at."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from club_server import club_server
from club_web_helpers import CHROMIUM, chromium, make_quiz, right_answers

from trainer.i18n import t

ARTIFACTS = Path(os.environ.get("CLUB_SHOTS") or Path(__file__).parent / "artifacts")
SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
PHONE = {"width": 390, "height": 844}
MIN_SCALE = 0.75
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
# Real names of real lengths (and one long one): the lobby wall and the standings hold them all.
NAMES = [
    "Anna", "Boris", "Chen", "Dasha", "Emil", "Fatima", "Grigory", "Hana", "Ivan", "Julia",
    "Konstantin Konstantinopolsky", "Lena", "Misha", "Nadia", "Oleg", "Pavel", "Rita", "Sergei",
    "Tanya", "Ulyana", "Vera", "Yuri", "Zoë", "Alexandra",
]  # fmt: skip

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium (.ci/run installs it)"),
]


class Phone:
    """A scripted phone on its own loopback address (the join limit counts per address)."""

    def __init__(self, base: str, i: int) -> None:
        parts = urlsplit(base)
        self.base = base
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.source = f"127.0.{1 + i // 250}.{1 + i % 250}"
        self.token = ""

    def call(self, method: str, path: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
        connection = http.client.HTTPConnection(
            self.host, self.port, timeout=10, source_address=(self.source, 0)
        )
        headers = {"Origin": self.base, "Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            body = json.dumps(payload).encode() if payload is not None else None
            connection.request(method, path, body=body, headers=headers)
            return dict(json.loads(connection.getresponse().read()))
        finally:
            connection.close()


def teacher(base: str, token: str, action: str) -> dict[str, Any]:
    phone = Phone(base, 900)
    phone.token = token
    return phone.call("POST", f"/api/teacher/{action}", {})


def spread(i: int, q: dict[str, Any], right: str) -> str:
    """Player i's answer: a third right, the rest spread over wrong answers, as a room answers."""
    if i % 3 == 0:
        return right
    choices = [c["value"] for c in q["choices"] if not c["disabled"]]
    if q["input"] == "checkbox":
        return " ".join(choices[(i + k) % len(choices)] for k in range(q["pick"]))
    if choices:
        value = choices[i % len(choices)]
        then = next(c["then"] for c in q["choices"] if c["value"] == value)
        return f"{value} {i % 4}" if then else value
    if right.isdigit():
        return str(int(right) + 1 + i % 5)
    return right


def fits(page: Any) -> dict[str, int]:
    return dict(
        page.evaluate(
            """() => ({h: document.documentElement.scrollHeight, vh: window.innerHeight,
                       w: document.documentElement.scrollWidth, vw: window.innerWidth})"""
        )
    )


def check(pages: dict[str, Any], stage: str, problems: list[str]) -> None:
    for size, page in pages.items():
        page.screenshot(path=ARTIFACTS / f"projector-{stage}-{size}.png")
        got = fits(page)
        if got["h"] > got["vh"] or got["w"] > got["vw"]:
            problems.append(f"{stage} at {size}: {got['w']}×{got['h']} in {got['vw']}×{got['vh']}")
        # made to fit by the page's own shrinking, but never to type too small to read from the back
        scale = float(page.evaluate("() => document.querySelector('main').style.fontSize || '1em'")[:-2])
        if scale < MIN_SCALE:
            problems.append(f"{stage} at {size}: type shrunk to {scale:.0%}")
        print(f"{stage} {size} {scale:.2f}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(ARGS, ARTIFACTS) as launched:
        yield launched


def guide_quiz(folder: Path) -> Path:
    """The guide's example night: 12 questions of three drills over two rulesets."""
    path = folder / "night.yaml"
    subprocess.run(
        [sys.executable, "-m", "trainer", "quiz", "make", "-n", "12", "--drills", "count:5,peg:4,penalty:3",
         "--ruleset", "five-card,classic", "--seed", "2026", "--level", "intermediate", "-o", str(path)],
        check=True, capture_output=True, env={**os.environ, "CRIB_DB": str(folder / "crib.sqlite3")},
    )  # fmt: skip
    return path


def run_night(browser: Any, quiz: Path, label: str, players: int, *extra: str, lang: str = "en") -> list[str]:
    """Every stage of a live night on both projectors and one phone; the stages that did not fit."""
    right = right_answers(quiz)
    problems: list[str] = []
    teams = extra[extra.index("--teams") + 1].split(",") if "--teams" in extra else [""]
    with club_server(quiz, "--seconds", "600", *extra, lang=lang) as server:
        base = server["url"].split("/?")[0]
        token = server["teacher_token"]
        contexts = {size: browser.new_context(viewport=view) for size, view in SIZES.items()}
        mobile = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            screens = {size: c.new_page() for size, c in contexts.items()}
            for page in screens.values():
                page.goto(f"{base}/screen?lang={lang}")
            student = mobile.new_page()
            student.goto(server["url"])
            student.fill("#name", "Phone")
            student.click("form#join button")
            student.wait_for_url(f"{base}/play")
            phones = []
            for i in range(players):
                phone = Phone(base, i)
                phone.token = phone.call(
                    "POST",
                    "/api/join",
                    {"room": server["room"], "name": NAMES[i], "team": teams[i % len(teams)]},
                )["token"]
                phones.append(phone)
            for page in screens.values():
                page.wait_for_selector(f".name-chip:text-is('{NAMES[players - 1]}')")
            check(screens, f"{label}-0-lobby", problems)
            teacher(base, token, "start")
            for index, answer in enumerate(right):
                number = t("club_web.js.question_n", lang, n=index + 1, of=len(right))  # «Вопрос 1 из 3»
                for page in screens.values():
                    page.wait_for_function(
                        "n => document.getElementById('number').textContent.endsWith(n)", arg=number
                    )
                    page.wait_for_selector(".prompt")
                check(screens, f"{label}-q{index + 1:02}-question", problems)
                asked = phones[0].call("GET", "/api/question")
                for i, phone in enumerate(phones):
                    phone.call("POST", "/api/answer", {"index": index, "answer": spread(i, asked, answer)})
                teacher(base, token, "reveal")
                for page in screens.values():
                    page.wait_for_selector(".reveal .chart")
                    page.wait_for_selector(".standings-table")
                    if len(teams) > 1:
                        page.wait_for_selector(".teams-table")
                check(screens, f"{label}-q{index + 1:02}-reveal", problems)
                student.wait_for_selector(".mine")
                phone_size = fits(student)
                if phone_size["w"] > phone_size["vw"]:
                    problems.append(f"phone at q{index + 1}: {phone_size['w']} px wide")
                if index == 0:
                    student.screenshot(path=ARTIFACTS / f"projector-{label}-phone-reveal.png", full_page=True)
                if index + 1 < len(right):
                    teacher(base, token, "next")
            teacher(base, token, "end")
            for page in screens.values():
                page.wait_for_selector(".podium .step-1")
            check(screens, f"{label}-z-podium", problems)
        finally:
            for context in (*contexts.values(), mobile):
                context.close()
    return problems


def test_the_guides_night_fits_both_projectors_at_every_stage(browser: Any, tmp_path: Path) -> None:
    """With everything on: speed points and three teams beside the standings."""
    extra = ("--speed-points", "--teams", "Red,Blue,Green")
    assert run_night(browser, guide_quiz(tmp_path), "guide", 24, *extra) == []


def test_one_of_each_drill_fits_both_projectors(browser: Any, tmp_path: Path) -> None:
    drills = ("count", "muggins", "peg", "discard", "penalty")
    quiz = make_quiz(tmp_path / "each.yaml", drills=drills, one_of_each=True, seed=11)
    assert run_night(browser, quiz, "each", players=12) == []


def test_remove_and_end_ask_first_and_the_new_controls_work(browser: Any, tmp_path: Path) -> None:
    """The teacher's page: a dismissed confirmation changes nothing; skip, back and more time
    are buttons; Remove and End act once confirmed."""
    quiz = make_quiz(tmp_path / "night.yaml", n=3, drills=("count",))
    with club_server(quiz, "--seconds", "60") as server:
        base = server["url"].split("/?")[0]
        anna = Phone(base, 0)
        anna.token = anna.call("POST", "/api/join", {"room": server["room"], "name": "Anna"})["token"]
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            desk = context.new_page()
            desk.goto(f"{base}/teacher?key={server['teacher_token']}")
            desk.wait_for_selector("td.name:text-is('Anna')")
            desk.click("button[data-action=start]")
            desk.wait_for_function("() => document.getElementById('number').textContent.includes('1 / 3')")
            before = float(anna.call("GET", "/api/question")["seconds_left"])
            desk.click("button[data-action=add_time]")
            desk.wait_for_timeout(300)
            assert float(anna.call("GET", "/api/question")["seconds_left"]) > before + 10
            desk.click("button[data-action=skip]")
            desk.wait_for_function("() => document.getElementById('number').textContent.includes('2 / 3')")
            desk.click("button[data-action=back]")
            desk.wait_for_function("() => document.getElementById('number').textContent.includes('1 / 3')")
            desk.wait_for_selector("#reveal .answer")  # back shows the question with its answer
            desk.once("dialog", lambda dialog: dialog.dismiss())
            desk.click("td button.danger")  # Remove, then "no"
            desk.wait_for_timeout(300)
            assert anna.call("GET", "/api/question")["name"] == "Anna"  # still in the room
            desk.once("dialog", lambda dialog: dialog.dismiss())
            desk.click("button[data-action=end]")
            desk.wait_for_timeout(300)
            assert anna.call("GET", "/api/question")["state"] != "ended"  # End, then "no": still on
            desk.screenshot(path=ARTIFACTS / "teacher-controls.png", full_page=True)
            desk.once("dialog", lambda dialog: dialog.accept())
            desk.click("td button.danger")
            desk.wait_for_selector("tr.kicked")
            assert anna.call("GET", "/api/question")["reason"] == "kicked"
            desk.once("dialog", lambda dialog: dialog.accept())
            desk.click("button[data-action=end]")
            desk.wait_for_selector("button[data-action=end]:disabled")
        finally:
            context.close()


def test_the_russian_projector_fits_too(browser: Any, tmp_path: Path) -> None:
    """Russian words are longer: the same night, one of each drill, with points and teams."""
    drills = ("count", "muggins", "peg", "discard", "penalty")
    quiz = make_quiz(tmp_path / "each.yaml", drills=drills, one_of_each=True, seed=11)
    extra = ("--speed-points", "--teams", "Красные,Синие")
    assert run_night(browser, quiz, "ru", 12, *extra, lang="ru") == []
