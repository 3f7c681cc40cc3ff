"""Card values: the evaluator kernel and its tables, evaluation, values and their names, starting hands.

``_core.pyx`` (with ``_core.pxd``, the cimport surface every kernel reads the
tables through, and ``_core_tables.pxi``, which builds them) scores hands in
nogil loops; ``_evaluate`` checks cards and calls it (``evaluate``,
``evaluate_batch``); ``_values`` names the values; ``_starting_hands`` sorts
starting hands into classes up to suit; ``_reference`` is the slow,
plain-Python twin the kernels are tested against. The public names are
omaha8's own:

>>> import omaha8
>>> omaha8.evaluate("As 3s Qc Jd", "Ah Kh 7c 4d 2s").high_description
'One pair, aces'
"""
