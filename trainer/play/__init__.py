"""play layer."""
