"""English and Russian words of the engine-core commands: `crib count`, `crib peg`,
`crib stats distribution` and `crib rules check`.

`count` and `peg` are start-up benchmarked, so this module imports only the i18n dict module
(no rich, no drills catalogue); the commands import it inside their functions. Russian terms
follow lessons/GLOSSARY.md: пятнадцать, пара, королевская пара, последовательность, флеш,
валет масти, «мимо», «пятки», криб, стартер.
"""

from __future__ import annotations

from trainer.i18n import number as number
from trainer.i18n import t as t

__all__ = ["item_name", "number"]


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
