"""The `pokerfloor` command: argument parsing only; each verb lives in its own module."""
from __future__ import annotations

import argparse
import os
import sys


def init() -> None:
    from .app import create_app

    app = create_app(async_mode="threading")
    config = app.extensions["pokerfloor"].config
    print(f"database ready: {config.DATABASE_URL}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerfloor", description="Run live poker tournaments from phones.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="start the server (HOST, PORT from the environment)")
    p_serve.add_argument("--host")
    p_serve.add_argument("--port", type=int)
    sub.add_parser("init", help="create or migrate the database")
    args = parser.parse_args(argv)
    if args.command == "serve":
        from .serve import serve
        host = args.host or os.environ.get("HOST", "127.0.0.1")
        port = args.port or int(os.environ.get("PORT", "5000"))
        serve(host, port)
    elif args.command == "init":
        init()
    return 0


if __name__ == "__main__":
    sys.exit(main())
