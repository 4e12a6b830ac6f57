"""Mutation tests for Rummy argentino (tests/sim/test_argentino_mutations.py): the
tools (:mod:`.cards`, :mod:`.records`) and the mutators, one module per family of
rules (:mod:`.melds`, :mod:`.turns`, :mod:`.going_out`, :mod:`.logs`)."""
