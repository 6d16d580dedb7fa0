"""The Improvements module (000:708-719): improvements and their advancement tokens."""
