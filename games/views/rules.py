"""The rules pages: how FogDip plays each preset, in players' words.

The text is docs/rules/<preset>.md, the same file the repository shows, so
the rules players read and the rules the engine documents never drift apart.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import SafeString, mark_safe

from games.models import Preset

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


@lru_cache(maxsize=16)
def rules_html(preset: str) -> SafeString:
    """Our own Markdown, rendered once per process; it changes only with a release."""
    text = (RULES_DIR / f"{preset}.md").read_text(encoding="utf-8")
    # The Markdown files are ours, in the repository: trusted, so marked safe.
    return mark_safe(markdown.markdown(text, extensions=["tables", "sane_lists"]))


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"presets": Preset.choices})


def preset(request: HttpRequest, preset: str) -> HttpResponse:
    if preset not in Preset.values:
        raise Http404("No such rule set")
    context = {"preset": preset, "label": Preset(preset).label, "html": rules_html(preset)}
    return render(request, "rules/preset.html", context)
