"""Combining the parts of a range: its syntax tree evaluated into a mask over every hand, and weights.

The leaves are the masks :mod:`omaha8.ranges.match` matches (patterns) and
:mod:`omaha8.ranges.ordering` looks up (percentages), from the range cache;
``,`` ``:`` ``!`` are numpy ``| & ~`` on masks, weights ``uint8`` arrays
combined with ``maximum``, each list and chain folded into one running array
(:func:`evaluate` says what that bounds).

>>> from omaha8.ranges.syntax import parse
>>> mask, weights = evaluate(parse("AA!AAA"), 4, "AA!AAA")
>>> int(mask.sum()), weights is None
(6768, True)
>>> from omaha8.ranges.match import clear_cache
>>> clear_cache()  # so that the work counted below is all of it
>>> work = Work()
>>> mask, weights = evaluate(parse("KK@9, !Q@2, KK@9"), 4, "KK@9, !Q@2, KK@9", work)
>>> sorted(set(weights.tolist())), work.patterns  # KK written twice is matched once, and Q
([0, 2, 9], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np

from .match import Work, patterns_mask
from .syntax import AnyOf, Complement, Difference, Intersect, Node, Patterns, Percent, Weighted
from .tree import chain_parts, children, node_keys

__all__ = ["evaluate", "Work", "Value"]

BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
#: The value of a sub-range: its mask, and its weights (``uint8``, 0 outside) when it is weighted.
Value = tuple[BoolArray, "U8Array | None"]

def _percent_mask(nodes: Sequence[Percent], hole_size: int, work: Work | None) -> BoolArray:
    """The union of percentages, in one pass over the hands."""
    from .ordering import percent_mask_cached, percents_mask  # the ordering ships its table: load it when asked

    spans = [(node.lo, node.hi) for node in nodes]
    if work is not None and not percent_mask_cached(hole_size, spans):
        work.passes += 1
    return percents_mask(hole_size, spans)


#: One sub-range's value while a tree is evaluated: a bool mask, or uint8 weights (0 outside) when weighted.
#: A read-only array is the cache's; a writable one belongs to the evaluation and is combined in place.
_Array = np.ndarray[Any, Any]


def _needs(root: Node) -> dict[int, int]:
    """How many whole-universe arrays evaluating each node holds at once, at most (by ``id``).

    A list or chain evaluates its most demanding operand first, then holds one running
    array while it evaluates each other operand: ``max(first, 1 + second)``, the
    rule that numbers registers for expression trees (Sethi and Ullman). A
    balanced tree of ``n`` operands needs about ``log2(n)``; a list of any length
    of simple items, 2.
    """
    need: dict[int, int] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        parts = _operands(node)
        if not parts:
            need[id(node)] = 1
        elif not expanded:
            stack.append((node, True))
            stack.extend((part, False) for part in parts)
        else:
            top = sorted((need[id(part)] for part in parts), reverse=True)
            need[id(node)] = max(2, top[0], 1 + top[1] if len(top) > 1 else 0)
    return need


def _operands(node: Node) -> tuple[Node, ...]:
    if isinstance(node, (Intersect, Difference)):
        base, filters = chain_parts(node)
        return (base, *(right for _, right in filters))
    return children(node)


class _Evaluation:
    """One tree, evaluated operand by operand into running arrays (see :func:`evaluate`)."""

    def __init__(self, root: Node, cards: int, text: str, work: Work) -> None:
        self.cards = cards
        self.text = text
        self.work = work
        self.keys = node_keys(root)
        self.need = _needs(root)

    def own(self, array: _Array) -> _Array:
        """``array``, or a copy of it when it is the cache's (read-only): a running array to combine into."""
        if array.flags.writeable:
            return array
        self.work.passes += 1
        return array.copy()

    def value(self, node: Node) -> tuple[_Array, bool]:
        """The mask of ``node``, or its weights; and whether it is weighted."""
        if isinstance(node, Patterns):
            return patterns_mask(node, self.cards, self.text, self.work), False
        if isinstance(node, Percent):
            return _percent_mask([node], self.cards, self.work), False
        if isinstance(node, AnyOf):
            return self.union(node)
        if isinstance(node, (Intersect, Difference)):
            return self.chain(node)
        self.work.passes += 1
        inner, _ = self.value(node.node)  # a weighted sub-range is refused under '!' and '@' by the parser
        if isinstance(node, Complement):
            return np.logical_not(inner, out=None if not inner.flags.writeable else inner), False
        weights = np.multiply(inner, np.uint8(node.weight), dtype=np.uint8)
        return weights, True

    def union(self, node: AnyOf) -> tuple[_Array, bool]:
        """``A, B, ...``: masks or'ed, weights max'ed (the largest weight wins), into one running array."""
        # an item written twice counts once; the plain patterns and the percentages of each weight are
        # matched in one batch each
        batches: dict[tuple[bool, int], list[Patterns | Percent]] = {}
        others: dict[str, Node] = {}
        for item in node.items:
            inner, weight = (item.node, item.weight) if isinstance(item, Weighted) else (item, 0)
            if isinstance(inner, (Patterns, Percent)):
                batches.setdefault((isinstance(inner, Percent), weight), []).append(inner)
            else:
                others.setdefault(self.keys[id(item)], item)
        steps: list[tuple[int, Callable[[], tuple[_Array, bool]]]] = [
            (self.need[id(item)], partial(self.value, item)) for item in others.values()
        ]
        steps += [(1, partial(self.batch, batch, weight)) for (_, weight), batch in batches.items()]
        steps.sort(key=lambda step: -step[0])  # the most demanding first: it becomes the running array
        running: _Array | None = None
        weighted = False
        for _, step in steps:
            array, weighted = step()
            if running is None:
                running = self.own(array)
            else:
                self.work.passes += 1
                (np.maximum if weighted else np.logical_or)(running, array, out=running)
        assert running is not None  # a list has two items or more
        return running, weighted

    def batch(self, batch: list[Patterns | Percent], weight: int) -> tuple[_Array, bool]:
        """Plain patterns, or percentages, of one list and one weight (0: none): matched at once."""
        if isinstance(batch[0], Percent):
            mask = _percent_mask([node for node in batch if isinstance(node, Percent)], self.cards, self.work)
        else:
            mask = patterns_mask([node for node in batch if isinstance(node, Patterns)], self.cards, self.text,
                                 self.work)
        if not weight:
            return mask, False
        self.work.passes += 1
        return np.multiply(mask, np.uint8(weight), dtype=np.uint8), True

    def chain(self, node: Intersect | Difference) -> tuple[_Array, bool]:
        """``X:A!B``: ``X``'s mask or weights, kept where ``A`` holds and ``B`` does not, in one running array."""
        base, filters = chain_parts(node)
        distinct = {(keep, self.keys[id(right)]): (keep, right) for keep, right in filters}
        # the plain patterns after '!' match in one batch: X!A!B is X!(A, B)
        excluded = [right for keep, right in distinct.values() if not keep and isinstance(right, Patterns)]
        steps: list[tuple[int, Callable[[], tuple[_Array, bool]]]] = [(self.need[id(base)], partial(self.value, base))]
        kinds = ["base"]
        for keep, right in distinct.values():
            if keep or not isinstance(right, Patterns):
                steps.append((self.need[id(right)], partial(self.value, right)))
                kinds.append(":" if keep else "!")
        if excluded:
            steps.append((1, partial(self.batch, list(excluded), 0)))
            kinds.append("!")
        order = sorted(range(len(steps)), key=lambda i: -steps[i][0])
        running: _Array | None = None
        for i in order:
            array, weighted = steps[i][1]()
            kind = kinds[i]
            if running is None:
                if kind == "!":
                    self.work.passes += 1
                    running = np.logical_not(array, out=array if array.flags.writeable else None)
                else:
                    running = self.own(array)
                continue
            self.work.passes += 1
            if kind == "base" and weighted:
                # the running array so far is a mask of the filters: the weights take its place
                weights = self.own(array)
                np.multiply(weights, running, out=weights)
                running = weights
            elif running.dtype == np.uint8:
                if kind == "!":
                    np.putmask(running, array, 0)
                else:
                    np.multiply(running, array, out=running)
            elif kind == "!":
                np.greater(running, array, out=running)  # a and not b, for bools
            else:
                np.logical_and(running, array, out=running)
        assert running is not None
        return running, running.dtype == np.uint8


def evaluate(node: Node, cards: int, text: str, work: Work | None = None) -> Value:
    """The mask of the hands in ``node``, and their weights when it is weighted.

    Each list or chain folds its operands one at a time into one running
    array, evaluating its most demanding operand first, and an item or filter
    written twice is evaluated once: memory is a few arrays over every hand
    whatever the number of items, and at most about ``log2`` of it for a
    balanced tree (:func:`_needs`); the work is at most a few passes over the
    hands per node of the tree, counted in ``work`` when given.
    The arrays returned may be the cache's (read-only).
    """
    counted = Work() if work is None else work
    array, weighted = _Evaluation(node, cards, text, counted).value(node)
    if not weighted:
        return array, None
    counted.passes += 1
    return array > 0, array
