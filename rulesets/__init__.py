"""The shipped house rules, installed as ``drawpoker.rulesets``.

Each ``*.yaml`` file here is a complete, commented ruleset that players can
name on the command line (``drawpoker play morkpoker``) or ``extends:``.
"""
