"""The time zone menu is written out directly (games.forms.TimeZoneSelect),
for speed: the same bytes as Django's own menu drawn by the site's form
renderer, whatever is chosen and whatever attributes the page gives it."""

from __future__ import annotations

from typing import cast

import pytest
from django import forms

from accounts.zone_menu import TimeZoneField, TimeZoneSelect, time_zone_choices, zone_groups

ATTRIBUTES = [
    None,
    {"id": "id_time_zone", "required": True},
    {"id": "id_time_zone", "aria-describedby": "id_time_zone_helptext", "disabled": False},
    {"class": 'a "quoted" <class>'},
]


@pytest.mark.parametrize("value", ["", "UTC", "Europe/Paris", "Not/A_Zone", None])
@pytest.mark.parametrize("attrs", ATTRIBUTES)
def test_it_draws_the_bytes_djangos_menu_draws(value, attrs) -> None:
    django = forms.Select(choices=time_zone_choices()).render("time_zone", value, attrs)
    ours = TimeZoneSelect(choices=time_zone_choices()).render("time_zone", value, attrs)
    assert ours == django


def test_it_marks_the_chosen_zone_only() -> None:
    drawn = TimeZoneSelect(choices=time_zone_choices()).render("time_zone", "Europe/Paris")
    assert drawn.count(" selected") == 1
    assert '<option value="Europe/Paris" selected>Europe/Paris</option>' in drawn


@pytest.mark.parametrize("value", ["", "UTC", "Europe/Paris", "America/Argentina/Buenos_Aires"])
@pytest.mark.parametrize("attrs", ATTRIBUTES)
def test_it_draws_the_regions_as_djangos_menu_draws_groups(value, attrs) -> None:
    django = forms.Select(choices=zone_groups()).render("time_zone", value, attrs)
    ours = TimeZoneSelect(choices=zone_groups()).render("time_zone", value, attrs)
    assert ours == django


@pytest.mark.parametrize("value", ["", "UTC", "Europe/Paris", "Not/A_Zone", None])
@pytest.mark.parametrize("attrs", ATTRIBUTES)
def test_the_fields_menu_kept_between_pages_is_djangos_menu(value, attrs) -> None:
    """The field's options are kept by what is chosen (zone_menu_options): drawn
    twice, for any choice, they are still Django's."""
    django = forms.Select(choices=zone_groups()).render("time_zone", value, attrs)
    for _ in range(2):
        menu = cast(TimeZoneSelect, TimeZoneField().widget)  # an instance once the field is made
        assert menu.render("time_zone", value, attrs) == django
