"""The JSON-RPC messages in a language server's output (Content-Length
framing), for the tests that run `dioses lsp` as a process."""

from __future__ import annotations

import json


def replies(output: bytes) -> list[dict]:
    """Every message in ``output``, in order."""
    found = []
    while output.strip():
        head, _, rest = output.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length")
        )
        found.append(json.loads(rest[:length]))
        output = rest[length:]
    return found
