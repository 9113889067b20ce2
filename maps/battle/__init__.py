"""Battle pictures: one side's view of a grid battle, drawn from its record alone."""
