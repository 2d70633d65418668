"""Property-based fuzzing of every YAML reader with explicit tags (issue 24): a ruleset, a deal
file, a quiz file or a student's results file whose value carries `!!timestamp`, `!!int`,
`!!bool`... on text it cannot read is refused in one line naming the file and the line, or
read; never an AttributeError, IndexError or KeyError from inside PyYAML. One student's broken
results file goes under "Rejected" in the teacher's report."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.engine.errors import CribError

ROOT = Path(__file__).resolve().parents[1]

TAGS = ("int", "float", "bool", "null", "timestamp", "str", "binary", "set", "omap", "pairs",
        "seq", "map", "merge", "value", "yaml", "python/object:os.system", "foo")  # fmt: skip
VALUES = ("", "+", "-", "maybe", "nope", "0x", "1_", "0b", "1e", ":", "2026-13-45", "[1]", "{a: 1}",
          "'x'", "~", "=", "1:2", "%%%", ".nan", "0o9")  # fmt: skip
_VALUE_LINE = re.compile(r"^(\s*(?:- )?[\w.-]+:) (\S.*)$")

EXAMPLES = {
    "rule": ("extends: classic\nname: x\ntitle: !!timestamp nope\n", "!!timestamp"),
    "int": ("extends: classic\nname: !!int ''\n", "!!int"),
    "plus": ("extends: classic\nname: !!int +\n", "!!int"),
    "bool": ("extends: classic\nname: !!bool maybe\n", "!!bool"),
    "float": ("extends: classic\ntitle: !!float ''\n", "!!float"),
}


def _tagged(text: str, line: int, tag: str, value: str) -> str:
    """`text` with the value on its `line`-th key line (cycled) replaced by `!!tag value`."""
    lines = text.splitlines()
    keyed = [i for i, ln in enumerate(lines) if _VALUE_LINE.match(ln)]
    i = keyed[line % len(keyed)]
    match = _VALUE_LINE.match(lines[i])
    assert match is not None
    lines[i] = f"{match.group(1)} !!{tag} {value}"
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_probes_explicit_tags_are_one_line_errors_naming_file_line_and_tag(
    short_tmp: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    text, tag = EXAMPLES[name]
    path = short_tmp / "r.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "rules", "check", str(path))
    assert code == 2 and "Traceback" not in err
    (line,) = err.strip().splitlines()
    assert line.startswith(f"crib: error: {path}:") and tag in line


def _readers(tmp_path: Path) -> dict[str, tuple[str, Callable[[Path], Any]]]:
    from trainer.cli.app import main
    from trainer.content.deals import load_deal
    from trainer.content.quizfile import load_quiz, load_results
    from trainer.content.rulesets import load_ruleset

    quiz = tmp_path / "quiz.yaml"
    answers = tmp_path / "answers.txt"
    answers.write_text("12\n1\n2C 3D\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as env:  # a module fixture runs before conftest's isolation
        env.setenv("CRIB_DB", str(tmp_path / "progress.sqlite3"))
        env.setenv("CRIB_CACHE_DIR", str(tmp_path / "cache"))
        assert main(["quiz", "make", "-n", "3", "--seed", "5", "-o", str(quiz)]) == 0
        assert main(["quiz", "take", str(quiz), "--name", "Ann", "--answers", str(answers),
                     "--results", str(tmp_path / "taken")]) == 0  # fmt: skip
    (taken,) = (tmp_path / "taken").glob("*.yaml")
    return {
        "ruleset": ((ROOT / "rulesets" / "seven-card.yaml").read_text(encoding="utf-8"), load_ruleset),
        "deal": (sorted((ROOT / "deals").glob("*.yaml"))[0].read_text(encoding="utf-8"), load_deal),
        "quiz": (quiz.read_text(encoding="utf-8"), load_quiz),
        "results": (taken.read_text(encoding="utf-8"), load_results),
    }


@pytest.fixture(scope="module")
def readers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, Callable[[Path], Any]]]:
    return _readers(tmp_path_factory.mktemp("readers"))


@pytest.mark.timeout(300)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    reader=st.sampled_from(["ruleset", "deal", "quiz", "results"]),
    line=st.integers(min_value=0, max_value=400),
    tag=st.sampled_from(TAGS),
    value=st.one_of(st.sampled_from(VALUES), st.text(alphabet=st.characters(codec="utf-8"), max_size=8)),
)
def test_every_reader_reads_or_refuses_any_explicitly_tagged_value(
    readers: dict[str, tuple[str, Callable[[Path], Any]]],
    tmp_path: Path,
    reader: str,
    line: int,
    tag: str,
    value: str,
) -> None:
    text, load = readers[reader]
    value = value.replace("\n", " ").replace("\r", " ").strip() or value.strip()
    path = tmp_path / f"{reader}.yaml"
    path.write_text(_tagged(text, line, tag, value), encoding="utf-8")
    try:
        load(path)
    except CribError as exc:
        assert "\n" not in str(exc)  # one line (a results file's reason; the report names the file)


@pytest.mark.timeout(120)
def test_one_students_tagged_results_file_goes_under_rejected_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _readers(tmp_path)
    (taken,) = (tmp_path / "taken").glob("*.yaml")
    broken = tmp_path / "taken" / "broken.yaml"
    broken.write_text(re.sub(r"(?m)^name: .*$", "name: !!bool maybe", taken.read_text("utf-8")), "utf-8")
    code, out, err = run(capsys, "quiz", "report", str(tmp_path / "quiz.yaml"), str(tmp_path / "taken"))
    assert code == 0, err
    assert "Rejected" in out and "broken.yaml" in out and "!!bool" in out
