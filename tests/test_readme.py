"""The README's Python example runs as written, and so does every `pycon` block of the manual
(docs/): they are doctests. The README stays a front door: at most 200 lines."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_the_readme_python_example_runs_as_a_doctest() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, "the README has no pycon example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, start=1):
        test = parser.get_doctest(block, {}, f"README.md example {number}", str(README), 0)
        assert test.examples, f"example {number} has no >>> lines"
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0 and results.attempted >= 8


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; move the detail to a page in docs/"


def test_every_manual_page_the_readme_links_exists() -> None:
    links = re.findall(r"\]\(((?:docs/)?[\w/.-]+\.md)\)", README.read_text(encoding="utf-8"))
    assert links
    missing = [link for link in links if not (ROOT / link).is_file()]
    assert not missing


def test_the_manual_python_examples_run_as_doctests() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for number, block in enumerate(
            re.findall(r"```pycon\n(.*?)```", page.read_text("utf-8"), re.DOTALL), 1
        ):
            test = parser.get_doctest(block, {}, f"{page.name} example {number}", str(page), 0)
            runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
