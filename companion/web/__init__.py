"""Flask blueprints by audience: table screen, phones, joining, cards."""
