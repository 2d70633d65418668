"""UI strings of the drills, quizzes and progress report, English and Russian side by side.

Kept in one module so a translator sees every sentence of the feature together; keys are
prefixed `drill.`, `quiz.` and `stats.`. Cards inside sentences arrive already marked
(`trainer.drills.lines`), so word order can differ between languages.
"""

from __future__ import annotations

from trainer.drills.i18n import define

define(
    {
        # --- drill names in headers
        "drill.name.count": ("count", "подсчёт"),
        "drill.name.muggins": ("muggins", "маггинс"),
        "drill.name.peg": ("peg", "розыгрыш"),
        "drill.name.discard": ("discard", "сброс"),
        "drill.name.penalty": ("penalty", "штрафы"),
        "drill.form.itemised": ("itemised", "по видам"),
        "drill.form.points": ("points", "очки"),
        "drill.form.play": ("play", "ход"),
        "drill.menu_hint": (
            "(arrow keys or the shortcut, then Enter)",
            "(стрелки или клавиша слева от строки, затем Enter)",
        ),
        "drill.checkbox_hint": (
            "(arrow keys to move, space to pick, Enter when done)",
            "(стрелки — выбор строки, пробел — отметить, Enter — готово)",
        ),
        # --- seats
        "drill.seat.you": ("you", "вы"),
        "drill.seat.opponent": ("opponent", "соперник"),
        "drill.seat.partner": ("partner", "партнёр"),
        "drill.seat.left": ("left", "слева"),
        "drill.seat.right": ("right", "справа"),
        # --- scoring kinds
        "drill.kind.fifteen": ("fifteen", "пятнадцать"),
        "drill.kind.pair": ("pair", "пара"),
        "drill.kind.pair_royal": ("pair royal", "тройка"),
        "drill.kind.double_pair_royal": ("double pair royal", "каре"),
        "drill.kind.run": ("run", "последовательность"),
        "drill.kind.flush": ("flush", "масть"),
        "drill.kind.nobs": ("nobs", "валет масти"),
        "drill.kind.thirty_one": ("thirty-one", "тридцать один"),
        "drill.kind.go": ("go", "«мимо»"),
        "drill.kind.last": ("last card", "последняя карта"),
        # --- bands
        "drill.band.best": ("best", "лучший ход"),
        "drill.band.inaccuracy": ("inaccuracy", "неточность"),
        "drill.band.mistake": ("mistake", "ошибка"),
        "drill.band.blunder": ("blunder", "грубая ошибка"),
        # --- counting questions
        "drill.count.your_hand": ("Count your hand:", "Посчитайте свою руку:"),
        "drill.count.your_crib": ("Count your crib:", "Посчитайте свой крибедж (прикуп):"),
        "drill.count.their_hand": (
            "The computer counts its hand:",
            "Компьютер считает свою руку:",
        ),
        "drill.count.their_crib": (
            "The computer counts its crib:",
            "Компьютер считает свой прикуп:",
        ),
        "drill.count.cards": ("{hand}   starter {starter}", "{hand}   стартовая карта {starter}"),
        "drill.count.ask_total": ("Total points?", "Сколько очков?"),
        "drill.count.ask_itemised": (
            "Points for fifteens, pairs, runs, flush, nobs?",
            "Очки за пятнадцать, пары, последовательности, масть, валета?",
        ),
        "drill.count.itemised_hint": (
            "five numbers, e.g. 6 2 3 0 1, or f6 p2 r3 fl0 n1",
            "пять чисел, например 6 2 3 0 1, или пятнадцать 6 пары 2 …",
        ),
        # --- muggins
        "drill.muggins.says": ("It says: “{said}” — {total}.", "Он говорит: «{said}» — {total}."),
        "drill.muggins.ask": ("Your call?", "Ваше решение?"),
        "drill.muggins.hint": (
            "accept, muggins N (it missed N), or over N (it claimed N too many)",
            "accept, muggins N (пропущено N) или over N (лишние N)",
        ),
        "drill.muggins.accept": ("Accept the count", "Принять счёт"),
        "drill.muggins.call": ("Muggins! It missed points", "Маггинс! Очки пропущены"),
        "drill.muggins.over": ("Too many: demand a correction", "Перебор: требовать исправления"),
        "drill.muggins.how_many_short": ("How many points did it miss?", "Сколько очков пропущено?"),
        "drill.muggins.how_many_over": ("How many points too many?", "На сколько очков больше?"),
        # --- pegging
        "drill.peg.count_so_far": ("Count {count}: {played}", "Счёт {count}: {played}"),
        "drill.peg.new_count": ("A new count starts at 0.", "Новый счёт с нуля."),
        "drill.peg.you_hold": ("You hold {hand}", "У вас {hand}"),
        "drill.peg.starter": (
            "Starter {starter}; you laid away {discards}",
            "Стартовая карта {starter}; вы отложили {discards}",
        ),
        "drill.peg.other_cards": ("{who}: {n} card(s) left", "{who}: карт на руке — {n}"),
        "drill.peg.other_go": ("{who}: said go ({n} card(s) left)", "{who}: сказал «мимо» (карт — {n})"),
        "drill.peg.single_count": (
            "Five-card game: one count only, no reset.",
            "Игра на пять карт: только один счёт, без сброса.",
        ),
        "drill.peg.you_play": ("You play {card}.", "Вы играете {card}."),
        "drill.peg.ask_points": (
            "Points for this card (with any go or last-card point)?",
            "Сколько очков за эту карту (с очком за «мимо» или последнюю карту)?",
        ),
        "drill.peg.ask_play": ("Which card do you play?", "Какую карту вы сыграете?"),
        "drill.peg.past_31": ("would make {count}", "будет {count}"),
        # --- answers that cannot be read
        "drill.answer.need_number": (
            "{answer!r} is not a number of points; type digits such as 12",
            "{answer!r} — не число очков; введите цифры, например 12",
        ),
        "drill.answer.too_big": (
            "{answer} is more than {maximum} points",
            "{answer} — больше {maximum} очков",
        ),
        "drill.answer.need_card": (
            "{answer!r} is not a card; type one of {options} or its number",
            "{answer!r} — не карта; введите одну из {options} или её номер",
        ),
        "drill.answer.one_card": (
            "give exactly one card, not {answer!r}",
            "укажите ровно одну карту, а не {answer!r}",
        ),
        "drill.answer.not_in_hand": (
            "you do not hold {card}; choose from {options}",
            "у вас нет {card}; выберите из {options}",
        ),
        "drill.answer.duplicate_card": ("{card} is given twice", "{card} указана дважды"),
        "drill.answer.card_count": (
            "choose exactly {count} cards (you gave {given})",
            "выберите ровно {count} карт(ы) (указано {given})",
        ),
        "drill.answer.need_letter": (
            "{answer!r} is not a choice; type one of {letters}",
            "{answer!r} — нет такого варианта; введите одну из букв {letters}",
        ),
        "drill.answer.itemised_count": (
            "give {count} numbers (fifteens pairs runs flush nobs), not {given}",
            "нужно {count} чисел (пятнадцать пары последовательности масть валет), а не {given}",
        ),
        "drill.answer.itemised_format": (
            "cannot read {answer!r}; type five numbers like 6 2 3 0 1",
            "не удаётся прочитать {answer!r}; введите пять чисел, например 6 2 3 0 1",
        ),
        "drill.answer.itemised_twice": ("{kind} is given twice", "{kind} указано дважды"),
        "drill.answer.itemised_word": (
            "{word!r} is not fifteens, pairs, runs, flush or nobs",
            "{word!r} — это не пятнадцать, пары, последовательности, масть или валет",
        ),
        "drill.answer.muggins_format": (
            "cannot read {answer!r}; type accept, muggins N or over N",
            "не удаётся прочитать {answer!r}; введите accept, muggins N или over N",
        ),
        "drill.answer.muggins_points": ("say how many points: {call} N", "укажите число очков: {call} N"),
        "drill.answer.past_31": (
            "{card} would take the count past 31 (it is {count})",
            "{card} переводит счёт за 31 (сейчас {count})",
        ),
        # --- feedback
        "drill.fb.timed_out": ("Time was up: this answer scores 0.", "Время вышло: ответ не засчитан."),
        "drill.fb.the_answer": ("The answer: {expected}.", "Ответ: {expected}."),
        "drill.fb.skipped": ("Skipped. The answer: {expected}.", "Пропущено. Ответ: {expected}."),
        "drill.fb.unreadable": (
            "Could not read the answer ({hint}): graded wrong.",
            "Ответ не распознан ({hint}): засчитан как неверный.",
        ),
        "drill.fb.item": ("{name} {cards} ({points})", "{name} {cards} ({points})"),
        "drill.fb.missed_kind": (
            "Missed {points} for {kind} (there are {real}): {items}",
            "Пропущено {points} за «{kind}» (всего {real}): {items}",
        ),
        "drill.fb.over_kind": (
            "Over-counted {kind} by {points} (there are {real})",
            "Лишние {points} за «{kind}» (на самом деле {real})",
        ),
        "drill.fb.short": (
            "You said {given}; it is {total}: {diff} short.",
            "Вы сказали {given}; на самом деле {total}: не хватает {diff}.",
        ),
        "drill.fb.over": (
            "You said {given}; it is {total}: {diff} too many.",
            "Вы сказали {given}; на самом деле {total}: лишние {diff}.",
        ),
        "drill.fb.say": ("Say it: {said}", "Вслух: {said}"),
        "drill.fb.muggins_right_call": ("Right call: {call}.", "Правильное решение: {call}."),
        "drill.fb.call_muggins": ("muggins for {points}", "маггинс на {points}"),
        "drill.fb.call_over": ("{points} too many: correct it", "лишние {points}: исправить"),
        "drill.fb.overlooked": ("It overlooked {item}", "Пропущено: {item}"),
        "drill.fb.phantom": ("It claimed what is not there: {item}", "Засчитано то, чего нет: {item}"),
        "drill.fb.points_lost": ("Your call cost {points} point(s).", "Ваше решение стоило {points} очк."),
        "drill.fb.nothing": ("nothing", "ничего"),
        "drill.fb.play_item": ("{name} {points}", "{name} {points}"),
        "drill.fb.run_of": ("run of {n}", "последовательность из {n}"),
        "drill.fb.card_scores": ("{card} scores {points}: {items}.", "{card} приносит {points}: {items}."),
        "drill.fb.best_play": (
            "Best: {cards} — {points} now ({items}).",
            "Лучше всего: {cards} — сразу {points} ({items}).",
        ),
        "drill.fb.best_play_ev": (
            "Expected net over the rest of the play: {ev}.",
            "Ожидаемый итог до конца розыгрыша: {ev}.",
        ),
        "drill.fb.why": ("Why: {reason}.", "Почему: {reason}."),
        "drill.fb.your_play": (
            "Your {card}: {points} now ({items}).",
            "Ваша {card}: сразу {points} ({items}).",
        ),
        "drill.fb.gave_away": (
            "You gave away {points} point(s): {band}.",
            "Вы потеряли {points} очк.: {band}.",
        ),
        "drill.fb.gave_away_plain": ("You gave away {points} point(s).", "Вы потеряли {points} очк."),
        # --- session
        "drill.header": (
            "Question {n}/{total} · {drill} · {ruleset}",
            "Вопрос {n}/{total} · {drill} · {ruleset}",
        ),
        "drill.header_open": ("Question {n} · {drill} · {ruleset}", "Вопрос {n} · {drill} · {ruleset}"),
        "drill.correct": ("Correct!", "Верно!"),
        "drill.wrong": ("Not quite. The answer: {expected}", "Не совсем. Ответ: {expected}"),
        "drill.answer_read": ("answer: {answer}", "ответ: {answer}"),
        "drill.answer_none": ("answer: (none — skipped)", "ответ: (нет — пропуск)"),
        "drill.end_of_input": (
            "End of the answers: the session stops here.",
            "Ответы закончились: сессия завершена.",
        ),
        "drill.interrupted": (
            "Stopped. Every answer you gave is saved.",
            "Остановлено. Все ваши ответы сохранены.",
        ),
        "drill.summary.title": ("Summary", "Итоги"),
        "drill.summary.score": (
            "{correct} of {asked} correct ({percent}%), best streak {streak}, median {seconds}s per answer",
            "Верно {correct} из {asked} ({percent}%), лучшая серия {streak}, медиана {seconds} с на ответ",
        ),
        "drill.summary.none": ("No questions answered.", "Нет ответов."),
        "drill.summary.col_question": ("question", "вопрос"),
        "drill.summary.col_answer": ("answer", "ответ"),
        "drill.summary.col_expected": ("expected", "верно"),
        "drill.summary.col_result": ("result", "итог"),
        "drill.summary.col_time": ("time", "время"),
        "drill.summary.ok": ("✓", "✓"),
        "drill.summary.bad": ("✗", "✗"),
        "drill.summary.skip": ("skip", "пропуск"),
        "drill.summary.late": ("late", "поздно"),
        "drill.summary.saved": ("Saved to {path}", "Сохранено в {path}"),
        "drill.seed": ("seed {seed} (replay with --seed {seed})", "seed {seed} (повторить: --seed {seed})"),
        "drill.re_ask": ("{hint}", "{hint}"),
        "drill.dropped_unreadable": (
            "(not a terminal: an answer that cannot be read is graded wrong)",
            "(не терминал: нераспознанный ответ засчитывается как неверный)",
        ),
        # --- review
        "drill.review.nothing_due": ("Nothing is due for review.", "Повторять пока нечего."),
        "drill.review.next_due": ("Next review due {when}.", "Следующее повторение: {when}."),
        "drill.review.due": ("{n} question(s) due for review.", "К повторению: {n}."),
        "drill.review.flagged": (
            "⚑ missed {n} times — worth a closer look",
            "⚑ ошибок: {n} — стоит разобрать внимательнее",
        ),
        # --- quiz
        "quiz.clock": ("⏱ {left}s left", "⏱ осталось {left} с"),
        "quiz.clock_total": ("⏱ {left}s left in the sprint", "⏱ до конца спринта {left} с"),
        "quiz.streak": (
            "streak {streak} · score {correct}/{asked}",
            "серия {streak} · счёт {correct}/{asked}",
        ),
        "quiz.time_up": ("Time is up!", "Время вышло!"),
        "quiz.start_sprint": (
            "Sprint: {seconds}s on the clock. Answer as many as you can.",
            "Спринт: {seconds} с. Ответьте на как можно больше вопросов.",
        ),
        "quiz.start_per_question": (
            "{seconds}s per question; a late answer scores 0.",
            "{seconds} с на вопрос; ответ после срока не засчитывается.",
        ),
        # --- stats
        "stats.title": ("Your progress ({user})", "Ваш прогресс ({user})"),
        "stats.none": (
            "No answers yet: try `crib drill count`.",
            "Ответов пока нет: попробуйте `crib drill count`.",
        ),
        "stats.col_drill": ("drill", "упражнение"),
        "stats.col_theme": ("theme", "тема"),
        "stats.col_asked": ("asked", "вопросов"),
        "stats.col_accuracy": ("accuracy", "точность"),
        "stats.col_median": ("median time", "медиана времени"),
        "stats.col_lost": ("points lost", "потеряно очков"),
        "stats.by_drill": ("By drill", "По упражнениям"),
        "stats.by_theme": ("By theme", "По темам"),
        "stats.trend": ("Accuracy, last {days} days", "Точность за последние {days} дн."),
        "stats.weakest": ("Weakest themes", "Слабые места"),
        "stats.weakest_none": (
            "No weak spots yet (a theme needs 3 answers with a miss).",
            "Слабых мест пока нет (нужно 3 ответа по теме и хотя бы одна ошибка).",
        ),
        "stats.weak_line": (
            "{drill} · {theme}: {percent}% of {asked}, median {seconds}s"
            " — try `crib drill {drill} --theme {theme}`",
            "{drill} · {theme}: {percent}% из {asked}, медиана {seconds} с"
            " — попробуйте `crib drill {drill} --theme {theme}`",
        ),
        "stats.review": (
            "Review: {due} due now, {waiting} waiting, {learned} learned, {flagged} flagged",
            "Повторение: сейчас {due}, ждут {waiting}, выучено {learned}, отмечено {flagged}",
        ),
    }
)

# --- the discard drill
define(
    {
        "drill.discard.crib_own": ("You deal: the crib is yours.", "Вы сдаёте: криб ваш."),
        "drill.discard.crib_their": ("Your opponent deals: the crib is theirs.", "Сдаёт соперник: криб его."),
        "drill.discard.crib_own_side": (
            "Your side deals: the crib is your partnership's.",
            "Сдаёт ваша пара: криб ваш.",
        ),
        "drill.discard.crib_their_side": (
            "The other side deals: the crib is theirs.",
            "Сдаёт другая пара: криб их.",
        ),
        "drill.discard.hand": ("Your hand: {hand}", "Ваши карты: {hand}"),
        "drill.discard.ask": ("Lay away {n}:", "Отложите в криб {n}:"),
        "drill.discard.hint": (
            "pick {n} with space, then Enter",
            "выберите {n} пробелом и нажмите Enter",
        ),
        "drill.discard.typed": (
            "type {n} cards or their numbers, e.g. 5H KD or 1 4",
            "введите {n} карты или их номера, например 5H KD или 1 4",
        ),
        "drill.fb.discard_best": (
            "Best: lay away {cards}, keep {keep}: hand {hand}, crib {crib}, net {net}.",
            "Лучше всего: отложить {cards}, оставить {keep}: рука {hand}, криб {crib}, итог {net}.",
        ),
        "drill.fb.discard_yours": (
            "Yours: lay away {cards}, keep {keep}: hand {hand}, crib {crib}, net {net}.",
            "Ваш выбор: отложить {cards}, оставить {keep}: рука {hand}, криб {crib}, итог {net}.",
        ),
        "drill.fb.discard_option": (
            "  {n}. {cards} → net {net} (hand {hand}, crib {crib})",
            "  {n}. {cards} → итог {net} (рука {hand}, криб {crib})",
        ),
    }
)

# --- the penalty drill: the situation of each irregularity of the engine's catalogue
define(
    {
        "drill.penalty.ask": ("What is the ruling?", "Каково решение?"),
        "drill.penalty.rules": (
            "Ruleset {ruleset}: {penalties} penalties, muggins {muggins}.",
            "Правила {ruleset}: штрафы — {penalties}, маггинс {muggins}.",
        ),
        "drill.penalty.muggins_on": ("on", "включён"),
        "drill.penalty.muggins_off": ("off", "выключен"),
        "drill.penalty.set.seeds": ("traditional (Hoyle)", "традиционные (Хойл)"),
        "drill.penalty.set.acc": ("ACC tournament", "турнирные ACC"),
        "drill.penalty.set.old_laws": ("old English laws", "старые английские законы"),
        "drill.penalty.stage.play": ("play", "розыгрыш"),
        "drill.penalty.stage.show": ("show", "показ"),
        "drill.penalty.who.opponent": ("the offender's opponent", "соперник нарушителя"),
        "drill.penalty.who.pone": ("pone (the dealer's opponent)", "противник сдающего"),
        "drill.penalty.who.dealer": ("the dealer", "сдающий"),
        "drill.penalty.who.offender": ("the offender", "нарушитель"),
        "drill.penalty.who.none": ("nobody", "никто"),
        "drill.penalty.choice.pegs": ("{who} pegs {points}", "{who} получает {points}"),
        "drill.penalty.choice.back": ("the offender moves back {back}", "нарушитель отступает на {back}"),
        "drill.penalty.choice.nothing": (
            "no points: the error is put right",
            "без очков: ошибку исправляют",
        ),
        "drill.fb.ruling": ("Ruling: {letter}) {text}.", "Решение: {letter}) {text}."),
        "drill.fb.remedy": ("{remedy} [{rule}]", "{remedy} [{rule}]"),
        "drill.fb.ruling_note": ("Note: {note}.", "Примечание: {note}."),
        "drill.fb.ruling_options": ("The non-offender may: {options}.", "Пострадавший может: {options}."),
        # yes/no facts and choices, one sentence each
        "drill.penalty.fact.confirmed.yes": (
            "He let the dealer confirm the count of his cards.",
            "Он дал сдающему пересчитать свои карты.",
        ),
        "drill.penalty.fact.confirmed.no": (
            "He did not let the dealer confirm the count of his cards.",
            "Он не дал сдающему пересчитать свои карты.",
        ),
        "drill.penalty.fact.starter_turned.yes": (
            "The starter had already been turned.",
            "Стартовая карта уже открыта.",
        ),
        "drill.penalty.fact.starter_turned.no": (
            "The starter had not been turned yet.",
            "Стартовая карта ещё не открыта.",
        ),
        "drill.penalty.fact.choice.new_deal": (
            "The non-offender asks for a new deal.",
            "Пострадавший требует пересдачи.",
        ),
        "drill.penalty.fact.choice.peg_and_rectify": (
            "The non-offender chooses to peg and have the hand put right.",
            "Пострадавший выбирает очки и исправление руки.",
        ),
        "drill.penalty.fact.noticed_in_time.yes": (
            "It is noticed before the next card is played.",
            "Это замечено до следующей карты.",
        ),
        "drill.penalty.fact.noticed_in_time.no": (
            "Nobody notices until after the next card is played.",
            "Никто не замечает до следующей карты.",
        ),
        "drill.penalty.fact.wrong_side_before_starter.yes": (
            "He had put them on the wrong side of the board, and the starter is not turned yet.",
            "Он положил их не с той стороны доски, и стартер ещё не открыт.",
        ),
        "drill.penalty.fact.wrong_side_before_starter.no": (
            "They were on the right side of the board.",
            "Карты лежали с правильной стороны доски.",
        ),
        "drill.penalty.fact.before_discarding.yes": (
            "He looked before laying away his own cards.",
            "Он посмотрел до того, как отложил свои карты.",
        ),
        "drill.penalty.fact.before_discarding.no": (
            "He had already laid away his own cards.",
            "Свои карты он уже отложил.",
        ),
        "drill.penalty.fact.play_began.yes": (
            "It is found after the play has begun.",
            "Это обнаружено после начала розыгрыша.",
        ),
        "drill.penalty.fact.play_began.no": (
            "It is found before the play begins.",
            "Это обнаружено до начала розыгрыша.",
        ),
        "drill.penalty.fact.call.none": ("Nobody calls muggins.", "Никто не объявляет маггинс."),
        "drill.penalty.fact.call.some": (
            "The opponent calls “muggins for {call}”.",
            "Соперник объявляет «маггинс на {call}».",
        ),
        # the situations
        "drill.penalty.scenario.misdeal_not_one_at_a_time": (
            "The dealer deals the cards two at a time.",
            "Сдающий раздаёт карты по две.",
        ),
        "drill.penalty.scenario.misdeal_wrong_number": (
            "Before anyone lays away, a player finds he was dealt the wrong number of cards.",
            "До сброса игрок обнаруживает, что ему сдано неверное число карт.",
        ),
        "drill.penalty.scenario.misdeal_face_up_card": (
            "A card is found face up in the pack.",
            "В колоде обнаружена открытая карта.",
        ),
        "drill.penalty.scenario.misdeal_card_exposed": (
            "A card is exposed while the dealer deals.",
            "При сдаче открылась карта.",
        ),
        "drill.penalty.scenario.imperfect_pack": (
            "The pack turns out to be imperfect: a card is missing.",
            "Колода оказалась неполной: не хватает карты.",
        ),
        "drill.penalty.scenario.wrong_number_in_hand": (
            "After laying away, pone's hand has the wrong number of cards; "
            "the crib and the dealer's hand are right.",
            "После сброса у противника сдающего неверное число карт; криб и рука сдающего в порядке.",
        ),
        "drill.penalty.scenario.wrong_number_in_crib": (
            "After laying away, the crib has the wrong number of cards; both hands are right.",
            "После сброса в крибе неверное число карт; обе руки в порядке.",
        ),
        "drill.penalty.scenario.wrong_number_in_several_hands": (
            "After laying away, several hands, the crib among them, have the wrong number of cards.",
            "После сброса в нескольких руках, включая криб, неверное число карт.",
        ),
        "drill.penalty.scenario.deal_error_found_in_play": (
            "During the play a deal error comes to light: a hand has the wrong number of cards.",
            "Во время розыгрыша обнаружена ошибка сдачи: в руке неверное число карт.",
        ),
        "drill.penalty.scenario.holds_too_many_cards": (
            "A player is found holding more than the proper number of cards.",
            "У игрока обнаружено больше карт, чем положено.",
        ),
        "drill.penalty.scenario.wrong_count_announced": (
            "A player announces the wrong count.",
            "Игрок неверно называет сумму.",
        ),
        "drill.penalty.scenario.renege": (
            "At count {count} a player says go while holding {holding}.",
            "При счёте {count} игрок говорит «мимо», держа на руке {holding}.",
        ),
        "drill.penalty.scenario.failed_to_play_after_go": (
            "After the opponent's go, at count {count}, a player stops playing although he holds {holding}.",
            "После «мимо» соперника, при счёте {count}, игрок перестаёт ходить, хотя у него {holding}.",
        ),
        "drill.penalty.scenario.lead_out_of_turn": (
            "The dealer leads the first card instead of pone, and pone plays on it.",
            "Сдающий ходит первым вместо противника, и тот отвечает на ход.",
        ),
        "drill.penalty.scenario.count_over_31": (
            "A player plays a card that takes the count past 31.",
            "Игрок кладёт карту, с которой сумма превышает 31.",
        ),
        "drill.penalty.scenario.two_cards_played": (
            "A player plays two cards together.",
            "Игрок кладёт сразу две карты.",
        ),
        "drill.penalty.scenario.underpegging": (
            "In the {stage} a player's count is worth {true_points}, but he pegs only {claimed}.",
            "В {stage}е счёт игрока стоит {true_points}, а он отмечает только {claimed}.",
        ),
        "drill.penalty.scenario.overpegging": (
            "A player pegs {claimed} for a count worth {true_points}; the game is not over.",
            "Игрок отмечает {claimed} за счёт, который стоит {true_points}; партия не окончена.",
        ),
        "drill.penalty.scenario.overpegging_old_laws": (
            "Playing by the old laws, a player pegs {claimed} for a count worth {true_points}.",
            "По старым законам: игрок отмечает {claimed} за счёт, который стоит {true_points}.",
        ),
        "drill.penalty.scenario.false_claim_of_game": (
            "A player pegs into the game hole, claiming {claimed} points for a count worth {true_points}.",
            "Игрок ставит колышек в финишную лунку, заявив {claimed} очков "
            "за счёт, который стоит {true_points}.",
        ),
        "drill.penalty.scenario.heels_not_pegged": (
            "A jack is turned as the starter; the dealer forgets to peg his heels and plays a card.",
            "Стартером открыт валет; сдающий забывает отметить «пятки» и делает ход.",
        ),
        "drill.penalty.scenario.dealer_sees_bottom_card": (
            "After the last shuffle the dealer looks at the bottom card.",
            "После последнего тасования сдающий смотрит на нижнюю карту.",
        ),
        "drill.penalty.scenario.pone_sees_starter": (
            "Cutting for the starter, pone looks at the bottom card of the top packet.",
            "Снимая колоду для стартера, противник смотрит на нижнюю карту верхней части.",
        ),
        "drill.penalty.scenario.non_dealer_touches_pack": (
            "The non-dealer touches the pack after cutting for the starter.",
            "Противник сдающего трогает колоду после снятия для стартера.",
        ),
        "drill.penalty.scenario.starter_turned_before_discard": (
            "The starter is turned before the dealer has laid away.",
            "Стартер открыт до того, как сдающий отложил карты.",
        ),
        "drill.penalty.scenario.starter_into_dealer_hand": (
            "The starter ends up in the dealer's hand unseen.",
            "Стартер незаметно попадает в руку сдающего.",
        ),
        "drill.penalty.scenario.several_cards_exposed_at_starter": (
            "More than one card is exposed when the starter is turned.",
            "При открытии стартера открыто больше одной карты.",
        ),
        "drill.penalty.scenario.discards_picked_up": (
            "A player picks up his discards again after releasing them to the crib.",
            "Игрок забирает обратно карты, уже отложенные в криб.",
        ),
        "drill.penalty.scenario.crib_examined_early": (
            "A player looks at the crib before it is counted.",
            "Игрок смотрит криб до его подсчёта.",
        ),
        "drill.penalty.scenario.hand_and_crib_interchanged": (
            "The dealer picks up the crib instead of his hand.",
            "Сдающий берёт криб вместо своей руки.",
        ),
        "drill.penalty.scenario.starter_mixed_in": (
            "While counting, a player mixes the starter into his hand.",
            "При подсчёте игрок смешивает стартер со своей рукой.",
        ),
        "drill.penalty.scenario.dealer_counts_first": (
            "The dealer counts and pegs his hand before pone has pegged.",
            "Сдающий считает и отмечает свою руку раньше противника.",
        ),
        "drill.penalty.scenario.wrong_pegs": (
            "A player pegs with his opponent's pegs.",
            "Игрок отмечает очки колышками соперника.",
        ),
        "drill.penalty.scenario.muggins_claim": (
            "In the {stage} a player counts {claimed}; the cards are worth {true_points}.",
            "В {stage}е игрок называет {claimed}; карты стоят {true_points}.",
        ),
    }
)
