"""The rules several sites' readers share, written once; each site passes its own line forms as data.

A site's module keeps what is its own: its header, its line forms (tables of
``(kind, Form)`` or ``verb: (kind, Form)``), the lines it keeps as messages
and its quirks. What is the same rule everywhere is here: a seat line makes
a seat, a post line a post, an action line an action whose amount the site
writes one of a few known ways, a returned bet, a summary board that must
repeat the streets', a rake that is what the payouts leave.

An action table maps a line's first word to what the line does and its form:

>>> from .._grammar import Money
>>> b = HandBuilder("<text>", 1, "Example")
>>> b.money = Money(None, 0)
>>> b.seat(1, "Ann", 100, 2, 1); b.seat(2, "Bob", 100, 3, 1)
>>> b.street(0, (), 4, 1)
>>> table = {"bets": (BET, Form("bets {amount}")), "raises": (RAISE_TO, Form("raises to {amount}"))}
>>> act(b, table, "Ann", "bets 5", 5, 5), act(b, table, "Bob", "raises to 15", 6, 5)
(True, True)
>>> act(b, table, "Bob", "shoves", 7, 5)   # not one of the site's actions: the site says what else it may be
False
>>> [(a.name, a.kind, a.amount, a.to) for a in b.actions]
[('Ann', 'bet', 5, 5), ('Bob', 'raise', 15, 15)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from re import Match

from .._builder import MAX_SEAT_NUMBER, HandBuilder
from .._grammar import Form, _Bad, ascii_int, cards_of

__all__ = [
    "CALL", "CALL_TO", "BET", "BET_ADDING", "RAISE_TO", "RAISE_BY_TO", "RAISE_ADDING", "ALL_IN_ADDING", "SHOW",
    "FOLD", "CHECK", "ALL_IN_BEHIND", "NO_AMOUNT", "wager", "by_kind", "put_in", "post_by_size", "at_seat",
    "MARKED", "BY_SIZE", "STARS_ALL_IN", "STARS_ACTIONS", "COLLECTED", "BRACKET_ACTIONS", "BRACKET_BLINDS",
    "DEALING_STREETS", "STAR_STREETS",
    "STREET_WORDS", "BUTTON", "STARS_SEAT", "STARS_UNCALLED", "RAKED_TOTAL", "SHOWS", "SHOWS_CARDS", "MUCKS",
    "COMMA_ALL_IN", "COMMA_WAGERS", "PAREN_ALL_IN", "PAREN_WAGERS", "body", "marked_hand", "player_line",
    "header_line", "named", "first_match", "seat_line",
    "button_line", "post_line", "live_and_dead", "act", "uncalled_line", "bracketed", "summary_board",
    "payout_rake", "stakes_from_posts", "star_marker", "dealing_marker", "pairs", "phrases", "an",
]

# What an action line does, by how the site writes its amount (the first amount of the form, or the last for
# RAISE_BY_TO's "raises X to Y"):
CALL = "call"                    # the chips the call adds
CALL_TO = "call to"              # the caller's street total
BET = "bet"                      # a bet of that many chips
BET_ADDING = "bet adding"        # the chips a "bet" adds: a raise when a bet stands (sites that say "bets" both ways)
RAISE_TO = "raise to"            # the raiser's street total
RAISE_BY_TO = "raise by to"      # "raises X to Y": Y, the street total
RAISE_ADDING = "raise adding"    # the chips the raise adds
ALL_IN_ADDING = "all-in adding"  # an all-in of that many more chips: a call, bet or raise by what it does
SHOW = "show"                    # cards shown (the first slot, ``{cards}``)
# and, for the sites whose actions are not text lines (XML) or name every action by a word:
FOLD = "fold"                    # no amount
CHECK = "check"                  # no amount
ALL_IN_BEHIND = "all-in behind"  # an all-in written as the chips it adds, which must be every chip behind
#: The kinds that carry no amount.
NO_AMOUNT = frozenset((FOLD, CHECK))

# How a site says an action is all-in:
MARKED = "marked"    # the form's last slot, an optional ``{? and is all-in}``
BY_SIZE = "by size"  # not at all: an action of all the chips behind is all-in

#: Street markers written ``*** FLOP *** [..]``, and street words inside ``*** ... ***`` markers.
STAR_STREETS = {"*** FLOP ***": 1, "*** TURN ***": 2, "*** RIVER ***": 3}
STREET_WORDS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
#: The action forms of PokerStars' format, which Winamax and Winning copy ("and is all-in" marks an all-in).
STARS_ALL_IN = "{? and is all-in}"
STARS_ACTIONS = {
    "calls": (CALL, Form("calls {amount}" + STARS_ALL_IN)),
    "bets": (BET, Form("bets {amount}" + STARS_ALL_IN)),
    "raises": (RAISE_BY_TO, Form("raises {amount} to {amount}" + STARS_ALL_IN)),
    "shows": (SHOW, Form("shows {cards}{text}")),
}
#: That format's seat line (``Seat 1: Ann ($100){text}``), returned bet and summary total.
STARS_SEAT = Form("Seat {int}: {name} ({amount}){text}")
STARS_UNCALLED = Form("Uncalled bet ({amount}) returned to {text}")
RAKED_TOTAL = Form("Total pot {amount} | Rake {amount}")
#: Cards shown, with any words after them, or alone; cards mucked face up.
SHOWS = STARS_ACTIONS["shows"]
SHOWS_CARDS = (SHOW, Form("shows {cards}"))
MUCKS = (SHOW, Form("mucks {cards}"))
#: The bets and raises of the sites that write an all-in ", and is all in" (Full Tilt, KingsClub)...
COMMA_ALL_IN = "{?, and is all in}"
COMMA_WAGERS = {
    "bets": (BET, Form("bets {amount}" + COMMA_ALL_IN)),
    "raises": (RAISE_TO, Form("raises to {amount}" + COMMA_ALL_IN)),
}
#: ... and of the sites that write it " (all-in)" after a bet's chips and a raise's total (Cake, PKR).
PAREN_ALL_IN = "{? (all-in)}"
PAREN_WAGERS = {
    "bets": (BET_ADDING, Form("bets {amount}" + PAREN_ALL_IN)),
    "raises": (RAISE_TO, Form("raises to {amount}" + PAREN_ALL_IN)),
}
#: The pots paid in that format: ``collected $2 from pot`` (the pots' names differ by site).
COLLECTED = Form("collected {amount} from {text}")
#: The action forms of the sites that write an amount in brackets as the chips it adds (``raises [$4]``).
BRACKET_ACTIONS = {
    "calls": (CALL, Form("calls [{amount}]")),
    "bets": (BET_ADDING, Form("bets [{amount}]")),
    "raises": (RAISE_ADDING, Form("raises [{amount}]")),
}
#: The blinds of the sites that write a post's chips in brackets (``posts small blind [$1]``).
BRACKET_BLINDS = (("small_blind", Form("posts small blind [{amount}]")), ("big_blind", Form("posts big blind [{amount}]")))
#: The street markers of the sites that deal the new cards alone (see :func:`dealing_marker`).
DEALING_STREETS = {"** Dealing Flop **": 1, "** Dealing Turn **": 2, "** Dealing River **": 3}
#: The button's line of the sites that give it after the seats' header.
BUTTON = Form("Seat {int} is the button")


def body(lines: list[str], first: int, start: int) -> list[tuple[str, int]]:
    """(line, its number in the file) of every line of a hand from ``lines[first]``, blank lines left out."""
    return [(line, at) for at, line in enumerate(lines[first:], start + first) if line]


def marked_hand(b: HandBuilder, lines: list[str], first: int, start: int, *,
                marker: Callable[[HandBuilder, str, int], bool], seat: Callable[[HandBuilder, str, int], None],
                line: Callable[[HandBuilder, str, int], None],
                summary: Callable[[HandBuilder, str, int], None]) -> bool:
    """The lines from ``lines[first]`` of a hand in PokerStars' family of formats, each to its reader: a
    ``*** ... ***`` marker (``marker``, True at the summary), a summary line, a seat line before the blinds, or
    any other line. True when the hand had its summary."""
    in_summary = False
    for text, at in body(lines, first, start):
        if text.startswith("*** "):
            in_summary = marker(b, text, at) or in_summary
        elif in_summary:
            summary(b, text, at)
        elif text.startswith("Seat ") and b.current < 0 and not b.posts:
            seat(b, text, at)
        else:
            line(b, text, at)
    return in_summary


def player_line(b: HandBuilder, line: str, at: int, site: str, posts: tuple[tuple[str, Form], ...],
                action: Callable[[HandBuilder, str, int, str, str, int], None]) -> None:
    """A line about a player: the hero's ``Dealt to NAME [cards]`` line and a post of ``posts`` are read here (see
    :func:`post_line`), any other line by the site's ``action(b, line, at, name, rest, column)`` (see :func:`named`)."""
    if line.startswith("Dealt to "):
        b.hero_dealt(line, at)
        return
    name, rest, col = named(b, line, at, site)
    if rest.startswith("posts "):
        post_line(b, posts, name, rest, at, col, site)
        return
    action(b, line, at, name, rest, col)


def named(b: HandBuilder, line: str, at: int, site: str) -> tuple[str, str, int]:
    """(name, the rest, the rest's column) of a line ``Name rest`` about a seated player; else the line is not
    the site's."""
    found = b.player(line, " ")
    if found is None:
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of {an(site)} hand")
    return found[0], found[1], len(found[0]) + 2


def header_line(b: HandBuilder, form: Form, line: str, at: int, site: str, *, hand_id: int = 1) -> Match[str]:
    """The match of a hand's first line, ``form``, whose slot ``hand_id`` is the hand's id (set here); else the
    line is not the ``site`` hand's header."""
    m = form.match(line)
    if m is None:
        raise _Bad(at, 1, f"not {an(site)} hand header")
    b.fields["hand_id"] = m.group(hand_id)
    return m


def first_match(forms: tuple[Form, ...], line: str, at: int, what: str) -> Match[str]:
    """The match of the first of ``forms`` that ``line`` is; else the line is not ``what`` (which names an example)."""
    for form in forms:
        m = form.match(line)
        if m is not None:
            return m
    raise _Bad(at, 1, f"expected {what}, got {line[:60]!r}")


def seat_line(b: HandBuilder, line: str, at: int, forms: tuple[Form, ...], example: str, *, out: str | None = None,
              highest: int = MAX_SEAT_NUMBER, rename: Callable[[str], str] | None = None) -> None:
    """A seat line ``Seat {int}: {name} ... {amount} ...``; ``out``, when given, in the rest marks a player
    sitting out."""
    m = first_match(forms, line, at, f"a seat line, e.g. '{example}'")
    name = m.group(2) if rename is None else rename(m.group(2))
    b.seat(ascii_int(m.group(1), at, 6, "the seat number"), name, b.amount(m.group(3), at, m.start(3) + 1), at, 6,
           sitting_out=out is not None and out in m.group(4), highest=highest)


def button_line(b: HandBuilder, line: str, at: int) -> bool:
    """Whether ``line`` is ``Seat N is the button``, the button set."""
    m = BUTTON.match(line)
    if m is None:
        return False
    b.fields["button"] = ascii_int(m.group(1), at, 6, "the button's seat")
    return True


def post_line(b: HandBuilder, posts: tuple[tuple[str, Form], ...], name: str, rest: str, at: int, col: int,
              site: str, *, amount: Callable[[HandBuilder, str, int, int], int] | None = None,
              before_cards: bool = True, noun: str = "post") -> tuple[str, int, bool] | None:
    """A post by ``name`` (``rest``: the line after the name), the first of ``posts`` whose form it matches.

    A post of kind ante, small_blind, big_blind or dead is made here; for another kind (a site's
    combined post) nothing is posted and (kind, amount, all-in) is returned for the site to post.
    A form's first slot is the amount; an optional last slot says all-in. A line of none of the forms is
    not the site's ``noun`` (post, or action for a site whose posts read like actions).
    """
    if before_cards and b.current >= 0:
        raise _Bad(at, col, "a post after the hole cards were dealt")
    for kind, form in posts:
        m = form.match(rest)
        if m is not None:
            text = m.group(1)
            value = b.amount(text, at, col + m.start(1)) if amount is None else amount(b, text, at, col + m.start(1))
            all_in = m.lastindex == 2 and bool(m.group(2))
            if kind in ("ante", "small_blind", "big_blind", "dead"):
                b.post(name, kind, value, at, all_in=all_in)
                return None
            return kind, value, all_in
    raise _Bad(at, col, f"the {noun} {rest[:60]!r} is not {an(site)} {noun}")


def live_and_dead(b: HandBuilder, name: str, value: int, big: int, at: int, *, all_in: bool = False) -> None:
    """A post of missed blinds made up: the big blind (at most ``big``) live, what is over it dead."""
    if value > big:
        b.post(name, "dead", value - big, at)
    b.post(name, "big_blind", min(value, big), at, all_in=all_in)


def act(b: HandBuilder, actions: Mapping[str, tuple[str, Form]], name: str, rest: str, at: int, col: int,
        all_in: str | None = MARKED, amount: Callable[[HandBuilder, str, int, int], int] | None = None) -> bool:
    """The action ``rest`` of ``name`` (``folds``, ``checks`` or a form of ``actions`` by its first word); False
    when it is none of them (the site says what else the line may be).

    ``col`` is the column of ``rest`` in the line; ``all_in`` is :data:`MARKED`, :data:`BY_SIZE` or None (the
    site never says); ``amount`` reads an amount's text when the site writes more than the amount.
    """
    space = rest.find(" ")
    if space < 0:  # every form has a space after its verb: a one-word action is a fold or a check
        if rest == "folds":
            b.fold(name, at, col)
            return True
        if rest == "checks":
            b.check(name, at, col)
            return True
        return False
    entry = actions.get(rest[:space])
    if entry is None:
        return False
    kind, form = entry
    m = form.match(rest)
    if m is None:
        return False
    if kind == SHOW:
        where = col + m.start(1)
        b.shown(name, cards_of(m.group(1), at, where), at, where)
        return True
    g = 2 if kind == RAISE_BY_TO else 1
    value = (b.money.value if amount is None else partial(amount, b))(m.group(g), at, col + m.start(g))
    if all_in == MARKED:
        last = m.lastindex or 0
        marked = last > g and bool(m.group(last))
    else:
        marked = all_in == BY_SIZE and value == b.behind(name)
    wager(b, kind, name, value, at, col, all_in=marked)
    return True


def wager(b: HandBuilder, kind: str, name: str, value: int, at: int, col: int, *, all_in: bool = False) -> None:
    """``name``'s action of ``kind`` (a kind above but :data:`SHOW`) for ``value`` chips read as the kind says.

    ``all_in`` marks an all-in the site wrote as such; :data:`ALL_IN_ADDING` and :data:`ALL_IN_BEHIND` are one
    whatever it says, and the kinds of :data:`NO_AMOUNT` ignore ``value``.

    >>> from .._grammar import Money
    >>> b = HandBuilder("<text>", 1, "Example")
    >>> b.money = Money(None, 0)
    >>> b.seat(1, "Ann", 100, 2, 1); b.seat(2, "Bob", 30, 3, 1)
    >>> b.street(0, (), 4, 1)
    >>> wager(b, BET_ADDING, "Ann", 10, 5, 5); wager(b, ALL_IN_BEHIND, "Bob", 30, 6, 5)
    >>> [(a.name, a.kind, a.amount, a.to, a.all_in) for a in b.actions]   # Bob's 30 raises Ann's 10 to 30
    [('Ann', 'bet', 10, 10, False), ('Bob', 'raise', 30, 30, True)]
    >>> wager(b, ALL_IN_BEHIND, "Ann", 50, 7, 5)   # Ann has 90 behind
    Traceback (most recent call last):
    ...
    omaha8.histories._grammar._Bad: Ann goes all-in for 50 with 90 behind: the lines contradict each other
    """
    if kind == CALL:
        b.call(name, value, at, col, all_in=all_in)
    elif kind == BET:
        b.wager_to(name, "bet", value, at, col, all_in=all_in)
    elif kind == RAISE_TO or kind == RAISE_BY_TO:
        b.wager_to(name, "raise", value, at, col, all_in=all_in)
    elif kind == CALL_TO:
        b.call_to(name, value, at, col, all_in=all_in)
    elif kind == BET_ADDING:
        b.bet_adding(name, value, at, col, all_in=all_in)
    elif kind == RAISE_ADDING:
        b.raise_adding(name, value, at, col, all_in=all_in)
    elif kind == ALL_IN_ADDING:
        b.all_in_adding(name, value, at, col)
    elif kind == FOLD:
        b.fold(name, at, col)
    elif kind == CHECK:
        b.check(name, at, col)
    elif kind == ALL_IN_BEHIND:
        behind = b.behind(name)
        if value != behind or value <= 0:
            raise _Bad(at, col, f"{name} goes all-in for {value} with {behind} behind: the lines contradict each other")
        b.all_in_adding(name, value, at, col)
    else:
        raise ValueError(f"unknown action kind {kind!r}")


def uncalled_line(b: HandBuilder, form: Form, line: str, at: int) -> None:
    """A returned bet, ``form`` giving the amount and then the player's name (``Uncalled bet ($2) returned to Ann``)."""
    m = form.match(line)
    if m is None:
        raise _Bad(at, 1, f"cannot read {line[:60]!r}")
    b.uncalled(b.seated(m.group(2), at, m.start(2) + 1), b.amount(m.group(1), at, m.start(1) + 1))


def bracketed(text: str, at: int, col: int, *, hidden: bool = False) -> tuple[int, ...]:
    """The cards of every ``[...]`` group of ``text``, in order (``[Qs 6h Ts] [2c]``)."""
    out: list[int] = []
    for piece in text.split("]"):
        k = piece.find("[")
        if k >= 0:
            out += cards_of(piece[k + 1:], at, col, hidden=hidden)
    return tuple(out)


def summary_board(b: HandBuilder, text: str, at: int, col: int) -> None:
    """The summary's board (``text``: its cards): the streets' board again."""
    cards = cards_of(text, at, col)
    if b.board and cards != b.board:
        raise _Bad(at, col, "the summary board differs from the streets'")


def by_kind(b: HandBuilder, kinds: Mapping[str, str], word: str, name: str, amount: Callable[[str], int], at: int,
            col: int) -> bool:
    """The action that the site names ``word`` (``kinds`` gives its kind), its amount ``amount(kind)`` when the
    kind has one; False when ``word`` is none of the site's actions."""
    kind = kinds.get(word)
    if kind is None:
        return False
    wager(b, kind, name, 0 if kind in NO_AMOUNT else amount(kind), at, col)
    return True


def put_in(b: HandBuilder) -> int:
    """The chips every post and action so far put in (bets that came back included)."""
    return sum(p.amount for p in b.posts) + sum(a.amount for a in b.actions)


def post_by_size(b: HandBuilder, name: str, kind: str, value: int, at: int) -> None:
    """A post of a site that never says all-in: a post of all the player's chips is all-in."""
    b.post(name, kind, value, at, all_in=value == b.names[name].stack)


def at_seat(b: HandBuilder, number: int, at: int, col: int, shown: int) -> str:
    """The player in seat ``number`` (the file writes it ``shown``); else the seat is empty."""
    for seat in b.seats:
        if seat.number == number:
            return seat.name
    raise _Bad(at, col, f"seat {shown} is empty")


def payout_rake(b: HandBuilder, last: int, paid: int) -> int:
    """The rake of a site that states none: what was put in less what was ``paid`` out (none in a tournament)."""
    put = put_in(b)
    if paid > put:
        raise _Bad(last, 0, f"the hand pays out {paid} for {put} put in")
    return 0 if b.fields["tournament_id"] is not None else put - paid


def stakes_from_posts(b: HandBuilder) -> tuple[int, int]:
    """(small, big) blinds as the posts give them (the first of each; half the big blind without a small one)."""
    small = next((p.amount for p in b.posts if p.kind == "small_blind"), 0)
    big = next((p.amount for p in b.posts if p.kind == "big_blind"), 0)
    return small or big // 2, big


def star_marker(b: HandBuilder, line: str, at: int, board: Callable[[str, int, int], tuple[int, ...]]) -> bool:
    """A ``*** HOLE CARDS ***``, ``*** FLOP *** [..]`` .. ``*** SHOW DOWN ***`` or ``*** SUMMARY ***`` line; True
    at the summary. ``board(tail, line, column)`` reads a street's cards after its marker."""
    if line.startswith("*** HOLE CARDS ***"):
        b.street(0, (), at, 1)
    elif line.startswith("*** SUMMARY ***"):
        return True
    elif line.startswith("*** SHOW DOWN ***"):
        b.current = max(b.current, 0)
    else:
        key = line[: line.find("***", 4) + 3]
        street = STAR_STREETS.get(key)
        if street is None:
            raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
        b.street(street, board(line[len(key):], at, len(key) + 2), at, len(key) + 2)
    return False


def dealing_marker(b: HandBuilder, streets: Mapping[str, int], line: str, at: int) -> None:
    """A street's marker of the sites that deal the new cards alone: ``** Dealing Flop ** [ Qs, 6h, Ts ]``."""
    key = line[: line.find("**", 3) + 2]
    street = streets.get(key)
    if street is None:
        raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
    tail = line[len(key):].strip()
    if not (tail.startswith("[") and tail.endswith("]")):
        raise _Bad(at, len(key) + 2, f"cannot read the cards {tail[:40]!r}")
    b.street(street, b.board + cards_of(tail[1:-1], at, len(key) + 3), at, len(key) + 2)


def pairs(*prefixes: str) -> frozenset[str]:
    """The first two characters of ``prefixes``: a line that starts with none of these starts with none of them
    (most lines, a player's, are told from the dealer's without trying every prefix)."""
    if any(len(prefix) < 2 for prefix in prefixes):
        raise ValueError("a prefix of two characters at least")
    return frozenset(prefix[:2] for prefix in prefixes)


def phrases(texts: tuple[str, ...]) -> Callable[[str], object]:
    """A test of whether a line holds any of ``texts`` (literal text: one scan of the line, not one per text)."""
    return re.compile("|".join(re.escape(text) for text in texts)).search


def an(site: str) -> str:
    """``site`` with its article: "an 888poker", "a Winning"."""
    return f"an {site}" if site[:1] in "AEIOU8" else f"a {site}"
