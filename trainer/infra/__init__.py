"""infra layer: small standard-library parts every layer may use (the process pool for --jobs, the
lazy .mo catalogue reader), kept apart because they are plumbing, not cribbage."""
