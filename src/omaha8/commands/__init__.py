"""Subcommands of the ``omaha8`` command line, one module each."""
