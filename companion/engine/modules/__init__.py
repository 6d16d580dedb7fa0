"""The Long Night's modules, one folder each: its rules, its legal actions and its sentences."""
