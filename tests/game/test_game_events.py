"""Typed events: each kind built from its own fields, equal to the plain record, its text written by its kind."""

from __future__ import annotations

import pickle

from omaha8.game import Hand, HandHistory, NoLimit, PotLimit
from omaha8.game.events import EVENT_TYPES, Bet, Call, Event, PotFormed, Posted, Raise, typed


def _histories() -> list[HandHistory]:
    out = []
    for seed in range(40):
        hand = Hand([60, 100, 30, 200], PotLimit(1, 2) if seed % 2 else NoLimit(1, 2), button=seed % 4, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            kind = legal.kinds[seed % len(legal.kinds)] if seed % 3 else legal.kinds[-1]
            hand.act(kind, legal.min_to if kind in ("bet", "raise") else None)
        out.append(hand.history)
    return out


def test_a_hand_records_typed_events_of_their_kind() -> None:
    kinds = set()
    for history in _histories():
        for event in history.events:
            assert type(event) is EVENT_TYPES[event.kind]
            kinds.add(event.kind)
            plain = Event._make(event)
            # the plain record and the typed event are the same data and the same line
            assert plain == event and plain.text() == event.text()
    assert {"small_blind", "big_blind", "hole", "flop", "call", "fold", "pot", "collect"} <= kinds


def test_the_plain_form_restores_typed_events() -> None:
    for history in _histories():
        back = HandHistory.from_dict(history.as_dict())
        assert back == history
        assert [type(e) for e in back.events] == [type(e) for e in history.events]


def test_typed_events_pickle_as_themselves() -> None:
    for event in (Call(1, 5, 10, True), Raise(2, 8, 12), PotFormed(1, 30, (0, 2)), Posted("dead", 3, 1, 0)):
        again = pickle.loads(pickle.dumps(event))
        assert again == event and type(again) is type(event)


def test_hand_checked_lines() -> None:
    # each line as the hand-history text has always written it
    assert Call(1, 5, 10).text() == "Seat 1 calls 5"
    assert Bet(0, 4, 4, True).text() == "Seat 0 bets 4 and is all-in"
    assert Raise(2, 8, 12).text() == "Seat 2 raises to 12"  # the street total, not the 8 added
    assert PotFormed(0, 30, (0, 2)).text() == "Pot 30, seats 0, 2"
    assert Posted("big_blind", 3, 2, 2).text() == "Seat 3 posts big blind 2"
    assert Event("straddle", 1, 4).text() == "straddle 1 4"  # an unknown kind keeps the plain form
    assert typed(Event("straddle", 1, 4)) == Event("straddle", 1, 4)
