"""Tisíc (Thousand), the Moravian and Silesian game to 1000 (``rules/tisic.md``).

Three play each deal; with four the dealer sits out (§2). The modules, by
what they hold:

* ``options``: the §15 house rules with their ★ defaults;
* ``rules``: deck, rank order, card and marriage values, rounding, the trick kit;
* ``actions``: the action codes of §12;
* ``state`` / ``game``: the immutable deal and, one level up, its rule methods;
* ``deal``: seats and roles, the deal patterns of §4, the first dealer;
* ``legality``: what may be done now (``check`` and ``legal_actions``);
* ``transitions``: the auction, talon, storno, contract and play (§5-§7, §11);
* ``scoring``: a deal's outcome (§8);
* ``views``: what a seat and the table may see (§12);
* ``timeouts``: the §12 moves for a clock that ran out;
* ``match``: the match to 1000, the winner, money and beer (§9, §10);
* ``variant``: the engine contract in one object, ``TISIC``.
"""
