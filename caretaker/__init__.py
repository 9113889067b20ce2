"""The caretaker: plays an empty seat from that power's own knowledge record.

A caretaker reads exactly what a player in the seat would read (the power's
knowledge records, the phase to order and the rule set) and writes orders
for that power only.  It imports nothing from the web application: the
policy (``caretaker.policy``) is pure and works on the record's JSON and
the engine's map data, and ``caretaker.client`` talks to any FogDip server
over its JSON API.  So it cannot know more than the player it stands in for.
Its ballot on a draw or concession (``caretaker.ballots``) reads only the
proposal's kind: yes to a draw, no to a concession.

    from caretaker.policy import plan
    plan(record_json, "F1903M").orders    # ["A Mun - Ruh", "F Kie H", ...]
    plan(record_json, "F1903M", earlier=[older_record, ...])   # with its memory
"""
