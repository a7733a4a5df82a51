"""The WebSocket protocol the server runs on: uvicorn's sans-I/O one, plus a direct send.

Through ASGI every message sent is a coroutine passing four layers (Starlette's socket, its
exception wrapper, uvicorn's send, websockets' frame objects), and a table sends each stored
step to every connection. This protocol puts `send_now` in the scope's extensions under
`SEND_NOW`: given an encoded text message, it writes the frame to the socket in the same call,
or returns False without writing when the socket pushes back, for the caller to queue the
message and send it the ASGI way once the socket drains.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

#: The scope extension holding `send_now`.
SEND_NOW = "cardtable.send_now"


class TableSocketProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            self.scope["extensions"][SEND_NOW] = self.send_now

    def send_now(self, message: bytes) -> bool:
        """Write `message` (UTF-8 text) as one frame; False when the socket pushes back.
        Raises ConnectionError once the connection is closing or closed."""
        if self.close_sent or self.disconnected or self.conn.state is not State.OPEN:
            raise ConnectionError("the WebSocket is closing")
        if not self.writable.is_set():
            return False
        if self.conn.extensions:  # compression was agreed: websockets frames it
            self.conn.send_text(message)
            self.transport.write(b"".join(self.conn.data_to_send()))
        else:
            self.transport.write(_text_header(len(message)) + message)
        return True


def _text_header(size: int) -> bytes:
    """The header of an unmasked, unfragmented text frame (RFC 6455, 5.2)."""
    if size < 126:
        return bytes((0x81, size))
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big")
    return b"\x81\x7f" + size.to_bytes(8, "big")
