"""FogDip's map of Europe, drawn for one power from its knowledge record."""
