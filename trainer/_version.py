"""The single version string (read by pyproject tools and `crib --version`)."""

__version__ = "0.1.0"
