"""A record's status, worked out once and kept, against the status replayed every time.

:attr:`HandRecord.status` replays the hand the first time it is read and keeps
the answer in a slot that is no field; :meth:`HandRecord.status_replayed` is its
slow twin. Every fixture record must give the same status both ways, and the
kept status must change nothing a record is used for: its fields, equality,
hash, printing, copies and pickles (which work it out again).
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

from omaha8.histories import HandRecord, read

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
