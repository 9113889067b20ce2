"""The battle's forms: they read what the game master and players type; actions write."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from adjudication.battle.templates import TEMPLATES, template
from battles.actions.end import LONGEST_RESULT
from battles.actions.press import LONGEST_MESSAGE
from battles.actions.setup import Placement, Settings
from battles.models import Press
from battles.state import MAX_SIDE
from common.durations import DurationField

CUSTOM = ""


class ConsoleForm(forms.Form):
    """A form of the console, where several sit on one page: each gets its own ids."""

    id_prefix = "console"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{self.id_prefix}_%s")
        super().__init__(*args, **kwargs)


class BattleForm(forms.Form):
    name = forms.CharField(max_length=100)
    width = forms.IntegerField(min_value=1, max_value=MAX_SIDE, initial=10)
    height = forms.IntegerField(min_value=1, max_value=MAX_SIDE, initial=10)
    sides = forms.CharField(
        initial="Red, Blue", help_text="Two or more names, separated by commas."
    )
    flanking = forms.BooleanField(required=False)
    after_combat_healing = forms.BooleanField(required=False)
    veterans = forms.BooleanField(required=False)
    sight = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_SIDE,
        label="Fog: each token sees this many squares", help_text="Leave empty for no fog.",
    )  # fmt: skip
    turn_length = DurationField(initial="24h", help_text="Each side's time for its turn.")

    def settings(self) -> Settings:
        data = self.cleaned_data
        return Settings(
            name=data["name"], width=data["width"], height=data["height"],
            sides=tuple(data["sides"].split(",")), flanking=data["flanking"],
            after_combat_healing=data["after_combat_healing"], veterans=data["veterans"],
            sight=data["sight"], turn_minutes=int(data["turn_length"].total_seconds() // 60),
        )  # fmt: skip


class TerrainForm(ConsoleForm):
    id_prefix = "terrain"
    terrain = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 5}),
        help_text="One terrain a line, then its squares: <code>trees c3 c4</code>, "
        "<code>water e5</code>, <code>hill b2</code>, <code>mountain h8</code>.",
    )  # fmt: skip


class PlayerField(forms.CharField):
    """A player named by username: typed, never a menu of every account on the
    site (the console suggests the game master's own players in a datalist)."""

    def __init__(self, **kwargs: Any) -> None:
        attrs = {"list": "known-players", "autocomplete": "off"}
        kwargs.setdefault("widget", forms.TextInput(attrs=attrs))
        super().__init__(required=False, max_length=150, label="Player's username", **kwargs)

    def clean(self, value: Any) -> Any:
        name = str(super().clean(value) or "").strip()
        if not name:
            return None
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(f'There is no user called "{name}".')
        return user


class TokenForm(ConsoleForm):
    id_prefix = "token"
    template = forms.ChoiceField(
        required=False,
        choices=[(CUSTOM, "By hand (the stats below)")] + [(t.name, t.name) for t in TEMPLATES],
        help_text="A template fills ATT, DEF, SPD, HP and powers.",
    )
    name = forms.CharField(max_length=40, help_text="One word, e.g. Knight-1.")
    side = forms.ChoiceField()
    at = forms.CharField(max_length=6, label="Square", help_text="e.g. c3")
    att = forms.IntegerField(min_value=0, max_value=20, required=False, label="ATT")
    defence = forms.IntegerField(min_value=0, max_value=20, required=False, label="DEF")
    spd = forms.IntegerField(min_value=0, max_value=20, required=False, label="SPD")
    hp = forms.IntegerField(min_value=1, max_value=50, required=False, label="HP")
    range = forms.IntegerField(min_value=0, max_value=20, required=False, label="RANGE")
    heal = forms.BooleanField(required=False, label="HEAL")
    character = forms.CharField(max_length=60, required=False, help_text="Paired character.")
    character_att = forms.IntegerField(
        required=False, initial=0, min_value=-20, max_value=20, label="Character ATT bonus"
    )
    character_def = forms.IntegerField(
        required=False, initial=0, min_value=-20, max_value=20, label="Character DEF bonus"
    )
    player = PlayerField()

    def __init__(self, *args: Any, sides: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        side_field = self.fields["side"]
        assert isinstance(side_field, forms.ChoiceField)
        side_field.choices = [(s, s) for s in sides]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("template"):
            chosen = template(data["template"])
            data.update(
                att=chosen.att, defence=chosen.defence, spd=chosen.spd, hp=chosen.hp,
                range=chosen.powers.range, heal=chosen.powers.heal,
            )  # fmt: skip
        for stat in ("att", "defence", "spd", "hp"):
            if data.get(stat) is None:
                self.add_error(stat, "Needed unless a template is chosen.")
        return data

    def placement(self) -> Placement:
        data = self.cleaned_data
        return Placement(
            name=data["name"], side=data["side"], at=data["at"], att=data["att"],
            defence=data["defence"], spd=data["spd"], hp=data["hp"], range=data["range"] or 0,
            heal=data["heal"], character=data["character"],
            character_att=data["character_att"] or 0, character_def=data["character_def"] or 0,
            player=data["player"],
        )  # fmt: skip


class SidePlayerForm(ConsoleForm):
    id_prefix = "side"
    side = forms.ChoiceField()
    player = PlayerField()

    def __init__(self, *args: Any, sides: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        side_field = self.fields["side"]
        assert isinstance(side_field, forms.ChoiceField)
        side_field.choices = [(s, s) for s in sides]


class TokenPlayerForm(ConsoleForm):
    """Who controls one token (and so plays its side): a character's player, say."""

    id_prefix = "control"
    token = forms.ChoiceField()
    player = PlayerField()

    def __init__(self, *args: Any, tokens: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        token_field = self.fields["token"]
        assert isinstance(token_field, forms.ChoiceField)
        token_field.choices = [(t, t) for t in tokens]


class ExtendForm(ConsoleForm):
    id_prefix = "extend"
    by = DurationField(initial="12h")


class OverrideForm(ConsoleForm):
    id_prefix = "override"
    number = forms.IntegerField(min_value=0, max_value=1_000_000, label="Roll number")
    face = forms.IntegerField(min_value=1, max_value=6)


class EndBattleForm(ConsoleForm):
    """The game master ends the battle with a stated result (ruling B28)."""

    id_prefix = "end"
    winner = forms.ChoiceField(required=False, label="Winner")
    result = forms.CharField(
        max_length=LONGEST_RESULT,
        label="Result",
        help_text="Sent to every side, e.g. Blue withdrew at dusk.",
    )
    confirm = forms.BooleanField(
        label="Yes, end the battle now",
        error_messages={
            "required": "Tick the box to confirm that the battle ends: it cannot be undone."
        },
    )

    def __init__(self, *args: Any, sides: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        winner = self.fields["winner"]
        assert isinstance(winner, forms.ChoiceField)
        winner.choices = [("", "nobody"), *((s, s) for s in sides)]


class EditTokenForm(ConsoleForm):
    id_prefix = "edit"
    name = forms.CharField(max_length=40, label="Token")
    at = forms.CharField(max_length=6, label="Square")
    hp = forms.IntegerField(min_value=1, max_value=50, label="HP")


class ActivationForm(forms.Form):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        label="Your activation",
        help_text="One token a line, in the order they act: <code>Knight-1 move c3 d3</code>, "
        "<code>Knight-1 attack Orc-2</code>, <code>Knight-1 charge c3 d3 Orc-2</code>, "
        "<code>Archers-1 shoot Orc-3</code>, <code>Cleric heal Knight-1</code>, "
        "<code>Scout-2 hold</code>.",
    )


class PressForm(ConsoleForm):
    """The battle's press rule (battles/actions/press.py)."""

    id_prefix = "press"
    press = forms.ChoiceField(choices=Press.choices, label="Messages")


class MessageForm(ConsoleForm):
    """A message within the battle, to one of those the sender may write to."""

    id_prefix = "message"
    to = forms.ChoiceField(required=False)  # "": the game master
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=LONGEST_MESSAGE)

    def __init__(self, *args: Any, recipients: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        to = self.fields["to"]
        assert isinstance(to, forms.ChoiceField)
        to.choices = [(r, r or "the game master") for r in recipients]
