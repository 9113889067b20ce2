import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def name_the_practice_players(apps, schema_editor):
    """Practice games started before: run by a "practice-" account of their own,
    with one seat that is not the caretaker's."""
    Game = apps.get_model("games", "Game")
    practice = Game.objects.filter(
        game_master__username__startswith="practice-", name__startswith="Practice: "
    )
    for game in practice:
        seat = game.seats.filter(caretaker__isnull=True).order_by("pk").first()
        if seat is not None:
            Game.objects.filter(pk=game.pk).update(practice_player=seat.user_id)


class Migration(migrations.Migration):
    """Practice games name the person who plays them, to bound how many one
    account runs and to let that person end one (games/actions/caretakers.py)."""

    dependencies = [
        ("games", "0018_merge_shared_sides_and_wave"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="practice_player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="practice_games",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(name_the_practice_players, migrations.RunPython.noop),
    ]
