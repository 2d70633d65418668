"""club layer."""
