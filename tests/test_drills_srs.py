"""Leitner scheduling: missed questions come back at once, right answers move them up a box and
further away, slow right answers keep their box, and repeated misses flag the question."""

from __future__ import annotations

from trainer.drills.srs import DAY, FLAG_AFTER_LAPSES, GRADUATED, ReviewState, is_slow, schedule


def test_a_quick_right_answer_to_a_new_question_needs_no_review() -> None:
    assert schedule(None, correct=True, slow=False, now=0) is None


def test_a_miss_goes_to_box_1_due_at_once() -> None:
    assert schedule(None, correct=False, slow=False, now=5) == ReviewState(box=1, due_at=5, lapses=1)


def test_a_slow_right_answer_comes_back_tomorrow() -> None:
    assert schedule(None, correct=True, slow=True, now=0) == ReviewState(box=2, due_at=DAY)


def test_right_answers_climb_the_boxes_and_graduate() -> None:
    state = schedule(None, correct=False, slow=False, now=0)
    dues = []
    for _ in range(5):
        assert state is not None
        state = schedule(state, correct=True, slow=False, now=0)
        dues.append(state.due_at if state else None)
    assert dues == [DAY, 3 * DAY, 7 * DAY, 21 * DAY, None]
    assert state is not None and state.box == GRADUATED and state.seen == 6


def test_a_slow_right_answer_keeps_its_box() -> None:
    state = ReviewState(box=3, due_at=0)
    after = schedule(state, correct=True, slow=True, now=0)
    assert after is not None and after.box == 3 and after.due_at == 3 * DAY


def test_repeated_misses_flag_the_question() -> None:
    state = None
    for _ in range(FLAG_AFTER_LAPSES - 1):
        state = schedule(state, correct=False, slow=False, now=0)
        assert state is not None and not state.flagged
    state = schedule(state, correct=False, slow=False, now=0)
    assert state is not None and state.flagged and state.lapses == FLAG_AFTER_LAPSES
    state = schedule(state, correct=True, slow=False, now=0)
    assert state is not None and state.flagged  # a flag stays until the question graduates


def test_slowness_is_per_drill() -> None:
    assert is_slow("peg", 16) and not is_slow("discard", 16)
