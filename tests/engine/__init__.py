"""Tests of the shared replay engine (the table, the timeline)."""
