"""The error every action raises for a request the rules do not allow."""


class ActionError(ValueError):
    """A request the rules do not allow; the message is shown to the user."""
