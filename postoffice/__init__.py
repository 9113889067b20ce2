"""Email: building messages from templates, sending them once, reading them locally.

The outbox (games.models) decides *what* to send; this package turns an
outbox row's plain context into a message, hands it to the configured
transport, and classifies what went wrong.
"""
