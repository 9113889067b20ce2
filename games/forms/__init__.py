"""Forms: they read and check what people type; actions do the writing.

One module for each part of the site they serve: the new game and its clock,
seats, the console, press, orders, the caretaker."""
