"""The hot-seat terminal client: ``drawpoker play`` and ``drawpoker replay``.

The client only renders state and turns keys into commands:

- :mod:`.session` plays commands through the engine and writes the history;
- :mod:`.controller` decides what the screen shows and what a key does;
  :mod:`.app` is the thin prompt_toolkit layer; :mod:`.screens`,
  :mod:`.table`, :mod:`.log`, :mod:`.chart` and :mod:`.help` build the
  screens both games share;
- :mod:`.draw` and :mod:`.three_card` hold each game's table screens;
- :mod:`.replay` is the replay viewer;
- :mod:`.words` holds text and translation: styled lines, the look,
  hands and refusals in words, and ``locale/*.po`` for Norwegian bokmål.
"""
