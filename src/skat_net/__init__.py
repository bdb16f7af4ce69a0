"""Play at one table from several machines: the table protocol, the server
that owns the matches, and the client the app uses.

Dependencies run one way: ``skat_net`` uses ``skat_core`` and never imports
``skat_tui``, ``textual`` or ``rich``; the app's remote table imports it.
"""
