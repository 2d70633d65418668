"""The rows of rules spec §3 as data: every irregularity with the remedy of each penalty set."""

from __future__ import annotations

import difflib
from typing import Any

from trainer.engine.digits import is_digits
from trainer.engine.errors import Msg
from trainer.engine.irregularities.model import (
    Irregularity,
    Remedy,
    RulingError,
)

# ----------------------------------------------------------------------------- the rows


def _r(penalty_set: str, text: str, **kw: Any) -> Remedy:
    return Remedy(penalty_set=penalty_set, text=text, **kw)


def _nr(rule: str, what: str) -> Remedy:
    return Remedy(
        penalty_set="acc",
        text=f"ACC {rule} ({what}) was not retrieved for this trainer: check the current ACC rule book",
        rule_ref=f"ACC {rule} (not retrieved)",
        retrieved=False,
    )


_ACC_44 = (
    "ACC 4.4: found before the starter is turned, the cards are redealt with no penalty; found "
    "after it, the ACC chart decides {case} (the trainer holds one chart case, 2025 book 4.4.d(9): "
    "the play stops, all play points are retracted, both hands and the crib are dead, and the "
    "cards are redealt)"
)


def _acc_44(case: str) -> Remedy:
    """Rows 7-10 under the ACC: what 4.4 is known to say (through the ACC quotations in CC and
    the 2025 case 4.4.d(9)), not "not retrieved": only the chart's other cases are unknown."""
    return Remedy(penalty_set="acc", text=_ACC_44.format(case=case), rule_ref="ACC 4.4 (via CC)")


_SAME_DEALER = "a new deal by the same dealer; no points"
_RENEGE_SEEDS = (
    "it may not be corrected once the next card is played; the cards the offender could have "
    "played are dead once the opponent has seen them: he may not play them or peg for them in the "
    "play; the opponent pegs 2"
)
_RENEGE_ACC = (
    "the go may be corrected before either player pegs or the opponent plays; after that the "
    "opponent may claim the renege until he plays his next card or announces his hand count; cards "
    "played since are taken back and their points retracted; the opponent pegs 2 for each card "
    "that singly could have been played; he decides whether the reneged cards are dead or played; "
    "all hands and the crib are still counted"
)
_RENEGE_OPTIONS = ("declare the reneged cards dead", "have the reneged cards played")

CATALOGUE: tuple[Irregularity, ...] = (
    Irregularity(
        id="misdeal_not_one_at_a_time",
        row=1,
        name="Misdeal: cards not dealt one at a time",
        detected="during or after the deal",
        penalised="nobody",
        sources=("S0", "CC"),
        remedies=(
            _r("seeds", "the same dealer deals again", rule_ref="S0"),
            _r(
                "acc",
                "cards are dealt one at a time, the first to pone; the same dealer deals again",
                rule_ref="ACC 4.2 (as cited by CC)",
            ),
        ),
        aliases=("misdeal",),
    ),
    Irregularity(
        id="misdeal_wrong_number",
        row=2,
        name="Misdeal: a player dealt the wrong number of cards (found before the discard)",
        detected="before the discard",
        penalised="dealer (old laws only)",
        sources=("S0", "CC", "EW", "CAS", "HG"),
        facts=("confirmed",),
        remedies=(
            _r("seeds", "the same dealer deals again; no points", rule_ref="S0"),
            _r(
                "acc",
                "the same dealer deals again; a player with the wrong number must let the dealer "
                "confirm the count, or he moves back 10",
                rule_ref="ACC 4.4 (via CC)",
            ),
            _r(
                "old_laws",
                "pone pegs 2 and may demand a new deal",
                beneficiary="pone",
                points=2,
                options=("demand a new deal", "play on with the deal put right"),
                rule_ref="EW; CAS (5-card); HG",
            ),
        ),
    ),
    Irregularity(
        id="misdeal_face_up_card",
        row=3,
        name="Misdeal: a card found face up in the pack",
        detected="deal",
        penalised="nobody",
        sources=("S0", "HOY", "EW", "ACC 6.1d"),
        remedies=(
            _r("seeds", "a new deal by the same dealer", rule_ref="S0; HOY; EW"),
            _r(
                "acc",
                "a face-up card found in the cut for the starter is turned face down, the 40 cards are "
                "reshuffled and cut again",
                rule_ref="ACC 6.1d",
            ),
        ),
    ),
    Irregularity(
        id="misdeal_card_exposed",
        row=4,
        name="Misdeal: a card exposed in dealing",
        detected="deal",
        penalised="nobody",
        sources=("S0", "HOY", "EW", "CAS"),
        remedies=(
            _r("seeds", "a new deal by the same dealer", rule_ref="S0; HOY; EW"),
            _nr("4.3", "exposed cards in the deal"),
            _r(
                "old_laws",
                "if the non-dealer exposes one of his own cards, the dealer may deal again",
                beneficiary="dealer",
                options=("deal again", "play on"),
                rule_ref="CAS",
            ),
        ),
    ),
    Irregularity(
        id="imperfect_pack",
        row=5,
        name="Misdeal: an imperfect pack",
        detected="any time",
        penalised="nobody",
        sources=("S0", "HOY"),
        remedies=(
            _r("seeds", "a new deal by the same dealer with a perfect pack", rule_ref="S0; HOY"),
            _nr("4.5", "imperfect pack"),
        ),
    ),
    Irregularity(
        id="wrong_number_in_hand",
        row=6,
        name="Wrong number of cards in one hand (the crib and the other hand right)",
        detected="after laying away",
        penalised="the holder's side",
        sources=("S0", "HOY", "CC", "ACC 4.4"),
        facts=("choice", "starter_turned"),
        remedies=(
            _r(
                "seeds",
                "the opponent chooses: a new deal, or he pegs 2 and the hand is put right (an excess "
                "card is removed by a blind draw by the opponent, a shortage is supplied from the pack)",
                beneficiary="opponent",
                points=2,
                options=("demand a new deal", "peg 2 and rectify the hand"),
                rule_ref="S0; HOY",
            ),
            _r(
                "acc",
                "found before the starter is turned: a new deal, no penalty",
                rule_ref="ACC 4.4",
            ),
        ),
    ),
    Irregularity(
        id="wrong_number_in_crib",
        row=7,
        name="Wrong number of cards in the crib (both hands right)",
        detected="after laying away",
        penalised="dealer",
        sources=("S0", "HOY"),
        remedies=(
            _r("seeds", "pone pegs 2 and the crib is put right", beneficiary="pone", points=2, rule_ref="S0"),
            _acc_44("for a wrong crib"),
        ),
    ),
    Irregularity(
        id="wrong_number_in_several_hands",
        row=8,
        name="Wrong number of cards in several hands (crib included)",
        detected="after laying away",
        penalised="every player at fault",
        sources=("S0",),
        remedies=(
            _r(
                "seeds",
                "a new deal; each player whose hand is correct pegs 2",
                beneficiary="opponent",
                points=2,
                rule_ref="S0",
            ),
            _acc_44("for several wrong hands"),
        ),
    ),
    Irregularity(
        id="deal_error_found_in_play",
        row=9,
        name="Deal error found after the play began",
        detected="play",
        penalised="dealer",
        sources=("S2",),
        remedies=(
            _r(
                "seeds",
                "pone pegs 2 whoever was at fault; the deal is put right by a new deal or with extra "
                "cards from the stock (S2 does not say who chooses; S0 gives the 2 to the opponent of "
                "the faulty hand instead)",
                beneficiary="pone",
                points=2,
                options=("demand a new deal", "supply the missing cards from the stock"),
                rule_ref="S2",
            ),
            _acc_44("for an error found in the play"),
        ),
    ),
    Irregularity(
        id="holds_too_many_cards",
        row=10,
        name="A player holds more than the proper number of cards",
        detected="any time",
        penalised="the holder",
        sources=("HG",),
        remedies=(
            _r(
                "old_laws",
                "the opponent pegs 4 and may call a new deal",
                beneficiary="opponent",
                points=4,
                options=("call a new deal", "play on"),
                rule_ref="HG",
            ),
            _acc_44("for a long hand"),
        ),
    ),
    Irregularity(
        id="wrong_count_announced",
        row=11,
        name="Wrong count or score announced",
        detected="play or show",
        penalised="nobody",
        sources=("S0", "S2"),
        facts=("noticed_in_time",),
        remedies=(
            _r(
                "seeds",
                "no penalty: it is corrected on demand; if nobody notices before the next card is "
                "played (play) or before the next count or the cut for the next deal (show), it stands",
                options=("demand a correction",),
                rule_ref="S0; S2 ('errors in the count are not penalised')",
            ),
            _nr("7.4", "wrong count announced"),
        ),
    ),
    Irregularity(
        id="renege",
        row=12,
        name="Go called while able to play (renege)",
        detected="play",
        penalised="the player who said go",
        sources=("S0", "S2", "ACC 7.3 via CC"),
        facts=("count", "holding"),
        aliases=("wrong_go", "false_go"),
        remedies=(
            _r(
                "seeds",
                f"a go said while holding a playable card: {_RENEGE_SEEDS}",
                beneficiary="opponent",
                points=2,
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                _RENEGE_ACC,
                beneficiary="opponent",
                points=2,
                options=_RENEGE_OPTIONS,
                rule_ref="ACC 7.3 (via CC)",
            ),
        ),
    ),
    Irregularity(
        id="failed_to_play_after_go",
        row=13,
        name="After the opponent's go, fails to play further playable cards",
        detected="play",
        penalised="that player",
        sources=("S0", "S2", "ACC 7.3"),
        facts=("count", "holding"),
        remedies=(
            _r(
                "seeds",
                f"stopping while able to play after the opponent's go: {_RENEGE_SEEDS}",
                beneficiary="opponent",
                points=2,
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                f"a renege, as a false go: {_RENEGE_ACC}",
                beneficiary="opponent",
                points=2,
                options=_RENEGE_OPTIONS,
                rule_ref="ACC 7.3",
            ),
        ),
    ),
    Irregularity(
        id="lead_out_of_turn",
        row=14,
        name="Dealer leads instead of pone (play out of turn)",
        detected="play",
        penalised="nobody",
        sources=("ACC 7.1b",),
        remedies=(
            _r(
                "acc",
                "if pone has played on the wrong lead, the cards are taken back and points retracted, "
                "without penalty, and pone leads; once each player has played beyond the first card "
                "the order stands and the points count",
                rule_ref="ACC 7.1b",
            ),
        ),
    ),
    Irregularity(
        id="count_over_31",
        row=15,
        name="A card played that takes the count over 31",
        detected="play",
        penalised="the player",
        sources=("ACC 7.1e",),
        remedies=(
            _r(
                "acc",
                "the card is taken back; any points pegged on it are an overpeg, and claiming game on "
                "it is a false claim of game",
                rule_ref="ACC 7.1e",
            ),
        ),
    ),
    Irregularity(
        id="two_cards_played",
        row=16,
        name="Two cards played together",
        detected="play",
        penalised="nobody",
        sources=("ACC 7.1f",),
        remedies=(
            _r(
                "acc",
                "the card matching the announced count is played and the other taken back; with no "
                "count announced the player chooses; no penalty",
                rule_ref="ACC 7.1f",
            ),
        ),
    ),
    Irregularity(
        id="underpegging",
        row=17,
        name="Underpegging (pegging less than one's own score)",
        detected="play or show",
        penalised="the offender (loses the points)",
        sources=("S0", "HOY", "ACC 8.3"),
        facts=("claimed", "true_points", "stage"),
        aliases=("underpeg", "undercount"),
        remedies=(
            _r(
                "seeds",
                "the player may correct his own score until he plays his next card or until the cut "
                "for the next deal; after that the overlooked points are lost",
                rule_ref="S0; HOY",
            ),
            _r("acc", "no correction once the fingers leave the peg", rule_ref="ACC 8.3"),
        ),
    ),
    Irregularity(
        id="overpegging",
        row=18,
        name="Overpegging, short of game",
        detected="play or show",
        penalised="the offender",
        sources=("S0", "HOY", "ACC 8.4c", "ACC 11.1b", "HG", "EW ix"),
        facts=("claimed", "true_points"),
        aliases=("overpeg", "overcount"),
        remedies=(
            _r(
                "seeds",
                "the score must be corrected on demand at any time before the cut for the next deal, "
                "and the opponent pegs 2",
                beneficiary="opponent",
                points=2,
                options=("demand the correction",),
                rule_ref="S0; HOY",
            ),
            _r(
                "acc",
                "the overpeg is retracted: a correction, not a penalty (ACC 11.1b); the rest of ACC 8.4c "
                "was not retrieved",
                options=("demand the correction",),
                rule_ref="ACC 8.4c, 11.1b",
            ),
            _r(
                "old_laws",
                "the pegs are put back and the excess is added to the opponent's score",
                beneficiary="opponent",
                rule_ref="HG; EW ix",
            ),
        ),
    ),
    Irregularity(
        id="overpegging_old_laws",
        row=19,
        name="Overpegging under the old laws",
        detected="play or show",
        penalised="the offender",
        sources=("HG", "EW ix"),
        facts=("claimed", "true_points"),
        remedies=(
            _r(
                "old_laws",
                "the pegs are put back and the excess is added to the opponent's score",
                beneficiary="opponent",
                rule_ref="HG; EW ix",
            ),
        ),
    ),
    Irregularity(
        id="false_claim_of_game",
        row=20,
        name="False claim of game (pegging out or recording a win without the points)",
        detected="any time",
        penalised="the offender",
        sources=("ACC 8.4a-b", "CC"),
        facts=("claimed", "true_points"),
        remedies=(
            _r(
                "acc",
                "the players cannot correct it themselves: the judges reset the peg to the true score, "
                "the opponent pegs the overclaimed points and the offender moves back 15",
                beneficiary="opponent",
                back=15,
                rule_ref="ACC 8.4a-b; CC",
            ),
        ),
    ),
    Irregularity(
        id="heels_not_pegged",
        row=21,
        name="His heels not pegged before the dealer plays a card",
        detected="play",
        penalised="dealer",
        sources=("ACC 6.3c", "ACC 10.3c"),
        remedies=(
            _r(
                "acc",
                "the 2 for his heels are forfeited; the forfeit cannot be mugged",
                rule_ref="ACC 6.3c, 10.3c",
            ),
        ),
    ),
    Irregularity(
        id="dealer_sees_bottom_card",
        row=22,
        name="Dealer looks at the bottom card after the last shuffle",
        detected="shuffle",
        penalised="dealer",
        sources=("ACC 2.1",),
        remedies=(
            _r(
                "acc", "pone pegs 2; the pack is reshuffled", beneficiary="pone", points=2, rule_ref="ACC 2.1"
            ),
        ),
    ),
    Irregularity(
        id="pone_sees_starter",
        row=23,
        name="Pone looks at the bottom card of the top packet when cutting for the starter",
        detected="starter cut",
        penalised="pone",
        sources=("ACC 6.1b",),
        remedies=(
            _r(
                "acc",
                "the dealer pegs 2 and is shown the card",
                beneficiary="dealer",
                points=2,
                rule_ref="ACC 6.1b",
            ),
        ),
    ),
    Irregularity(
        id="non_dealer_touches_pack",
        row=24,
        name="Non-dealer touches the pack after cutting for the starter",
        detected="starter",
        penalised="non-dealer",
        sources=("EW vi", "HG"),
        remedies=(
            _r(
                "old_laws",
                "the non-dealer forfeits 2: the dealer pegs them",
                beneficiary="dealer",
                points=2,
                rule_ref="EW vi; HG (meddling with the cards)",
            ),
        ),
    ),
    Irregularity(
        id="starter_turned_before_discard",
        row=25,
        name="Starter turned before the dealer discards",
        detected="discard",
        penalised="nobody",
        sources=("ACC 6.1a",),
        remedies=(
            _r(
                "acc",
                "the starter goes back, the dealer discards, the pack is reshuffled and pone cuts "
                "again; no penalty",
                rule_ref="ACC 6.1a",
            ),
        ),
    ),
    Irregularity(
        id="starter_into_dealer_hand",
        row=26,
        name="Starter put into the dealer's hand unseen",
        detected="starter",
        penalised="dealer",
        sources=("ACC 6.1c",),
        remedies=(
            _r(
                "acc",
                "pone pegs 2, then draws 2 cards blind from the dealer's hand and picks the starter",
                beneficiary="pone",
                points=2,
                rule_ref="ACC 6.1c",
            ),
        ),
    ),
    Irregularity(
        id="several_cards_exposed_at_starter",
        row=27,
        name="More than one card exposed in turning the starter",
        detected="starter",
        penalised="nobody",
        sources=("ACC 6.2",),
        remedies=(
            _r("acc", "the top card is the starter; both players may see the others", rule_ref="ACC 6.2"),
        ),
    ),
    Irregularity(
        id="discards_picked_up",
        row=28,
        name="Discards picked up again after release",
        detected="discard",
        penalised="the discarder",
        sources=("EW viii", "ACC 5.1b-c"),
        facts=("wrong_side_before_starter",),
        remedies=(
            _r("old_laws", "a card laid out cannot be recalled", rule_ref="EW viii"),
            _r(
                "acc",
                "the opponent pegs 2 and the cards go back to the crib",
                beneficiary="opponent",
                points=2,
                rule_ref="ACC 5.1b",
            ),
        ),
    ),
    Irregularity(
        id="crib_examined_early",
        row=29,
        name="Crib examined before its count",
        detected="any time",
        penalised="the examiner",
        sources=("S0", "ACC 5.2"),
        facts=("before_discarding",),
        remedies=(
            _r(
                "seeds",
                "the crib is not shown or used until the show; S0 names no penalty",
                rule_ref="S0",
            ),
            _r("acc", "the opponent pegs 2", beneficiary="opponent", points=2, rule_ref="ACC 5.2a"),
        ),
    ),
    Irregularity(
        id="hand_and_crib_interchanged",
        row=30,
        name="Dealer interchanges hand and crib",
        detected="play",
        penalised="dealer",
        sources=("EW viii", "ACC 5.2c"),
        facts=("play_began",),
        remedies=(
            _r(
                "old_laws",
                "confusing the crib with the hand: pone pegs 3",
                beneficiary="pone",
                points=3,
                rule_ref="EW viii",
            ),
            _r(
                "acc",
                "pone pegs 2; found before the play: the dealer plays the correct hand",
                beneficiary="pone",
                points=2,
                rule_ref="ACC 5.2c",
            ),
        ),
    ),
    Irregularity(
        id="starter_mixed_in",
        row=31,
        name="Starter mixed into a hand, the crib or the pack while counting",
        detected="show",
        penalised="the offender",
        sources=("ACC 9.3a",),
        remedies=(
            _r(
                "acc",
                "the opponent pegs 2; the judges rebuild the hand",
                beneficiary="opponent",
                points=2,
                rule_ref="ACC 9.3a",
            ),
        ),
    ),
    Irregularity(
        id="dealer_counts_first",
        row=32,
        name="Dealer counts or pegs his hand before pone has pegged",
        detected="show",
        penalised="nobody",
        sources=("S0", "S2", "ACC 9.2c"),
        remedies=(
            _r(
                "seeds",
                "the order is fixed: pone's hand, the dealer's hand, then the crib; the dealer's count "
                "waits for pone's",
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                "no penalty: the dealer retracts, pone pegs, then the dealer pegs again",
                rule_ref="ACC 9.2c",
            ),
        ),
    ),
    Irregularity(
        id="wrong_pegs",
        row=33,
        name="Pegging with the opponent's pegs",
        detected="any time",
        penalised="the offender",
        sources=("CC (ACC 8.7)", "HG"),
        remedies=(
            _r(
                "old_laws",
                "meddling with the pegs: the opponent pegs 2",
                beneficiary="opponent",
                points=2,
                rule_ref="HG",
            ),
            _r("acc", "the opponent pegs 2", beneficiary="opponent", points=2, rule_ref="CC (ACC 8.7)"),
        ),
    ),
    Irregularity(
        id="muggins_claim",
        row=34,
        name="Muggins: a count claimed short of its true value",
        detected="after a count or pegging",
        penalised="the player who miscounted",
        sources=("S0", "S2", "ACC 10"),
        facts=("claimed", "true_points", "call", "stage"),
        aliases=("muggins",),
        remedies=(
            _r(
                "seeds",
                "by prior agreement only: the overlooked points go to the opponent (S0); "
                "S2 includes play points",
                beneficiary="opponent",
                options=("call muggins", "let it pass"),
                rule_ref="S0; S2",
            ),
            _r(
                "acc",
                "call 'muggins for N' after the count is pegged: the caller takes the lesser of N and the "
                "true shortfall; a wrong call gives the counter the called points",
                beneficiary="opponent",
                options=("call muggins", "let it pass"),
                rule_ref="ACC 10",
            ),
        ),
    ),
)

_BY_ID = {irr.id: irr for irr in CATALOGUE}
_ALIASES = {alias: irr.id for irr in CATALOGUE for alias in irr.aliases}


def catalogue() -> tuple[Irregularity, ...]:
    """Every irregularity of rules spec §3, in table order."""
    return CATALOGUE


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def find(name: str) -> Irregularity:
    """An irregularity by id or alias (`renege`, `misdeal-wrong-number`, `overpeg` ...)."""
    key = _key(name)
    if is_digits(key) and 1 <= int(key) <= len(CATALOGUE):
        return CATALOGUE[int(key) - 1]
    key = _ALIASES.get(key, key)
    if key in _BY_ID:
        return _BY_ID[key]
    near = difflib.get_close_matches(key, [*_BY_ID, *_ALIASES], n=1, cutoff=0.5)
    tip = f"did you mean {_ALIASES.get(near[0], near[0])!r}? " if near else ""
    raise RulingError(
        f"unknown irregularity {name!r}: {tip}list them with `crib rules ruling` (no name)",
        key="raised.ruling.unknown",
        name=repr(name),
        tip=Msg.of("error.did_you_mean", word=_ALIASES.get(near[0], near[0])) if near else "",
    )
