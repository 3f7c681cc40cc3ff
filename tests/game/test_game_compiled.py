"""The hand engine's compiled modules against their own Python source.

setup.py compiles the engine's hot modules (``COMPILED_PYTHON``) with Cython,
keeping Python's semantics; the ``.py`` beside each is its slow twin. Seeded
random hands of every structure are played once with the compiled modules and
once, in a fresh interpreter, with the sources loaded instead; their results,
histories and events must be identical.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _compiled_python() -> list[str]:
    """setup.py's COMPILED_PYTHON, read from its source."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED_PYTHON" for t in node.targets):
            return [f"omaha8.{s.removesuffix('.py').replace('/', '.')}" for s in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no COMPILED_PYTHON list")


COMPILED = _compiled_python()
#: The engine's compiled modules (the hand-history readers' are compared in tests/histories/).
ENGINE = [name for name in COMPILED if name.startswith("omaha8.game.")]

# Loads ``COMPILED`` from their .py when run with "source", after dropping what the package had imported: the
# prelude of every compiled-against-source script (this file's and tests/histories/'s)
SOURCE_FIRST = r'''
import importlib.util, sys
COMPILED = %r
if sys.argv[1] == "source":
    import omaha8 as _probe  # the package's directory, without importing a compiled module yet
    class SourceFirst:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name not in COMPILED:
                return None
            base = importlib.util.find_spec("omaha8").submodule_search_locations[0]
            return importlib.util.spec_from_file_location(name, base + "/" + name.split(".", 1)[1].replace(".", "/") + ".py")
    for name in list(sys.modules):
        if name.startswith(%r):
            del sys.modules[name]
    sys.meta_path.insert(0, SourceFirst)
'''


def run_digest(script: str, modules: list[str], package: str, mode: str) -> tuple[str, str]:
    """Run ``script`` after :data:`SOURCE_FIRST` in a fresh interpreter ("compiled" or "source"); the module
    kinds it loaded and the digest it printed."""
    done = subprocess.run([sys.executable, "-c", SOURCE_FIRST % (modules, package) + script, mode],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    kinds, digest = done.stdout.strip().rsplit(" ", 1)
    return kinds, digest


# Plays seeded hands of every structure with random legal actions and prints one digest of
# everything they produce. With "source", the engine's compiled modules are loaded from their .py.
PLAY = r'''
import hashlib, random
from omaha8.game import FixedLimit, Hand, NoLimit, PotLimit
kinds = {name: sys.modules[name].__file__.rsplit(".", 1)[-1] for name in COMPILED}
digest = hashlib.sha256()
rng = random.Random(2026)
for i in range(300):
    structure = (PotLimit(1, 2), NoLimit(1, 2), FixedLimit(2, 4))[i % 3]
    seats = 2 + i % 8
    stacks = [rng.choice([3, 40, 200, 1000]) for _ in range(seats)]
    hand = Hand(stacks, structure, button=i % seats, variant=4 + i % 2, rng=rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        kind = legal.kinds[int(rng.random() * len(legal.kinds))]
        if kind in ("bet", "raise"):
            hand.act(kind, rng.randint(legal.min_to, legal.max_to))
        else:
            hand.act(kind)
    digest.update(repr(hand.result).encode())
    digest.update(repr(hand.history).encode())
    digest.update(repr(hand.history.events).encode())
print(sorted(set(kinds.values())), digest.hexdigest())
'''


def _play(mode: str) -> tuple[str, str]:
    return run_digest(PLAY, ENGINE, "omaha8.game", mode)


def test_the_compiled_modules_are_the_ones_imported() -> None:
    for name in COMPILED:
        path = importlib.import_module(name).__file__
        assert path is not None and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), (name, path)


def test_compiled_and_source_engines_play_the_same_hands() -> None:
    compiled_kinds, compiled = _play("compiled")
    source_kinds, source = _play("source")
    assert compiled_kinds == "['so']" and source_kinds == "['py']"
    assert compiled == source
