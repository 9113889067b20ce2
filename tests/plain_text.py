"""Reading plain-text email as a person reads it: lines kept to 72 columns
(common/columns.py) are broken at spaces, so a sentence is searched for with
its spaces and line breaks counted alike."""

from __future__ import annotations


def unwrapped(text: str) -> str:
    """``text`` with every run of spaces and line breaks made one space."""
    return " ".join(text.split())


def says(text: str, wanted: str) -> bool:
    """Whether ``text`` says ``wanted``, however its lines were broken."""
    return unwrapped(wanted) in unwrapped(text)
