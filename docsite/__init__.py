"""The documentation site's generated pages (mkdocs.yml's ``hooks: docsite/hooks.py``).

Each page is made at build time from the referee's own objects, so the site cannot
drift from the code:

- :mod:`docsite.rules`    one page per game with an anchor per rule id, and the knobs
  page, from ``referee rules --json``'s catalog (:func:`referee.report.catalog.rules_catalog`)
  and the example logs of docs/examples/rules/ (:mod:`docsite.examples`);
- :mod:`docsite.cli`      the CLI reference, from the typer app (:mod:`referee.cli.app`);
- :mod:`docsite.http`     the HTTP API reference, from the FastAPI app's OpenAPI schema;
- :mod:`docsite.hooks`    the mkdocs hooks that add those pages to the build.
"""
