"""cli layer: the advice commands."""
