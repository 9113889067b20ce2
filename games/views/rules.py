"""The rules pages: how FogDip plays each preset, in players' words.

The text is docs/rules/<preset>.md, the same file the repository shows, so
the rules players read and the rules the engine documents never drift apart.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from games.models import Preset

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


#: The page of the rules every fog game shares (docs/rules/general.md).
GENERAL = "general"
#: The grid battle game's page (docs/rules/battle.md): not a Diplomacy preset.
BATTLE = "battle"
# A link between the pages, as written in the repository: "general.md".
PAGE_LINK = re.compile(r'href="([a-z0-9]+)\.md"')


@lru_cache(maxsize=16)
def rules_html(page: str) -> SafeString:
    """Our own Markdown, rendered once per process; it changes only with a release.

    Links between the pages ("general.md") become links between the site's
    pages, so the same files read right in the repository and on the site.
    """
    text = (RULES_DIR / f"{page}.md").read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "sane_lists"])
    html = PAGE_LINK.sub(_site_link, html)
    # The Markdown files are ours, in the repository: trusted, so marked safe.
    return mark_safe(html)


def _site_link(match: re.Match[str]) -> str:
    page = match.group(1)
    if page == GENERAL:
        return f'href="{reverse("rules_general")}"'
    if page == BATTLE:
        return f'href="{reverse("rules_battle")}"'
    if page in Preset.values:
        return f'href="{reverse("rules_preset", args=[page])}"'
    return match.group(0)


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"presets": Preset.choices})


def general(request: HttpRequest) -> HttpResponse:
    """What every fog game shares: phases held, retreats, others' illegal orders."""
    context = {"label": "What every fog game shares", "html": rules_html(GENERAL)}
    return render(request, "rules/preset.html", context)


def battle(request: HttpRequest) -> HttpResponse:
    """FOG OF WAR - BASIC, the grid battle game: its rules, rulings, dice and notation."""
    context = {"label": "FOG OF WAR - BASIC: grid battles", "html": rules_html(BATTLE)}
    return render(request, "rules/preset.html", context)


def preset(request: HttpRequest, preset: str) -> HttpResponse:
    if preset not in Preset.values:
        raise Http404("No such rule set")
    context = {"preset": preset, "label": Preset(preset).label, "html": rules_html(preset)}
    return render(request, "rules/preset.html", context)
