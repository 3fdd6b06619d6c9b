"""Timed push notices sent (a break's end), one row each: the claim that makes them go out once.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_reminder",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.AutoString(length=40), nullable=False),
        sa.Column("sent_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "key"),
    )


def downgrade() -> None:
    op.drop_table("push_reminder")
