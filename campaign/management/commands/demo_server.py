"""``make run``'s server: the development server, ending its start-up lines with the address to
open and the demo login (``seed_demo`` prints it; ``--login`` passes it on)."""

from typing import Any

from django.core.management import get_commands, load_command_class
from django.utils.translation import gettext as _

# The project's ``runserver`` (whichever app provides it: static files are served by WhiteNoise).
RunServer: Any = type(load_command_class(get_commands()["runserver"], "runserver"))


class Command(RunServer):  # type: ignore[misc]
    help = "Run the development server and print its address and the demo login last."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.add_argument("--login", default="", help="The demo login line to print last.")

    def handle(self, *args: Any, **options: Any) -> None:
        self.login = options["login"]
        super().handle(*args, **options)

    def on_bind(self, server_port: int) -> None:
        super().on_bind(server_port)
        host = "0.0.0.0" if self.addr == "0" else self.addr
        if self.use_ipv6 and ":" in host:
            host = f"[{host}]"
        url = f"{self.protocol}://{host}:{server_port}/"
        self.stdout.write(_("Questlog is at %(url)s (Ctrl-C stops it)") % {"url": url})
        if self.login:
            self.stdout.write(self.login)
