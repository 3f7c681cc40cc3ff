"""A record's fast paths against their slow twins: its constructor, its status kept once worked out, and
the reconciliation's player lines.

:class:`HandRecord`'s constructor sets every field from C in one call
(:func:`omaha8._support._slots.fill_slots`); its twin is the constructor the
dataclass generates (:class:`~omaha8.histories.records.RecordData`'s): the
same parameters, the same record, field for field.

:attr:`HandRecord.status` replays the hand the first time it is read and keeps
the answer in a slot that is no field; :meth:`HandRecord.status_replayed` is its
slow twin. Every fixture record must give the same status both ways, and the
kept status must change nothing a record is used for: its fields, equality,
hash, printing, copies and pickles (which work it out again).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import random
from pathlib import Path

import pytest

from omaha8.histories import HandRecord, read
from omaha8.histories.records import RecordData

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "hh"


def _records() -> list[HandRecord]:
    return [item for path in sorted(FIXTURES.rglob("*.txt")) for item in read(path) if isinstance(item, HandRecord)]


def test_kept_status_is_the_replayed_status() -> None:
    records = _records()
    # and each with a chip more collected than the file says: a mismatch
    records += [dataclasses.replace(r, collected=(r.collected[0]._replace(amount=r.collected[0].amount + 1),)
                                    + r.collected[1:]) for r in records if r.collected]
    statuses = {record.status_replayed().split(":")[0] for record in records}
    assert statuses == {"verified", "mismatch"}
    for record in records:
        first = record.status
        assert first == record.status_replayed() == record.status == record.reconcile().status


def test_kept_status_changes_nothing_else() -> None:
    for record in _records()[:40]:
        fresh = dataclasses.replace(record)
        names = [f.name for f in dataclasses.fields(record)]
        before = (repr(record), hash(record), pickle.dumps(record))
        status = record.status
        assert (repr(record), hash(record), pickle.dumps(record)) == before
        assert record == fresh and [f.name for f in dataclasses.fields(record)] == names
        assert "_status_memo" not in names and len(names) == 39
        for again in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record)):
            assert again == record and not hasattr(again, "_status_memo")
            assert again.status == status


def _by_generated_init(**values: object) -> HandRecord:
    record = HandRecord.__new__(HandRecord)
    RecordData.__init__(record, **values)  # type: ignore[arg-type]
    return record


def test_the_constructor_takes_the_generated_constructors_parameters() -> None:
    fast = inspect.signature(HandRecord.__init__).parameters
    slow = inspect.signature(RecordData.__init__).parameters
    assert list(fast.items()) == list(slow.items()) and len(fast) == 40  # self and 39 fields


def test_the_constructor_builds_the_generated_constructors_record() -> None:
    records = _records()
    for record in records:
        values = {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}
        fast, slow = HandRecord(**values), _by_generated_init(**values)
        assert fast == slow == record and repr(fast) == repr(slow)
        assert all(getattr(fast, name) is getattr(slow, name) is value for name, value in values.items())
        # the defaults: a record given only the fields without one
        required = {name: value for name, value in values.items()
                    if dataclasses.fields(RecordData)[list(values).index(name)].default is dataclasses.MISSING}
        assert HandRecord(**required) == _by_generated_init(**required)
        # positional arguments too
        assert HandRecord(*values.values()) == record


def test_the_constructor_refuses_what_the_generated_one_refuses() -> None:
    values = {f.name: getattr(f, "name") for f in dataclasses.fields(RecordData)}
    for bad in ({k: v for k, v in values.items() if k != "hand_id"}, {**values, "nonsense": 1}):
        with pytest.raises(TypeError):
            _by_generated_init(**bad)
        with pytest.raises(TypeError):
            HandRecord(**bad)


def test_player_results_are_the_constructors() -> None:
    from omaha8.histories.reconcile import PlayerResult, _player_result
    rng = random.Random(7)
    for _ in range(500):
        args = (rng.choice(["Ann", "Bob", ""]), rng.randrange(10), rng.randrange(10**6), rng.randrange(10**6),
                rng.choice([None, rng.randrange(10**6)]), rng.randrange(-10**6, 10**6))
        fast, slow = _player_result(*args), PlayerResult(*args)
        assert fast == slow and repr(fast) == repr(slow) and fast.as_dict() == slow.as_dict()
        assert fast.allin_ev_net is None and all(getattr(fast, f.name) is getattr(slow, f.name)
                                                 for f in dataclasses.fields(PlayerResult))
    # and every reconciliation of the fixtures, line for line
    for record in _records():
        for line in record.reconcile().players:
            assert line == PlayerResult(line.name, line.seat, line.contributed, line.collected_file,
                                        line.collected_replay, line.net)
