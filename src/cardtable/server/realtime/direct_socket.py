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
  text or binary frames of ordinary size (what clients send) and whole pings are then read
  here, without websockets' parser; anything else (other control frames, fragments,
  compressed frames, a frame cut between two reads) goes through uvicorn and websockets as
  before;
- `close_now` (`CLOSE_NOW`): closes with a code at once, even while the socket pushes back
  (a client that does not read): the close frame follows what the socket holds, and the
  connection is cut `CLOSE_GRACE` seconds later if the client has not read it by then.

Control frames (pings, and pongs the server did not ask for) are not messages, so the
member's allowance of messages does not count them: each connection has an allowance of its
own (`CONTROL_RATE` a second, bursts of `CONTROL_BURST`), however they are read, and past it
the connection is closed with `CLOSE_POLICY`. Of the pings in one read only the latest is
answered (RFC 6455, 5.5.3), and only while the socket takes writes: a client that pings
without reading is never buffered pongs.
"""

from __future__ import annotations

from collections.abc import Callable

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, apply_mask
from websockets.protocol import State

from ..ratelimit import Bucket

#: The scope extensions holding `send_now` and `receive_directly`.
SEND_NOW = "cardtable.send_now"
RECEIVE_DIRECTLY = "cardtable.receive_directly"
CLOSE_NOW = "cardtable.close_now"

#: Seconds a client closed by `close_now` has to read what is left before it is cut off.
CLOSE_GRACE = 10.0

#: Control frames a connection may send a second, and at once: a client's keepalive pings
#: one every few seconds at most; a burst leaves room for a client measuring its latency.
CONTROL_RATE = 1.0
CONTROL_BURST = 20
#: RFC 6455's "policy violation": a connection past its allowance of control frames or
#: messages is closed with it.
CLOSE_POLICY = 1008

#: The first byte (FIN and the opcode) of a whole text, binary and ping frame.
_TEXT, _BINARY, _PING = 0x81, 0x82, 0x89
#: The first byte of a pong frame.
_PONG = b"\x8a"
#: The longest payload of a control frame (RFC 6455, 5.5).
_MOST_CONTROL = 125


class TableSocketProtocol(WebSocketsSansIOProtocol):
    #: Where messages go once the app asked for them directly.
    _handler: Callable[[bytes], None] | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: The control frames this connection may still send (see the module).
        self._controls = Bucket(CONTROL_RATE, CONTROL_BURST)

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
        set, no extension bits, masked, a 7- or 16-bit length within `ws_max_size`) and
        answer the latest whole ping among them; returns where the first other frame
        starts."""
        at, end, most = 0, len(data), self.config.ws_max_size
        ping = None
        while end - at >= 6:
            first, second = data[at], data[at + 1]
            if first not in (_TEXT, _BINARY, _PING) or not second & 0x80:
                break
            size, start = second & 0x7F, at + 2
            if first == _PING and size > _MOST_CONTROL:  # websockets refuses it
                break
            if size == 126:
                size, start = int.from_bytes(data[start : start + 2], "big"), start + 2
            elif size == 127:
                break
            if size > most or end < start + 4 + size:
                break
            at = start + 4 + size
            if self.close_sent:  # the app is past `websocket.close`, as uvicorn does
                continue
            payload = apply_mask(data[start + 4 : at], data[start : start + 4])
            if first != _PING:
                self._handler(payload)
            elif self._control_allowed():
                ping = payload
            else:
                return end
        if ping is not None:
            self._pong(_PONG + bytes((len(ping),)) + ping)
        return at

    def handle_ping(self) -> None:
        """websockets read a ping (one this protocol does not read itself: see the module);
        it queued a pong for each ping of the read, of which the latest is written."""
        writes = self.conn.data_to_send()
        pongs = [chunk for chunk in writes if chunk[:1] == _PONG]
        if self._control_allowed() and pongs:
            self._pong(pongs[-1])
        others = [chunk for chunk in writes if chunk[:1] != _PONG]  # the close after a ping
        if others:
            self.transport.write(b"".join(others))

    def handle_pong(self, event: Frame) -> None:
        if self._control_allowed():
            super().handle_pong(event)

    def _control_allowed(self) -> bool:
        """Whether the allowance holds one more control frame; if not, the connection is
        closed."""
        if self._controls.take():
            return True
        self.close_now(CLOSE_POLICY)
        return False

    def _pong(self, frame: bytes) -> None:
        """Write a pong frame, unless the socket pushes back or the connection is closing."""
        if self.writable.is_set() and not self.close_sent:
            self.transport.write(frame)

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
