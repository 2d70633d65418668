"""English and Russian words of the engine-core commands: `crib count`, `crib peg`,
`crib stats distribution` and `crib rules check`.

`count` and `peg` are start-up benchmarked, so this module imports only the i18n dict module
(no rich, no drills catalogue); the commands import it inside their functions. Russian terms
follow the lessons (lessons/ru): пятнадцать, пара, тройка, каре, последовательность, масть,
валет масти, «мимо», «пятки», криб, стартер.
"""

from __future__ import annotations

from trainer.drills.i18n import define, t

define(
    {
        # ---------------------------------------------------------------- scoring items
        "core.kind.fifteen": ("fifteen", "пятнадцать"),
        "core.kind.pair": ("pair", "пара"),
        "core.kind.pair_royal": ("pair royal", "тройка"),
        "core.kind.double_pair_royal": ("double pair royal", "каре"),
        "core.kind.run_of": ("run of {n}", "последовательность из {n}"),
        "core.kind.flush": ("flush", "масть"),
        "core.kind.nobs": ("nobs", "валет масти"),
        "core.kind.thirty_one": ("thirty-one", "тридцать один"),
        "core.kind.go": ("go", "«мимо»"),
        "core.kind.last": ("last card", "последняя карта"),
        "core.kind.heels": ("his heels", "«пятки»"),
        "core.may_not_peg_out": ("{name} (may not peg out)", "{name} (выйти этим нельзя)"),
        # ---------------------------------------------------------------- count
        "core.count.hand": ("hand", "рука"),
        "core.count.crib": ("crib", "криб"),
        "core.count.title": ("{title} — {what}", "{title} — {what}"),
        "core.count.cards": ("{hand}   starter {starter}", "{hand}   стартер {starter}"),
        "core.count.col_item": ("item", "комбинация"),
        "core.count.col_cards": ("cards", "карты"),
        "core.count.col_points": ("points", "очки"),
        "core.count.total": ("total", "итого"),
        "core.count.nothing": ("no scoring items: 0 points", "ни одной комбинации: 0 очков"),
        "core.count.crib_flush_note": (
            "note: a crib flush needs the starter too; four of a suit score only in a hand",
            "примечание: масть в крибе засчитывается только вместе со стартером; четыре карты "
            "одной масти дают очки лишь на руке",
        ),
        "core.count.rarity_hand": (
            "a {total}: about 1 in {one_in} hands ({share}% of all {combos} hand + starter combinations)",
            "сумма {total}: примерно одна рука из {one_in} ({share}% всех {combos} сочетаний "
            "«рука + стартер»)",
        ),
        "core.count.rarity_crib": (
            "a {total}: about 1 in {one_in} cribs ({share}% of all {combos} crib + starter combinations)",
            "сумма {total}: примерно один криб из {one_in} ({share}% всех {combos} сочетаний "
            "«криб + стартер»)",
        ),
        "core.count.impossible_hand": (
            "a {total}: no hand can score this",
            "сумма {total}: столько не набирает ни одна рука",
        ),
        "core.count.impossible_crib": (
            "a {total}: no crib can score this",
            "сумма {total}: столько не набирает ни один криб",
        ),
        # ---------------------------------------------------------------- peg
        "core.peg.then": ("{played}  then {card}", "{played}  затем {card}"),
        "core.peg.count": ("{line}   count {count}", "{line}   сумма {count}"),
        "core.peg.nothing": ("{card} scores nothing", "{card} ничего не даёт"),
        "core.peg.total": (
            "{parts} = {total} for the last card",
            "{parts} = {total} за последнюю сыгранную карту",
        ),
        # ---------------------------------------------------------------- stats distribution
        "core.dist.title_hand": (
            "{title}: {n}-card hand + starter",
            "{title}: рука из {n} карт + стартер",
        ),
        "core.dist.title_crib": (
            "{title}: {n}-card crib + starter",
            "{title}: криб из {n} карт + стартер",
        ),
        "core.dist.caption": (
            "{combos} combinations · mean {mean} · impossible totals up to {max}: {impossible}",
            "сочетаний: {combos} · среднее {mean} · невозможные суммы до {max}: {impossible}",
        ),
        "core.dist.none": ("none", "нет"),
        "core.dist.col_score": ("score", "сумма"),
        "core.dist.col_hands": ("hands", "раз"),
        "core.dist.col_one_in": ("1 in", "1 из"),
        # ---------------------------------------------------------------- rules check
        "core.check.ok": ("ok", "ок"),
        "core.check.valid": (
            "{path} is a valid ruleset {name} ({variant})",
            "{path} — правильный набор правил {name} ({variant})",
        ),
        "core.check.shape": (
            "players {players}, {cards} cards each, hands of {hand}, target {target}",
            "игроков: {players}, по {cards} карт каждому, на руке {hand}, партия до {target}",
        ),
        "core.check.differs": (
            "differs from the shipped {base} ruleset in:",
            "отличается от встроенного набора {base}:",
        ),
    }
)


def number(value: float, spec: str, lang: str) -> str:
    """`value` formatted with `spec` ("," groups thousands) in the language's convention:
    Russian groups with a no-break space and writes a decimal comma (3 248 700; 7,87)."""
    text = format(value, spec)
    if lang != "ru":
        return text
    return text.replace(",", "\u00a0").replace(".", ",")


def item_name(kind: str, cards: int, label: str, lang: str) -> str:
    """How a scoring item is called: "run of 4", "pair royal", "nobs" / "последовательность из 4".

    English keeps the engine's label (it already names pair royals and runs); Russian names the
    item from its kind and number of cards, since the label is English text.
    """
    if lang != "ru":
        if kind == "run":
            return t("core.kind.run_of", lang, n=cards)
        return label or kind.replace("_", "-")
    if kind == "run":
        name = t("core.kind.run_of", lang, n=cards)
    elif kind == "pair" and cards in (3, 4):
        name = t("core.kind.pair_royal" if cards == 3 else "core.kind.double_pair_royal", lang)
    elif kind in _KINDS:
        name = t(f"core.kind.{kind}", lang)
    else:  # a kind added to the engine later is shown by its id rather than crashing the output
        name = kind.replace("_", "-")
    if label.endswith("(may not peg out)"):
        name = t("core.may_not_peg_out", lang, name=name)
    return name


_KINDS = frozenset(("fifteen", "pair", "flush", "nobs", "thirty_one", "go", "last", "heels"))
