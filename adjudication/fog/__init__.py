"""Fog of war: what each power may know, under five rule sets.

Public API (see docs/fog.md):

* :func:`get_preset` -- a rule set by name (``standard``, ``dc2005``,
  ``reynolds1989``, ``diplomyopia``, ``saari1898``);
* :func:`initial_records` -- every power's knowledge record before play;
* :func:`play_phase` -- adjudicate a phase and give every power its record;
* :func:`adjudication.fog.cli.main` -- ``python -m adjudication fog``.

Standard library only; the same input always gives the same bytes.
"""

from __future__ import annotations

from adjudication.fog.dc2005 import Dc2005
from adjudication.fog.diplomyopia import Diplomyopia
from adjudication.fog.play import PlayedPhase, initial_records, observer_record, play_phase
from adjudication.fog.preset import PhaseRules, Preset
from adjudication.fog.reynolds1989 import Reynolds1989
from adjudication.fog.saari1898 import Saari1898
from adjudication.fog.standard import Standard

PRESETS: dict[str, type[Preset]] = {
    "standard": Standard,
    "dc2005": Dc2005,
    "reynolds1989": Reynolds1989,
    "diplomyopia": Diplomyopia,
    "saari1898": Saari1898,
}
#: The one rule set that hides nothing; every other one is a fog rule set.
FULL_INFORMATION = "standard"
FOG_PRESETS = tuple(name for name in PRESETS if name != FULL_INFORMATION)


def get_preset(name: str) -> Preset:
    """The rule set called ``name``; ValueError names an unknown one."""
    try:
        return PRESETS[name.strip().lower()]()
    except KeyError:
        known = ", ".join(PRESETS)
        raise ValueError(f'unknown rules "{name}": choose one of {known}') from None


__all__ = [
    "FOG_PRESETS",
    "FULL_INFORMATION",
    "PRESETS",
    "PhaseRules",
    "PlayedPhase",
    "Preset",
    "get_preset",
    "initial_records",
    "observer_record",
    "play_phase",
]
