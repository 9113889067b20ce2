"""In-game press: messages between powers, under the game's press mode.

`models` stores them, `rules` says what each press mode allows; writes are in
games.actions.press and every read a player sees is in games.access
(conversations, on top of its reads, in `conversations`; a player's press a
page at a time, its first page by queries compiled once, in `pages`).
"""
