"""``python -m referee.cli``: the same as the ``referee`` command."""

from referee.cli.entry import main

main()
