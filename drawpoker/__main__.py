"""``python -m drawpoker`` runs the command-line interface."""

from drawpoker.cli.main import main

raise SystemExit(main())
