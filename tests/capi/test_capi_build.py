"""The documented ways to call omaha8.capi from compiled code, built and run.

``examples/capi_loops.pyx`` cimports the API and is compiled here with
cythonize (as a user builds it); ``examples/capi_numba.py`` calls it from
numba (skipped without numba, an optional test dependency). Both must give
exactly what :func:`omaha8.evaluate_batch` and :func:`omaha8.showdown` give.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8.pots import showdown

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
README = Path(__file__).resolve().parents[2] / "README.md"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"omaha8_example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _deals(seed: int, n: int, seats: int, n_hole: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : seats * n_hole + 5].astype(np.uint8)
    contributed = rng.choice([0, 2, 2, 10, 35, 35, 100], size=(n, seats)).astype(np.int64)
    folded = (rng.random((n, seats)) < 0.3).astype(np.uint8)
    # a row where no live seat put chips in is refused: give the first live-or-not seat chips and keep it in
    contributed[:, 0] += 1
    folded[:, 0] = 0
    return {
        "holes": np.ascontiguousarray(cards[:, : seats * n_hole].reshape(n, seats, n_hole)),
        "boards": np.ascontiguousarray(cards[:, seats * n_hole:]),
        "contributed": contributed,
        "folded": folded,
        "buttons": rng.integers(0, seats, size=n).astype(np.intc),
    }


def _expected_payouts(d: dict[str, Any]) -> np.ndarray[Any, Any]:
    rows = []
    for i in range(len(d["boards"])):
        seats = range(d["holes"].shape[1])
        rows.append(showdown(d["boards"][i].tolist(),
                             [None if d["folded"][i, s] else d["holes"][i, s].tolist() for s in seats],
                             contributions=d["contributed"][i].tolist(), button=int(d["buttons"][i])).payouts)
    return np.array(rows, dtype=np.int64)


def _check(module: Any) -> None:
    for n_hole in (4, 5):
        d = _deals(40 + n_hole, 3000, 1, n_hole)
        holes = np.ascontiguousarray(d["holes"][:, 0])
        high, low = np.zeros(3000, np.uint16), np.zeros(3000, np.uint8)
        assert module.evaluate_rows(holes, d["boards"], high, low) == 0
        want_high, want_low = omaha8.evaluate_batch(holes, d["boards"])
        assert np.array_equal(high, want_high) and np.array_equal(low, want_low)
    # a refused row is counted and its outputs are left as they were
    holes[0, 0] = 60
    high[0], low[0] = 1, 2
    assert module.evaluate_rows(holes, d["boards"], high, low) == 1 and (high[0], low[0]) == (1, 2)

    d = _deals(47, 600, 6, 4)
    payouts = np.full((600, 6), -7, np.int64)
    assert module.showdown_rows(d["holes"], d["boards"], d["contributed"], d["folded"], d["buttons"], payouts) == 0
    assert np.array_equal(payouts, _expected_payouts(d))


@pytest.mark.slow  # cythonize and a C compile: several seconds
def test_the_cython_example_cimports_the_api(tmp_path: Path) -> None:
    pytest.importorskip("Cython")
    _check(_load("build_capi_loops").build(tmp_path))


def test_the_numba_example_calls_the_api_by_address() -> None:
    pytest.importorskip("numba")
    _check(_load("capi_numba"))


def test_the_readme_shows_the_numba_example() -> None:
    text = (EXAMPLES / "capi_numba.py").read_text()
    body = text[text.index("import numba"):]
    assert body in README.read_text(), "README's numba example differs from examples/capi_numba.py"
