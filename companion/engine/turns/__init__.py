"""Player turns: turn order, crossroads cards, votes, exile."""
