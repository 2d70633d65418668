"""cli layer: the rules, reference and lesson commands."""
