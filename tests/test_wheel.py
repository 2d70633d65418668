"""A non-editable install works: the rulesets (and lessons) ship inside the wheel.

Builds the wheel, unpacks it into a temporary folder away from the checkout, and runs the CLI
from there with the current interpreter (its dependencies are already installed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    return next(out.glob("*.whl"))


def test_wheel_carries_the_rulesets_and_lessons(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for ruleset in ("classic", "five-card", "seven-card", "three-player", "partnership"):
        assert f"trainer/_rulesets/{ruleset}.yaml" in names
    for lesson in (ROOT / "lessons").rglob("*.md"):
        assert f"trainer/_lessons/{lesson.relative_to(ROOT / 'lessons').as_posix()}" in names
    for deal in (ROOT / "deals").glob("*.yaml"):
        assert f"trainer/_deals/{deal.name}" in names
    for module in (ROOT / "trainer").rglob("*.py"):  # every package of the source tree ships
        assert module.relative_to(ROOT).as_posix() in names, module
    for catalogue in ("en", "ru"):
        assert f"trainer/i18n/locale/{catalogue}/LC_MESSAGES/crib.mo" in names


def test_installed_wheel_runs_version_and_a_command(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "NO_COLOR": "1"}
    cwd = tmp_path  # away from the checkout, so nothing is found next to the sources
    version = subprocess.run(
        [sys.executable, "-m", "trainer", "--version"], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert version.returncode == 0, version.stderr
    assert "0.1.0" in version.stdout
    probe = subprocess.run(
        [sys.executable, "-c", "import trainer, sys; print(trainer.__file__)"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert probe.stdout.strip().startswith(str(site))
    result = subprocess.run(
        [sys.executable, "-m", "trainer", "count", "4H", "5H", "QH", "6S", "-r", "five-card", "--json"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 10
    shipped = subprocess.run(
        [sys.executable, "-m", "trainer", "replay", "mendelev-five-card", "--json"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert shipped.returncode == 0, shipped.stderr
    assert json.loads(shipped.stdout)["scores"] == [21, 19]


def test_wheel_carries_the_club_night_pages(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for page in (ROOT / "trainer" / "web" / "templates").glob("*.html"):
        assert f"trainer/web/templates/{page.name}" in names
    assert {"trainer/web/static/club.js", "trainer/web/static/club.css"} <= set(names)
