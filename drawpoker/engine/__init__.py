"""The event-sourced engine shared by both games: events and their JSON
form, pots and odd chips, shuffling."""
