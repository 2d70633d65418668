"""English and Russian words of the advice commands: `crib discard`, `crib advise-peg` and
`crib stats crib-values`. The reasons of pegging plays are worded by the advice layer itself
(trainer.advice.reasons), since it may not import this catalogue.

`crib discard` is start-up benchmarked: this module imports only the i18n dict module.
"""

from __future__ import annotations

from trainer.drills.i18n import define

define(
    {
        # ---------------------------------------------------------------- discard
        "advise.discard.title_own": ("{title} — discard to your crib", "{title} — сброс в свой криб"),
        "advise.discard.title_opp": (
            "{title} — discard to the opponent's crib",
            "{title} — сброс в криб противника",
        ),
        "advise.discard.col_throw": ("throw", "сброс"),
        "advise.discard.col_keep": ("keep", "оставить"),
        "advise.discard.col_hand": ("hand", "рука"),
        "advise.discard.col_range": ("min-max", "мин-макс"),
        "advise.discard.col_crib": ("crib", "криб"),
        "advise.discard.col_heels": ("heels", "пятки"),
        "advise.discard.col_net": ("net", "итог"),
        "advise.discard.col_gap": ("gap", "отрыв"),
        "advise.discard.best": ("best", "лучший"),
        "advise.discard.summary": (
            "{discard}: hand {ev} on average, {max} with {starters}{more}",
            "{discard}: рука в среднем {ev}, {max} со стартером {starters}{more}",
        ),
        "advise.discard.more": (" (+{n} more)", " (и ещё {n})"),
        "advise.discard.footnote": (
            "hand: exact over {n} starters; crib: table (crib stats crib-values); pegging not included",
            "рука: точно по всем {n} стартерам; криб: по таблице (crib stats crib-values); розыгрыш не учтён",
        ),
        # ---------------------------------------------------------------- advise-peg
        "advise.peg.count": ("{hand}   count {count}", "{hand}   сумма {count}"),
        "advise.peg.go": (
            "no card fits under 31 at {count}: say go",
            "при сумме {count} ни одна карта не укладывается в 31: скажите «мимо»",
        ),
        "advise.peg.col_card": ("card", "карта"),
        "advise.peg.col_ev": ("ev", "ож."),
        "advise.peg.col_now": ("now", "сразу"),
        "advise.peg.col_reason": ("reason", "почему"),
        "advise.peg.exact": (
            "exact over all {holdings} holdings",
            "точно по всем вариантам руки противника ({holdings})",
        ),
        "advise.peg.sampled": (
            "sampled: {holdings} holdings, seed {seed}",
            "выборка: вариантов руки противника — {holdings}, seed {seed}",
        ),
        "advise.peg.footnote": (
            "ev: your points minus the opponent's to the end of the play (greedy play); {how}",
            "ож.: ваши очки минус очки противника до конца розыгрыша (жадная игра); {how}",
        ),
        # ---------------------------------------------------------------- crib-values
        "advise.crib.nearest": (
            "no table of its own for this deal: showing the nearest ({name})",
            "для этой сдачи нет своей таблицы: показана ближайшая ({name})",
        ),
        "advise.crib.one_card_title": (
            "{title}: expected crib of a one-card throw",
            "{title}: ожидаемый криб при сбросе одной карты",
        ),
        "advise.crib.col_card": ("card", "карта"),
        "advise.crib.col_own": ("own crib", "свой криб"),
        "advise.crib.col_opp": ("opponent's crib", "криб противника"),
        "advise.crib.col_random": ("random", "случайный"),
        "advise.crib.title": ("{title}: expected crib, {heading}", "{title}: ожидаемый криб, {heading}"),
        "advise.crib.own": ("to your own crib (dealer)", "сброс в свой криб (сдающий)"),
        "advise.crib.opp": (
            "to the opponent's crib (pone)",
            "сброс в криб противника (противник сдающего)",
        ),
        "advise.crib.schell": (
            "mean absolute difference from Schell's published table: own {own}, opponent's {opp} points",
            "среднее абсолютное отличие от опубликованной таблицы Шелла, в очках: свой криб {own}, "
            "криб противника {opp}",
        ),
    }
)
