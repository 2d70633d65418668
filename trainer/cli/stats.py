"""`crib stats distribution`: the exact table of show totals over every hand + starter."""

from __future__ import annotations

import typer

from trainer.cli.groups import stats_app
from trainer.cli.options import json_option, load, print_json, ruleset_option


@stats_app.command("distribution")
def distribution(
    ruleset: str = ruleset_option(),
    crib: bool = typer.Option(False, "--crib", help="The crib's distribution (crib flush rule)."),
    no_cache: bool = typer.Option(
        False, "--no-cache", help="Compute afresh; do not read or write the cache."
    ),
    as_json: bool = json_option(),
) -> None:
    """Exact score distribution of every hand + starter combination, with the mean."""
    from rich.table import Table

    from trainer.cli.context import SETTINGS
    from trainer.cli.core_messages import number, t
    from trainer.cli.render import console
    from trainer.cli.titles import ruleset_title
    from trainer.content.stats_cache import cached_distribution

    rules = load(ruleset)
    dist = cached_distribution(rules, crib=crib, use_cache=not no_cache)
    if as_json:
        print_json(
            {
                "ruleset": rules.name,
                "hand_size": dist.hand_size,
                "crib": crib,
                "combinations": dist.combinations,
                "counts": {str(k): v for k, v in dist.counts.items()},
                "mean": round(dist.mean, 6),
                "max": dist.max_score,
                "impossible": dist.impossible(),
            }
        )
        return
    lang = SETTINGS.lang
    what = "crib" if crib else "hand"
    impossible = ", ".join(map(str, dist.impossible())) or t("core.dist.none", lang)
    table = Table(
        title=t(f"core.dist.title_{what}", lang, title=ruleset_title(rules, lang), n=dist.hand_size),
        caption=t(
            "core.dist.caption",
            lang,
            combos=number(dist.combinations, ",", lang),
            mean=number(dist.mean, ".4f", lang),
            max=dist.max_score,
            impossible=impossible,
        ),
        caption_justify="left",  # a centred caption that wraps breaks "26, 27" off on its own line
    )
    table.add_column(t("core.dist.col_score", lang), justify="right")
    table.add_column(t("core.dist.col_hands", lang), justify="right")
    table.add_column("%", justify="right")
    table.add_column(t("core.dist.col_one_in", lang), justify="right")
    table.add_column("", justify="left")
    top = max(dist.counts.values())
    for total, n in dist.counts.items():
        share = n / dist.combinations
        bar = ("#" if SETTINGS.ascii_cards else "█") * max(1, round(30 * n / top)) if n else ""
        table.add_row(
            str(total),
            number(n, ",", lang),
            number(100 * share, ".4f", lang),
            number(1 / share, ",.0f", lang),
            bar,
        )
    from trainer.cli.render import keep_words

    console().print(keep_words(table))
