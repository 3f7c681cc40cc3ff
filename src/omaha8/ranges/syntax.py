"""The generic range language: tokens, parser and syntax tree.

omaha8 reads the generic range syntax that ProPokerTools introduced (its help
pages "Range of Hands Syntax", "Generic Syntax" and "Weighted Ranges"), for
4- and 5-card Omaha. This docstring is the specification; where those pages
are silent, the choice made here is marked *(omaha8)*.

Cards
-----
- Ranks ``AKQJT98765432``, suits ``shdc``, ``*`` for any rank. Case matters:
  ranks are upper case, suits lower case.
- Suit variables ``wxyz``: the same letter is one suit, different letters are
  different suits, and a suit variable never stands for a suit written
  explicitly in the same pattern (``ssxx``: two spades and two cards of one
  other suit).
- Rank variables: every other ASCII letter (``R``, ``O``, ``N``, ...), with the
  same rules against ranks (``AARR``: two aces and a pair of another rank).
  *(omaha8)*: ``a k q j t`` and ``S H D C W X Y Z`` are refused rather than
  read as rank variables, since ``aa`` or ``AS KH`` almost surely mean aces,
  spades and hearts.
- A rank followed *immediately* by a suit is one card (``As``, ``Ax``, ``*h``);
  a suit on its own is a card of any rank (``sshh``) *(omaha8: a space between
  them makes two cards)*. Spaces between cards are ignored (``As Kh`` = ``AsKh``).
- Card order does not matter (Omaha).

Patterns
--------
A pattern is a sequence of cards; a hand matches when the pattern's cards can
be found among the hand's cards, the rest free: ``AA`` is "at least two
aces", ``wxy`` "at least three suits", ``*`` every hand. A pattern longer
than the hand is an error *(omaha8)*.

Lists and spans
---------------
- ``[A,K,Q]``: one card of any of those ranks; ``[s,h]`` one card of either
  suit; ``[As,Kh]`` one of those cards; a rank list or rank followed
  immediately by a suit or suit list is one card (``[A,K]s``, ``A[s,h]``).
  Alternatives are separated by ``,``; ``[AKQ]`` is an error rather than a
  guess *(omaha8)*. Alternatives of several cards (``[KK,QQ]5``) expand the
  pattern into one pattern per choice.
- Rank spans: ``KK-TT`` is ``KK, QQ, JJ, TT``; ``A2-A5`` is ``A2, A3, A4,
  A5``; ``JT98-5432`` the rundowns from JT98 down to 5432. Both sides have the
  same cards; the ranks that differ all move by the same step, the others stay;
  suits and variables must match on both sides (``KsQs-TsJs`` is refused,
  ``AxKx-AxTx`` is fine). A single-rank span ``[K-T]`` is the rank list
  ``[K,Q,J,T]``. Several spans in one pattern go in brackets: ``[KK-TT][55-33]``.
- A trailing ``+`` or ``-`` runs a pattern up or down, its explicit ranks
  moving together as in a span: ``TT+`` = ``TT`` .. ``AA``, ``33-`` = ``33``
  .. ``22``, ``8765+`` = ``8765, 9876, ..., AKQJ`` (up until the highest
  rank is an ace), ``JT98-`` = ``JT98`` .. ``5432`` (down until the lowest is
  a deuce), ``KT+`` = ``KT, AJ``. Aces stay where other ranks can move
  *(omaha8, the hold'em reading for ace-high patterns)*: ``A2+`` = ``A2`` ..
  ``AK``, ``A5-`` = ``A5, A4, A3, A2``, ``A23+`` = ``A23`` .. ``AQK``.

Macros
------
Written after a pattern's cards (``AA23$ds``, meaning both) or alone:

=========  ===================================================================
``$ds``    double-suited: exactly two suits hold two cards each, none holds
           more (4 cards: 2-2; 5 cards: 2-2-1)
``$ss``    single-suited: exactly one suit holds two cards, none holds more
``$np``    no pair: no two cards of the same rank (the no-pair constraint)
``$s``     suited: some suit holds two or more cards (the pattern ``xx``)
``$o``     "offsuit": at least two suits (the pattern ``xy``)
``$rb``    rainbow: no two cards of the same suit *(omaha8; empty for 5 cards)*
=========  ===================================================================

Rank-class macros are cards, written among a pattern's cards: each is one
card whose rank is in the class, and a suit may follow it (``$Bs``, ``$Lx``).
``$B$B$L$L`` is two big cards and two low cards (four different cards; an
ace may be either). Like a rank list's, a class's ranks are explicit ranks of
its pattern, which its rank variables never stand for *(omaha8)*: ``$BRR`` is
a big card and a pair of tens or lower, ``[A,K]RR`` an ace or king and a
pair below kings.

=========  ==================================  =========  ====================
``$B``     big: ``[A,K,Q,J]``                  ``$Z``     small: ``[6,5,4,3,2]``
``$F``     face: ``[K,Q,J]``                   ``$L``     low: ``[A,2,3,4,5,6,7,8]``
``$R``     broadway: ``[A,K,Q,J,T]``           ``$N``     no-low: ``[K,Q,J,T,9]``
``$M``     middle: ``[T,9,8,7]``               ``$W``     wheel: ``[A,2,3,4,5]``
=========  ==================================  =========  ====================

Combining
---------
``,`` (or), ``:`` (and), ``!`` (and not) and parentheses. ``:`` and ``!`` bind
tighter than ``,`` and associate left to right at one level, so
``AA:xxyy, JJ!JJJ, KK`` is "double-suited aces, or exactly two jacks, or at
least two kings", and ``TT+!AA`` is TT to KK. A leading ``!`` is "every hand
but" *(omaha8)*: ``!AA`` = ``*!AA``.

Percentages and weights
-----------------------
- ``15%``: the top 15% of hands by omaha8's 8-or-better ordering
  (:mod:`omaha8.ranges.ordering`). ``a%-b%`` is the percentiles ``a``
  through ``b``, both included, as ProPokerTools reads it (its pages give
  ``1%-100%`` as every hand, and ``15%@10, 16%-50%@5, 51%-100%@1`` as
  weighting every hand): the top ``b%`` less the top ``(a-1)%``, so
  ``5%-10%`` is the hands past the top 4% and within the top 10%, and
  ``0%-10%`` = ``1%-10%`` = ``10%``. Decimals are allowed (``2.5%``,
  ``2.5%-10%`` = the top 10% less the top 1.5%) *(omaha8: the rule for
  whole percentiles, applied as is)*. ProPokerTools' 6-handed
  orderings (``15%6h``) have no counterpart and are an error.
- ``@N`` after a comma-separated sub-range or a closing parenthesis weights it,
  ``N`` an integer 1..100, relative: ``AA@100, KK@50`` deals each AA combo
  twice as often as each KK combo. ``@`` binds just after ``:`` and ``!``. A
  weighted range weights every sub-range; where a hand is weighted twice the
  larger weight wins. The right side of ``:`` or ``!`` is a filter and takes
  no weight *(omaha8)*.

Board and dead cards
--------------------
:meth:`Range.combos <omaha8.ranges.Range.combos>` takes the board and dead
cards as explicit cards (``"Kh7c2s"``, ``"Kh 7c 2s"``). ProPokerTools also
allows generic syntax there (a *set* of boards); a set of boards is a
question for equity, not for a range's combos, and is not read here
*(omaha8)*.

Sources
-------
The ProPokerTools pages give the cards, variables, wildcard, pattern
semantics, the three combinators (with the example ``AA:xxyy, JJ!JJJ, KK``),
rank spans with trailing ``+``/``-``, lists, percentages and weights (``@``
"given precedence just after the ':' and '!' symbols", integers 1-100,
relative, highest weight wins, all or none) and percentage spans whose ends
are included (``1%-100%``). The macro names ``$ds``, ``$ss``, ``$np``, ``$s``
and ``$o``, the rank classes (``$B`` ... ``$W``), trailing ``+`` moving every
rank (``678+``: ``678, 789, 89T ...``) and the reading of ``:``/``!`` as one
level, left to right, come from tools that document the same syntax;
``$rb`` and ``$L``'s use for 8-or-better lows are omaha8's.

Bounds *(omaha8)*
-----------------
Range text is untrusted input; these limits hold for any text, and a text
past one is a :class:`~omaha8.errors.RangeSyntaxError` with its line, its
column and a caret under the spot, saying the limit:

- at most :data:`MAX_TEXT` (10,000) characters, refused before any other work;
- only ASCII: digits are ``0-9`` (``٣``, ``１``, ``¹`` are refused where they
  stand, never read as numbers) and spaces, tabs and newlines separate (a
  no-break space is refused);
- parentheses, brackets and leading ``!`` nested at most :data:`MAX_DEPTH`
  (32) deep, and the syntax tree at most :data:`MAX_NESTING` (100) levels
  deep, where each ``,`` list, each ``:`` or ``!`` of a chain, each leading
  ``!`` and each ``@`` adds a level: a chain ``X!A!B...`` of 100 operators is
  refused (``X!(A, B, ...)`` says the same in two levels). Everything that
  walks a tree recursively (the parser, the evaluator, the twin, ``repr``,
  ``==``, pickling) stays far below Python's recursion limit;
- at most :data:`MAX_PATTERN_CARDS` (5) cards in a pattern and at most
  :data:`MAX_PATTERNS` (2,000) patterns in all after lists and spans expand;
- numbers of any length are read in linear time (a weight is compared as
  text past 4 digits, a percentage is a float) and quoted briefly in errors.

Memory and time do not grow with the shape of the text, only with its
length, and are counted, not guessed:

- parsing keeps a few hundred bytes per character (tokens, the tree, its
  keys): at most about 10 MB;
- evaluation (:func:`omaha8.ranges.combine.evaluate`) folds each list and
  chain into one running array over every hand (one byte a hand: 271 KB for
  4 cards, 2.6 MB for 5), evaluating the most demanding operand first, so a
  tree of ``n`` items holds at most ``2 + log2(n)`` such arrays (14 for the
  longest text) and the kernel a few more while it runs: at most 20, about
  52 MB for 5-card hands, whatever the number of items (1,999 items of
  ``!A`` took 5 GB before), and bookkeeping (a key per node) of tens of bytes
  a character;
- an item or filter written twice is evaluated once, the plain patterns and
  the percentages of a list are matched in one pass each, and every other
  node costs at most three passes over the hands; the patterns matched in
  all are at most :data:`MAX_PATTERNS`. A pattern tries at most 5! = 120
  placements on a hand however many variables it has, most hands are turned
  away by a card count before any, and a pattern anchored at a few cards
  (``As``, an ace) runs only on the hands holding one of them. The slowest
  text for its length is one of many separate items that each need their own
  kernel run (``!AsKh, !AsKd, ...``: about 1,400 fit), each a pass over the
  hands; ``benchmarks/bench_ranges.py`` times one;
- what outlives a call is the range cache (:mod:`omaha8.ranges._cache`):
  masks, percentages and whole ranges' rows, least recently used out first,
  within :data:`omaha8.ranges._cache.CACHE_BYTES` (256 MB) in all, keyed by
  the range's canonical form (:func:`omaha8.ranges.tree.canonical`), so texts
  that differ only in spaces or item order share an entry; and the tables
  built once per hand size.

>>> tree = parse("AA:xxyy, JJ!JJJ, KK")
>>> type(tree).__name__, len(tree.items)
('AnyOf', 3)
>>> [p.text for p in parse("KK-TT").alternatives]
['KK', 'QQ', 'JJ', 'TT']
>>> parse("AA:(KK")
Traceback (most recent call last):
...
omaha8.errors.RangeSyntaxError: expected ')' to close the '(' at column 4 (column 7)
  AA:(KK
        ^
"""

from __future__ import annotations

from ..errors import RangeSyntaxError
from ._parser import _Parser
from .tokens import (
    ACE as ACE,
    ALL_RANKS as ALL_RANKS,
    ALL_SUITS as ALL_SUITS,
    MACROS,
    MAX_DEPTH,
    MAX_NESTING,
    MAX_PATTERN_CARDS,
    MAX_PATTERNS,
    MAX_TEXT,
    RANK_CHARS as RANK_CHARS,
    RANK_CLASSES,
    SUIT_CHARS as SUIT_CHARS,
    SUIT_VARS as SUIT_VARS,
    Token as Token,
    _error,
    tokenize as tokenize,
)
from . import tree as _tree
from .tree import *  # the syntax tree is part of the specification: its node types are exported from here too

__all__ = [
    "MAX_TEXT",
    "MAX_DEPTH",
    "MAX_NESTING",
    "MAX_PATTERNS",
    "MAX_PATTERN_CARDS",
    "MACROS",
    "RANK_CLASSES",
    "parse",
    "is_weighted",
]
__all__ += _tree.__all__


def parse(text: str) -> Node:
    """The syntax tree of a range text; raises :class:`~omaha8.errors.RangeSyntaxError`."""
    if not isinstance(text, str):
        from ..errors import ArgumentTypeError

        raise ArgumentTypeError(f"a range is a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise RangeSyntaxError(f"the range text has {len(text):,} characters, more than {MAX_TEXT:,}",
                               text, MAX_TEXT)
    tree = _Parser(text).parse()
    is_weighted(tree, text)
    return tree


def is_weighted(node: Node, text: str) -> bool:
    """Whether ``node`` carries weights; refuses weights where the weighted-range rules forbid them."""
    if isinstance(node, (Patterns, Percent)):
        return False
    if isinstance(node, Weighted):
        if is_weighted(node.node, text):
            raise _error("this sub-range already carries weights: weight each sub-range once", text, node.column)
        return True
    if isinstance(node, AnyOf):
        flags = [is_weighted(item, text) for item in node.items]
        if any(flags) and not all(flags):
            unweighted = node.items[flags.index(False)]
            raise _error("a weighted range gives every comma-separated sub-range a weight: expected '@N' "
                         "(1-100) after this one", text, _end_column(unweighted, text))
        return all(flags)
    if isinstance(node, (Intersect, Difference)):
        if is_weighted(node.right, text):
            op = ":" if isinstance(node, Intersect) else "!"
            raise _error(f"the right side of '{op}' is a filter and takes no weights", text, node.column)
        return is_weighted(node.left, text)
    if is_weighted(node.node, text):
        raise _error("'!' takes every hand not in an unweighted sub-range; this one carries weights",
                     text, node.column)
    return False


def _end_column(node: Node, text: str) -> int:
    """Where a weight would go after ``node`` (its last column), for error carets."""
    if isinstance(node, (Patterns, Percent)):
        return node.end
    if isinstance(node, AnyOf):
        return _end_column(node.items[-1], text)
    if isinstance(node, (Intersect, Difference)):
        return _end_column(node.right, text)
    return _end_column(node.node, text)
