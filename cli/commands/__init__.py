"""The commands, one module each, none importing typer: each run function takes the
command's parameters by keyword (as :mod:`referee.cli.options` declares them) and
returns the exit status, or raises :class:`referee.cli.common.CliExit`."""
