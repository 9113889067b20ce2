"""Wherever a time zone is picked (sign-up, profile settings, the new-game
form) the menu groups the zones by region, and where nobody has chosen one
yet it is marked for the page's script to preselect the browser's zone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts import actions as account_actions
from accounts.zone_menu import TimeZoneField, zone_groups
from games.tests.web.conftest import Personas

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "fogdip.js"


def zone_menu(html: str) -> str:
    start = html.index('<select name="time_zone"')
    return html[start : html.index("</select>", start)]


def test_it_groups_the_zones_by_region(people: Personas) -> None:
    menu = zone_menu(people.client("player").get(reverse("profile")).content.decode())
    groups = re.findall(r'<optgroup label="([^"]+)">', menu)
    assert groups[:2] == ["Europe", "America"] and "Other" not in groups
    europe = menu[menu.index('label="Europe"') : menu.index("</optgroup>")]
    assert '<option value="Europe/Paris">Paris</option>' in europe
    assert "America/" not in europe


def test_every_place_is_offered_once() -> None:
    zones = [
        zone
        for key, label in zone_groups()
        for zone in ([z for z, _ in label] if isinstance(label, tuple) else [key])
    ]
    assert len(zones) == len(set(zones)) and {"UTC", "Asia/Tokyo"} <= set(zones)


def test_a_newcomer_gets_the_browsers_zone_offered(client, db) -> None:
    menu = zone_menu(client.get(reverse("signup")).content.decode())
    assert "data-browser-zone" in menu


def test_a_chosen_zone_is_kept(people: Personas) -> None:
    account_actions.update_profile(people.player, "Asia/Tokyo")
    menu = zone_menu(people.client("player").get(reverse("profile")).content.decode())
    assert "data-browser-zone" not in menu
    assert '<option value="Asia/Tokyo" selected>Tokyo</option>' in menu


def test_an_unchosen_zone_is_offered_on_the_profile_and_new_game_form(people: Personas) -> None:
    for page in ("profile", "game_create"):
        html = people.client("player").get(reverse(page)).content.decode()
        assert "data-browser-zone" in zone_menu(html), page


def test_a_form_sent_back_keeps_what_was_picked(people: Personas) -> None:
    response = people.client("gm").post(reverse("game_create"), {"time_zone": "UTC"})
    assert response.status_code == 200
    assert "data-browser-zone" not in zone_menu(response.content.decode())


def test_the_script_reads_the_browsers_zone() -> None:
    script = SCRIPT.read_text()
    assert "Intl.DateTimeFormat().resolvedOptions().timeZone" in script
    assert "[data-browser-zone]" in script


def test_the_menu_lists_places_not_aliases_and_still_takes_any_zone():
    """Factory, localtime, Etc/GMT+1 (whose sign reads backwards) and both Kiev
    and Kyiv were offered; a zone Python knows is still accepted."""
    listed = {zone for _, group in zone_groups()[1:] for zone, _ in group}
    assert "Europe/Kyiv" in listed and "Europe/Oslo" in listed
    assert not listed & {"Europe/Kiev", "Factory", "localtime", "Etc/GMT+1", "US/Eastern"}
    field = TimeZoneField()
    assert field.clean("Europe/Kiev") == "Europe/Kiev"
    with pytest.raises(ValidationError):
        field.clean("Mars/Olympus_Mons")
