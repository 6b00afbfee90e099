"""Reading responses as a user reads them."""

import html


def text(response) -> str:
    """The response body with HTML entities decoded, to compare with messages as written."""
    return html.unescape(response.content.decode())
