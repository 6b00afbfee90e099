"""The web plumbing every game and app shares: the live-game kit (event streams, stamps,
publishing once a write commits), htmx helpers, the upload guard, the after-response hook and the
server error page."""
