"""Create the demo accounts and the demo game: a game master and seven players.

Run by `make run`. It is safe to run again: existing demo accounts get fresh
passwords (printed below), and the demo game is created only once.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from accounts import actions as account_actions
from accounts.models import Profile
from battles.demo import create_demo_battle
from common.links import absolute_url
from games.demo import create_demo_game
from postoffice.actions import confirm_address

GAME_MASTER = "gm"
PLAYERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


def demo_password() -> str:
    return secrets.token_urlsafe(6)


def ensure_user(username: str, password: str) -> Any:
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(
        username=username, defaults={"email": f"{username}@demo.fogdip.invalid"}
    )
    user.set_password(password)
    user.save()
    if not Profile.objects.filter(user=user).exists():
        account_actions.update_profile(user, "Europe/London")
    # The demo's addresses are confirmed, so its mail shows in the dev mailbox.
    confirm_address(user, user.email)
    return user


class Command(BaseCommand):
    help = "Create or refresh the demo accounts and the demo game, printing the passwords."

    def handle(self, *args: Any, **options: Any) -> None:
        credentials = {name: demo_password() for name in [GAME_MASTER, *PLAYERS]}
        users = {name: ensure_user(name, password) for name, password in credentials.items()}
        where = absolute_url("/")
        self.stdout.write(self.style.SUCCESS(f"Demo accounts (sign in at {where}):"))
        for name, password in credentials.items():
            role = "game master" if name == GAME_MASTER else "player"
            self.stdout.write(f"  {name:<8} password {password:<10} ({role})")
        game = create_demo_game(users[GAME_MASTER], [users[name] for name in PLAYERS])
        url = absolute_url(game.get_absolute_url())
        self.stdout.write(self.style.SUCCESS(f"Demo game: {game.name} at {url}"))
        red, green = users[PLAYERS[0]], users[PLAYERS[1]]
        battle = create_demo_battle(users[GAME_MASTER], red, green)
        url = absolute_url(battle.get_absolute_url())
        self.stdout.write(self.style.SUCCESS(f"Demo battle: {battle.name} at {url}"))
