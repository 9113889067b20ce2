"""FogDip's rules engine: plain data in, plain data out, standard library only.

See docs/engine.md for the public API.
"""
