"""UI strings of the drills, quizzes and progress report, English and Russian side by side.

Kept in one module so a translator sees every sentence of the feature together; keys are
prefixed `drill.`, `quiz.` and `stats.`. Cards inside sentences arrive already marked
(`trainer.drills.lines`), so word order can differ between languages.
"""

from __future__ import annotations

from trainer.drills.i18n import define

define(
    {
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
        "drill.kind.go": ("go", "пас"),
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
            "five numbers, e.g. 6 2 3 0 1 (or f6 p2 r3 fl0 n1)",
            "пять чисел, например 6 2 3 0 1 (или пятнадцать 6 пары 2 …)",
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
        "drill.peg.other_cards": ("{who}: {n} card(s) left", "{who}: карт на руке — {n}"),
        "drill.peg.other_go": ("{who}: said go ({n} card(s) left)", "{who}: сказал «пас» (карт — {n})"),
        "drill.peg.single_count": (
            "Five-card game: one count only, no reset.",
            "Игра на пять карт: только один счёт, без сброса.",
        ),
        "drill.peg.you_play": ("You play {card}.", "Вы играете {card}."),
        "drill.peg.ask_points": (
            "Points for this card (with any go or last-card point)?",
            "Сколько очков за эту карту (с очком за пас или последнюю карту)?",
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
