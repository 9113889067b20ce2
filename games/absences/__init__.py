"""Players' declared absences, which move a deadline that falls inside them."""
