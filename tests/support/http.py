"""A small HTTP client with cookies and CSRF, for talking to a real server process."""

import http.cookiejar
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass


@dataclass
class Reply:
    status: int
    body: str
    headers: dict[str, str]
    seconds: float


class WebClient:
    """One device: its own cookies (session, CSRF), posting forms the way a browser does."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect()
        )

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.cookies if c.name == name), "") or ""

    def request(self, method: str, path: str, data: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> Reply:  # fmt: skip
        body = urllib.parse.urlencode(data or {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.base_url + path, data=body, method=method)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if method == "POST":
            request.add_header("X-CSRFToken", self.cookie("csrftoken"))
            request.add_header("Referer", self.base_url + path)
        started = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as response:
                return Reply(response.status, response.read().decode(), dict(response.headers),
                             time.perf_counter() - started)  # fmt: skip
        except urllib.error.HTTPError as error:
            return Reply(error.code, error.read().decode(), dict(error.headers),
                         time.perf_counter() - started)  # fmt: skip

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict[str, str] | None = None,
             headers: dict[str, str] | None = None) -> Reply:  # fmt: skip
        return self.request("POST", path, data, headers)

    def log_in(self, username: str, password: str) -> None:
        self.get("/accounts/login/")
        reply = self.post("/accounts/login/", {"username": username, "password": password})
        assert reply.status == 302, (reply.status, reply.body[:500])


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Return redirects as they are: tests look at the 302 itself."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None
