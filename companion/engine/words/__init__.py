"""Words: steps as sentences, our label tables, card texts in a locale, the message catalogue."""
