"""Licitovaný mariáš (marias.md §3.3): three players bid for the talon.

A thin variant on the Mariáš family core (``games.marias.form``,
``games.marias.played``, ``games.marias.components``): its own auction
(``auction``), its twelve levels with their prices (``levels``, §3.3.2 /
§4.3) and its payment (``scoring``); dealing, trick duties, marriages and
the evaluation of each component are the core's.
"""
