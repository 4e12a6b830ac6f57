"""``python -m cli``: the same as the ``referee`` command."""

from cli.entry import main

main()
