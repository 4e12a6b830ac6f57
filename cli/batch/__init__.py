"""Auditing many files, one module per job.

- :mod:`.inputs`      paths and folders to files, reading a file or standard input
- :mod:`.spool`       a file's report text, in memory or spilled to a temporary file
- :mod:`.results`     what a file's audit brings back (:class:`~.results.FileAudit`)
- :mod:`.worker`      the worker: audit one file, writing its report as it goes
- :mod:`.pool`        the files in order, in this process or in a process pool
- :mod:`.fingerprint` games that repeat an earlier game
- :mod:`.summary`     one row per file, worst first; the batch's exit status
- :mod:`.csv`         the per-game CSV
- :mod:`.standings`   per-player figures across games (``referee standings``)
"""
