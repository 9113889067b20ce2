"""Play from the inbox: email in, read, checked, turned into actions, answered.

Two roads bring a message in, anymail's inbound webhooks (`webhooks`) and a
mail server's pipe (`manage.py receive_mail`); both hand the raw RFC 822
bytes to `handler.handle_message`. `reading` turns real mail (multipart, HTML
only, any charset or transfer encoding) into plain text with the quoted
reply stripped; `addresses` signs reply addresses and reads their tokens
back; the handler asks the reply road a game registered for that token's
shape (postoffice.registry) whom it names, and hands an accepted message to
it (games.replies, battles.replies). `commands` reads the text into commands
and order lines; `text_parts` undoes what clients do to text (format=flowed,
hidden HTML, Outlook's quoted headers in any language, out-of-office
replies); `tolerance` keeps the good lines and names the bad; `answering`
refuses politely what cannot be trusted.
"""
