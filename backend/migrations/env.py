"""Alembic environment. Called by `backend.store.migrate`, which passes the connection."""

from alembic import context
from sqlmodel import SQLModel

from backend.store import models  # noqa: F401  (registers the tables on SQLModel.metadata)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection, target_metadata=target_metadata, render_as_batch=connection.dialect.name == "sqlite"
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
