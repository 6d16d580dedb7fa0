"""Setting up a game: the board and seats, the deals, and the modules' own setup."""
