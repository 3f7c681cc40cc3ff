"""The hand-history modules compiled with Cython against their own Python source.

setup.py compiles the readers' per-line path (``COMPILED_PYTHON``: the cutting, the grammar, the
builder and every site's module) and each hand's records, replay and reconciliation with Cython,
keeping Python's semantics; the ``.py`` beside each is its slow twin. Every fixture file, whole and
with lines cut short, dropped or doubled, is read once with the compiled modules and once, in a fresh
interpreter, with the sources loaded instead: every record and every skipped hand (its reason, line
and column), and every record's reconciliation, all-in EV and replayed history, must be identical.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "game"))
from test_game_compiled import COMPILED, run_digest  # noqa: E402  (setup.py's list, read from its source)

READERS = [name for name in COMPILED if name.startswith("omaha8.histories.")]

READ = r'''
import hashlib, random
from pathlib import Path
from omaha8.histories import HandRecord, ReplayDiscrepancy, read
from omaha8.histories.reconcile import safe_reconcile
kinds = {name: sys.modules[name].__file__.rsplit(".", 1)[-1] for name in COMPILED}
digest = hashlib.sha256()
rng = random.Random(2026)
for path in sorted(Path("tests/data/hh").rglob("*.txt")):
    text = path.read_text(encoding="utf-8-sig")
    lines = text.split("\n")
    variants = [text]
    for _ in range(30):
        copy = list(lines)
        i = rng.randrange(len(copy))
        kind = rng.randrange(3)
        if kind == 0:
            copy[i] = copy[i][: rng.randrange(len(copy[i]) + 1)]
        elif kind == 1:
            del copy[i]
        else:
            copy.insert(i, copy[i])
        variants.append("\n".join(copy))
    for variant in variants:
        for item in read(variant):
            digest.update(repr(item).encode())
            if isinstance(item, HandRecord):
                # the replay, the reconciliation and all-in EV of what was read (compiled or source too)
                digest.update(repr((safe_reconcile(item), item.allin_ev())).encode())
                try:
                    digest.update(item.to_history().text().encode())
                except ReplayDiscrepancy as exc:
                    digest.update(str(exc).encode())
print(sorted(set(kinds.values())), digest.hexdigest())
'''


def _read(mode: str) -> tuple[str, str]:
    return run_digest(READ, READERS, "omaha8.histories", mode)


def test_the_readers_are_compiled() -> None:
    assert "omaha8.histories._builder" in READERS and "omaha8.histories.sites._pokerstars" in READERS
    assert {"omaha8.histories.records", "omaha8.histories.replay", "omaha8.histories.reconcile"} <= set(READERS)


def test_compiled_and_source_readers_read_the_same_hands() -> None:
    compiled_kinds, compiled = _read("compiled")
    source_kinds, source = _read("source")
    assert compiled_kinds == "['so']" and source_kinds == "['py']"
    assert compiled == source
