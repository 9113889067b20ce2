"""A grid battle's email: what each event queues, and each side's mail from its own record.

`notify` queues the rows (called by the battle's actions, inside their
transaction), `content` builds each row's message from the receiving side's
record (through `battles.access`), `text` writes a record as plain
lines, `reminders` is the sweep's reminder to a side whose turn is due. The
sending itself is the site's, `postoffice`.
"""
