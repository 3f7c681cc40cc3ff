"""Random play: thousands of hands with random legal actions, checked after every action.

The engine's legal actions are compared at every step with a reference that
recomputes them from scratch out of the hand's history (the events so far),
written straight from docs/rules.md §6 rather than from the engine's running state.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha8.game import (
    FixedLimit,
    Hand,
    HandHistory,
    IllegalActionError,
    LegalActions,
    NoLimit,
    PotLimit,
    Structure,
    replay,
)

STRUCTURES: list[Structure] = [
    PotLimit(1, 2),
    NoLimit(1, 2),
    NoLimit(5, 5),
    FixedLimit(2, 4),
    FixedLimit(10, 20, small_blind=5, big_blind=7),
    FixedLimit(2, 4, cap=3, uncapped_heads_up="round-start"),
    FixedLimit(4, 8, cap=2, uncapped_heads_up="never"),
]
STACK_CHOICES = (0, 1, 2, 3, 5, 9, 20, 45, 100, 250)


# ------------------------------------------------------------------ reference


def reference_legal(hand: Hand) -> LegalActions:
    """Who acts and what they may do, recomputed from the history alone."""
    history = hand.history
    s = history.structure
    n = len(history.stacks)
    bb = s.big_blind
    fixed = isinstance(s, FixedLimit)
    in_hand = [c > 0 for c in history.stacks]
    events = list(history.events)
    markers = [i for i, e in enumerate(events) if e.kind in ("flop", "turn", "river")]
    street = len(markers)
    begin = markers[-1] + 1 if markers else 0

    # chips and folds before this round
    stack = list(history.stacks)
    folded = [False] * n
    for e in events[:begin]:
        if e.kind in ("small_blind", "big_blind", "call", "bet", "raise"):
            stack[e.seat] -= e.amount
        elif e.kind == "fold":
            folded[e.seat] = True

    def n_live() -> int:
        return sum(1 for i in range(n) if in_hand[i] and not folded[i] and stack[i] > 0)

    # this round, event by event
    mine = [0] * n
    acted_at: list[int | None] = [None] * n  # the seat's round total when it last acted
    bet = bb if street == 0 else 0  # pre-flop the full big blind is the bet, even if posted short
    size = (s.small_bet if street < 2 else s.big_bet) if fixed else bb
    level = bb if (street == 0 and fixed and bb == s.small_bet) else 0
    n_bets = 1 if level else 0
    largest = bb  # largest full bet or raise of the round
    capped_flag = False
    round_start_live = n_live()
    last = None
    for e in events[begin:]:
        p = e.seat
        if e.kind in ("small_blind", "big_blind"):
            mine[p] += e.amount
            stack[p] -= e.amount
            round_start_live = n_live()
            continue
        if e.kind not in ("fold", "check", "call", "bet", "raise"):
            continue
        last = p
        acted = e.kind
        if acted == "fold":
            folded[p] = True
        else:
            mine[p] += e.amount
            stack[p] -= e.amount
        acted_at[p] = mine[p]
        if acted in ("bet", "raise"):
            total = mine[p]
            if fixed:
                if 2 * (total - level) >= size:  # half-bet rule
                    level = total
                    n_bets += 1
                    if s.cap is not None and n_bets >= s.cap and n_live() > 2:
                        capped_flag = True
            elif total - bet >= largest:
                largest = total - bet
            bet = max(bet, total)
    pot = sum(history.stacks) - sum(stack)
    live_now = n_live()

    def live(seat: int) -> bool:
        return in_hand[seat] and not folded[seat] and stack[seat] > 0

    # the actor: clockwise from the last seat to act (before anyone: the big blind pre-flop, the button later)
    if last is None:
        last = hand.blinds[1] if street == 0 else history.button
    # alone with chips, a player only has to match the largest all-in bet (nobody can put in more)
    need = bet
    if live_now < 2:
        need = min(bet, max([mine[q] for q in range(n) if in_hand[q] and not folded[q] and stack[q] == 0],
                            default=0))
    actor = None
    for step in range(1, n + 1):
        q = (last + step) % n
        if live(q) and (mine[q] < need or (acted_at[q] is None and live_now >= 2)):
            actor = q
            break
    assert actor is not None, "reference: nobody to act in a running hand"
    p = actor
    call = min(need - mine[p], stack[p])
    all_in_to = mine[p] + stack[p]
    faced = bet - (acted_at[p] or 0)
    reopened = acted_at[p] is None or (2 * faced >= size if fixed else faced >= largest)
    capped = False
    if fixed and s.cap is not None and n_bets >= s.cap:
        rule = s.uncapped_heads_up
        capped = (
            rule == "never"
            or capped_flag
            or (rule == "two-left" and live_now > 2)
            or (rule == "round-start" and round_start_live > 2)
        )
    # somebody else must be able to put in more than the current bet
    callers = any(live(q) and q != p and mine[q] + stack[q] > bet for q in range(n))
    lo = hi = 0
    if all_in_to > bet and callers and reopened and not capped:
        if fixed:
            lo = hi = min(level + size, all_in_to)
        else:
            lo = min(bet + largest, all_in_to)
            if isinstance(s, NoLimit):
                hi = all_in_to
            else:
                hi = min(all_in_to, max(lo, bet + pot + (bet - mine[p])))
    return LegalActions(p, call, lo, hi, bet > 0)


# ------------------------------------------------------------------ driving


def random_action(legal: LegalActions, rng: random.Random) -> tuple[str, int | None]:
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise"):
        # favour the bounds, where the rules bite
        roll = rng.random()
        amount = legal.min_to if roll < 0.3 else legal.max_to if roll < 0.5 else rng.randint(legal.min_to, legal.max_to)
        return kind, amount
    return kind, None


def illegal_actions(legal: LegalActions) -> list[tuple[str, int | None]]:
    """Actions the engine must refuse in this spot."""
    out: list[tuple[str, int | None]] = []
    wager = "raise" if legal.raising else "bet"
    other = "bet" if legal.raising else "raise"
    out.append((other, max(legal.min_to, 1)))
    if legal.call:
        out.append(("check", None))
    else:
        out.append(("call", None))
    if legal.max_to:
        out.append((wager, legal.max_to + 1))
        if legal.min_to > 1:
            out.append((wager, legal.min_to - 1))
    else:
        out.append((wager, 10**6))
    out.append(("muck", None))
    return out


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.stacks, hand.bets, hand.contributions, hand.pot, hand.actor, hand.street, hand.history.events)


def random_hand(rng: random.Random) -> Hand:
    structure = rng.choice(STRUCTURES)
    variant = rng.choice((4, 4, 5))
    seats = rng.randint(2, 10 if variant == 4 else 9)
    stacks = [rng.choice(STACK_CHOICES) for _ in range(seats)]
    while sum(1 for c in stacks if c) < 2:
        stacks[rng.randrange(seats)] = rng.choice(STACK_CHOICES[1:])
    button = rng.choice([i for i in range(seats) if stacks[i]])
    return Hand(stacks, structure, button=button, variant=variant, rng=rng)


def play_checked(hand: Hand, rng: random.Random, *, deep: bool, seen: dict[str, int] | None = None) -> None:
    total = sum(hand.starting_stacks)
    for _ in range(500):  # a hand always ends well before this
        assert sum(hand.stacks) + hand.pot == total
        assert min(hand.stacks) >= 0
        if hand.is_over:
            break
        legal = hand.legal_actions()
        assert legal == reference_legal(hand), hand.history.text()
        assert 0 < legal.min_to <= legal.max_to or legal.min_to == legal.max_to == 0
        if seen is not None:
            # spots where the rules, not the stack, stop a raise: capped, or not reopened
            others = sum(1 for s in hand.in_hand if s != legal.seat and s not in hand.all_in)
            if not legal.max_to and others and hand.stacks[legal.seat] > legal.call:
                seen["blocked"] += 1
            if legal.max_to and legal.min_to == legal.max_to == hand.bets[legal.seat] + hand.stacks[legal.seat]:
                seen["short all-in"] += 1
        if deep:
            # every listed action, at both ends of its range, is accepted (on copies of the hand)
            tries: list[tuple[str, int | None]] = [(k, None) for k in legal.kinds if k not in ("bet", "raise")]
            if legal.max_to:
                kind = "raise" if legal.raising else "bet"
                tries += [(kind, legal.min_to), (kind, legal.max_to)]
            for kind, amount in tries:
                copy = replay(hand.history)
                copy.act(kind, amount)
            for kind, amount in illegal_actions(legal):
                before = snapshot(hand)
                try:
                    hand.act(kind, amount)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{kind} {amount} accepted with {legal}")
                assert snapshot(hand) == before
        kind, amount = random_action(legal, rng)
        hand.act(kind, amount)
    else:
        raise AssertionError("the hand did not end")
    result = hand.result
    assert sum(result.payouts) == sum(hand.contributions) == total - sum(hand.starting_stacks) + sum(result.payouts)
    assert sum(result.stacks) == total
    assert all(r == s - c + p for r, s, c, p in zip(result.stacks, hand.starting_stacks, hand.contributions,
                                                    result.payouts))
    assert sum(result.net) == 0
    assert hand.actor is None and hand.street == "over"


# ------------------------------------------------------------------- tests


def test_random_hands_conserve_chips_and_follow_the_reference() -> None:
    rng = random.Random(20261130)
    showdowns = 0
    seen = {"blocked": 0, "short all-in": 0}
    for i in range(3000):
        hand = random_hand(rng)
        play_checked(hand, rng, deep=i % 20 == 0, seen=seen)
        showdowns += hand.result.went_to_showdown
        if i % 50 == 0:
            assert replay(hand.history).history == hand.history
            data = json.loads(json.dumps(hand.history.as_dict()))
            assert replay(HandHistory.from_dict(data)).result == hand.result
    # the random players reach showdown often enough for the pots to be exercised
    assert showdowns > 300
    assert min(seen.values()) > 50, seen


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    structure = draw(st.sampled_from(STRUCTURES))
    variant = draw(st.sampled_from((4, 5)))
    stacks = draw(st.lists(st.sampled_from(STACK_CHOICES), min_size=2, max_size=10 if variant == 4 else 9)
                  .filter(lambda s: sum(1 for c in s if c) >= 2))
    button = draw(st.sampled_from([i for i, c in enumerate(stacks) if c]))
    return Hand(stacks, structure, button=button, variant=variant, seed=draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=150, deadline=None)
@given(hand=hands(), data=st.data())
def test_random_hand_properties(hand: Hand, data: st.DataObject) -> None:
    total = sum(hand.starting_stacks)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal == reference_legal(hand)
        kind = data.draw(st.sampled_from(legal.kinds))
        amount = data.draw(st.integers(legal.min_to, legal.max_to)) if kind in ("bet", "raise") else None
        hand.act(kind, amount)
        assert sum(hand.stacks) + hand.pot == total and min(hand.stacks) >= 0
    assert sum(hand.result.stacks) == total
    again = replay(hand.history)
    assert again.history == hand.history and again.result == hand.result
