"""Web Push subscriptions, one per phone's endpoint, tied to the token that made it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscription",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sqlmodel.AutoString(length=1000), nullable=False),
        sa.Column("token_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("p256dh", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("auth", sqlmodel.AutoString(length=40), nullable=False),
        sa.Column("lang", sqlmodel.AutoString(length=5), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["token_id"], ["token.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("endpoint"),
    )
    op.create_index("ix_push_subscription_token_id", "push_subscription", ["token_id"])
    op.create_index("ix_push_subscription_tournament_id", "push_subscription", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_push_subscription_tournament_id", table_name="push_subscription")
    op.drop_index("ix_push_subscription_token_id", table_name="push_subscription")
    op.drop_table("push_subscription")
