"""Development tools that read the repository (docs, tests) rather than play a game."""
