"""A group's adventures through the campaign game: attempts, Moon Path, envelopes, rewards."""
