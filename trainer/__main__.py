"""`python -m trainer` runs the same CLI as the `crib` command."""

from trainer.cli.start import run

run()
