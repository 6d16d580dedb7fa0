"""The colony phase: its steps, crisis, reveal, main objective, morale and the end."""
