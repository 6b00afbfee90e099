"""The Django side of Bonfire: the turn helper that plays a game at the table through the rules
engine."""
