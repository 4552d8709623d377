"""The games: each a module of commands, events, state, decide and apply."""
