"""cli layer: the play, replay and saved-game commands."""
