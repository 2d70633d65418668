"""The seat at fault in the irregularities whose scenario names one, read by the penalty drill (to
know which choices mean the same person) and by its feedback (to say who is who)."""

from __future__ import annotations

from collections.abc import Mapping

# Who commits each irregularity whose scenario names a seat: there, with two scoring sides, "the
# offender's opponent" is that seat's opponent, so it means the same as "pone" or "the dealer"
# (and "the offender" the same as the seat). Irregularities of "a player" name no seat.
OFFENDER_SEAT: Mapping[str, str] = {
    "misdeal_not_one_at_a_time": "dealer",
    "misdeal_card_exposed": "dealer",
    "wrong_number_in_hand": "pone",
    "wrong_number_in_crib": "dealer",
    "deal_error_found_in_play": "dealer",
    "lead_out_of_turn": "dealer",
    "heels_not_pegged": "dealer",
    "dealer_sees_bottom_card": "dealer",
    "pone_sees_starter": "pone",
    "non_dealer_touches_pack": "pone",
    "starter_turned_before_discard": "dealer",
    "starter_into_dealer_hand": "dealer",
    "hand_and_crib_interchanged": "dealer",
    "dealer_counts_first": "dealer",
}
