"""Build-time geometry for the standard map (``python -m maps.build``).

Reads Natural Earth country outlines with pyshp and shapely, splits them into
the board's provinces from a table of seed points, and writes
``maps/data/standard.json``. Nothing here is imported at run time.
"""
