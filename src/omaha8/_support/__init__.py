"""What every concern of omaha8 shares; nothing here is public.

``_args``
    The checks of ints, bools, seeds, thread counts and chunk sizes, and
    :func:`~omaha8._support._args.brief`, the short quote of a bad value.
``_threads``
    ``n_threads`` resolved once into the plain thread count a kernel gets.
``_progress``
    The one progress line of every long run.
``_docs``
    The numpydoc paragraphs several public functions share, and
    :func:`~omaha8._support._docs.fill_doc`, which writes them into a docstring.
``_bits.pxd``, ``_random.pxd``
    Cython helpers that kernels ``cimport``: popcount, and the counter-based
    random stream keyed by (seed, chunk).
"""
