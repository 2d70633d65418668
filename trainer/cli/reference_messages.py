"""English and Russian words of the rules reference: labels of facts, names of values, topics,
club options and irregularities. The numbers themselves never appear here; they come from the
rulesets and the engine (trainer.content.reference)."""

from __future__ import annotations

from trainer.drills.i18n import define
from trainer.engine.irregularities_ru import NAMES

define(
    {
        # ---------------------------------------------------------------- topics
        "ref.topic.deal": ("Deal", "Сдача"),
        "ref.topic.scoring": ("Scoring", "Очки"),
        "ref.topic.flush": ("Flush", "Масть (флеш)"),
        "ref.topic.crib": ("Crib", "Криб"),
        "ref.topic.pegging": ("Pegging", "Розыгрыш"),
        "ref.topic.go": ("Go and 31", "«Мимо» и 31"),
        "ref.topic.show": ("Show", "Показ"),
        "ref.topic.game": ("Game end", "Конец партии"),
        "ref.topic.muggins": ("Muggins", "«Простак» (маггинс)"),
        "ref.topic.penalties": ("Penalties", "Штрафы"),
        "ref.topic.discarding": ("Discarding", "Сброс"),
        "ref.topic.variants": ("Variant", "Вариант"),
        # ---------------------------------------------------------------- facts
        "ref.fact.players": ("Players", "Игроков"),
        "ref.fact.partnerships": (
            "Partnerships (scores pooled by side)",
            "Пары партнёров (общий счёт стороны)",
        ),
        "ref.fact.cards_per_player": ("Cards dealt to each player", "Карт каждому игроку"),
        "ref.fact.to_crib_from_stock": (
            "Cards dealt from the pack to the crib",
            "Карт из колоды сразу в криб",
        ),
        "ref.fact.discard_per_player": ("Cards each player lays away", "Карт откладывает каждый"),
        "ref.fact.hand_size": ("Cards kept in hand", "Карт остаётся на руке"),
        "ref.fact.crib_size": ("Cards in the crib", "Карт в крибе"),
        "ref.fact.first_dealer": ("First dealer (draw)", "Первый сдающий (жеребьёвка)"),
        "ref.fact.deal_passes": ("The deal passes", "Сдача переходит"),
        "ref.fact.compensation_points": ("Compensation points to pone", "Компенсация противнику сдающего"),
        "ref.fact.compensation_when": ("Compensation given", "Когда даётся компенсация"),
        "ref.fact.heels": (
            "His heels (jack turned as starter), to the dealer",
            "«Пятки» (валет-стартер), сдающему",
        ),
        "ref.fact.fifteen": ("Fifteen", "Пятнадцать"),
        "ref.fact.pair": ("Pair", "Пара"),
        "ref.fact.pair_royal": ("Pair royal (three of a kind)", "Тройка (королевская пара)"),
        "ref.fact.double_pair_royal": (
            "Double pair royal (four of a kind)",
            "Каре (двойная королевская пара)",
        ),
        "ref.fact.run_of_three": ("Run of three (1 a card)", "Последовательность из трёх (по 1 за карту)"),
        "ref.fact.nobs": ("His nobs (jack of the starter's suit)", "Валет масти стартера"),
        "ref.fact.hand_flush": ("Hand flush", "Флеш в руке"),
        "ref.fact.hand_flush_with_starter": ("Hand flush with the starter", "Флеш в руке со стартером"),
        "ref.fact.crib_flush": ("Crib flush without the starter", "Флеш в крибе без стартера"),
        "ref.fact.crib_flush_with_starter": ("Crib flush with the starter", "Флеш в крибе со стартером"),
        "ref.fact.flush_derived": (
            "Flush values derived (no source states them)",
            "Стоимость флеша выведена (источники её не называют)",
        ),
        "ref.fact.max_crib": ("Highest crib", "Наибольший криб"),
        "ref.fact.impossible_crib": ("Crib totals that cannot occur", "Невозможные суммы криба"),
        "ref.fact.pegging_mode": ("How the play runs", "Как идёт розыгрыш"),
        "ref.fact.thirty_one": ("Count of exactly 31", "Сумма ровно 31"),
        "ref.fact.longest_play_run": ("Longest run in one count", "Самая длинная последовательность в серии"),
        "ref.fact.multi_go": ("Go with three or four players", "«Мимо» при трёх-четырёх игроках"),
        "ref.fact.go_point": ("Go (nobody can play)", "«Мимо» (никто не может ходить)"),
        "ref.fact.last_card": ("Last card of the play", "Последняя карта розыгрыша"),
        "ref.fact.show_order": ("Order of the show", "Порядок показа"),
        "ref.fact.max_hand": ("Highest hand", "Наибольшая рука"),
        "ref.fact.impossible_hand": ("Hand totals that cannot occur", "Невозможные суммы руки"),
        "ref.fact.target": ("Game (points to win)", "Партия (очков для победы)"),
        "ref.fact.lurch_rule": ("Big-win rule", "Правило крупной победы"),
        "ref.fact.lurch_line": ("Loser below this is lurched/skunked", "Проигравший ниже этого — лурч/скунс"),
        "ref.fact.lurch_games": ("A lurch counts as games", "Лурч считается за партий"),
        "ref.fact.skunk_below": ("Skunk: loser below", "Скунс: проигравший ниже"),
        "ref.fact.double_skunk_below": ("Double skunk: loser below", "Двойной скунс: проигравший ниже"),
        "ref.fact.skunk_values": (
            "Games for a win / skunk / double skunk",
            "Партий за победу / скунс / двойной",
        ),
        "ref.fact.next_game_first_dealer": (
            "First dealer of the next game",
            "Первый сдающий следующей партии",
        ),
        "ref.fact.no_peg_out_on_heels_or_go": (
            "No winning on heels or go from the last holes",
            "Нельзя выйти «пятками» или «мимо» с последних лунок",
        ),
        "ref.fact.muggins_enabled": ("Muggins in force", "«Простак» действует"),
        "ref.fact.muggins_scope": ("Muggins applies to", "«Простак» применяется к"),
        "ref.fact.penalty_set": ("Penalty set", "Набор штрафов"),
        "ref.fact.dead_cards_in_show": (
            "Dead cards still counted in the show",
            "Мёртвые карты считаются при показе",
        ),
        "ref.fact.heels_forfeit_if_unpegged": (
            "Heels lost if not pegged before the dealer plays",
            "«Пятки» теряются, если не отмечены до хода сдающего",
        ),
        "ref.fact.variant": ("Variant", "Вариант"),
        "ref.fact.aliases": ("Also called", "Другие имена"),
        "ref.fact.sources": ("Sources", "Источники"),
        # ---------------------------------------------------------------- values
        "ref.value.yes": ("yes", "да"),
        "ref.value.no": ("no", "нет"),
        "ref.value.none_value": ("—", "—"),
        "ref.value.never": ("never", "никогда"),
        "ref.value.game_start": ("once, at the start of the game", "один раз, в начале партии"),
        "ref.value.every_deal": ("every deal", "в каждой сдаче"),
        "ref.value.all_cards": (
            "all cards, count restarts after go or 31",
            "все карты, сумма с нуля после «мимо» или 31",
        ),
        "ref.value.single_count": (
            "one count only; cards left are not played",
            "одна серия; остальные карты не играются",
        ),
        "ref.value.continue_until_none": (
            "others play on until nobody can",
            "остальные ходят, пока кто-то может",
        ),
        "ref.value.hoyle_literal": (
            "literal Hoyle wording (see C6)",
            "дословно по Хойлу (см. C6)",
        ),
        "ref.value.below_half": (
            "lurch: loser below half the target",
            "лурч: проигравший ниже половины цели",
        ),
        "ref.value.skunk_91": (
            "skunk: loser below 91 (double below 61)",
            "скунс: проигравший ниже 91 (двойной ниже 61)",
        ),
        "ref.value.acc_game_points": ("ACC game points (win 2, skunk 3)", "очки ACC (победа 2, скунс 3)"),
        "ref.value.none": ("none", "нет"),
        "ref.value.low": ("lowest card", "младшая карта"),
        "ref.value.high": ("highest card", "старшая карта"),
        "ref.value.loser": ("the loser", "проигравший"),
        "ref.value.winner": ("the winner", "победитель"),
        "ref.value.alternate": ("alternately", "по очереди"),
        "ref.value.to_the_left": ("to the left", "налево"),
        "ref.value.show": ("the show only", "только показ"),
        "ref.value.play_and_show": ("the play and the show", "розыгрыш и показ"),
        "ref.value.seeds": (
            "traditional (Hoyle and the seed rule books)",
            "традиционный (Хойл и исходные книги)",
        ),
        "ref.value.acc": ("ACC tournament rules", "турнирные правила ACC"),
        "ref.value.old_laws": ("old English laws", "старые английские законы"),
        "ref.value.pone": ("pone", "противник сдающего"),
        "ref.value.dealer": ("dealer", "сдающий"),
        "ref.value.crib": ("crib", "криб"),
        "ref.value.dealer_left": ("dealer's left", "слева от сдающего"),
        "ref.value.next_player": ("next player", "следующий"),
        "ref.value.dealer_partner": ("dealer's partner", "партнёр сдающего"),
        "ref.value.dealer_right": ("dealer's right", "справа от сдающего"),
        "ref.value.classic6": ("classic six-card", "классический шестикарточный"),
        "ref.value.five_card": ("five-card", "пятикарточный"),
        "ref.value.seven_card": ("seven-card", "семикарточный"),
        "ref.value.three_player": ("three players", "трое игроков"),
        "ref.value.four_partners": ("four players in partnerships", "четверо, две пары"),
        # ---------------------------------------------------------------- club options (spec §5)
        "ref.option.C1": (
            "When the five-card game's 3 compensation points are given: once to the first pone "
            "(old English books) or to the pone of every deal (Mendelev).",
            "Когда в пятикарточной игре дают 3 очка компенсации: один раз противнику первой сдачи "
            "(старые английские книги) или противнику каждой сдачи (Менделев).",
        ),
        "ref.option.C3": (
            "Five-card pegging: the traditional single count, or every card played with resets.",
            "Розыгрыш в пятикарточной игре: традиционная одна серия или все карты со сбросом суммы.",
        ),
        "ref.option.C4": (
            "A crib flush without the starter: not scored (the usual rule) or scored as a house rule.",
            "Флеш в крибе без стартера: не засчитывается (обычное правило) или засчитывается по домашнему "
            "правилу.",
        ),
        "ref.option.C6": (
            "Go with three or four players: everyone who can keeps playing until nobody can, or the "
            "literal Hoyle wording, where the count ends when the next player also cannot play.",
            "«Мимо» при трёх-четырёх игроках: все, кто может, продолжают, пока никто не сможет, или "
            "дословное правило Хойла, где серия кончается, если и следующий игрок не может ходить.",
        ),
        "ref.option.C7": (
            "The game: 121 (twice around the board) or 61 (once around), by agreement.",
            "Партия: до 121 («дважды вокруг» доски) или до 61 («один раз»), по договорённости.",
        ),
        "ref.option.C9": (
            "Partnership first dealer: the lowest card (as in every other variant) or the highest (Bicycle).",
            "Первый сдающий в игре парами: младшая карта (как во всех вариантах) или старшая (Bicycle).",
        ),
        "ref.option.C10": (
            "A big win: the traditional lurch (loser below half the target, 2 games), the modern skunk "
            "(below 91, double below 61), ACC game points, or none.",
            "Крупная победа: традиционный лурч (проигравший ниже половины цели, 2 партии), современный "
            "скунс (ниже 91, двойной ниже 61), очки ACC или ничего.",
        ),
        "ref.option.C11": (
            "Who deals first in the next game: the loser (almost every source) or the winner (Britannica "
            "1911).",
            "Кто сдаёт первым в следующей партии: проигравший (почти все источники) или победитель "
            "(Британника 1911).",
        ),
        "ref.option.C12": (
            "The penalty set: traditional (Hoyle and the seed rule books), ACC tournament rules, or the old "
            "English laws. See `crib rules penalty NAME`.",
            "Набор штрафов: традиционный (Хойл и исходные книги), турнирные правила ACC или старые "
            "английские "
            "законы. См. `crib rules penalty НАЗВАНИЕ`.",
        ),
        "ref.option.C13": (
            "Muggins: off (default) or on, by agreement before the game.",
            "«Простак»: выключен (по умолчанию) или включён по договорённости до партии.",
        ),
        "ref.option.C13s": (
            "What muggins covers when on: the show only (old books) or the play and the show (ACC).",
            "Что охватывает «простак»: только показ (старые книги) или розыгрыш и показ (ACC).",
        ),
        "ref.option.C14": (
            "His heels: scored automatically, or lost if the dealer plays a card before pegging it (ACC "
            "6.3c).",
            "«Пятки»: засчитываются сами или теряются, если сдающий сыграл карту, не отметив их (ACC 6.3c).",
        ),
        "ref.option.C15": (
            "Cards made dead by a renege: still counted in the show (ACC, default) or dead there too "
            "(some clubs).",
            "Карты, ставшие мёртвыми после ошибочного «мимо»: считаются при показе (ACC, по умолчанию) "
            "или мертвы и там (в некоторых клубах).",
        ),
        "ref.option.C16": (
            "Pegging out with heels or a go from the last holes: allowed (ACC 6.3b) or barred (a house "
            "rule).",
            "Выход «пятками» или «мимо» с последних лунок: разрешён (ACC 6.3b) или запрещён (домашнее "
            "правило).",
        ),
        # ---------------------------------------------------------------- headings and phrases
        "ref.heading.options": ("Options a club may choose", "Что может выбрать клуб"),
        "ref.heading.sources": ("Sources", "Источники"),
        "ref.heading.explained": ("Lesson {number}: {title}", "Урок {number}: {title}"),
        "ref.heading.penalties": (
            "Rulings under this ruleset's penalty set",
            "Решения по набору штрафов этого варианта",
        ),
        "ref.heading.compare": ("The variants side by side", "Варианты рядом"),
        "ref.heading.list": ("Shipped rulesets", "Встроенные наборы правил"),
        "ref.heading.search": ("Matches for {word!r}", "Найдено по запросу {word!r}"),
        "ref.heading.lessons": ("Lessons", "Уроки"),
        "ref.heading.irregularities": ("Irregularities", "Нарушения"),
        "ref.heading.reference": ("Rules reference", "Справочник правил"),
        "ref.col.item": ("item", "пункт"),
        "ref.col.value": ("value", "значение"),
        "ref.col.name": ("name", "имя"),
        "ref.col.title": ("title", "название"),
        "ref.col.aliases": ("aliases", "другие имена"),
        "ref.col.players": ("players", "игроков"),
        "ref.col.target": ("game", "партия"),
        "ref.col.row": ("row", "№"),
        "ref.col.irregularity": ("irregularity", "нарушение"),
        "ref.col.ruling": ("ruling", "решение"),
        "ref.col.set": ("penalty set", "набор штрафов"),
        "ref.option.line": (
            "{id} {field}: {current} (this ruleset); other choices: {others}",
            "{id} {field}: {current} (этот вариант); другие: {others}",
        ),
        "ref.option.line_only": (
            "{id} {field}: {current} (this ruleset)",
            "{id} {field}: {current} (этот вариант)",
        ),
        "ref.option.cite": ("sources: {sources}", "источники: {sources}"),
        "ref.no_options": ("No club options for this topic.", "Для этой темы клуб ничего не выбирает."),
        "ref.search.line": ("line {n}", "строка {n}"),
        "ref.no_matches": ("No matches for {word!r}.", "По запросу {word!r} ничего не найдено."),
        "ref.points_to": ("{who} pegs {points}", "{who}: {points} очк."),
        "ref.back": ("offender back {points}", "нарушитель назад на {points}"),
        "ref.no_points": ("no points", "без очков"),
        "ref.not_retrieved": ("rule text not retrieved", "текст правила не найден"),
        "ref.this_set": ("this ruleset", "этот вариант"),
        "ref.options_to_choose": (
            "the other side may choose: {options}",
            "другая сторона выбирает: {options}",
        ),
        "ref.note": ("note: {note}", "примечание: {note}"),
        "ref.detected": ("found: {when}; penalised: {who}", "обнаружено: {when}; наказывается: {who}"),
        "ref.use_topic": ("Topics: {topics}", "Темы: {topics}"),
        "ref.unknown_topic": (
            "unknown topic {topic!r}: {tip}choose one of {topics}",
            "неизвестная тема {topic!r}: {tip}выберите одну из: {topics}",
        ),
        "ref.did_you_mean": ("did you mean {word!r}? ", "может быть, {word!r}? "),
        "ref.empty_search": (
            "give a word to search for, e.g. renege",
            "укажите слово для поиска, например renege",
        ),
        "ref.beneficiary.opponent": ("the opponent", "противник"),
        "ref.beneficiary.pone": ("pone", "противник сдающего"),
        "ref.beneficiary.dealer": ("the dealer", "сдающий"),
        "ref.beneficiary.offender": ("the offender", "нарушитель"),
        "ref.beneficiary.none": ("nobody", "никто"),
        # ---------------------------------------------------------------- rules ruling
        "ref.ruling.catalogue": ("irregularities (rules spec §3)", "нарушения (спецификация правил, §3)"),
        "ref.ruling.col.id": ("id", "id"),
        "ref.ruling.col.sets": ("penalty sets", "наборы штрафов"),
        "ref.ruling.row": ("(row {row}, {id})", "(строка {row}, {id})"),
        "ref.ruling.penalty_set": ("penalty set: {name}", "набор штрафов: {name}"),
        "ref.ruling.note": ("note: {note}", "примечание: {note}"),
        "ref.ruling.not_retrieved": ("rule not retrieved", "правило не найдено"),
        "ref.ruling.not_guessed": (": the trainer does not guess it", ": тренажёр его не угадывает"),
        "ref.ruling.points": ("points: {points} to the {who}", "очки: {points}, получает {who}"),
        "ref.ruling.no_points": ("points: none", "очки: нет"),
        "ref.ruling.back": ("the offender moves back {back}", "нарушитель отступает на {back}"),
        "ref.ruling.remedy": ("remedy: {remedy}", "решение: {remedy}"),
        "ref.ruling.options": (
            "options of the non-offender: {options}",
            "выбор пострадавшей стороны: {options}",
        ),
        "ref.ruling.rule": ("rule: {rule}", "правило: {rule}"),
    }
)

# Russian names of the irregularities, by id: the engine keeps them beside the catalogue
# (trainer.engine.irregularities_ru) with the rest of its Russian texts; kept under this name for
# the reference search and its tests.
IRREGULARITY_RU: dict[str, str] = NAMES
