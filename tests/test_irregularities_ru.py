"""Every text of the irregularity catalogue has a Russian version, shown with `--lang ru`.

The catalogue's English stays the engine's own words (JSON and the English UI); the Russian comes
from the gettext catalogue (`rulings.po`: `ruling.name.*`, `ruling.phrase.<phrase key>`...)
through the phrase keys each ruling carries. The cases below exercise every refinement facts can
make (renege counts, muggins on and off, wrong calls, fallback notes, the dead-card suffixes), so a
new English sentence without a Russian one fails; the en entries must equal the engine's English.
"""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import run

from trainer.engine.irregularities import PENALTY_SETS, Ruling, RulingError, adjudicate, catalogue, remedy_key
from trainer.engine.muggins import judge_claim
from trainer.engine.phrases import Phrase
from trainer.engine.ruleset import Muggins, Ruleset
from trainer.i18n import LANGS
from trainer.i18n import catalogue as words_of
from trainer.i18n.rulings import OPTION, PHRASE, irregularity_words, label_key, ruling_words


def _entries(lang: str, prefix: str) -> dict[str, str]:
    """The catalogue entries of `lang` under `prefix`, by the rest of their key."""
    found = words_of(lang)
    return {key[len(prefix) :]: found.gettext(key) for key in found.keys(prefix)}


TEMPLATES = _entries("ru", PHRASE)
OPTIONS = _entries("ru", OPTION)

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
NUMBER = re.compile(r"\d+")
# The seeds' tags (S0, S2) are the spec's shorthand: the Russian text names those books in words
# («одна книга правил … другая …»), so their digits are not numbers of the rule.
SEED_TAG = re.compile(r"\bS\d\b")


def _rule_numbers(text: str) -> list[str]:
    return sorted(NUMBER.findall(SEED_TAG.sub("", text)))


# Values each fact takes in the cases below: none (the fact not given) and ones that reach every
# branch of the refinements (a renege that is none, 1-3 playable cards; under-, over- and exact
# claims; every muggins call and stage; each yes/no).
FACT_VALUES: dict[str, list[object]] = {
    "count": [25, 30],
    "holding": ["A 5 6", "K Q"],
    "claimed": [4, 10, 12],
    "true_points": [10],
    "call": [0, 2, 8],
    "stage": ["play", "show", "heels", "penalty", "muggins"],
    "choice": ["new_deal", "peg_and_rectify"],
}


def _rulesets(classic: Ruleset) -> list[Ruleset]:
    """Classic, with muggins on (play and show, or show only) and with dead cards not counted."""
    return [
        classic,
        replace(classic, muggins=Muggins(enabled=True, scope="play_and_show")),
        replace(classic, muggins=Muggins(enabled=True, scope="show")),
        replace(classic, dead_cards_in_show=not classic.dead_cards_in_show),
    ]


def _rulings(classic: Ruleset) -> list[Ruling]:
    out: list[Ruling] = []
    for rules in _rulesets(classic):
        for irr in catalogue():
            choices = [[None, *FACT_VALUES.get(name, [True, False])] for name in irr.facts]
            for combo in itertools.product(*choices):
                facts = {
                    name: value for name, value in zip(irr.facts, combo, strict=True) if value is not None
                }
                for penalty_set in PENALTY_SETS:
                    out.append(adjudicate(irr.id, ruleset=rules, penalty_set=penalty_set, **facts))
    return out


def _muggins_reasons(classic: Ruleset) -> list[Phrase]:
    """Reasons of `judge_claim` itself, including those a ruling never quotes (muggins off)."""
    phrases = []
    for rules in _rulesets(classic):
        for penalties in PENALTY_SETS:
            judged = replace(rules, penalties=penalties)  # type: ignore[arg-type]
            stages = ("play", "show", "heels", "penalty", "muggins")
            for claimed, call, stage in itertools.product((4, 10), (None, 0, 3), stages):
                result = judge_claim(claimed=claimed, true_points=10, ruleset=judged, stage=stage, call=call)
                assert result.phrase is not None
                assert result.phrase.render() == result.reason  # the English is unchanged
                phrases.append(result.phrase)
    return phrases


def _russian(text: str, what: str) -> None:
    assert text.strip(), f"{what}: empty"
    assert CYRILLIC.search(text), f"{what}: no Russian in {text!r}"
    assert "{" not in text and "}" not in text, f"{what}: unfilled field in {text!r}"


def test_every_irregularity_has_a_russian_name_detected_and_penalised_label() -> None:
    for irr in catalogue():
        words = irregularity_words(irr, "ru")
        for what, text in zip(("name", "detected", "penalised"), words, strict=True):
            _russian(text, f"{irr.id} {what}")
        assert irregularity_words(irr, "en") == (irr.name, irr.detected, irr.penalised)


def test_every_remedy_and_option_of_every_penalty_set_has_a_russian_version() -> None:
    for irr in catalogue():
        for remedy in irr.remedies:
            key = remedy_key(irr.id, remedy.penalty_set)
            assert key in TEMPLATES, key
            _russian(TEMPLATES[key], key)
            # Faithful: every number of the rule (points, the 40 cards, rule numbers) is kept.
            assert _rule_numbers(remedy.text) == _rule_numbers(TEMPLATES[key]), key
            for option in remedy.options:
                _russian(OPTIONS.get(label_key(option), ""), f"{irr.id} option {option!r}")


def test_every_ruling_facts_can_make_reads_in_russian_with_the_same_numbers(classic: Ruleset) -> None:
    rulings = _rulings(classic)
    assert len(rulings) > 2000  # 34 rows x 3 penalty sets x fact combinations x 4 rulesets
    for ruling in rulings:
        what = f"{ruling.irregularity}/{ruling.penalty_set} {dict(ruling.facts)}"
        english = ruling_words(ruling, "en")
        assert english == (ruling.name, ruling.remedy, ruling.options, ruling.note)
        words = ruling_words(ruling, "ru")
        assert ruling.remedy_phrase is not None
        for key in ruling.remedy_phrase.all_keys():
            assert key in TEMPLATES, f"{what}: no Russian for {key}"
        _russian(words.name, what)
        _russian(words.remedy, what)
        for option in words.options:
            _russian(option, f"{what} option")
        if ruling.note:
            _russian(words.note, f"{what} note")
        else:
            assert words.note == ""
        assert _rule_numbers(ruling.remedy) == _rule_numbers(words.remedy), what


def test_the_dynamic_fragments_are_translated() -> None:
    from trainer.content.rulesets import load_ruleset

    classic = load_ruleset("classic")
    acc = adjudicate("renege", ruleset=classic, penalty_set="acc", count=25, holding="A 5 6")
    assert acc.remedy.endswith(": 6 points here")
    assert ruling_words(acc, "ru").remedy.endswith(": здесь 6 очков")
    unknown = ruling_words(adjudicate("renege", ruleset=classic, penalty_set="acc"), "ru").remedy
    assert "здесь 2 очка (укажите сумму на столе и карты на руке" in unknown
    none = ruling_words(adjudicate("renege", ruleset=classic, count=30, holding="K Q"), "ru").remedy
    assert none.startswith("ошибочного «мимо» нет: при сумме 30")
    seeds = ruling_words(adjudicate("renege", ruleset=classic), "ru").remedy
    assert seeds.endswith(". При показе мёртвые карты всё равно считаются (так в варианте «классика»)")
    fallback = ruling_words(adjudicate("renege", ruleset=classic, penalty_set="old_laws"), "ru").note
    assert fallback == (
        "в старых английских законах об этом ничего не сказано; "
        "приведено правило из традиционных правил (Хойл)"
    )
    on = replace(classic, muggins=Muggins(enabled=True), penalties="acc")
    wrong_call = adjudicate("muggins_claim", ruleset=on, claimed=10, true_points=10, call=3)
    assert wrong_call.beneficiary == "offender" and wrong_call.points == 3
    assert ruling_words(wrong_call, "ru").remedy.endswith("считавший получает 3 названных очка")


def _phrases(classic: Ruleset) -> list[Phrase]:
    """Every phrase the cases produce: the rulings' remedies and notes, the muggins reasons, and
    the heels remedy of a ruleset that forfeits unpegged heels."""
    phrases = [p for r in _rulings(classic) for p in (r.remedy_phrase, r.note_phrase) if p]
    phrases += _muggins_reasons(classic)
    forfeit = adjudicate("heels_not_pegged", ruleset=replace(classic, heels_forfeit_if_unpegged=True))
    phrases += [forfeit.remedy_phrase] if forfeit.remedy_phrase else []
    return phrases


def _inner(phrase: Phrase) -> list[Phrase]:
    """The phrase and the phrases inside it."""
    return [phrase, *(p for _, v in phrase.values if isinstance(v, Phrase) for p in _inner(v))]


def test_every_russian_template_is_used_by_some_case(classic: Ruleset) -> None:
    """A key nobody produces is a stale or misspelt translation."""
    used = {key for phrase in _phrases(classic) for key in phrase.all_keys()}
    assert set(TEMPLATES) - used == set()
    assert set(_entries("ru", "ruling.name.")) == {irr.id for irr in catalogue()}


def test_the_english_catalogue_entries_are_the_engines_english(classic: Ruleset) -> None:
    """The en entries of rulings.po equal the engine's English for the same thing (English output
    uses the engine's own words), and ru has exactly the same keys: the two cannot drift."""
    expected: dict[str, set[str]] = {}

    def add(key: str, english: str) -> None:
        expected.setdefault(key, set()).add(english)

    for irr in catalogue():
        add(f"ruling.name.{irr.id}", irr.name)
        add(f"ruling.detected.{label_key(irr.detected)}", irr.detected)
        add(f"ruling.penalised.{label_key(irr.penalised)}", irr.penalised)
        for remedy in irr.remedies:
            add(PHRASE + remedy_key(irr.id, remedy.penalty_set), remedy.text)
            for option in remedy.options:
                add(OPTION + label_key(option), option)
    for ruling in _rulings(classic):
        for option in ruling.options:
            add(OPTION + label_key(option), option)
    for phrase in (p for outer in _phrases(classic) for p in _inner(outer)):
        if not phrase.key.startswith("text."):  # an English sentence with no key of its own
            add(PHRASE + phrase.key, phrase.english)
    clashes = {key: texts for key, texts in expected.items() if len(texts) > 1}
    assert not clashes, f"one key, several English texts: {clashes}"
    english = {key: texts.pop() for key, texts in expected.items()}
    assert len(english) == 179  # 34 names, 13 detected, 16 penalised, 14 options, 102 phrases
    # (a fallback note names each penalty set twice: «в традиционных правилах», «из традиционных правил»)
    catalogued = {
        lang: {f"ruling.{key}": text for key, text in _entries(lang, "ruling.").items()} for lang in LANGS
    }
    assert catalogued["en"] == english
    assert set(catalogued["ru"]) == set(english)


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "очко"),
        (2, "очка"),
        (4, "очка"),
        (5, "очков"),
        (11, "очков"),
        (12, "очков"),
        (21, "очко"),
        (22, "очка"),
    ],
)
def test_russian_plural_in_a_ruling_follows_the_catalogues_plural_rule(
    n: int, form: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.i18n import rulings

    real = rulings._entries
    test_only = {"k": "{n:очко|очка|очков}"}
    monkeypatch.setattr(
        rulings, "_entries", lambda lang, prefix: test_only if lang == "ru" else real(lang, prefix)
    )
    assert rulings.render(Phrase.of("k", "{n:point|points}", n=n), "ru") == f"{n} {form}"
    english = "point" if n == 1 else "points"  # the engine's English has its own plural, never "(s)"
    assert rulings.render(Phrase.of("k", "{n:point|points}", n=n), "en") == f"{n} {english}"
    assert Phrase.of("k", "{n:point|points}", n=n).render() == f"{n} {english}"


# ----------------------------------------------------------------------------- the CLI in Russian

RENEGE_RU = "«мимо» сказано при подходящей карте на руке"
RENEGE_EN = "a go said while holding a playable card"
ACC_RENEGE_EN = "the go may be corrected before either player pegs"


def _no_english_remedy(out: str) -> None:
    for sentence in (RENEGE_EN, ACC_RENEGE_EN, "the opponent pegs 2", "points here", "say nothing on this"):
        assert sentence not in out
    assert "по-английски" not in out and "на английском" not in out


def test_rules_penalty_renege_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "ru", "rules", "penalty", "renege")
    assert code == 0, err
    assert "обнаружено: в розыгрыше; наказывается: игрок, сказавший «мимо»" in out
    assert "Ошибочное «мимо» можно исправить" in out
    flat = " ".join(out.split())
    assert "Соперник нарушителя может объявить несыгранные карты мёртвыми или потребовать" in flat
    assert "Примечание: в старых английских законах об этом ничего не сказано" in " ".join(out.split())
    _no_english_remedy(out)


def test_rules_ruling_renege_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "ru", "rules", "ruling", "renege")
    assert code == 0, err
    flat = " ".join(out.split())  # rich wraps long lines
    assert "Набор штрафов: традиционные правила (Хойл)" in flat and "Очки: 2, получает соперник" in flat
    assert f"Решение: {RENEGE_RU}" in flat
    # the 2 points are said once, in the ruling: no "choice" of taking them follows
    assert "Выбор соперника нарушителя" not in flat
    _no_english_remedy(flat)
    assert "remedy:" not in flat and "penalty set:" not in flat


def test_rules_ruling_with_facts_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "ru", "rules", "ruling", "renege", "--penalties", "acc"]
    code, out, err = run(capsys, *argv, "--fact", "count=25", "--fact", "holding=A 5 6")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "Очки: 6, получает соперник" in flat and "здесь 6 очков" in flat
    _no_english_remedy(flat)


def test_penalty_drill_feedback_in_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("b\n"))
    argv = ["--lang", "ru", "drill", "penalty", "-n", "1", "--seed", "1", "--theme", "renege"]
    code, out, err = run(capsys, *argv, "--db", str(tmp_path / "progress.sqlite3"))
    assert code == 0, err
    flat = " ".join(out.split())
    assert "«Мимо» сказано при подходящей карте на руке" in flat and "Соперник получает 2 очка" in flat
    assert "Соперник нарушителя может получить" not in flat  # the 2 points are said once
    _no_english_remedy(flat)


def test_english_output_keeps_the_catalogue_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "ruling", "renege")
    flat = " ".join(out.split())
    assert (
        code == 0
        and "penalty rules: traditional rules (Hoyle)" in flat
        and "points: 2 to the opponent" in flat
    )
    assert f"remedy: {RENEGE_EN}" in flat and "options of the non-offender" not in flat


def test_a_holding_fact_reads_russian_rank_letters_like_the_card_parser(classic: Ruleset) -> None:
    english = adjudicate("renege", ruleset=classic, penalty_set="acc", count=25, holding="A 5 K")
    russian = adjudicate("renege", ruleset=classic, penalty_set="acc", count=25, holding="Т 5 К")
    assert (russian.points, russian.remedy) == (english.points, english.remedy)  # facts keep the text typed
    with pytest.raises(RulingError):
        adjudicate("renege", ruleset=classic, count=25, holding="11")


@pytest.mark.parametrize("lang", LANGS)
def test_counting_a_hand_never_loads_the_rulings(lang: str) -> None:
    """The rulings' words are read on demand: `crib count` (start-up benchmarked) neither imports
    the wording module nor the irregularity catalogue, in either language."""
    code = (
        "import sys\n"
        "from trainer.cli.app import main\n"
        f"main(['--lang', {lang!r}, 'count', '5H 5C 5D JS', '5S'])\n"
        "loaded = sorted(m for m in sys.modules if 'ruling' in m or 'irregularities' in m)\n"
        "print('LOADED', loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "LOADED []" in done.stderr, done.stderr[-2000:]
