"""The `pokerfloor` command: argument parsing only; each verb lives in its own module."""

from __future__ import annotations

import argparse
import os
import sys


def init() -> None:
    """Migrate once, before the workers start (they only check the schema on PostgreSQL)."""
    from .config import Config
    from .push.keys import vapid_keys
    from .store import make_engine, migrate

    config = Config()
    engine = make_engine(config.DATABASE_URL)
    before, after = migrate(engine)  # PostgreSQL: under an advisory lock, so two inits are safe
    engine.dispose()
    vapid_keys(config.VAR_DIR, config.VAPID_PRIVATE_KEY)  # Web Push's key pair, made once, before the workers
    done = f"migrated {before or 'empty database'} -> {after}" if before != after else f"already at {after}"
    print(f"database ready ({done}): {config.DATABASE_URL}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerfloor", description="Run live poker tournaments from phones.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="start the server (HOST, PORT from the environment)")
    p_serve.add_argument("--host", help="address to listen on (default HOST, else 127.0.0.1)")
    p_serve.add_argument("--port", type=int, help="HTTP port (default PORT, else 5000)")
    p_serve.add_argument(
        "--lan", action="store_true", help="listen on the club's network and put this machine's LAN address in QR codes"
    )
    p_serve.add_argument(
        "--https",
        action="store_true",
        help="also serve HTTPS with the venue's own CA (implies --lan); see README 'At the venue'",
    )
    p_serve.add_argument("--https-port", type=int, help="HTTPS port (default HTTPS_PORT, else 5443)")
    p_serve.add_argument(
        "--hostname",
        action="append",
        default=[],
        help="a name phones use for this machine (e.g. poker.lan); repeatable",
    )
    sub.add_parser("init", help="create or migrate the database")
    p_backup = sub.add_parser("backup", help="write one backup archive: database, secret key, key files")
    p_backup.add_argument("file", nargs="?", help="archive to write (default var/backups/pokerfloor-<time>.tar.gz)")
    p_backup.add_argument(
        "--auto",
        action="store_true",
        help="as the automatic backups do: only when something changed, then apply retention",
    )
    p_restore = sub.add_parser("restore", help="restore a backup archive (stop the server first)")
    p_restore.add_argument("file", help="the archive written by `pokerfloor backup`")
    p_restore.add_argument(
        "--force",
        action="store_true",
        help="replace a database that holds tournaments (it is saved to var/backups/ first)",
    )
    p_tls = sub.add_parser("tls", help="the venue's certificate authority (serve --https)")
    tls_sub = p_tls.add_subparsers(dest="tls_action", required=True)
    tls_sub.add_parser(
        "new-ca", help="replace the venue's CA (every staff phone trusts again; the old one is kept aside)"
    )
    p_club = sub.add_parser("club", help="the server's clubs: list, add one, invite a club's director")
    club_sub = p_club.add_subparsers(dest="club_action", required=True)
    club_sub.add_parser("list", help="every club with its directors and tournaments counted")
    p_club_add = club_sub.add_parser("add", help="a new club and the setup link for its first director")
    p_club_add.add_argument("name", help="the club's name")
    p_club_invite = club_sub.add_parser("invite", help="another setup link for a club's director")
    p_club_invite.add_argument("club_id", type=int, help="the club's number (pokerfloor club list)")
    p_privacy = sub.add_parser("privacy", help="the sign-ups' contact data (docs/privacy.md)")
    privacy_sub = p_privacy.add_subparsers(dest="privacy_action", required=True)
    privacy_sub.add_parser(
        "sweep", help="erase the e-mail addresses past their club's retention days (the server does it hourly)"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        from .venue.serve import DEFAULT_HTTPS_PORT, serve

        network = "0.0.0.0" if args.lan or args.https else None
        host = args.host or network or os.environ.get("HOST", "127.0.0.1")
        port = args.port or int(os.environ.get("PORT", "5000"))
        https_port = args.https_port or int(os.environ.get("HTTPS_PORT", DEFAULT_HTTPS_PORT))
        serve(host, port, https=args.https, https_port=https_port, hostnames=args.hostname)
    elif args.command == "init":
        init()
    elif args.command == "backup":
        from .operations.backup import backup_command

        return backup_command(args.file, auto=args.auto)
    elif args.command == "club":
        from .operations.club_command import club_command

        return club_command(args.club_action, getattr(args, "name", None), getattr(args, "club_id", None))
    elif args.command == "privacy":
        from .operations.privacy import privacy_command

        return privacy_command(args.privacy_action)
    elif args.command == "tls":
        from .venue.tls_command import tls_command

        return tls_command(args.tls_action)
    elif args.command == "restore":
        from .operations.backup import restore_command

        return restore_command(args.file, force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
