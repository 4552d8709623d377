"""Three Card Poker: each player against the dealer."""
