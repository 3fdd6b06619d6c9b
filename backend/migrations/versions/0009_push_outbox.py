"""Notices for locked phones not yet sent, one row per command (or reminder, or refusal) that made
them: a stop or a crash between the commit and the push loses none (docs/push.md).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_outbox",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.AutoString(length=80), nullable=False),
        sa.Column("notices", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("claimed_by", sqlmodel.AutoString(length=60), nullable=True),
        sa.Column("claimed_at", sa.BigInteger(), nullable=True),
        sa.Column("done", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "key"),
    )


def downgrade() -> None:
    op.drop_table("push_outbox")
