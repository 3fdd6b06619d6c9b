"""Standings that publish themselves (docs/standings-publish.md): each league gets an unguessable
public address (off until a director switches it on), how its names are shown and which websites
may frame it; persons who asked for the standings by mail, and the nights whose mail went out.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-12
"""

import secrets

from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("league") as batch:
        batch.add_column(sa.Column("public_id", sqlmodel.AutoString(length=32), nullable=True))
        batch.add_column(sa.Column("published", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(
            sa.Column("public_names", sqlmodel.AutoString(length=10), nullable=False, server_default="initials")
        )
        batch.add_column(sa.Column("embed_origins", sa.JSON(), nullable=True))
    bind = op.get_bind()
    for (league_id,) in bind.execute(sa.text("SELECT id FROM league")).all():  # as store/models.py new_public_id
        bind.execute(
            sa.text("UPDATE league SET public_id = :p WHERE id = :id"), {"p": secrets.token_urlsafe(16), "id": league_id}
        )
    with op.batch_alter_table("league") as batch:
        batch.alter_column("public_id", existing_type=sqlmodel.AutoString(length=32), nullable=False)
        batch.create_unique_constraint("uq_league_public_id", ["public_id"])
    op.create_table(
        "standings_subscriber",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("email", sqlmodel.AutoString(length=254), nullable=False),
        sa.Column("lang", sqlmodel.AutoString(length=5), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["person_id"], ["person.id"]),
        sa.PrimaryKeyConstraint("person_id"),
    )
    op.create_table(
        "standings_mailed",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.BigInteger(), nullable=False),
        sa.Column("recipients", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id"),
    )


def downgrade() -> None:
    op.drop_table("standings_mailed")
    op.drop_table("standings_subscriber")
    with op.batch_alter_table("league") as batch:
        batch.drop_constraint("uq_league_public_id", type_="unique")
        batch.drop_column("embed_origins")
        batch.drop_column("public_names")
        batch.drop_column("published")
        batch.drop_column("public_id")
