"""The ``serve`` subcommand: ``tcgrules serve [--host 127.0.0.1] [--port N]``."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..kernel import TcgError
from ..options import whole

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def add_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="a local web app: play, the timeline and why, a scenario sandbox, the card library",
        description="Start the web app (docs/web.md). It listens on 127.0.0.1 (this machine only) unless "
        "--host says otherwise. Needs the web extra: pip install 'tcgrules[web]'.",
    )
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve.add_argument(
        "--port",
        type=whole(1, 65535),
        default=DEFAULT_PORT,
        help=f"port, 1 to 65535 (default {DEFAULT_PORT})",
    )
    serve.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import LOOPBACK, create_app
    except ImportError as exc:
        raise TcgError(
            f"tcgrules serve needs the web extra ({exc.name} is not installed): pip install 'tcgrules[web]'"
        ) from exc
    host = args.host
    hosts: tuple[str, ...] = (
        LOOPBACK if host in LOOPBACK else ("*",) if host in ("0.0.0.0", "::") else (host, *LOOPBACK)
    )
    if host not in LOOPBACK:
        print(
            f"tcgrules serve: warning: listening on {host}, so other machines can reach the app",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host else host
    print(f"tcgrules serve: http://{shown}:{args.port}/  (Ctrl-C stops it)", flush=True)
    uvicorn.run(create_app(hosts), host=host, port=args.port, log_level="warning")
    return 0
