"""Fuzzing the referee: logs built from the notation's grammar and the simulator, mutated
byte by byte, and the invariants every input must keep (docs/testing.md).

- :mod:`.corpus`  seed logs: simulated games of both games, the sample logs, and logs
  built at random from the grammar's statements
- :mod:`.mutate`  mutations of a log's bytes (flips, cuts, splices, long numbers,
  Unicode digits and confusables, line ends, NUL, bad UTF-8)
- :mod:`.check`   one input through the functions the CLI uses, and its invariants

``bench/fuzz.py`` runs the same generator and checks on a million inputs.
"""
