"""Draw and concession votes: the proposal, the secret ballots, the result."""
