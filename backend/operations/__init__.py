"""Running the server: backups and restores, the clubs from the shell, the garbage collector's
watch (docs/backups.md)."""
