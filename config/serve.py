"""``make serve``: Questlog under uvicorn with several worker processes, as ``uvicorn --workers N``
runs it, on a listening socket that says it is TCP.

uvicorn (0.54) binds the shared socket without naming its protocol, and asyncio turns Nagle's
algorithm off (``TCP_NODELAY``) only on connections accepted from a socket that says it is TCP: so
every keep-alive answer after the first waited about 40 ms for the client's delayed ACK (uvicorn
issue #3149; one process, ``make run``, is not affected). Wrapping the bound socket again reads its
protocol back from the kernel. Drop this file for ``uvicorn --workers`` once uvicorn names it.
"""

from __future__ import annotations

import argparse
import socket

import uvicorn
from uvicorn.supervisors import Multiprocess


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout-graceful-shutdown", type=int, default=5)
    parser.add_argument("--no-access-log", action="store_true")
    args = parser.parse_args(argv)
    config = uvicorn.Config(
        "config.asgi:application",
        host=args.host,
        port=args.port,
        workers=args.workers,
        proxy_headers=True,
        access_log=not args.no_access_log,
        timeout_graceful_shutdown=args.timeout_graceful_shutdown,
    )
    Multiprocess(config, sockets=[listening_socket(config)]).run()


def listening_socket(config: uvicorn.Config) -> socket.socket:
    """The socket uvicorn binds, wrapped again: family, type and protocol read from the kernel."""
    return socket.socket(fileno=config.bind_socket().detach())


if __name__ == "__main__":
    main()
