"""The WebSocket protocol the server runs on: uvicorn's sans-I/O one, plus a direct way in
and out.

Through ASGI every message is a coroutine passing four layers (Starlette's socket, its
exception wrapper, uvicorn, websockets' frame objects), and one received waits in a queue,
with the socket paused, for the app's task to take it at a later turn of the event loop.
This protocol puts two functions in the scope's extensions:

- `send_now` (`SEND_NOW`): given an encoded text message, it writes the frame to the socket
  in the same call, or returns False without writing when the socket pushes back, for the
  caller to queue the message and send it the ASGI way once the socket drains;
- `receive_directly` (`RECEIVE_DIRECTLY`): from then on each message is handed to the app's
  handler, as bytes, in the call that read it from the socket.
"""

from __future__ import annotations

from collections.abc import Callable

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

#: The scope extensions holding `send_now` and `receive_directly`.
SEND_NOW = "cardtable.send_now"
RECEIVE_DIRECTLY = "cardtable.receive_directly"


class TableSocketProtocol(WebSocketsSansIOProtocol):
    #: Where messages go once the app asked for them directly.
    _handler: Callable[[bytes], None] | None = None

    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            extensions = self.scope["extensions"]
            extensions[SEND_NOW] = self.send_now
            extensions[RECEIVE_DIRECTLY] = self.receive_directly

    def receive_directly(self, handler: Callable[[bytes], None]) -> None:
        """Hand every message to `handler` as it arrives, those already queued first; ASGI
        `receive` is then left only the disconnect to report."""
        queued = []
        while not self.queue.empty():
            queued.append(self.queue.get_nowait())
        self._handler = handler
        for event in queued:
            if event["type"] != "websocket.receive":
                self.queue.put_nowait(event)
            elif event.get("bytes") is not None:
                handler(event["bytes"])
            else:
                handler(event["text"].encode())
        if self.read_paused:  # uvicorn pauses reading until a queued message is received
            self.read_paused = False
            self.transport.resume_reading()

    def send_receive_event_to_app(self) -> None:
        if self._handler is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if not self.close_sent:
            self._handler(data)

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
