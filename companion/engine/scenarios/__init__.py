"""The Long Night's special scenarios (000:863-1002): Raxxon R1-R3 and Bandit Blitz B1-B3."""
