"""Mariáš ve dvou (marias.md §3.4): two players, a 16-card stock, 16 tricks.

A thin variant on the Mariáš family core (``games.marias.form``,
``games.marias.played``, ``games.marias.components``) and the trick kit
(``games.tricks``): its own deal with the stock drawn after every trick
(``deal``, ``transitions``), the three rule sets A, B and C (``options``:
``dvou_variant``), its announcements and fleks by the announcer's opponent
(``legality``) and its payment between the two players (``scoring``, §3.4.4).
"""
