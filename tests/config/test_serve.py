"""``make serve`` (``config.serve``): connections accepted by the worker processes have Nagle's
algorithm off, as with one uvicorn process, so a keep-alive answer is not held back by the
client's delayed ACK."""

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor

import uvicorn

from config.serve import listening_socket


def test_connections_accepted_on_the_shared_socket_send_at_once():
    config = uvicorn.Config("config.asgi:application", host="127.0.0.1", port=0, workers=2)
    listener = listening_socket(config)
    assert listener.proto == socket.IPPROTO_TCP
    port = listener.getsockname()[1]

    async def accepted_nodelay() -> int:
        accepted: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            accepted.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            nodelay = await asyncio.wait_for(accepted, 5)
            writer.close()
        return nodelay

    # In a thread of its own: the browser tests' Playwright may hold a running loop in this one.
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, accepted_nodelay()).result(timeout=30) != 0
