"""English and Russian words of `crib replay` and `crib simulate`: table headers, the events of
a deal and the summary lines. Russian terms follow the lessons (lessons/ru): сдающий, криб,
стартер, «пятки», «мимо», серия, «простак», лурч/скунс as in the rules reference.

Irregularity ids and rule references in penalty events stay as the engine gives them (the
irregularity catalogue is translated with the rules reference).
"""

from __future__ import annotations

from trainer.drills.i18n import define, t

define(
    {
        # ---------------------------------------------------------------- replay header
        "game.replay.dealer": ("{title} — dealer {name}", "{title} — сдающий {name}"),
        "game.replay.source": ("source: {source}", "источник: {source}"),
        "game.replay.col_who": ("who", "кто"),
        "game.replay.col_what": ("what", "что"),
        "game.replay.col_points": ("pts", "очки"),
        "game.replay.winner": ("{winner} wins", "{winner} выигрывает"),
        "game.replay.win_detail": (
            "({stage}): {scores}; {result}, {games} game(s)",
            "({stage}): {scores}; {result}, партий: {games}",
        ),
        "game.replay.end_of_deal": ("end of the deal: {scores}", "конец сдачи: {scores}"),
        "game.deals.title": ("Shipped deals", "Встроенные сдачи"),
        "game.deals.caption": (
            "Replay one with `crib replay NAME`, or give your own deal file.",
            "Воспроизведите сдачу командой `crib replay ИМЯ` или дайте свой файл сдачи.",
        ),
        "game.deals.col_name": ("name", "имя"),
        "game.deals.col_ruleset": ("ruleset", "правила"),
        "game.deals.col_title": ("what it shows", "что показывает"),
        # ---------------------------------------------------------------- events
        "game.ev.deals": ("deals (deal {n})", "сдаёт (сдача {n})"),
        "game.ev.to_crib": (", to the crib ", ", в криб "),
        "game.ev.compensation": (
            "pegs compensation for the first crib",
            "получает компенсацию за первый криб",
        ),
        "game.ev.lays_away": ("lays away ", "откладывает "),
        "game.ev.cuts": ("cuts; the starter is ", "снимает; стартер — "),
        "game.ev.heels": ("his heels", "«пятки»"),
        "game.ev.may_not_peg_out": (" (may not peg out)", " (выйти этим нельзя)"),
        "game.ev.plays": ("plays ", "ходит "),
        "game.ev.count": ("  count {count}", "  сумма {count}"),
        "game.ev.claims": ("  claims {claimed} of {true}", "  заявляет {claimed} из {true}"),
        "game.ev.go": ("go (count {count})", "«мимо» (сумма {count})"),
        "game.ev.go_point": ("{name} at {count}", "{name} при сумме {count}"),
        "game.ev.play_over": ("the play is over ({n} {counts})", "розыгрыш окончен ({n} {counts})"),
        "game.counts_word": ("count|counts", "серия|серии|серий"),
        "game.ev.unplayed": ("; unplayed: ", "; не сыграны: "),
        "game.ev.hand": ("hand", "рука"),
        "game.ev.crib": ("crib", "криб"),
        "game.ev.muggins": (
            "muggins on {name}: {claimed} claimed of {true}",
            "«простак» против {name}: заявлено {claimed} из {true}",
        ),
        "game.ev.penalty": (
            "penalty for {irregularity} by {name} ({rule})",
            "штраф за {irregularity}, нарушитель {name} ({rule})",
        ),
        "game.ev.wins_game": ("wins the game ({result})", "выигрывает партию ({result})"),
        # points by kind in a show ("fifteens 8, pairs 6") and in the play ("pair royal 6")
        "game.show.fifteen": ("fifteens", "пятнадцать"),
        "game.show.pair": ("pairs", "пары"),
        "game.show.run": ("runs", "последовательности"),
        "game.show.flush": ("flush", "масть"),
        "game.show.nobs": ("nobs", "валет масти"),
        "game.play.run": ("run", "последовательность"),
        # ---------------------------------------------------------------- results and stages
        "game.result.win": ("win", "победа"),
        "game.result.lurch": ("lurch", "лурч"),
        "game.result.skunk": ("skunk", "скунс"),
        "game.result.double_skunk": ("double_skunk", "двойной скунс"),
        "game.source.play": ("play", "розыгрыш"),
        "game.source.pegging": ("pegging", "розыгрыш"),
        "game.source.hand": ("hand", "рука"),
        "game.source.crib": ("crib", "криб"),
        "game.source.heels": ("heels", "«пятки»"),
        "game.source.compensation": ("compensation", "компенсация"),
        "game.source.muggins": ("muggins", "«простак»"),
        "game.source.penalty": ("penalty", "штрафы"),
        # ---------------------------------------------------------------- simulate
        "game.sim.progress": ("simulating", "симуляция"),
        "game.sim.title": ("{title} — {games} games, {bot} bots", "{title} — партий: {games}, боты: {bot}"),
        "game.sim.seed": (", seed {seed}", ", seed {seed}"),
        "game.sim.bot.greedy": ("greedy", "жадные"),
        "game.sim.bot.random": ("random", "случайные"),
        "game.sim.team": ("team {seats}", "команда {seats}"),
        "game.sim.seat": ("seat {seat}", "место {seat}"),
        "game.sim.table_title": ("average points per deal", "в среднем очков за сдачу"),
        "game.sim.col_side": ("side", "сторона"),
        "game.sim.col_wins": ("wins", "победы"),
        "game.sim.col_total": ("total", "всего"),
        "game.sim.no_lurch": ("lurches: not defined for this ruleset", "лурч: в этих правилах не определён"),
        "game.sim.lurches": ("lurches: {n}", "лурчей: {n}"),
        "game.sim.skunks": ("skunks: {n}", "скунсов: {n}"),
        "game.sim.deals_per_game": ("average deals per game: {n}", "в среднем сдач за партию: {n}"),
        "game.sim.time": (
            "time: {seconds} s ({ms} ms per game)",
            "время: {seconds} с ({ms} мс на партию)",
        ),
    }
)


def word(group: str, name: str, lang: str) -> str:
    """A result, source or bot name in `lang`; an id without a translation is shown as it is
    (a future engine value must not crash the output)."""
    key = f"game.{group}.{name}"
    try:
        return t(key, lang)
    except KeyError:
        return name
