"""Volený cenzr (docs: /work/shared/rules/cenzr.md): 4 players, or 5-6 rotating.

One deal: the dealer's left calls a card from his first packet (or passes
it on); its suit is trumps and its holder the secret partner (or the caller
plays alone, samec); eight tricks with Cenzr's duties; declarations in
trick 1; the count with bela and péro; ×2 / ×3 / ×1 recorded. A labeta is
one round to 1500 per player.

``options`` (§8 keys), ``rules`` (cards, points, orders), ``actions``
(codes), ``state`` (the frozen deal), ``deal`` (seats, the cut, dealing),
``declarations`` (§3: detection and resolution), ``announcing`` (the trick-1
protocol on a deal), ``legality``, ``transitions``, ``scoring`` (§5),
``views``, ``game`` (the state with its rules), ``match`` (§6), ``variant``.
"""
