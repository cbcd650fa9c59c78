"""Křížový mariáš (marias.md §3.2): four players, 4 + 4 cards, a called secret partner.

A thin layer on the Mariáš family core (``games.marias``: the components, the
played records, the rank orders) and the trick kit; not registered yet
(``games.registry``): the lead registers it.
"""
