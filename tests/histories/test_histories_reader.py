"""The PokerStars reader: encodings, line ends, amounts, every line form, bounded input, errors that say where."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import omaha8.histories.reader as reader_module

from omaha8.histories import read as histories_read
from omaha8.histories import MAX_HAND_LINES, MAX_LINE_CHARS, HandReadError, HandRecord, SkippedHand, read_pokerstars

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"
QUARTERED = (DATA / "split_quartered.txt").read_text()


def _read(text: str) -> list[HandRecord | SkippedHand]:
    return list(read_pokerstars(text))


def _record(text: str) -> HandRecord:
    items = _read(text)
    assert len(items) == 1 and isinstance(items[0], HandRecord), items
    return items[0]


def _reason(text: str) -> str:
    items = _read(text)
    assert len(items) == 1 and isinstance(items[0], SkippedHand), items
    return items[0].reason


def test_every_source_kind_reads_the_same() -> None:
    want = _record(QUARTERED)
    raw = QUARTERED.encode()
    for source in (DATA / "split_quartered.txt", str(DATA / "split_quartered.txt"), raw, io.BytesIO(raw),
                   io.StringIO(QUARTERED)):
        got = next(read_pokerstars(source))  # type: ignore[arg-type]
        assert isinstance(got, HandRecord)
        assert (got.actions, got.collected, got.seats) == (want.actions, want.collected, want.seats)


def test_bom_crlf_and_blank_line_runs() -> None:
    crlf = "\ufeff" + QUARTERED.replace("\n", "\r\n")
    text = crlf + "\r\n\r\n\r\n" + QUARTERED.replace("900000000001", "900000000011") + "\n\n\n\n"
    items = _read(text)
    assert [i.hand_id for i in items] == ["900000000001", "900000000011"]
    assert all(isinstance(i, HandRecord) and i.reconcile().status == "verified" for i in items)
    # a byte-order mark read from bytes, on the first hand only
    items = list(read_pokerstars(b"\xef\xbb\xbf" + QUARTERED.encode() + b"\n\n" + QUARTERED.encode()))
    assert len(items) == 2 and all(isinstance(i, HandRecord) for i in items)


def test_bytes_that_are_not_utf8_read_as_windows_1252() -> None:
    # old files are cp1252: a byte that is not UTF-8 is read as the cp1252 character, and the file goes on
    bad = QUARTERED.replace("Cyd", "Cy\udcff").encode("utf-8", "surrogateescape")
    items = list(read_pokerstars(bad + b"\n\n" + QUARTERED.encode()))
    assert [type(i).__name__ for i in items] == ["HandRecord", "HandRecord"]
    assert items[0].seats[2].name == "Cy\u00ff"  # type: ignore[union-attr]
    # a whole cp1252 file: "Zoë" and a euro sign in a chat line
    text = QUARTERED.replace("Cyd", "Zo\u00eb").replace("*** SUMMARY ***", 'Ann said, "5\u20ac"\n*** SUMMARY ***')
    record = _record(text.encode("cp1252"))  # type: ignore[arg-type]
    assert record.seats[2].name == "Zo\u00eb" and record.messages[-1][1] == 'Ann said, "5\u20ac"'



def test_cash_amounts_with_and_without_cents() -> None:
    record = _record(QUARTERED)
    assert [s.stack for s in record.seats] == [1000, 1000, 1000]  # "$10" is 1000 cents
    assert record.stakes == (5, 10) and record.currency == "USD"
    # an amount without the currency sign in a cash game is refused, not guessed
    reason = _reason(QUARTERED.replace("Bob: bets $0.20", "Bob: bets 0.20"))
    assert reason == "unreadable: line 14, column 11: amount '0.20' lacks the currency $ of this cash game"
    # one decimal is ten cents
    record = _record(QUARTERED.replace("Seat 1: Ann ($10 in chips)", "Seat 1: Ann ($10.5 in chips)"))
    assert record.seats[0].stack == 1050


def test_tournament_chips_and_big_ids() -> None:
    record = next(iter(read_pokerstars(DATA / "split_high_scoop_low.txt")))
    assert isinstance(record, HandRecord)
    assert record.tournament_id == "12345678901234567890" and record.is_tournament
    assert record.currency is None and record.stakes == (50, 100) and record.level == "V"
    big = (DATA / "split_high_scoop_low.txt").read_text(encoding="utf-8-sig").replace("(3000 in chips)", "(3000000 in chips)")
    record = _record(big)
    assert [s.stack for s in record.seats] == [3000000] * 4
    reason = _reason(big.replace("Gus: bets 200", "Gus: bets 200.5"))
    assert "is not a whole number of chips" in reason


def test_both_header_styles_and_the_date() -> None:
    new = _record(QUARTERED)
    old = _record(QUARTERED.replace("PokerStars Hand #", "PokerStars Game #"))
    assert (new.header, old.header) == ("Hand", "Game")
    assert new.date == "2024/05/01 20:00:00 ET"
    zoom = _record(QUARTERED.replace("PokerStars Hand #", "PokerStars Zoom Hand #"))
    assert zoom.header == "Zoom"


@pytest.mark.parametrize("game, reason", [
    ("Omaha Pot Limit", "Omaha Pot Limit is not Omaha Hi/Lo"),
    ("5 Card Omaha Pot Limit", "5 Card Omaha Pot Limit is not Omaha Hi/Lo"),
    ("6 Card Omaha Hi/Lo Pot Limit", "6 Card Omaha Hi/Lo Pot Limit is not Omaha Hi/Lo"),
    ("Courchevel Pot Limit", "Courchevel Pot Limit is not Omaha Hi/Lo"),
    ("Hold'em No Limit", "Hold'em No Limit is not Omaha Hi/Lo"),
])
def test_other_games_are_skipped_not_misread(game: str, reason: str) -> None:
    text = QUARTERED.replace("Omaha Hi/Lo Pot Limit", game)
    items = _read(text)
    assert len(items) == 1 and isinstance(items[0], SkippedHand)
    assert (items[0].kind, items[0].reason) == ("other game", reason)


@pytest.mark.parametrize("middle, reason", [
    ("Tournament #2, $1+$0.10 USD Hold'em No Limit - Level I (10/20)", "Hold'em No Limit is not Omaha Hi/Lo"),
    ("Tournament #2, Freeroll  Omaha Pot Limit - Level I (10/20)", "Omaha Pot Limit is not Omaha Hi/Lo"),
    (" 7 Card Stud Hi/Lo Limit ($0.04/$0.08 USD)", "7 Card Stud Hi/Lo Limit is not Omaha Hi/Lo"),
])
def test_skipped_games_are_named_without_the_buy_in(middle: str, reason: str) -> None:
    text = f"PokerStars Hand #1: {middle} - 2020/01/01 1:00:00 ET\nTable 'T' 6-max Seat #1 is the button\n"
    assert _reason(text) == reason


def test_a_mixed_game_names_the_game_in_parentheses() -> None:
    head = ("PokerStars Home Game Hand #900000000001: {Club} Tournament #1, 8-Game (Razz Limit) - Level III (30/60)"
            " - 2024/03/08 21:15:00 ET")
    text = head + "\n" + "\n".join(QUARTERED.splitlines()[1:])
    assert _reason(text) == "Razz Limit is not Omaha Hi/Lo"


def test_action_forms() -> None:
    record = next(iter(read_pokerstars(DATA / "limit_allin_half_bet.txt")))
    assert isinstance(record, HandRecord)
    forms = [(a.street, a.name, a.kind, a.amount, a.to, a.all_in) for a in record.actions]
    assert forms[:4] == [
        (0, "Ray", "call", 100, 0, False),
        (0, "Sam", "raise", 110, 160, True),   # "raises $0.60 to $1.60": 110 more on top of the 50 posted
        (0, "Tom", "raise", 160, 260, False),  # "raises $1 to $2.60": 160 more on top of the 100 posted
        (0, "Ray", "call", 160, 0, False),
    ]
    assert forms[4] == (1, "Tom", "bet", 100, 100, False)


def test_a_raise_that_does_not_add_up_is_unreadable() -> None:
    reason = _reason(QUARTERED.replace("Bob: bets $0.20\nCyd: calls $0.20", "Bob: bets $0.20\nCyd: raises $0.20 to $0.50"))
    assert reason == "unreadable: line 15, column 6: 'raises $0.20 to $0.50' does not follow the bet of 20 before it"


def test_collected_lines_interleaved_with_shows_and_names_with_spaces() -> None:
    text = QUARTERED.replace("Ann", "Lord Ann: the 2nd")
    record = _record(text)
    assert record.seats[0].name == "Lord Ann: the 2nd"
    assert record.collected_by()["Lord Ann: the 2nd"] == 68
    assert record.reconcile().status == "verified"


def test_summary_names_come_from_the_seat_lines() -> None:
    # the summary may spell a name differently: cards are matched by seat number
    text = QUARTERED.replace("Seat 4: Cyd (button) showed", "Seat 4: Cyd (Away) (button) showed")
    record = _record(text)
    assert record.known_cards()["Cyd"]


def test_chat_and_table_lines_anywhere() -> None:
    lines = QUARTERED.splitlines()
    lines.insert(12, 'Bob said, "Cyd: folds"')
    lines.insert(13, "Betting is capped")
    lines.insert(7, "Zed joins the table at seat #6")
    record = _record("\n".join(lines))
    assert [a.kind for a in record.actions].count("fold") == 0
    assert [m for _, m in record.messages] == ["Zed joins the table at seat #6", 'Bob said, "Cyd: folds"',
                                               "Betting is capped"]


def test_unknown_lines_are_refused_not_guessed() -> None:
    lines = QUARTERED.splitlines()
    lines.insert(12, "Bob wins the lottery")
    assert _reason("\n".join(lines)) == (
        "unreadable: line 13, column 5: the line 'Bob wins the lottery' is not one PokerStars writes about a player")
    lines = QUARTERED.splitlines()
    lines.insert(12, "Zed collected $0.05 from pot")
    assert _reason("\n".join(lines)).startswith("unreadable: line 13, column 1: the line 'Zed collected")


def test_a_cut_short_hand_is_unreadable() -> None:
    text = "\n".join(QUARTERED.splitlines()[:20])
    assert _reason(text).endswith("the hand has no summary (*** SUMMARY ***): cut short?")


def test_text_before_the_first_hand_is_reported() -> None:
    items = _read("some notes\n\n" + QUARTERED)
    assert isinstance(items[0], SkippedHand) and items[0].reason == "unreadable: line 1: not a PokerStars hand header"
    assert isinstance(items[1], HandRecord)


def test_long_lines_and_long_hands_are_bounded() -> None:
    long_line = 'Bob said, "' + "x" * (3 * MAX_LINE_CHARS) + '"'
    lines = QUARTERED.splitlines()
    lines.insert(12, long_line)
    items = _read("\n".join(lines) + "\n\n" + QUARTERED)
    assert isinstance(items[0], SkippedHand)
    assert items[0].reason == f"unreadable: line 13 is longer than {MAX_LINE_CHARS} characters"
    assert isinstance(items[1], HandRecord)
    chat = ['Bob said, "hi"'] * (MAX_HAND_LINES + 5)
    lines = QUARTERED.splitlines()
    items = _read("\n".join(lines[:12] + chat + lines[12:]) + "\n\n" + QUARTERED)
    assert isinstance(items[0], SkippedHand) and items[0].reason.endswith(f"more than {MAX_HAND_LINES} lines")
    assert isinstance(items[1], HandRecord)


def test_errors_raise_mode_and_bad_arguments() -> None:
    with pytest.raises(HandReadError, match=r"malformed_mid_file.txt:38:6: the action 'shoves \$5'"):
        list(read_pokerstars(DATA / "malformed_mid_file.txt", errors="raise"))
    with pytest.raises(HandReadError, match="errors must be 'skip' or 'raise'"):
        list(read_pokerstars(QUARTERED, errors="ignore"))
    with pytest.raises(HandReadError, match="no-such-file.txt: cannot open"):
        list(read_pokerstars("no-such-file.txt"))
    with pytest.raises(HandReadError, match="source must be a path, a file or text, not int"):
        list(read_pokerstars(3))  # type: ignore[arg-type]
    assert isinstance(HandReadError("f", 1, 2, "x"), ValueError)


def test_the_reader_streams() -> None:
    # a generator that reads lazily: the first hand comes before the rest of the stream is read
    class Counting(io.StringIO):
        chars_read = 0

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            line = super().readline(size)
            Counting.chars_read += len(line)
            return line

        def read(self, size: int | None = -1) -> str:
            text = super().read(size)
            Counting.chars_read += len(text)
            return text

    text = (QUARTERED + "\n\n") * 500
    hands = read_pokerstars(Counting(text))
    next(hands)
    # read a block at a time (64 K characters), never the whole text before the first hand
    assert 0 < Counting.chars_read <= 65536 < len(text) // 4
    assert sum(1 for _ in hands) == 499
    assert Counting.chars_read == len(text)


@pytest.mark.parametrize("header, want", [
    ("PokerStars Home Game Hand #900000000001: {Club} Omaha Hi/Lo Pot Limit ($0.05/$0.10) - 2024/05/01 20:00:00 ET",
     ("Home Game", "Club", None, (5, 10), "USD")),
    ("PokerStars Hand #900000000001:  HORSE (Omaha Hi/Lo Limit, $0.10/$0.20 USD) - 2024/05/01 20:00:00 ET",
     ("Hand", None, "HORSE", (10, 20), "USD")),
    ("PokerStars Hand #900000000001:  Omaha Hi/Lo Pot Limit (5/10) - 2024/05/01 20:00:00 ET",
     ("Hand", None, None, (5, 10), None)),  # play money: chips
])
def test_header_variants(header: str, want: tuple[object, ...]) -> None:
    body = QUARTERED.splitlines()[1:]
    if want[4] is None:  # chips: the same hand without the dollar signs, $10 stacks as 1000 chips
        body = [line.replace("$10 in", "1000 in").replace("$0.", "").replace("$", "") for line in body]
        body = [line.replace("posts small blind 05", "posts small blind 5") for line in body]
    text = "\n".join([header] + body)
    record = _record(text)
    if want[2] != "HORSE":  # in limit the pot-limit bets of the body are not legal: only reading is tested there
        assert record.reconcile().status == "verified", record.reconcile().status
    assert (record.header, record.club, record.mixed, record.stakes, record.currency) == want


def test_a_seated_player_who_neither_posts_nor_acts_is_not_dealt_in() -> None:
    # Zed sat down in seat 6 waiting for the big blind: no post, no action, no "sitting out" on his line
    text = QUARTERED.replace("Seat 4: Cyd ($10 in chips)\n", "Seat 4: Cyd ($10 in chips)\nSeat 6: Zed ($10 in chips)\n")
    record = _record(text)
    assert [s.name for s in record.seats] == ["Ann", "Bob", "Cyd", "Zed"]
    assert [s.name for s in record.in_hand()] == ["Ann", "Bob", "Cyd"]
    check = record.reconcile()
    assert check.status == "verified" and [p.name for p in check.players] == ["Ann", "Bob", "Cyd"]


# one line for every alternative of STARTS (and the variants inside them)
_START_LINES = [
    "PokerStars Hand #1:", "PokerStars Game #1:", "PokerStars Zoom Hand #1:", "PokerStars Home Game Hand #1:",
    "PokerStars Home Game #1:", "#Game No : 1", "***** 888poker Hand History for Game 1 *****",
    "***** Cassava Hand History for Game 1 *****", "***** Pacific Poker Hand History for Game 1 *****",
    "***** Hand History for Game 1 *****", "***** Hand history for game #1 *****", "Game Hand #1 - x", "Hand #1 - x",
    "Game started at: 2016/9/13", "Winamax Poker - CashGame", "Bovada Hand #1", "Ignition Hand #1", "Bodog Hand #1",
    "Full Tilt Poker Game #1:", "FullTiltPoker Game #1:", "#37580510: Pot Limit Big O", "Hand#1A2B - x",
    "Game # 1 - x", "***** History for hand 1", "Everleaf Gaming Game #1", "Table #1 - Tournament #2",
    '<HISTORY ID="1">', "<Game hhversion=\"4\">", "<game id=\"1\">", "<session sessioncode=\"1\">",
    "<description type=\"Omaha\">",
]


def test_the_two_character_filter_lets_every_hand_start_through() -> None:
    from omaha8.histories._files import _START_PAIRS, STARTS

    assert all(STARTS.match(line) for line in _START_LINES)
    # as many top-level alternatives as the pattern has, each with a line above
    assert STARTS.pattern.count("|") + 1 <= len(_START_LINES)
    lines = list(_START_LINES)
    for root in (DATA, Path(__file__).resolve().parents[3] / "shared" / "hh"):
        if root.is_dir():
            for path in sorted(p for p in root.rglob("*") if p.is_file()):
                lines += path.read_bytes().decode("utf-8", "replace").lstrip("\ufeff").splitlines()
    assert len(lines) > 1000
    for line in lines:
        # the slow twin is the pattern alone: the filter may only skip lines it rejects
        if STARTS.match(line):
            assert line[:2] in _START_PAIRS, line


def _read_until_failure(text: str, fail_after: int, **options: str) -> tuple[list[str], BaseException | None]:
    """The hand ids and statuses ``read`` hands on, and what it raises, from a stream that fails past
    ``fail_after`` characters."""

    class Failing(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            if self.tell() > fail_after:
                raise OSError("the disk went away")
            return super().read(size)

    got: list[str] = []
    try:
        for hand in histories_read(Failing(text), **options):
            got.append(f"{hand.hand_id} {hand.status}")
    except (OSError, HandReadError) as exc:
        return got, exc
    return got, None


@pytest.mark.parametrize("errors", ["skip", "raise"])
def test_reading_ahead_hands_on_every_hand_before_an_error_then_the_error(
        monkeypatch: pytest.MonkeyPatch, errors: str) -> None:
    # the reader reads hands ahead of its caller: what the caller gets, and where it gets the error, must be
    # what a reader of one hand at a time gives (a stream failing mid-file; a bad hand under errors="raise")
    bad = QUARTERED.replace("Ann: calls $0.05", "Ann: shoves $0.05", 1)
    assert bad != QUARTERED
    text = "\n\n".join([QUARTERED] * 70 + [bad] + [QUARTERED] * 300)
    fail_after = 3 * 65536  # past the bad hand: the stream fails in the 300 after it
    ahead = _read_until_failure(text, fail_after, errors=errors)
    monkeypatch.setattr(reader_module, "READ_AHEAD", 1)
    one_at_a_time = _read_until_failure(text, fail_after, errors=errors)
    assert ahead[0] == one_at_a_time[0]
    assert type(ahead[1]) is type(one_at_a_time[1]) and str(ahead[1]) == str(one_at_a_time[1])
    if errors == "raise":  # the 70 good hands, then the bad one's error
        assert isinstance(ahead[1], HandReadError) and len(ahead[0]) == 70
    else:  # the bad hand in its place, the hands after it up to the failing read, then the stream's error
        assert isinstance(ahead[1], OSError) and "unreadable" in ahead[0][70] and len(ahead[0]) > 100
