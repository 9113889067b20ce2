"""Thin function views: read through games.access, write through games.actions."""
