"""Rule families: each module judges one family and only records findings.

- :mod:`.turns`    out-of-turn, early-draw, play-before-draw, extra-draw
- :mod:`.melding`  meld shapes, the bajada, taking the discard, meld-after-layoff
- :mod:`.layoffs`  layoff-before-down, layoff-same-turn, layoff-mismatch
- :mod:`.discards` discard-pegue, no-final-discard
"""
