"""The last step of a hint is a finished sentence, a mean is shown without a plus and with its
noun, and a game echoes a discard in the order the player typed it (issue 22, readers 8 and 9)."""

from __future__ import annotations

import pytest

from trainer.drills.answers import parse_card_set


def _hint(data: dict[str, object], lang: str) -> str:
    import trainer.cli.play.play_view as view

    original = view.lang
    view.lang = lambda: lang  # type: ignore[assignment]
    try:
        return view.hint_text(data).plain
    finally:
        view.lang = original  # type: ignore[assignment]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_answer_step_ends_with_a_full_stop(lang: str) -> None:
    assert _hint({"step": "answer", "kind": "play", "best": "8H"}, lang).endswith(".")
    assert _hint({"step": "answer", "kind": "go"}, lang).endswith(".")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "12.60 points on average"), ("ru", "в среднем 12,60 очка")]
)
def test_a_candidate_mean_has_its_noun_and_no_plus(lang: str, said: str) -> None:
    data = {
        "step": "candidates",
        "kind": "play",
        "candidates": [{"card": "9H", "ev": 12.6}, {"card": "3D", "ev": -1.5}],
    }
    text = _hint(data, lang)
    assert said in text and "+" not in text
    assert "−1" in text


def test_a_game_keeps_the_typed_order_of_a_discard() -> None:
    options = ["7H", "KD", "7D", "8C", "5C", "8D"]
    assert parse_card_set("KD 5C", options, count=2, typed_order=True) == ["KD", "5C"]
    assert parse_card_set("KD 5C", options, count=2) == ["5C", "KD"]  # a drill compares sets


def test_a_count_at_the_table_that_cannot_be_read_offers_the_total() -> None:
    from trainer.drills.answers import AnswerError
    from trainer.i18n import t
    from trainer.play.session import _read_count

    with pytest.raises(AnswerError) as caught:
        _read_count("много")
    problem = caught.value.problem
    assert problem.key == "play.answer.count_format"
    said = t(problem.key, "ru", **problem.values)
    assert "итог" in said and "пять чисел" not in said
