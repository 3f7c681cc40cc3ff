"""iPoker: a ``<session>`` file, its header read once, each ``<game>`` a hand; results worked out by hand.

``ipoker/split_and_fold.txt`` (client 23, ``uncalled_bet_enabled``: wins leave returned bets out; the rake is
the players' ``rakeamount``), stakes €0.50/€1, pot limit; Ann is the file's player (``<nickname>``):

Hand 8000000001, a split pot with rake: Ann 0.50 and Bob 1 post, Cyd calls 1, Ann completes, Bob checks: 3.00.
Flop 2d 7c Kh: Bob bets 3, Cyd calls, Ann folds: 9.00. Turn 9s, river 4d, checked. Bob (Kd Ks Qc Jc: three
kings) takes the high, Cyd (Ac 3h 8s Qd: 7-4-3-2-A) the low. Rake 0.23 + 0.22 = 0.45 before the split: 8.55,
high 4.28 (the odd cent) and low 4.27. Nets: Ann -1.00, Bob 4.28 - 4 = +0.28, Cyd +0.27 (sum -0.45, the rake).

Hand 8000000002, a returned bet: Bob 0.50 and Cyd 1 post, Ann raises to 3.50, Bob folds, Cyd calls 2.50: 7.50.
Flop 9c Th Ts: Cyd checks, Ann bets 5, Cyd folds: the 5 comes back (not written). Rake 0.37, Ann wins 7.13:
Ann +7.13 - 3.50 = +3.63, Bob -0.50, Cyd -3.50 (sum -0.37).

Hand 8000000004, side pots and a quartered low, no rake: Bob 0.50 and Cyd 1 post, Ann (3) goes all-in to 3,
Bob calls 2.50, Cyd 2: main pot 9.00. Flop 2h 3d Ks: Bob bets 9 (the pot), Cyd calls: side pot 18.00. Turn 8c,
river Qh, checked. Cyd (Kd Kh 5d 6d: three kings) takes both highs; Ann (As 4s Jd Jc) and Bob (Ac 4c 9d 9h)
tie the main pot's low 8-4-3-2-A (Cyd's 8-6-5-3-2 is worse), Bob alone is in the side pot's low. Main: Cyd
4.50, Ann 2.25, Bob 2.25; side: Cyd 9, Bob 9. Nets: Ann 2.25 - 3 = -0.75, Bob 11.25 - 12 = -0.75, Cyd 13.50 -
12 = +1.50.

``ipoker/returns_in_win.txt``: an older session (no ``uncalled_bet_enabled``: ``win`` counts the returned bet;
no ``rakeamount``: the rake is what the pots did not pay), amounts as ``0,50€`` and ``1 050,25€``. Hand
8100000001: Ann 0.50, Bob 1; Ann raises to 3, Bob calls: 6. Flop: Bob checks, Ann bets 6, Bob folds. Ann's
win 11.70 = the pot 6 less 0.30 rake, plus her 6 back: Ann +2.70, Bob -3.00. Hand 8100000002: 1 each, checked
down on 9d Td Jd 2s Kh (no low: one card of 8 or less); Ann's Ad Kd make a flush, Bob's 8c 7c a straight: Ann
wins 1.90 of 2.00 (rake 0.10): Ann +0.90, Bob -1.00.

``ipoker/mucked_and_malformed.xml``: hand 8000000001 again (as 8300000001), then a broken hand (8300000004, an
action of type 42) reported at its line, the first hand again (8300000003); an older session whose hand
(8300000002, 8100000002's cards) Bob mucks (``X X X X``): totals only; a session of hold'em, whose hand is skipped
as another game.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from omaha8.histories import HandRecord, HandStatus, SkipKind, SkippedHand, analyze, read
from omaha8.histories._files import hand_chunks
from omaha8.histories._grammar import Money, _Bad
from omaha8.histories.sites import _ipoker, _ipoker_xml

DATA = Path(__file__).resolve().parent.parent / "data" / "hh" / "ipoker"


def _nets(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.name: p.net for p in report.players()}


def _collected(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.name: p.collected_file for p in report.players()}


def test_split_returned_bet_and_side_pots() -> None:
    items = list(read(DATA / "split_and_fold.txt"))
    assert [i.hand_id for i in items] == ["8000000001", "8000000002", "8000000004"]
    first, second, fourth = items
    reports = [analyze(item) for item in (first, second, fourth)]
    for report in reports:
        assert report.outcome is HandStatus.VERIFIED, report.status
        assert report.item.site == "iPoker" and report.item.currency == "EUR" and report.item.stakes == (50, 100)
        assert report.item.hero == "Ann" and report.item.table == "Testa, 700000001"
    one, two, four = reports
    assert _collected(one) == {"Ann": 0, "Bob": 428, "Cyd": 427} and one.item.rake == 45
    assert _nets(one) == {"Ann": -100, "Bob": 28, "Cyd": 27}
    assert two.item.returns == "unprinted" and two.item.rake == 37
    assert _nets(two) == {"Ann": 363, "Bob": -50, "Cyd": -350}
    assert _collected(four) == {"Ann": 225, "Bob": 1125, "Cyd": 1350} and four.item.rake == 0
    assert _nets(four) == {"Ann": -75, "Bob": -75, "Cyd": 150}
    assert four.ev is not None  # Ann's all-in with every hand shown


def test_older_files_count_the_returned_bet_in_the_win() -> None:
    first, second = list(read(DATA / "returns_in_win.txt"))
    one, two = analyze(first), analyze(second)
    assert one.outcome is HandStatus.VERIFIED and one.item.returns == "in collected" and one.item.rake == 30
    assert _nets(one) == {"Ann": 270, "Bob": -300} and not one.item.rake_stated
    assert two.outcome is HandStatus.VERIFIED and two.item.rake == 10
    assert _nets(two) == {"Ann": 90, "Bob": -100}
    # the seat's "1 050,25€": a space between thousands, a decimal comma
    assert [s.stack for s in first.seats] == [5000, 105025]


def test_a_broken_hand_a_mucked_hand_and_another_game() -> None:
    items = list(read(DATA / "mucked_and_malformed.xml"))
    assert [i.hand_id for i in items] == ["8300000001", "8300000004", "8300000003", "8300000002", "8300000005"]
    good, broken, again, mucked, other = items
    assert isinstance(broken, SkippedHand) and broken.kind is SkipKind.UNREADABLE and broken.site == "iPoker"
    assert broken.reason == "unreadable: line 73, column 7: action type='42' is not an iPoker action omaha8 reads"
    assert analyze(good).outcome is analyze(again).outcome is HandStatus.VERIFIED
    two = analyze(mucked)
    assert two.outcome is HandStatus.TOTALS_ONLY and _nets(two) == {"Ann": 90, "Bob": -100}
    assert isinstance(other, SkippedHand) and other.kind is SkipKind.OTHER_GAME


def test_the_session_header_is_each_games_context_and_no_hand() -> None:
    text = (DATA / "split_and_fold.txt").read_text(encoding="utf-8")
    chunks = list(hand_chunks(io.StringIO(text)))
    assert [c.start for c in chunks] == [20, 59, 87]
    header = chunks[0].context
    assert header is not None and all(c.context is header for c in chunks)
    # the header starts at the <session> line: the XML declaration before it is no part of it
    assert header.start == 2 and header.lines[0].startswith("<session ")
    assert chunks[-1].lines[-1] == "</session>"


@pytest.mark.parametrize("text, cents", [
    ("€5", 500), ("2,50€", 250), ("1 001,24€", 100124), ("€1,000", 100000), ("€0.05", 5), ("1.001,24€", 100124),
    ("€12,345.67", 1234567),
])
def test_amounts_as_the_clients_write_them(text: str, cents: int) -> None:
    # "2,50": a decimal comma (one or two digits after it); "1,000": a thousands comma (three); with both marks the
    # last one is the decimal
    assert _ipoker._amount(Money("EUR", 2), text, 1, 1) == cents


@pytest.mark.parametrize("text", ["£5", "5$", "1 01,5€", "€1,5,0", "€١"])
def test_amounts_that_are_not_the_tables_are_refused(text: str) -> None:
    with pytest.raises(_Bad):
        _ipoker._amount(Money("EUR", 2), text, 1, 1)


def _session_text() -> str:
    return (DATA / "split_and_fold.txt").read_text(encoding="utf-8")


def test_a_broken_header_is_reported_in_every_game_of_the_session() -> None:
    # a corrupted game name is unreadable (never skipped as another game), in each of the session's hands
    text = _session_text().replace("<gametype>Omaha HiLow PL €0.50/€1</gametype>", "<gametype>Omaha Hilo PX</gametype>")
    items = list(read(text))
    assert len(items) == 3 and all(isinstance(i, SkippedHand) and i.kind is SkipKind.UNREADABLE for i in items)
    assert all("line 7" in i.reason and "names no game" in i.reason for i in items), items[0].reason
    held = list(read(_session_text().replace("Omaha HiLow PL €0.50/€1", "Holdem NL €0.50/€1")))
    assert [i.kind for i in held if isinstance(i, SkippedHand)] == [SkipKind.OTHER_GAME] * 3
    # limit hold'em by its short name, with a limit word after it, as a real 2011 file writes it
    lh = list(read(_session_text().replace("Omaha HiLow PL €0.50/€1", "LH 20/40 x2 Limit $10.00/$20.00")))
    assert [i.kind for i in lh if isinstance(i, SkippedHand)] == [SkipKind.OTHER_GAME] * 3, lh


def test_a_doctype_in_a_game_is_refused_by_name_and_the_file_goes_on() -> None:
    lines = _session_text().splitlines()
    bomb = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
    items = list(read("\n".join(lines[:21] + [bomb] + lines[21:]) + "\n"))
    assert isinstance(items[0], SkippedHand)
    assert items[0].reason == ("unreadable: line 22, column 1: a document type declaration (DOCTYPE) is not read in "
                               "a hand history"), items[0].reason
    assert isinstance(items[1], HandRecord)


def test_broken_xml_and_stray_text_point_at_the_line() -> None:
    lines = _session_text().splitlines()
    cut = "\n".join(lines).replace("</round>", "</rond>", 1)  # line 32, the first round's end
    items = list(read(cut + "\n"))
    assert isinstance(items[0], SkippedHand) and items[0].line == 32, items[0]
    assert "the hand's XML is broken here: mismatched tag" in items[0].reason and isinstance(items[1], HandRecord)
    text = list(lines)
    text.insert(30, "     Ann shoves")  # text where the format has none, on a line of its own (31)
    items = list(read("\n".join(text) + "\n"))
    assert isinstance(items[0], SkippedHand)
    assert items[0].reason == "unreadable: line 31, column 6: text 'Ann shoves' is no part of the hand's XML"


def test_a_game_without_its_session_is_unreadable_with_the_reason() -> None:
    lines = _session_text().splitlines()
    game = "\n".join(line.strip() for line in lines[19:57]) + "\n"
    items = list(read(game))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert "outside a <session>" in items[0].reason and items[0].hand_id == "8000000001"
    alone = list(read("\n".join(lines[1:19] + ["</session>"]) + "\n"))
    assert isinstance(alone[0], SkippedHand) and "with no <game> in it" in alone[0].reason


def test_actions_are_read_in_the_order_of_their_numbers() -> None:
    # hand 1 writes Cyd's call (no=3) after Ann's and Bob's (no=4, 5): the order is by no=
    record = next(iter(read(DATA / "split_and_fold.txt")))
    assert isinstance(record, HandRecord)
    assert [(a.name, a.kind) for a in record.actions if a.street == 0] == [
        ("Cyd", "call"), ("Ann", "call"), ("Bob", "check")]
    swapped = _session_text().replace('<action no="3" player="Cyd"', '<action no="30" player="Cyd"', 1)
    item = next(iter(read(swapped)))
    assert isinstance(item, SkippedHand) and "do not follow the rounds" in item.reason


# what may be put into a game's lines: text, markup, entities, white space, pieces of the format's own elements
_PIECES = ["x", " ", "\t", "&amp;", "&#65;", ">", "> x", "<", "</cards>", "<cards/>", '<cards type="Flop" player="">',
           "CA", "X", "<b/>", "<!-- c -->", "<![CDATA[y]]>", "<?pi x?>", "\n", '"', "<startdate>", "</startdate>", "/>",
           '<action no="99" player="Ann" type="4" sum="€0" />', "</round>", '<round no="3">']


def _game_outcome(context, lines: list[str], watch_text: bool | None) -> object:  # type: ignore[no-untyped-def]
    try:
        return _ipoker.parse_game(context, "<text>", 20, list(lines), watch_text=watch_text)
    except _Bad as exc:
        return ("refused", exc.line, exc.column, exc.reason)
    except Exception as exc:  # _OtherGame, _NotReplayed: the same both ways
        return (type(exc).__name__, str(exc))


@pytest.mark.parametrize("seed", range(20))
def test_text_seen_only_in_its_elements_matches_the_every_text_event_twin(seed: int) -> None:
    import random

    rng = random.Random(seed)
    chunks = [c for c in hand_chunks(io.StringIO(_session_text())) if c.context is not None]
    read_some = 0
    for chunk in chunks:
        assert _game_outcome(chunk.context, chunk.lines, None) == _game_outcome(chunk.context, chunk.lines, True)
        for _ in range(25):
            copy = list(chunk.lines)
            for _ in range(rng.randrange(1, 3)):
                i = rng.randrange(len(copy))
                j = rng.randrange(len(copy[i]) + 1)
                copy[i] = copy[i][:j] + rng.choice(_PIECES) + copy[i][j:]
            fast = _game_outcome(chunk.context, copy, None)
            assert fast == _game_outcome(chunk.context, copy, True), copy
            read_some += isinstance(fast, HandRecord)
    assert read_some  # some broken copies still read: records compared, not only refusals


def _handlers_outcome(context, lines: list[str], watch_text: bool | None) -> object:  # type: ignore[no-untyped-def]
    try:
        return _ipoker.parse_game(context, "<text>", 20, list(lines), watch_text=watch_text, tree=False)
    except _Bad as exc:
        return ("refused", exc.line, exc.column, exc.reason)
    except Exception as exc:
        return (type(exc).__name__, str(exc))


def test_the_games_of_the_fixtures_are_read_from_the_c_handlers_tree() -> None:
    chunks = [c for c in hand_chunks(io.StringIO(_session_text())) if c.context is not None]
    assert chunks
    for chunk in chunks:
        lines = [line for line in chunk.lines if line.strip() != "</session>"]
        assert _ipoker_xml.from_tree(lines, chunk.start) is not None
        assert _game_outcome(chunk.context, chunk.lines, None) == _handlers_outcome(chunk.context, chunk.lines, True)


@pytest.mark.parametrize("seed", range(20))
def test_the_tree_and_the_handlers_read_broken_games_alike(seed: int) -> None:
    import random

    rng = random.Random(1000 + seed)
    chunks = [c for c in hand_chunks(io.StringIO(_session_text())) if c.context is not None]
    pieces = _PIECES + ["é", "\u00a0", "<servername>s</servername>", "<servername><x/></servername>", "<players/>",
                        '<player seat="3" name="Eve" chips="1€" />', '<general>', '</general>', "<game gamecode=\"7\">"]
    read_some = 0
    for chunk, copy in ((chunk, _broken(rng, chunk.lines, pieces)) for chunk in chunks for _ in range(25)):
        tree = _game_outcome(chunk.context, copy, None)
        assert tree == _handlers_outcome(chunk.context, copy, True), copy
        # the handlers' own fast path (text seen only in its elements) against the same twin
        assert _handlers_outcome(chunk.context, copy, None) == tree, copy
        read_some += isinstance(tree, HandRecord)
    assert read_some


def _broken(rng, lines: list[str], pieces: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """``lines`` with one or two of ``pieces`` put in at random places."""
    out = list(lines)
    for _ in range(rng.randrange(1, 3)):
        i = rng.randrange(len(out))
        j = rng.randrange(len(out[i]) + 1)
        out[i] = out[i][:j] + rng.choice(pieces) + out[i][j:]
    return out


def _fields_outcome(lines: list[str], tree: bool) -> object:
    try:
        return _ipoker_xml.session_fields(lines, 30, tree=tree)
    except _Bad as exc:
        return ("refused", exc.line, exc.column, exc.reason)


@pytest.mark.parametrize("seed", range(10))
def test_a_session_header_is_read_from_the_tree_as_the_handlers_read_it(seed: int) -> None:
    import random

    rng = random.Random(2000 + seed)
    headers = {tuple(c.context.lines) for c in hand_chunks(io.StringIO(_session_text())) if c.context is not None}
    assert headers
    pieces = _PIECES + ["<nickname>Eve</nickname>", "<mode/>", "<general>", "</general>", "\n", "<b>x</b>", "é"]
    for header in sorted(headers):
        lines = [*header, "</session>"]
        fields = _ipoker_xml._fields_from_tree(lines, 30)
        assert fields is not None and "gametype" in fields and fields == _fields_outcome(lines, False)
        for _ in range(40):
            copy = _broken(rng, lines, pieces)
            assert _fields_outcome(copy, True) == _fields_outcome(copy, False), copy
