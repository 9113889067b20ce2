"""The deadline calculator (games/deadlines.py): lengths, a clock time of day
in the game's zone, weekends skipped, across daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from games.deadlines import Clock, after_absence, next_deadline

LENGTHS = {"M": timedelta(hours=48), "R": timedelta(hours=24), "A": timedelta(hours=12)}
ZONES = ["UTC", "Europe/London", "America/New_York", "Australia/Sydney", "Asia/Kathmandu"]

moments = st.datetimes(
    min_value=datetime(2024, 1, 1), max_value=datetime(2030, 12, 31), timezones=st.just(UTC)
)
kinds = st.sampled_from(["M", "R", "A"])
zones = st.sampled_from(ZONES)
times_of_day = st.times().map(lambda t: t.replace(second=0, microsecond=0))


def clock(zone: str = "UTC", at: time | None = None, weekends: bool = False) -> Clock:
    return Clock(LENGTHS, zone=zone, time_of_day=at, skip_weekends=weekends)


@given(moments, kinds, zones, st.one_of(st.none(), times_of_day), st.booleans())
@settings(max_examples=300, deadline=None)
def test_it_never_gives_less_than_the_phase_length(now, kind, zone, at, weekends):
    deadline = next_deadline(now, kind, clock(zone, at, weekends))
    assert deadline >= now + LENGTHS[kind]
    assert deadline.tzinfo is UTC


@given(moments, kinds, zones, times_of_day)
@settings(max_examples=300, deadline=None)
def test_it_rounds_forward_to_the_next_clock_time(now, kind, zone, at):
    deadline = next_deadline(now, kind, clock(zone, at))
    local = deadline.astimezone(ZoneInfo(zone))
    skipped_by_the_clocks = local.time() != at
    if skipped_by_the_clocks:  # the time fell in a spring-forward gap: just after it
        wanted = datetime.combine(local.date(), at, tzinfo=ZoneInfo(zone))
        assert wanted.astimezone(UTC).astimezone(wanted.tzinfo).time() != at
    # the next such time: a day earlier would have been too soon
    assert deadline - timedelta(hours=25) < now + LENGTHS[kind]


@given(moments, kinds, zones, st.one_of(st.none(), times_of_day))
@settings(max_examples=300, deadline=None)
def test_it_moves_weekend_deadlines_to_monday(now, kind, zone, at):
    plain = next_deadline(now, kind, clock(zone, at))
    skipping = next_deadline(now, kind, clock(zone, at, weekends=True))
    tz = ZoneInfo(zone)
    assert skipping.astimezone(tz).weekday() < 5
    if plain.astimezone(tz).weekday() < 5:
        assert skipping == plain
    else:
        assert skipping.astimezone(tz).weekday() == 0
        assert skipping.astimezone(tz).date() - plain.astimezone(tz).date() <= timedelta(days=2)


def test_it_uses_the_length_of_each_kind():
    now = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)
    assert next_deadline(now, "M", clock()) == now + timedelta(hours=48)
    assert next_deadline(now, "R", clock()) == now + timedelta(hours=24)
    assert next_deadline(now, "A", clock()) == now + timedelta(hours=12)


def test_it_keeps_the_wall_clock_time_across_daylight_saving():
    # London moves its clocks forward on Sunday 29 March 2026: 20:00 local is
    # 20:00 UTC on the Friday and 19:00 UTC on the Monday after.
    rules = clock("Europe/London", time(20, 0))
    friday = next_deadline(datetime(2026, 3, 25, 19, 0, tzinfo=UTC), "M", rules)
    assert friday == datetime(2026, 3, 27, 20, 0, tzinfo=UTC)
    monday = next_deadline(datetime(2026, 3, 28, 19, 0, tzinfo=UTC), "M", rules)
    assert monday == datetime(2026, 3, 30, 19, 0, tzinfo=UTC)


def test_it_puts_a_time_the_clocks_skip_just_after_the_gap():
    rules = Clock({"A": timedelta(minutes=5)}, "Europe/London", time(1, 30))
    deadline = next_deadline(datetime(2026, 3, 29, 0, 0, tzinfo=UTC), "A", rules)
    assert deadline == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)  # 02:30 summer time


def test_it_skips_a_weekend_in_the_games_zone_not_in_utc():
    # Saturday 00:30 in Sydney is still Friday in UTC
    rules = Clock({"A": timedelta(hours=1)}, "Australia/Sydney", skip_weekends=True)
    deadline = next_deadline(datetime(2026, 6, 5, 13, 30, tzinfo=UTC), "A", rules)
    assert deadline == datetime(2026, 6, 7, 14, 30, tzinfo=UTC)  # Monday 00:30 in Sydney


def test_it_moves_a_deadline_past_an_absence():
    rules = clock("Europe/Paris", time(18, 0))
    deadline = after_absence(date(2026, 7, 10), "R", rules)
    # back at midnight starting the 11th, 24 hours, then 18:00 Paris (16:00 UTC)
    assert deadline == datetime(2026, 7, 12, 16, 0, tzinfo=UTC)
