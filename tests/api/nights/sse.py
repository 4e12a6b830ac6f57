"""A night's Server-Sent Events read in a thread (the board's stream)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx


class NightStream:
    """``GET /v1/nights/{id}/stream`` read in a thread: its messages as they come."""

    def __init__(self, base: str, night_id: str, headers: dict[str, str] | None = None,
                 params: dict[str, str] | None = None) -> None:
        self.client = httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=60))
        self.messages: list[tuple[int, str, dict[str, Any]]] = []
        self.client_port: int | None = None
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(night_id, headers, params),
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the stream did not open")

    def _read(self, night_id: str, headers: dict[str, str] | None,
              params: dict[str, str] | None) -> None:
        try:
            with self.client.stream("GET", f"/v1/nights/{night_id}/stream", headers=headers,
                                    params=params) as response:
                stream = response.extensions.get("network_stream")
                if stream is not None:
                    self.client_port = stream.get_extra_info("client_addr")[1]
                self._ready.set()
                fields: dict[str, str] = {}
                for line in response.iter_lines():
                    if self._closed.is_set():
                        return
                    if line == "" and "data" in fields:
                        with self._lock:
                            self.messages.append((int(fields["id"]), fields["event"],
                                                  json.loads(fields["data"])))
                        fields = {}
                    elif line and not line.startswith(":"):
                        name, _, value = line.partition(":")
                        fields[name] = value[1:] if value.startswith(" ") else value
        except httpx.HTTPError:
            pass
        finally:
            self._ready.set()

    def wait_until(self, check: Any, timeout: float = 20) -> dict[str, Any] | None:
        """The first message whose night passes ``check`` (None if none comes in time)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                for _, _, night in self.messages:
                    if check(night):
                        return night
            time.sleep(0.01)
        return None

    def close(self) -> None:
        self._closed.set()
        self.client.close()
        self._thread.join(timeout=10)
