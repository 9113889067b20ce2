"""Template filters for the game pages."""

from __future__ import annotations

from django import template

from adjudication.vocabulary import phase_label

register = template.Library()
register.filter("phase_label", phase_label)
