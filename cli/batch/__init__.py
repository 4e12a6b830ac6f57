"""Auditing many files, one module per job.

- :mod:`.inputs`      paths and folders to files, reading a file or standard input
- :mod:`.spool`       a file's report text, in memory or spilled to a temporary file
- :mod:`.results`     what a file's audit brings back (:class:`~.results.FileAudit`)
- :mod:`.worker`      the worker: audit one file, writing its report as it goes
- :mod:`.pool`        the files in order, in this process or in a process pool,
                      freed memory handed back after each file
- :mod:`.fingerprint` games that repeat an earlier game
- :mod:`.ledger`      per-file counts, duplicates (on disk) and CSV rows as files stream by
- :mod:`.summary`     one row per file, worst first; the batch's exit status
- :mod:`.csv`         the per-game CSV
- :mod:`.standings`   per-player figures across games (``referee standings``)
- :mod:`.parts`       a big file cut into parts between games
- :mod:`.partaudit`   one part audited, and the parts put back together
- :mod:`.rows`        a file's game rows kept on disk
- :mod:`.netting`     a cut file's night, its parts' payments netted again (on disk)
- :mod:`.scratch`     the scratch SQLite file the ledger and the netting spill into
- :mod:`.cluster`     the batch on a Dask cluster (``--dask``)
"""
