"""Istanbul bot: a Discord bot and local tools for the board game Istanbul."""
