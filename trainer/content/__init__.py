"""Content layer: turns YAML rulesets and Markdown lessons into engine objects."""
