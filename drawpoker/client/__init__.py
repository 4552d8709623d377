"""The hot-seat terminal client: ``drawpoker play`` and ``drawpoker replay``.

The client only renders state and turns keys into commands:

- :mod:`.session` plays commands through the engine and writes the history;
- :mod:`.controller` decides what the screen shows and what a key does;
- :mod:`.mork_view`, :mod:`.tcp_view`, :mod:`.log`, :mod:`.screens` turn
  the state into lines of styled text for a given viewer;
- :mod:`.app` is the thin prompt_toolkit layer; :mod:`.replay` and
  :mod:`.replay_app` the replay viewer;
- :mod:`.i18n` and ``locale/*.po`` give every text in English and
  Norwegian bokmål.
"""
