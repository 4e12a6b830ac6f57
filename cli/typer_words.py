"""typer's own screens (help pages, usage errors) in the command line's language.

typer draws the help and the usage errors with words of its own ("Options",
"Usage:", "Missing argument..."). :func:`command_classes` gives the command and group
classes the app is built with: they write those words in the language of the
catalog (:mod:`referee.i18n.cli`, keys ``cli.typer.*`` and ``cli.click.*``), show no
``<bool>`` placeholder after a flag, and translate click's usage errors.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import Any

from typer.core import TyperCommand, TyperGroup

from referee.messages import render

# typer.rich_utils constants -> catalog keys
_RICH_WORDS = {
    "ARGUMENTS_PANEL_TITLE": "cli.typer.arguments",
    "OPTIONS_PANEL_TITLE": "cli.typer.options",
    "COMMANDS_PANEL_TITLE": "cli.typer.commands",
    "ERRORS_PANEL_TITLE": "cli.typer.error",
    "ABORTED_TEXT": "cli.typer.aborted",
    "RICH_HELP": "cli.typer.try_help",
    "REQUIRED_LONG_STRING": "cli.typer.required",
    "DEFAULT_STRING": "cli.typer.default",
}
# options typer adds itself -> catalog keys of their help
_OPTION_HELP = {
    "--install-completion": "cli.typer.install_completion",
    "--show-completion": "cli.typer.show_completion",
}


def template(key: str, lang: str) -> str:
    """A catalog text as it is, unformatted (typer fills in its own ``{}`` fields)."""
    from referee.messages import core_catalog

    entry = core_catalog()[key]
    return entry.get(lang) or entry["en"]


@contextlib.contextmanager
def typer_words(lang: str) -> Iterator[None]:
    """typer's words in ``lang`` while the command line is read and its help drawn."""
    try:
        from typer import rich_utils
    except ImportError:  # typer without rich: its plain help stays English
        yield
        return
    saved = {name: getattr(rich_utils, name) for name in _RICH_WORDS
             if hasattr(rich_utils, name)}
    for name in saved:
        setattr(rich_utils, name, template(_RICH_WORDS[name], lang))
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(rich_utils, name, value)


_N = r"(?P<name>'[^']*'(?: / '[^']*')*|\S+)"
_ERRORS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"No such option: " + _N + r"(?P<rest>.*)"), "cli.click.no_such_option"),
    (re.compile(r"No such command (?P<name>.+)\."), "cli.click.no_such_command"),
    (re.compile(r"Missing command\."), "cli.click.missing_command"),
    (re.compile(r"Missing (?P<what>argument|option|parameter) (?P<name>.+)\."),
     "cli.click.missing"),
    (re.compile(r"Option " + _N + r" requires (?P<what>.+)"), "cli.click.requires_value"),
    (re.compile(r"Option " + _N + r" does not take a value\."), "cli.click.takes_no_value"),
    (re.compile(r"Invalid value for " + _N + r": (?P<reason>.+)", re.S),
     "cli.click.invalid_value"),
    (re.compile(r"Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)"),
     "cli.click.extra_arguments"),
]
_REASONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?:Value )?(?P<value>.+?) is not a valid (?:integer|int)\."),
     "cli.click.not_a_number"),
    (re.compile(r"(?P<value>.+?) is not in the range (?P<range>.+?)\."),
     "cli.click.out_of_range"),
    # typer's pydantic conversions
    (re.compile(r"Input should be a valid integer.*"), "cli.click.integer_expected"),
    (re.compile(r"Input should be greater than or equal to (?P<min>\S+)"), "cli.click.at_least"),
    (re.compile(r"Input should be less than or equal to (?P<max>\S+)"), "cli.click.at_most"),
]
_SUGGESTION = re.compile(r"\s*(?:Did you mean (?P<a>.+?)\?|\(Possible options: (?P<b>.+)\))\s*$")


def translate_error(message: str, lang: str) -> str:
    """A click usage error in ``lang`` (unchanged in English, or when not recognised)."""
    if lang == "en":
        return message
    for pattern, key in _ERRORS:
        match = pattern.fullmatch(message.strip())
        if match is None:
            continue
        params = match.groupdict()
        if "what" in params and key == "cli.click.missing":
            params["what"] = render(f"cli.click.missing.{params['what']}", None, lang)
        if "reason" in params:
            params["reason"] = _reason(params["reason"], lang)
        text = render(key, params, lang)
        rest = _SUGGESTION.match(params.get("rest") or "")
        if rest is not None:
            names = rest.group("a") or rest.group("b")
            text += " " + render("cli.click.did_you_mean", {"names": names}, lang)
        return text
    return message


def _reason(reason: str, lang: str) -> str:
    for pattern, key in _REASONS:
        match = pattern.fullmatch(reason.strip())
        if match is not None:
            return render(key, match.groupdict(), lang)
    return reason


def _translate_in_place(exc: Exception, lang: str) -> None:
    format_message: Callable[[], str] | None = getattr(exc, "format_message", None)
    if format_message is None or lang == "en":
        return
    text = translate_error(format_message(), lang)
    exc.format_message = lambda: text  # type: ignore[attr-defined]


def _no_type(ctx: Any) -> None:
    return None


class _Words:
    """What the command and the group share: the language, flags, help option, usage."""

    lang = "en"

    def _fix_params(self, params: list[Any]) -> list[Any]:
        for param in params:
            if getattr(param, "is_flag", False) and not getattr(param, "count", False):
                param.metavar = ""  # no "<bool>" after a flag
            if getattr(param, "param_type_name", "") == "argument":
                param.display_type_rich = _no_type  # its name says it all, no "<list[str]>"
            for opt in getattr(param, "opts", ()):
                if opt in _OPTION_HELP:
                    param.help = render(_OPTION_HELP[opt], None, self.lang)
        return params

    def _usage(self, usage: str) -> str:
        english = "Usage:"
        if usage.lstrip().startswith(english):
            head, _, tail = usage.partition(english)
            return head + render("cli.typer.usage", None, self.lang) + tail
        return usage


class _Screens(_Words):
    """The click methods both the command and the group override, for their words.

    Mixed in before typer's class, whose methods ``super()`` reaches."""

    def get_params(self, ctx: Any) -> list[Any]:
        return self._fix_params(super().get_params(ctx))  # type: ignore[misc]

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = render("cli.typer.help", None, self.lang)
            option.metavar = ""
        return option

    def get_usage(self, ctx: Any) -> str:
        return self._usage(super().get_usage(ctx))  # type: ignore[misc]

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)  # type: ignore[misc]
        except Exception as exc:
            _translate_in_place(exc, self.lang)
            raise


class RefereeCommand(_Screens, TyperCommand):
    pass


class RefereeGroup(_Screens, TyperGroup):

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except Exception as exc:
            _translate_in_place(exc, self.lang)
            raise

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:  # "Missing command." (a command's own are translated)
            _translate_in_place(exc, self.lang)
            raise

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with typer_words(self.lang):
            return super().main(*args, **kwargs)


def command_classes(lang: str) -> tuple[type[RefereeCommand], type[RefereeGroup]]:
    """The command and group classes of an app whose screens speak ``lang``."""
    command = type(f"RefereeCommand_{lang}", (RefereeCommand,), {"lang": lang})
    group = type(f"RefereeGroup_{lang}", (RefereeGroup,), {"lang": lang})
    return command, group
