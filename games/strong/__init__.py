"""What the strong computer players of every game share.

A strong player sees only ``view(seat)``; it samples full deals consistent with
that view (``sampling``), evaluates its options on each sample (``solver`` for
open-hand trick play, Monte Carlo rollouts elsewhere) and plays the option with
the best mean. ``budget`` says how much work one decision may take. Nothing here
reads a clock or the global random: the caller passes a seeded
``random.Random`` and, if it wants a wall-clock cap, a ``stop`` callable.
"""
