"""The public JSON API (/api/v1/): the door for programs.

Built on Django Ninja (the OpenAPI schema comes from the same typed
signatures that check requests, so the schema cannot drift from the code).
Personal tokens authenticate it, never sessions, so it has no CSRF surface.
Every read goes through games.access and every write through games.actions,
exactly as the pages and email do: the API adds no road to the true board.
"""
