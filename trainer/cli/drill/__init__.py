"""cli layer: the drill commands."""
