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
  handler, as bytes, in the call that read it from the socket. Whole, unfragmented, masked
  text or binary frames of ordinary size (what clients send) are then read here, without
  websockets' parser; anything else (control frames, fragments, compressed frames, a frame
  cut between two reads) goes through uvicorn and websockets as before;
- `close_now` (`CLOSE_NOW`): closes with a code at once, even while the socket pushes back
  (a client that does not read): the close frame follows what the socket holds, and the
  connection is cut `CLOSE_GRACE` seconds later if the client has not read it by then.
"""

from __future__ import annotations

from collections.abc import Callable

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import apply_mask
from websockets.protocol import State

#: The scope extensions holding `send_now` and `receive_directly`.
SEND_NOW = "cardtable.send_now"
RECEIVE_DIRECTLY = "cardtable.receive_directly"
CLOSE_NOW = "cardtable.close_now"

#: Seconds a client closed by `close_now` has to read what is left before it is cut off.
CLOSE_GRACE = 10.0


class TableSocketProtocol(WebSocketsSansIOProtocol):
    #: Where messages go once the app asked for them directly.
    _handler: Callable[[bytes], None] | None = None

    def handle_connect(self, event) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            extensions = self.scope["extensions"]
            extensions[SEND_NOW] = self.send_now
            extensions[RECEIVE_DIRECTLY] = self.receive_directly
            extensions[CLOSE_NOW] = self.close_now

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

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        if (
            self._handler is None
            or conn.reader.buffer  # websockets holds the start of a frame
            or conn.current_size is not None  # or of a fragmented message
            or conn.extensions
            or conn.state is not State.OPEN
        ):
            super().data_received(data)
            return
        at = self._read_frames(data)
        if at < len(data):
            super().data_received(data[at:])

    def _read_frames(self, data: bytes) -> int:
        """Hand the handler each whole data frame at the start of `data` (RFC 6455, 5.2: FIN
        set, no extension bits, masked, a 7- or 16-bit length within `ws_max_size`); returns
        where the first other one starts."""
        at, end, most = 0, len(data), self.config.ws_max_size
        while end - at >= 6:
            first, second = data[at], data[at + 1]
            if first not in (0x81, 0x82) or not second & 0x80:
                break
            size, start = second & 0x7F, at + 2
            if size == 126:
                size, start = int.from_bytes(data[start : start + 2], "big"), start + 2
            elif size == 127:
                break
            if size > most or end < start + 4 + size:
                break
            payload = apply_mask(data[start + 4 : start + 4 + size], data[start : start + 4])
            at = start + 4 + size
            if self.close_sent:  # the app is past `websocket.close`, as uvicorn does
                continue
            self._handler(payload)
        return at

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

    def close_now(self, code: int) -> None:
        """Close with `code` without waiting for the socket to drain (see the module)."""
        if self.close_sent or self.disconnected or self.conn.state is not State.OPEN:
            return
        self.close_sent = True
        self.conn.send_close(code)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.transport.close()
        self.loop.call_later(CLOSE_GRACE, self.transport.abort)


def _text_header(size: int) -> bytes:
    """The header of an unmasked, unfragmented text frame (RFC 6455, 5.2)."""
    if size < 126:
        return bytes((0x81, size))
    if size < 1 << 16:
        return b"\x81\x7e" + size.to_bytes(2, "big")
    return b"\x81\x7f" + size.to_bytes(8, "big")
