"""``python -m cli``: the same as the ``referee`` command."""

from cli.main import main

main()
