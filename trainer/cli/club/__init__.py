"""cli layer: the club-night commands."""
