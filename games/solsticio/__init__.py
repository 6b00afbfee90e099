"""The Django side of Solsticio: tracking a game at the table through the rules engine."""
