"""The card database: text sources under cards/, the built cards.db, packs and search."""
