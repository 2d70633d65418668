"""The club-night web server behind `crib club serve`: an edge beside the CLI.

Students answer from phone browsers, the projector shows the room, the teacher paces the night.
Everything that decides a score stays here on the teacher's machine: questions go out without
answers, answers are graded by the engine on arrival and timed by this server's clock. Only
`crib club serve` imports this package, so the web stack never slows the other commands down.
"""
