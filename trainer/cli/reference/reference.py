"""`crib rules list | show | compare | search | penalty`: the rules reference by variant.

Numbers come from the rulesets and the engine (trainer.content.reference) and rulings from the
engine's irregularity catalogue, so the reference cannot disagree with what the trainer scores
and grades; the words around them come from the lessons and the translated labels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from trainer.cli.fit import wrapped
from trainer.cli.groups import rules_app
from trainer.cli.options import json_option, load, print_json, ruleset_option
from trainer.cli.titles import ruleset_title
from trainer.engine.digits import is_digits

if TYPE_CHECKING:
    from collections.abc import Sequence

    from trainer.content.reference import Value
    from trainer.engine.irregularities import Ruling
    from trainer.engine.ruleset import Ruleset


def _either_values(values: list[str]) -> str:
    """Other values of a club option as words: «в каждой сдаче или никогда»; values that hold
    commas themselves are parted by semicolons («…(победа 2, скунс 3); нет»), never by «|»."""
    from trainer.i18n import t

    if len(values) < 2:
        return "".join(values)
    glue = "; " if any("," in v for v in values) else ", "
    return t("drill.fb.either", _lang(), first=glue.join(values[:-1]), last=values[-1])


def _either(options: tuple[str, ...] | list[str]) -> str:
    """Choices read as one sentence ("declare … dead or have … played")."""
    from trainer.i18n.drill_words import either

    return either(options, _lang())


def _lang() -> str:
    from trainer.cli.context import SETTINGS

    return SETTINGS.lang


def _t(key: str, **values: object) -> str:
    from trainer.i18n import t

    return t(key, _lang(), **values)


def option_label(option_id: str, field: str) -> str:
    """What a club option is about, in words ("His heels"), from its description: the spec's
    numbers (C14) and field paths (heels_forfeit_if_unpegged) mean nothing to a player."""
    from trainer.content.reference import _SPECS

    fact = next((spec.key for spec in _SPECS if spec.field == field), None)
    if fact is not None:
        return _t(f"ref.fact.{fact}")
    text = _t(f"ref.option.{option_id}")
    head = text.split(":", 1)[0]
    return head if ":" in text and len(head) <= 60 else field.replace("_", " ")


def _fact_of(field: str) -> str | None:
    """The reference fact a club option's field is shown under (`no_peg_out_on_heels_or_go`)."""
    from trainer.content.reference import _SPECS

    return next((spec.key for spec in _SPECS if spec.field == field), None)


def _option_value(value: Value, fact: str | None) -> str:
    """A club option's value in the sentence «в других — …»: a bare «нет» there dangles («…или
    нет»), so a value may have words of its own for its fact («без правила крупной победы»)."""
    from trainer.i18n import has

    own = f"ref.value.{fact}.{value}"
    if isinstance(value, str) and fact is not None and has(own, _lang()):
        return _t(own)
    return value_text(value, fact)


def value_text(value: Value, fact: str | None = None) -> str:
    """A fact value in words: yes/no (or the fact's own words for it, `ref.bool.FACT.yes`: a
    fact named as a ban reads «разрешён» / «запрещён», never «… запрещён — нет»), named settings
    translated, lists joined."""
    from trainer.i18n import has

    if value is None:
        return _t("ref.value.none_value")
    if isinstance(value, bool):
        own = f"ref.bool.{fact}.{'yes' if value else 'no'}"
        if fact is not None and has(own, _lang()):
            return _t(own)
        return _t("ref.value.yes" if value else "ref.value.no")
    if isinstance(value, tuple | list):
        return ", ".join(value_text(v) for v in value) if value else _t("ref.value.none_value")  # type: ignore[arg-type]
    if isinstance(value, str) and has(f"rough.set.{value}"):
        return _t(f"rough.set.{value}")  # penalty sets by the names readers know
    if isinstance(value, str) and has(f"ref.value.{value}"):
        return _t(f"ref.value.{value}")
    return str(value)


def _topic(topic: str | None) -> str | None:
    from trainer.content.reference import TOPIC_ORDER, LookupProblem
    from trainer.content.schema import nearest

    if topic is None:
        return None
    from trainer.i18n.glossary import canonical

    key = topic.strip().lower().strip('«»"')
    if key in TOPIC_ORDER:
        return key
    # The topic's word in the user's language (`--topic простак`), or a synonym of it («пас»).
    words = {_t(f"ref.topic_word.{name}").strip('«»"'): name for name in TOPIC_ORDER}
    found = words.get(key) or words.get(canonical(key))
    if found:
        return found
    hint = nearest(key, list(words))
    tip = _t("ref.did_you_mean", word=hint) if hint else ""
    raise LookupProblem(
        _t("ref.unknown_topic", topic=topic, tip=tip, topics=_topic_words()),
        key="ref.unknown_topic",
        topic=topic,
        tip=tip,
        topics=_topic_words(),
    )


def _topic_words() -> str:
    """The topics as a person types them in the current language."""
    from trainer.content.reference import TOPIC_ORDER

    return ", ".join(_t(f"ref.topic_word.{name}") for name in TOPIC_ORDER)


def _shown_tag(tag: str) -> str:
    from trainer.i18n.sources import shown_tag

    return shown_tag(tag, _lang())


def _source_title(tag: str, title: str) -> str:
    """A source's title in the current language (the catalogue's, while it is current)."""
    from trainer.engine.sources import SOURCES
    from trainer.i18n.sources import source_title

    return source_title(tag, _lang()) if tag.split()[0] in SOURCES else title


# ----------------------------------------------------------------------------- list


@rules_app.command("list")
def list_rulesets(as_json: bool = json_option()) -> None:
    """The shipped rulesets (variants) with their aliases, players and target."""
    from rich.table import Table

    from trainer.cli.render import console
    from trainer.content.rulesets import builtin_rulesets

    rulesets = builtin_rulesets()
    if as_json:
        print_json(
            [
                {
                    "name": r.name,
                    "title": r.title,
                    "variant": r.variant,
                    "aliases": list(r.aliases),
                    "players": r.players,
                    "target": r.target,
                }
                for r in rulesets
            ]
        )
        return
    from trainer.cli.usertext import user_text

    table = Table(title=_t("ref.heading.list"), box=None, pad_edge=False)
    for key in ("ref.col.name", "ref.col.title", "ref.col.players", "ref.col.target", "ref.col.aliases"):
        table.add_column(_t(key), justify="right" if key in ("ref.col.players", "ref.col.target") else "left")
    for r in rulesets:
        row = (r.name, ruleset_title(r, _lang()), r.players, r.target, ", ".join(r.aliases))
        table.add_row(*(user_text(v) for v in row))
    from trainer.cli.render import keep_words

    console().print(keep_words(table))


# ----------------------------------------------------------------------------- show


def _topic_data(rules: Ruleset, topic: str, *, explain: bool) -> dict[str, object]:
    from trainer.cli.reference.lesson_set import lessons_in
    from trainer.content.lessons import lessons_for_topic
    from trainer.content.reference import facts, options, penalty_table

    items = facts(rules, topic=topic)
    data: dict[str, object] = {
        "topic": topic,
        "facts": {f.key: _jsonable(f.value) for f in items},
        "fields": {f.key: f.field for f in items if f.field},
        "options": [
            {
                "id": o.id,
                "field": o.field,
                "current": _jsonable(o.current(rules)),
                "alternatives": [_jsonable(v) for v in o.alternatives(rules)[1:]],
                "sources": list(o.sources),
            }
            for o in options(rules, topic=topic)
        ],
    }
    if explain:
        from trainer.cli.reference.variant_summary import fitted_summary

        variant = rules.name
        classic = rules.variant == "classic6"
        notes = {
            "players_note": _t("rough.note.many_players", players=rules.players) if rules.players > 2 else "",
            "lurch_note": _t("rough.note.no_lurch") if rules.lurch.rule == "none" else "",
        }
        data["explanations"] = [
            {
                "lesson": lesson.id,
                "number": lesson.number,
                "title": lesson.title,
                "text": fitted_summary(lesson.summary, rules, **notes)
                if classic or not lesson.variant_notes
                else f"{fitted_summary(lesson.summary, rules, **notes)}\n{lesson.variant_notes}",
            }
            for lesson in lessons_for_topic(topic, variant=variant, lessons=lessons_in(_lang()))
        ]
    if topic == "penalties":
        data["rulings"] = [r.to_json() for r in penalty_table(rules)]
    return data


def _jsonable(value: Value) -> object:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]  # type: ignore[arg-type]
    return value


@rules_app.command("show")
def show(
    variant: str = typer.Argument("classic", help="A ruleset name, alias or YAML file."),
    topic: str = typer.Option(
        None,
        "--topic",
        "-t",
        metavar="TOPIC",
        help="One topic: deal, scoring, flush, crib, pegging, go, show, game, muggins, penalties, "
        "discarding, variants.",
    ),
    as_json: bool = json_option(),
) -> None:
    """The rules of one variant: its numbers, the options a club may choose, explanations and sources."""
    from trainer.content.reference import TOPIC_ORDER

    rules = load(variant)
    chosen = _topic(topic)
    topics = [chosen] if chosen else list(TOPIC_ORDER)
    blocks = [_topic_data(rules, tp, explain=chosen is not None) for tp in topics]
    tags = _source_tags(rules, blocks)
    if as_json:
        from trainer.content.reference import source

        print_json(
            {
                "ruleset": rules.name,
                "title": rules.title,
                "variant": rules.variant,
                "topics": blocks,
                "sources": [{"tag": tag, "title": source(tag)[0], "url": source(tag)[1]} for tag in tags],
            }
        )
        return
    _print_show(rules, blocks, tags, single=chosen is not None)


def _source_tags(rules: Ruleset, blocks: list[dict[str, object]]) -> list[str]:
    tags = list(rules.sources)
    for block in blocks:
        for option in block["options"]:  # type: ignore[attr-defined]
            tags.extend(t for t in option["sources"] if t not in tags)
    return tags


def _print_show(rules: Ruleset, blocks: list[dict[str, object]], tags: list[str], *, single: bool) -> None:
    from rich.cells import cell_len
    from rich.table import Table

    from trainer.cli.fit import longest_word
    from trainer.cli.render import console
    from trainer.content.reference import source

    out = console()
    from trainer.cli.usertext import user_text

    out.print(user_text(ruleset_title(rules, _lang()), style="bold"))
    for block in blocks:
        topic = str(block["topic"])
        out.print()
        out.print(f"[bold underline]{_t('ref.topic.' + topic)}[/]")
        table = Table(box=None, show_header=False, pad_edge=False)
        facts = [(_t(f"ref.fact.{key}"), _fact_text(key, value)) for key, value in block["facts"].items()]  # type: ignore[attr-defined]
        # a label on one line while the value column keeps room for its longest word: a label
        # wrapped beside a short value reads on into it («…очком за разрешён / «мимо»»); widths
        # set outright (rich crops a cell, «…не набрал пол», when a min_width squeezes its column)
        values = [value for _, value in facts]
        natural = max(cell_len(value) for value in values)
        room = max(longest_word(values), min(natural, 20))
        label_width = min(max(cell_len(label) for label, _ in facts), out.width - 2 - room)
        table.add_column(_t("ref.col.item"), width=label_width)
        table.add_column(_t("ref.col.value"), width=min(natural, out.width - 2 - label_width))
        for label, value in facts:
            table.add_row(label, value)
        from trainer.cli.render import keep_words

        out.print(keep_words(table))
        for lesson in block.get("explanations", []):  # type: ignore[attr-defined]
            out.print()
            out.print(
                f"[italic]{_t('ref.heading.explained', number=lesson['number'], title=lesson['title'])}[/]"
            )
            out.print(wrapped(lesson["text"].replace("**", "")))
        if topic == "penalties":
            from trainer.content.reference import penalty_table

            _print_rulings(penalty_table(rules))
        if single or block["options"]:
            _print_options(block["options"], single=single)  # type: ignore[arg-type]
    out.print()
    out.print(f"[bold]{_t('ref.heading.sources')}[/]")
    for tag in tags:
        title, url = source(tag)
        # soft wrap: an address longer than the screen runs on whole (the terminal wraps it), never
        # cut by a line break, so it can still be copied or clicked
        line = f"  {_shown_tag(tag)}: {_source_title(tag, title)}" + (f" <{url}>" if url else "")
        out.print(wrapped(line), soft_wrap=True)
    if not single:
        out.print()
        out.print(wrapped(_t("ref.use_topic", topics=_topic_words())))


def _fact_text(key: str, value: Value) -> str:
    """A fact's value as read; the other names of a variant are what a person types
    (`crib rules show six-card`), so they are printed as typed, never put into words
    («six-card, classic6»), under the catalogue's label for codes."""
    if key == "aliases":
        return _t("ref.value.aliases", aliases=", ".join(str(v) for v in value))  # type: ignore[union-attr]
    return value_text(value, key)


def _print_options(options: list[dict[str, object]], *, single: bool) -> None:
    from trainer.cli.render import console

    out = console()
    out.print()
    out.print(f"[italic]{_t('ref.heading.options')}[/]")
    if not options:
        out.print("  " + _t("ref.no_options"))
        return
    for option in options:
        fact = _fact_of(str(option["field"]))
        others = [_option_value(v, fact) for v in option["alternatives"]]  # type: ignore[attr-defined]
        current = value_text(option["current"], fact)  # type: ignore[arg-type]
        key = "rough.option.line" if others else "rough.option.line_only"
        if others and ("," in current or ";" in current):  # «один раз, в начале партии; в других — …»
            key = "rough.option.line_parted"
        line = _t(
            key,
            label=option_label(str(option["id"]), str(option["field"])),
            current=current,
            others=_either_values(others),
        )
        out.print(wrapped(f"  {line}"))
        if single:
            out.print(wrapped(f"      {_t('ref.option.' + str(option['id']))}"))
            out.print(wrapped(f"      {_t('ref.option.cite', sources=', '.join(option['sources']))}"))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- compare


@rules_app.command("compare")
def compare(
    variants: list[str] = typer.Argument(None, help="Rulesets to compare (default: all five variants)."),
    diff: bool = typer.Option(False, "--diff", help="Only the rows where the rulesets differ."),
    as_json: bool = json_option(),
) -> None:
    """All variants side by side: deal, hand size, target, flushes, pegging, lurch, penalties."""
    from rich.table import Table

    from trainer.cli.render import console
    from trainer.content.reference import compare as compare_rows
    from trainer.content.rulesets import builtin_rulesets

    rulesets = [load(v) for v in variants] if variants else builtin_rulesets()
    rows = compare_rows(rulesets, diff=diff)
    if as_json:
        print_json(
            {
                "rulesets": [r.name for r in rulesets],
                "rows": [
                    {
                        "key": key,
                        "values": {r.name: _jsonable(v) for r, v in zip(rulesets, values, strict=True)},
                    }
                    for key, values in rows
                ],
            }
        )
        return
    from trainer.cli.fit import fit_widths, longest_word
    from trainer.cli.render import keep_words

    labels = [_t(f"ref.fact.{key}") for key, _ in rows]
    cells = [[value_text(v, key) if v is not None else "—" for v in values] for key, values in rows]
    head = [_t("ref.col.item"), *labels]
    from trainer.cli.titles import variant_name

    # Headed by the variant's name in the reader's language («на пять карт»); ids stay in --json.
    names = [variant_name(r.name, _lang()) for r in rulesets]
    columns = [[name, *(row[i] for row in cells)] for i, name in enumerate(names)]
    # Variants side by side as many as fit with every word whole (five Russian columns of
    # «традиционные» do not fit 80 columns beside «последовательность»); the rest below.
    total = console().width
    groups: list[list[int]] = [[]]
    for i, column in enumerate(columns):
        shown = [head, *(columns[j] for j in groups[-1]), column]
        if groups[-1] and sum(longest_word(c) + 1 for c in shown) - 1 > total:
            groups.append([])
        groups[-1].append(i)
    for number, group in enumerate(groups):
        part = [head, *(columns[i] for i in group)]
        table = Table(
            title=_t("ref.heading.compare") if number == 0 else None,
            box=None,
            pad_edge=False,
            padding=(0, 1),
            collapse_padding=True,
            header_style="bold underline",
        )
        for column, width in zip(part, fit_widths(part, total), strict=True):
            table.add_column(column[0], width=width)
        for label, *row in zip(labels, *(c[1:] for c in part[1:]), strict=True):
            table.add_row(label, *row)
        if number:
            console().print()
        console().print(keep_words(table))


# ----------------------------------------------------------------------------- search


def search_reference(
    word: str, *, lang: str, terms: list[str] | None = None
) -> dict[str, list[dict[str, object]]]:
    """Lessons, irregularities and club options that mention every one of `terms` (the words of
    `word` by default), best matches first: `renege five-card` finds what mentions both, where it
    used to look for the phrase "renege five-card"."""
    from trainer.cli.reference.lesson_set import lessons_in
    from trainer.content.reference import OPTIONS
    from trainer.engine.irregularities import catalogue, remedy_key
    from trainer.i18n.rulings import irregularity_names, remedy_templates

    def remedy_ru(irr_id: str, penalty_set: str) -> str:
        return remedy_templates("ru").get(remedy_key(irr_id, penalty_set), "")

    from trainer.i18n.glossary import canonical

    # Each typed word, with the glossary term it stands for («простофиля» finds «простак»).
    needles = [
        tuple(dict.fromkeys((w.casefold(), canonical(w).casefold())))
        for w in (terms if terms is not None else word.split())
        if w.strip()
    ]
    phrase = word.casefold().strip()
    lessons: list[tuple[int, dict[str, object]]] = []
    for lesson in lessons_in(lang):
        whole = f"{lesson.title} {lesson.body}"
        if _relevance(whole, needles, phrase) == 0:
            continue  # the lesson must mention every word somewhere
        for line_no, paragraph in _paragraphs(lesson.body, first_line=lesson.body_line):
            score = _relevance(paragraph, needles, phrase, every=False)
            if score:
                hit = {
                    "lesson": lesson.id,
                    "number": lesson.number,
                    "title": lesson.title,
                    "line": line_no,
                    "text": paragraph,
                    "path": str(lesson.path),
                }
                lessons.append((score, hit))
    irregularities: list[tuple[int, dict[str, object]]] = []
    for irr in catalogue():
        remedies = " ".join(r.text for r in irr.remedies)
        if lang == "ru":  # the Russian words of the remedies are searchable too
            remedies += " " + " ".join(remedy_ru(irr.id, r.penalty_set) for r in irr.remedies)
        haystack = " ".join(
            (
                irr.id,
                irr.id.replace("_", " "),
                *irr.aliases,
                irr.name,
                irregularity_names("ru").get(irr.id, ""),
                remedies,
            )
        )
        score = _relevance(haystack, needles, phrase)
        if score:
            irregularities.append(
                (score, {"id": irr.id, "row": irr.row, "name": _irregularity_name(irr.id, irr.name)})
            )
    options: list[tuple[int, dict[str, object]]] = []
    for option in OPTIONS:
        text = _t(f"ref.option.{option.id}")
        score = _relevance(f"{text} {option.field}", needles, phrase)
        if score:
            options.append((score, {"id": option.id, "field": option.field, "text": text}))
    return {
        "lessons": _ranked(lessons),
        "irregularities": _ranked(irregularities),
        "options": _ranked(options),
    }


def _relevance(
    text: str, needles: Sequence[str | tuple[str, ...]], phrase: str, *, every: bool = True
) -> int:
    """0 when a needle is missing (with `every`) or none is there; else higher for more of the
    words, more mentions, and the words as one phrase. A needle is a word or a tuple of words
    that stand for each other (a typed word and its glossary term); a plain word is one
    alternative, never its letters."""
    haystack = text.casefold()
    found = [
        sum(haystack.count(n.casefold()) for n in ((alts,) if isinstance(alts, str) else alts))
        for alts in needles
    ]
    present = sum(1 for f in found if f)
    if present == 0 or (every and present < len(needles)):
        return 0
    return present * 100 + min(sum(found), 50) + (200 if len(needles) > 1 and phrase in haystack else 0)


def _ranked(scored: list[tuple[int, dict[str, object]]]) -> list[dict[str, object]]:
    """Best first; equal scores keep the catalogue's order."""
    return [hit for _, hit in sorted(scored, key=lambda pair: -pair[0])]


def _paragraphs(body: str, *, first_line: int) -> list[tuple[int, str]]:
    """(first line, text) of each paragraph or list item, joined into one line, Markdown marks
    dropped; fenced blocks are skipped (their examples are cards, not words)."""
    out: list[tuple[int, str]] = []
    current: list[str] = []
    start = first_line
    fence = False

    def flush() -> None:
        if current:
            out.append((start, " ".join(current).replace("**", "").replace("`", "")))
            current.clear()

    for offset, raw in enumerate(body.splitlines()):
        line = raw.strip()
        if line.startswith("```"):
            flush()
            fence = not fence
            continue
        if fence or not line:
            flush()
            continue
        if line.startswith(("#", "- ", "* ", "|")) or is_digits(line[:3].rstrip(".")):
            flush()
            line = line.lstrip("#-*| ").strip()
        if not current:
            start = first_line + offset
        current.append(line)
    flush()
    return out


@rules_app.command("search")
def search(
    words: list[str] = typer.Argument(..., help="What to look for, e.g. renege, nobs, 'his heels'."),
    as_json: bool = json_option(),
) -> None:
    """Search the lessons, the irregularity catalogue and the club options for a word."""
    from trainer.cli.render import console
    from trainer.content.reference import LookupProblem

    word = " ".join(words).strip()
    if not word:
        raise LookupProblem(_t("ref.empty_search"), key="ref.empty_search")
    # every argument is a term; a quoted argument ('his heels') stays one phrase
    found = search_reference(word, lang=_lang(), terms=[w.strip() for w in words if w.strip()])
    if as_json:
        print_json({"word": word, **found})
        return
    out = console()
    if not any(found.values()):
        out.print(wrapped(_t("ref.no_matches", word=word)))
        return
    out.print(f"[bold]{_t('ref.heading.search', word=word)}[/]")
    if found["lessons"]:
        out.print()
        out.print(f"[bold underline]{_t('ref.heading.lessons')}[/]")
        for hit in found["lessons"]:
            where = _t("ref.search.line", n=hit["line"])
            out.print(wrapped(f"  {hit['number']:>2}. {hit['title']} ({where}): {hit['text']}"))
    if found["irregularities"]:
        out.print()
        out.print(f"[bold underline]{_t('ref.heading.irregularities')}[/]")
        for hit in found["irregularities"]:
            out.print(wrapped(f"  {hit['row']:>2}. {hit['name']}"))
    if found["options"]:
        out.print()
        out.print(f"[bold underline]{_t('ref.heading.options')}[/]")
        for hit in found["options"]:
            out.print(wrapped(f"  {hit['text']}"))


# ----------------------------------------------------------------------------- penalty


def _irregularity_name(irr_id: str, english: str) -> str:
    from trainer.i18n.rulings import irregularity_names

    return irregularity_names("ru").get(irr_id, english) if _lang() == "ru" else english


def ruling_text(ruling: Ruling) -> str:
    """Who pegs what under one ruling, in the UI language (the remedy's words: `Ruling.text`)."""
    parts = []
    if ruling.points:
        who = _t(f"ref.beneficiary.{ruling.beneficiary}") if ruling.beneficiary else ruling.beneficiary
        parts.append(_t("ref.points_to", who=who, points=ruling.points, n=ruling.points))
    if ruling.back:
        parts.append(_t("ref.back", points=ruling.back, n=ruling.back))  # «на 15 лунок назад»
    if not parts and ruling.beneficiary and ruling.beneficiary != "none" and ruling.retrieved:
        # a remedy whose points depend on the facts (the old laws give the overpegged excess to
        # the opponent): "no points" would contradict its own words
        parts.append(_t("rough.excess_to", who=_t(f"ref.beneficiary.{ruling.beneficiary}")))
    if not parts:
        parts.append(_t("ref.no_points") if ruling.retrieved else _t("ref.not_retrieved"))
    return "; ".join(parts)


def _print_rulings(rulings: list[Ruling]) -> None:
    from rich.table import Table

    from trainer.cli.render import console

    table = Table(title=_t("ref.heading.penalties"), box=None, pad_edge=False, title_justify="left")
    table.add_column(_t("ref.col.row"), justify="right")
    table.add_column(_t("ref.col.irregularity"), overflow="fold")
    table.add_column(_t("ref.col.ruling"))
    for ruling in rulings:
        table.add_row(
            str(ruling.row), _irregularity_name(ruling.irregularity, ruling.name), ruling_text(ruling)
        )
    console().print()
    from trainer.cli.render import keep_words

    console().print(keep_words(table))


@rules_app.command("penalty")
def penalty(
    name: str = typer.Argument(None, help="An irregularity id, alias or row number (e.g. renege, 12)."),
    ruleset: str = ruleset_option(),
    as_json: bool = json_option(),
) -> None:
    """One irregularity ruled under every penalty set (no NAME: the whole catalogue)."""
    from trainer.cli.render import console
    from trainer.content.reference import penalty_rulings, penalty_table, source
    from trainer.engine.irregularities import find

    rules = load(ruleset)
    if name is None:
        rulings = penalty_table(rules)
        if as_json:
            print_json(
                {
                    "ruleset": rules.name,
                    "penalty_set": rules.penalties,
                    "rulings": [r.to_json() for r in rulings],
                }
            )
            return
        _print_rulings(rulings)
        return
    irr = find(name)
    rulings = penalty_rulings(irr, ruleset=rules)
    if as_json:
        print_json(
            {
                "irregularity": irr.to_json(),
                "ruleset": rules.name,
                "penalty_set": rules.penalties,
                "rulings": [{"asked": asked, **r.to_json()} for asked, r in rulings],
            }
        )
        return
    from trainer.i18n.sources import titled_refs
    from trainer.i18n.typography import sentence

    out = console()
    from trainer.i18n.rulings import irregularity_words, ruling_words

    labels = irregularity_words(irr, _lang())
    out.print(f"[bold]{irr.row}. {labels.name}[/]")
    out.print(
        wrapped(
            _t("ref.id", id=irr.id) + "; " + _t("ref.detected", when=labels.detected, who=labels.penalised)
        )
    )
    for asked, ruling in rulings:
        words = ruling_words(ruling, _lang())
        mark = f" — {_t('ref.this_set')}" if asked == rules.penalties else ""
        out.print()
        out.print(f"[bold]{sentence(value_text(asked), _lang())}[/]{mark}: {ruling_text(ruling)}")
        out.print(wrapped(f"  {sentence(words.remedy, _lang())}"))
        if words.options:
            out.print(wrapped("  " + _t("ref.options_to_choose", options=_either(words.options))))
        if words.note:
            out.print(wrapped("  " + _t("ref.note", note=words.note)))
        if ruling.rule_ref:
            out.print(wrapped("  " + _t("rough.sources", sources=titled_refs(ruling.rule_ref, _lang()))))
    out.print()
    out.print(f"[bold]{_t('ref.heading.sources')}[/]")
    for tag in irr.sources:
        title, url = source(tag)
        # soft wrap: an address longer than the screen runs on whole (the terminal wraps it), never
        # cut by a line break, so it can still be copied or clicked
        line = f"  {_shown_tag(tag)}: {_source_title(tag, title)}" + (f" <{url}>" if url else "")
        out.print(wrapped(line), soft_wrap=True)
