"""skat_core: the official rules of Skat (ISkO), as a pure-Python engine.

No UI imports live here: the app, the bots and the tests all use this package.
"""

__version__ = "0.1.0"
