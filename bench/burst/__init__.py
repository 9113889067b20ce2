"""The deadline burst: many games due at once, run by real beat and worker processes.

bench/deadline_burst.py drives it from the command line; the operations test
runs a small one for correctness. ``seed`` makes the games, ``processes``
starts and stops beat and the worker, ``watch`` waits for the last email and
checks that every game was adjudicated once and every email sent once, and
``stages`` times each stage inside the worker processes.
"""
