"""Russian texts of the irregularity catalogue (`trainer.engine.irregularities`), as data worded
by `trainer.i18n.rulings` (the engine keeps the rules and their English; no language lives there).

The rules themselves live in the catalogue; this module only words them in Russian, with the
terms of the Russian seed texts and lessons (криб, стартер, розыгрыш, показ, «мимо», «пятки»,
«простак», ошибочное «мимо» for a renege, противник сдающего for pone). Every condition and
number of the English text is kept. `TEMPLATES` is keyed by the phrase keys the catalogue uses:
`remedy.<id>.<penalty set>` for a remedy as written, then the refinements facts add (their
`{base}` is the remedy so far), the muggins reasons and the fallback note. `{n:очко|очка|очков}`
prints a number with its Russian plural. Tests check every key the catalogue can produce is here.
"""

from __future__ import annotations

# Names of the irregularities, by id.
NAMES: dict[str, str] = {
    "misdeal_not_one_at_a_time": "Неправильная сдача: карты сданы не по одной",
    "misdeal_wrong_number": "Неправильная сдача: игроку сдано неверное число карт (замечено до сброса)",
    "misdeal_face_up_card": "Неправильная сдача: в колоде открытая карта",
    "misdeal_card_exposed": "Неправильная сдача: карта открылась при сдаче",
    "imperfect_pack": "Неправильная сдача: неполная колода",
    "wrong_number_in_hand": "Неверное число карт в одной руке (криб и другая рука в порядке)",
    "wrong_number_in_crib": "Неверное число карт в крибе (обе руки в порядке)",
    "wrong_number_in_several_hands": "Неверное число карт в нескольких руках (включая криб)",
    "deal_error_found_in_play": "Ошибка сдачи замечена после начала розыгрыша",
    "holds_too_many_cards": "У игрока больше карт, чем положено",
    "wrong_count_announced": "Неверно названа сумма или подсчёт",
    "renege": "«Мимо» при возможности сыграть (renege)",
    "failed_to_play_after_go": "После «мимо» противника не сыграны подходящие карты",
    "lead_out_of_turn": "Сдающий пошёл первым вместо противника (ход не в очередь)",
    "count_over_31": "Сыграна карта, с которой сумма больше 31",
    "two_cards_played": "Сыграны две карты сразу",
    "underpegging": "Недобор (отмечено меньше набранного)",
    "overpegging": "Перебор (отмечено больше набранного), до конца партии",
    "overpegging_old_laws": "Перебор по старым законам",
    "false_claim_of_game": "Ложное объявление выигрыша партии",
    "heels_not_pegged": "«Пятки» не отмечены до хода сдающего",
    "dealer_sees_bottom_card": "Сдающий посмотрел нижнюю карту после тасования",
    "pone_sees_starter": "Противник посмотрел нижнюю карту верхней части при снятии стартера",
    "non_dealer_touches_pack": "Противник трогает колоду после снятия стартера",
    "starter_turned_before_discard": "Стартер открыт до сброса сдающего",
    "starter_into_dealer_hand": "Стартер незаметно попал в руку сдающего",
    "several_cards_exposed_at_starter": "При открытии стартера открыто больше одной карты",
    "discards_picked_up": "Отложенные в криб карты взяты обратно",
    "crib_examined_early": "Криб просмотрен до его подсчёта",
    "hand_and_crib_interchanged": "Сдающий перепутал руку и криб",
    "starter_mixed_in": "Стартер смешан с рукой, крибом или колодой при подсчёте",
    "dealer_counts_first": "Сдающий считает или отмечает руку раньше противника",
    "wrong_pegs": "Отметка колышками противника",
    "muggins_claim": "«Простак»: подсчёт объявлен меньше настоящего",
}

# When an irregularity is found (`Irregularity.detected`), by its English label.
DETECTED: dict[str, str] = {
    "after a count or pegging": "после подсчёта или отметки очков",
    "after laying away": "после сброса в криб",
    "any time": "в любое время",
    "before the discard": "до сброса",
    "deal": "при сдаче",
    "discard": "при сбросе",
    "during or after the deal": "во время или после сдачи",
    "play": "в розыгрыше",
    "play or show": "в розыгрыше или при показе",
    "show": "при показе",
    "shuffle": "при тасовании",
    "starter": "при открытии стартера",
    "starter cut": "при снятии колоды для стартера",
}

# Who is penalised (`Irregularity.penalised`), by its English label.
PENALISED: dict[str, str] = {
    "dealer": "сдающий",
    "dealer (old laws only)": "сдающий (только по старым законам)",
    "every player at fault": "каждый виновный игрок",
    "nobody": "никто",
    "non-dealer": "противник сдающего",
    "pone": "противник сдающего",
    "that player": "этот игрок",
    "the discarder": "сбросивший карты",
    "the examiner": "тот, кто смотрел криб",
    "the holder": "держащий карты",
    "the holder's side": "сторона держащего карты",
    "the offender": "нарушитель",
    "the offender (loses the points)": "нарушитель (теряет очки)",
    "the player": "игрок",
    "the player who miscounted": "ошибившийся в подсчёте игрок",
    "the player who said go": "игрок, сказавший «мимо»",
}

# The non-offender's choices (`Ruling.options`), by their English text.
OPTIONS: dict[str, str] = {
    "call a new deal": "потребовать пересдачи",
    "call muggins": "сказать «простак»",
    "deal again": "сдать заново",
    "declare the reneged cards dead": "объявить несыгранные карты мёртвыми",
    "demand a correction": "потребовать исправления",
    "demand a new deal": "потребовать пересдачи",
    "demand the correction": "потребовать исправления",
    "have the reneged cards played": "потребовать сыграть несыгранные карты",
    "let it pass": "промолчать",
    "new deal": "пересдача",
    "peg 2 and rectify the hand": "получить 2 очка и исправить руку",
    "play on": "играть дальше",
    "play on with the deal put right": "играть дальше, исправив сдачу",
    "see the intended crib": "посмотреть задуманный криб",
    "supply the missing cards from the stock": "добрать недостающие карты из колоды",
    "take 2": "получить 2 очка",
}

_RENEGE_SEEDS = (
    "исправить это после следующего хода картой нельзя; карты, которыми нарушитель мог сыграть, "
    "становятся мёртвыми, как только их увидит противник: нарушитель не может ими ходить и получать "
    "за них очки в розыгрыше; противник получает 2 очка"
)
_RENEGE_ACC = (
    "«мимо» можно исправить, пока ни один игрок не отметил очки и противник не сыграл; после этого "
    "противник может заявить об ошибочном «мимо», пока не сыграет свою следующую карту или не объявит "
    "подсчёт своей руки; сыгранные с тех пор карты берутся обратно, а их очки снимаются; противник "
    "получает по 2 очка за каждую карту, которой по отдельности можно было сыграть; он решает, будут "
    "ли несыгранные карты мёртвыми или их нужно сыграть; все руки и криб всё равно считаются"
)


def _acc_44_ru(case: str) -> str:
    """Rows 7-10 under the ACC: what 4.4 is known to say (mirrors `irregularities._ACC_44`)."""
    return (
        "ACC 4.4: если замечено до того, как открыт стартер, карты пересдаются без штрафа; если после — "
        f"решает таблица ACC {case} (у тренажёра есть один её случай, книга 2025 г., 4.4.d(9): "
        "розыгрыш останавливается, все очки розыгрыша снимаются, обе руки и криб мертвы, карты "
        "пересдаются)"
    )


def _not_retrieved(rule: str, what: str) -> str:
    return f"правило ACC {rule} ({what}) не найдено для тренажёра: сверьтесь с действующей книгой правил ACC"


TEMPLATES: dict[str, str] = {
    # ------------------------------------------------------------ remedies as written
    "remedy.misdeal_not_one_at_a_time.seeds": "тот же сдающий сдаёт заново",
    "remedy.misdeal_not_one_at_a_time.acc": (
        "карты сдаются по одной, первая — противнику сдающего; тот же сдающий сдаёт заново"
    ),
    "remedy.misdeal_wrong_number.seeds": "тот же сдающий сдаёт заново; очков никто не получает",
    "remedy.misdeal_wrong_number.acc": (
        "тот же сдающий сдаёт заново; игрок с неверным числом карт должен дать сдающему проверить "
        "их число, иначе он отступает на 10 очков"
    ),
    "remedy.misdeal_wrong_number.old_laws": (
        "противник сдающего получает 2 очка и может потребовать пересдачи"
    ),
    "remedy.misdeal_face_up_card.seeds": "тот же сдающий сдаёт заново",
    "remedy.misdeal_face_up_card.acc": (
        "открытую карту, найденную при снятии колоды для стартера, переворачивают рубашкой вверх, "
        "40 карт заново тасуют и снимают"
    ),
    "remedy.misdeal_card_exposed.seeds": "тот же сдающий сдаёт заново",
    "remedy.misdeal_card_exposed.acc": _not_retrieved("4.3", "открытые при сдаче карты"),
    "remedy.misdeal_card_exposed.old_laws": (
        "если противник сдающего открыл одну из своих карт, сдающий может сдать заново"
    ),
    "remedy.imperfect_pack.seeds": "тот же сдающий сдаёт заново полной колодой",
    "remedy.imperfect_pack.acc": _not_retrieved("4.5", "неполная колода"),
    "remedy.wrong_number_in_hand.seeds": (
        "противник выбирает: пересдача или он получает 2 очка, а рука исправляется (лишнюю карту "
        "противник вытягивает вслепую, недостающие добираются из колоды)"
    ),
    "remedy.wrong_number_in_hand.acc": "замечено до открытия стартера: пересдача без штрафа",
    "remedy.wrong_number_in_crib.seeds": "противник сдающего получает 2 очка, криб исправляется",
    "remedy.wrong_number_in_crib.acc": _acc_44_ru("для неверного криба"),
    "remedy.wrong_number_in_several_hands.seeds": (
        "пересдача; каждый игрок с верным числом карт в руке получает 2 очка"
    ),
    "remedy.wrong_number_in_several_hands.acc": _acc_44_ru("для нескольких неверных рук"),
    "remedy.deal_error_found_in_play.seeds": (
        "противник сдающего получает 2 очка, кто бы ни ошибся; сдача исправляется пересдачей или "
        "добором карт из колоды (S2 не говорит, кто выбирает; S0 вместо этого отдаёт 2 очка "
        "противнику неверной руки)"
    ),
    "remedy.deal_error_found_in_play.acc": _acc_44_ru("для ошибки, замеченной в розыгрыше"),
    "remedy.holds_too_many_cards.old_laws": "противник получает 4 очка и может потребовать пересдачи",
    "remedy.holds_too_many_cards.acc": _acc_44_ru("для лишних карт в руке"),
    "remedy.wrong_count_announced.seeds": (
        "без штрафа: по требованию ошибка исправляется; если никто не заметил её до следующего хода "
        "картой (в розыгрыше) или до следующего подсчёта или снятия колоды для следующей сдачи "
        "(при показе), она остаётся в силе"
    ),
    "remedy.wrong_count_announced.acc": _not_retrieved("7.4", "неверно названная сумма"),
    "remedy.renege.seeds": f"«мимо» сказано при подходящей карте на руке: {_RENEGE_SEEDS}",
    "remedy.renege.acc": _RENEGE_ACC,
    "remedy.failed_to_play_after_go.seeds": (
        f"игрок остановился после «мимо» противника, хотя мог ещё сыграть: {_RENEGE_SEEDS}"
    ),
    "remedy.failed_to_play_after_go.acc": f"это ошибочное «мимо», как и ложное «мимо»: {_RENEGE_ACC}",
    "remedy.lead_out_of_turn.acc": (
        "если противник сдающего уже сыграл на неверный первый ход, карты берутся обратно, а очки "
        "снимаются, без штрафа, и первым ходит противник сдающего; когда каждый игрок сыграл больше "
        "одной карты, порядок остаётся в силе и очки засчитываются"
    ),
    "remedy.count_over_31.acc": (
        "карта берётся обратно; отмеченные за неё очки — перебор, а объявить с ней выигрыш партии — "
        "ложное объявление выигрыша"
    ),
    "remedy.two_cards_played.acc": (
        "играется карта, соответствующая названной сумме, другая берётся обратно; если сумма не "
        "названа, выбирает игрок; без штрафа"
    ),
    "remedy.underpegging.seeds": (
        "игрок может исправить свой счёт до своего следующего хода картой или до снятия колоды для "
        "следующей сдачи; после этого пропущенные очки потеряны"
    ),
    "remedy.underpegging.acc": "исправлять нельзя, как только пальцы отпустили колышек",
    "remedy.overpegging.seeds": (
        "счёт должен быть исправлен по требованию в любое время до снятия колоды для следующей "
        "сдачи, и противник получает 2 очка"
    ),
    "remedy.overpegging.acc": (
        "перебор снимается: это исправление, а не штраф (ACC 11.1b); остальной текст ACC 8.4c не найден"
    ),
    "remedy.overpegging.old_laws": "колышки возвращаются назад, а излишек добавляется к счёту противника",
    "remedy.overpegging_old_laws.old_laws": (
        "колышки возвращаются назад, а излишек добавляется к счёту противника"
    ),
    "remedy.false_claim_of_game.acc": (
        "игроки не могут исправить это сами: судьи возвращают колышек на настоящий счёт, противник "
        "получает лишние заявленные очки, а нарушитель отступает на 15 очков"
    ),
    "remedy.heels_not_pegged.acc": "2 очка за «пятки» теряются; потерянные очки нельзя забрать «простаком»",
    "remedy.dealer_sees_bottom_card.acc": "противник сдающего получает 2 очка; колода тасуется заново",
    "remedy.pone_sees_starter.acc": "сдающий получает 2 очка, и ему показывают эту карту",
    "remedy.non_dealer_touches_pack.old_laws": "противник сдающего теряет 2 очка: их получает сдающий",
    "remedy.starter_turned_before_discard.acc": (
        "стартер возвращается, сдающий сбрасывает карты, колода тасуется заново, и противник сдающего "
        "снова снимает; без штрафа"
    ),
    "remedy.starter_into_dealer_hand.acc": (
        "противник сдающего получает 2 очка, затем вслепую вытягивает 2 карты из руки сдающего и "
        "выбирает стартер"
    ),
    "remedy.several_cards_exposed_at_starter.acc": (
        "стартер — верхняя карта; остальные могут посмотреть оба игрока"
    ),
    "remedy.discards_picked_up.old_laws": "отложенную карту нельзя взять обратно",
    "remedy.discards_picked_up.acc": "противник получает 2 очка, а карты возвращаются в криб",
    "remedy.crib_examined_early.seeds": (
        "криб не показывают и не используют до показа; S0 не называет штрафа"
    ),
    "remedy.crib_examined_early.acc": "противник получает 2 очка",
    "remedy.hand_and_crib_interchanged.old_laws": (
        "криб перепутан с рукой: противник сдающего получает 3 очка"
    ),
    "remedy.hand_and_crib_interchanged.acc": (
        "противник сдающего получает 2 очка; замечено до розыгрыша: сдающий играет правильной рукой"
    ),
    "remedy.starter_mixed_in.acc": "противник получает 2 очка; судьи восстанавливают руку",
    "remedy.dealer_counts_first.seeds": (
        "порядок установлен: рука противника сдающего, рука сдающего, затем криб; сдающий считает "
        "только после противника"
    ),
    "remedy.dealer_counts_first.acc": (
        "без штрафа: сдающий снимает свои очки, противник сдающего отмечает свои, затем сдающий "
        "отмечает снова"
    ),
    "remedy.wrong_pegs.old_laws": "колышки противника тронуты: противник получает 2 очка",
    "remedy.wrong_pegs.acc": "противник получает 2 очка",
    "remedy.muggins_claim.seeds": (
        "только по предварительной договорённости: пропущенные очки получает противник (S0); "
        "S2 включает и очки розыгрыша"
    ),
    "remedy.muggins_claim.acc": (
        "«простак на N» объявляется после того, как подсчёт отмечен: объявивший получает меньшее из N и "
        "действительно пропущенного; ошибочный вызов отдаёт считавшему названные очки"
    ),
    # ------------------------------------------------------------ refinements by facts
    "renege.none": (
        "ошибочного «мимо» нет: при счёте {count} ни одна карта на руке не помещается до 31, "
        "так что «мимо» сказано верно"
    ),
    "renege.acc_points": "{base}: здесь {points:очко|очка|очков}",
    "renege.acc_points_unknown": (
        "{base}: здесь {points:очко|очка|очков} (укажите счёт и карты на руке, чтобы подсчитать такие карты)"
    ),
    "renege.dead_counted": "{base}; при показе мёртвые карты всё равно считаются ({ruleset})",
    "renege.dead_not_counted": "{base}; при показе мёртвые карты тоже не считаются ({ruleset})",
    "underpegging.none": "недобора нет: заявлено {claimed} при настоящих {true}",
    "underpegging.muggins_off": "{base}; «простак» выключен, поэтому никто другой их не забирает",
    "underpegging.reason": "{base}; {reason}",
    "underpegging.muggins_on": "{base}; «простак» включён: противник может забрать пропущенные очки",
    "overpegging.none": "перебора нет: отмечено {claimed} при настоящих {true}",
    "overpegging.excess": "{base}: {points:очко|очка|очков}",
    "overpegging.goes_back": "{base} (за этот подсчёт счёт возвращается с {claimed} на {true})",
    "false_claim.no_facts": "{base} (укажите claimed и true_points, чтобы получить число очков)",
    "false_claim.over": "{base}: заявлено на {points:очко|очка|очков} больше",
    "muggins_claim.off": (
        "«простак» выключен в наборе правил {ruleset} (он действует только по предварительной "
        "договорённости); пропущенные очки просто теряются"
    ),
    "muggins_claim.reason": "{base}: {reason}",
    "wrong_number_in_hand.acc_after_starter": (
        "замечено после открытия стартера: действует таблица ACC 4.4. Одно издание: лишняя карта "
        "противника сдающего найдена в розыгрыше — его очки за розыгрыш снимаются, а его рука мертва; "
        "очки сдающего за розыгрыш и его рука засчитываются, криб засчитывается, если он верен, "
        "неполный криб добирается вслепую из карт противника сдающего. Случай 4.4.d(9) книги 2025 "
        "года: розыгрыш прекращается, все очки розыгрыша снимаются, обе руки и криб мертвы, и карты "
        "сдаются заново"
    ),
    "wrong_number_in_hand.new_deal": "противник выбрал пересдачу: очков нет",
    "wrong_number_in_hand.rectify": "противник получает 2 очка, а рука исправляется",
    "misdeal_wrong_number.not_confirmed": "{base}: он этого не сделал, поэтому отступает на 10 очков",
    "discards_picked_up.wrong_side": (
        "карты, положенные не с той стороны доски, можно взять обратно до открытия стартера"
    ),
    "crib_examined_early.before_discarding": (
        "противник получает 2 очка и вслепую выбирает из руки нарушителя карты для его сброса"
    ),
    "hand_and_crib_interchanged.play_began": (
        "противник сдающего получает 2 очка; розыгрыш начался, поэтому сдающий продолжает играть "
        "картами криба, его очки за розыгрыш снимаются, а противник сдающего может посмотреть "
        "задуманный криб"
    ),
    "wrong_count_announced.too_late": "замечено слишком поздно: названная сумма остаётся в силе; без штрафа",
    "wrong_count_announced.in_time": "замечено вовремя: сумма исправляется; без штрафа",
    "heels_not_pegged.automatic": (
        "без штрафа: по этим правилам пятки засчитываются сами, когда открыт валет "
        "(очки теряются, только если правила клуба требуют отметить пятки до хода сдающего)"
    ),
    # ------------------------------------------------------------ muggins reasons (trainer.engine.muggins)
    "muggins.off": "«простак» выключен в наборе правил {ruleset}: пропущенные очки просто теряются",
    "muggins.never.heels": "«пятки» нельзя забрать «простаком» (ACC 10.3c)",
    "muggins.never.penalty": "штрафные очки нельзя забрать «простаком» (ACC 10.3)",
    "muggins.never.muggins": "очки самого «простака» нельзя забрать «простаком» (ACC 10.3)",
    "muggins.show_only": (
        "в этом наборе правил «простак» действует только при показе, не на очки розыгрыша (S0)"
    ),
    "muggins.nobody_called": "никто не сказал «простак»: пропущенные очки потеряны",
    "muggins.count_correct": "подсчёт верен",
    "muggins.wrong_call": (
        "ошибочный вызов: ничего не пропущено, поэтому считавший получает "
        "{call:названное очко|названных очка|названных очков}"
    ),
    "muggins.nothing_overlooked": "ничего не пропущено",
    "muggins.acc_call": (
        "«простак на {figure}»: объявивший получает меньшее из этого числа и числа пропущенных очков "
        "({overlooked})"
    ),
    "muggins.to_opponent": (
        "«простак»: противник получает {overlooked:пропущенное очко|пропущенных очка|пропущенных очков}"
    ),
    # ------------------------------------------------------------ fallback note
    "note.fallback": "в наборе «{wanted}» об этом ничего не сказано; приведено правило набора «{used}»",
    "set.seeds": "традиционный (Хойл)",
    "set.acc": "турнирные правила ACC",
    "set.old_laws": "старые английские законы",
}
