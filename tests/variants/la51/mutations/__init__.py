"""Mutations of simulated games of 51: each mutator breaks exactly one rule of RULES.md.

- :mod:`.simulated` reads a simulated game (its turns, the table before and after an
  event) and builds and audits a mutated log (:class:`~.simulated.Mutation`, the
  registry ``MUTATORS``);
- :mod:`.turns` and :mod:`.melds`: the mutators, one per rule id.

The tests are ``tests/variants/la51/test_mutations.py`` (one mutation, one finding)
and ``test_cascade.py`` (calls and the missed-call cascade).
"""
