"""The post office: mail in and out, for any game.

The games decide *what* to send, by writing outbox rows in the transaction of
the event (postoffice.posting); the post office turns each row into a message
through the game that owns it (postoffice.registry), sends it once, and
classifies what went wrong. Mail coming in takes the road in `inbound`.
"""
