"""Coach wording a Russian reader flagged: the hint suffix is a sentence, one verb for counting."""

from trainer.i18n import t


def test_hint_more_is_its_own_finished_sentence_in_both_languages() -> None:
    for lang in ("en", "ru"):
        more = t("coach.hint.more", lang)
        assert more[0].isupper() and more.endswith("."), more
        assert not more.startswith("("), more


def test_game_count_request_uses_the_drills_verb() -> None:
    import pathlib

    po = pathlib.Path(__file__).parents[1] / "trainer/i18n/locale/ru/LC_MESSAGES"
    text = "".join(p.read_text(encoding="utf-8") for p in po.glob("*.po"))
    assert "Сосчитайте" not in text
