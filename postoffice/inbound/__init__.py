"""Play from the inbox: email in, read, checked, turned into actions, answered.

Two roads bring a message in, anymail's inbound webhooks (`webhooks`) and a
mail server's pipe (`manage.py receive_mail`); both hand the raw RFC 822
bytes to `handler.handle_message`. `reading` turns real mail (multipart, HTML
only, any charset or transfer encoding) into plain text with the quoted
reply stripped; `addresses` signs and checks the per-(game, power) reply
addresses; `commands` reads the text into commands and order lines;
`running` carries them out through games.actions; `answers` writes back.
`text_parts` undoes what clients do to text (format=flowed, hidden HTML,
Outlook's quoted headers in any language, out-of-office replies);
`tolerance` keeps the good lines and names the bad; `conversation` reads a
reply to press; `judge` answers LIST, HISTORY, SUMMARY and SET; `naming`
reads the game named in mail to a person's general address.
"""
