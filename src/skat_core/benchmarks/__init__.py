"""Benchmarks behind ``skat bench``: they print figures and assert nothing.

- :mod:`.engine`: random legal deals through the public game API
  (``skat bench engine``); its random player also drives the property tests.
- :mod:`.solver`: the double-dummy solver on the solved reference deals
  (``skat bench solver``).
- :mod:`.bots`: two bot levels against each other on the same deals
  (``skat bench bots``).
- :mod:`.cardplay`: each level's card-play loss per decision against the
  open-card best card (``skat bench cards``).
- :mod:`.ramsch`: the bots' Ramsch play against random play on the same deals
  (``skat bench ramsch``).
- :mod:`.house`: bidding for the house rules against tournament bidding on the
  same deals (``skat bench house``).

Shared by them: :mod:`.duplicate`, the duplicate match that ``bots`` and
``house`` play (every deal in every seating, in worker processes, and the
two sides' scores per deal), and :mod:`.figures`, a mean with its 95%
confidence interval and a quantile.

Speed figures live here, never in timed tests.
"""
