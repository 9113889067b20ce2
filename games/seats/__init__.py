"""Open seats: a power whose player has gone, waiting for a newcomer."""
