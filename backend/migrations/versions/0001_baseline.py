"""Baseline: directors, tournaments, the event log, op receipts, tokens.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "director",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("username", sqlmodel.AutoString(length=80), nullable=False, unique=True),
        sa.Column("password_hash", sqlmodel.AutoString(length=255), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("preset_id", sqlmodel.AutoString(length=60), nullable=False),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("director.id"), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sqlmodel.AutoString(length=60), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("op_id", sqlmodel.AutoString(length=64), nullable=True),
        sa.Column("device_id", sqlmodel.AutoString(length=64), nullable=True),
        sa.Column("at", sa.BigInteger(), nullable=False),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_event_tournament_seq"),
    )
    op.create_index("ix_event_tournament_id", "event", ["tournament_id"])
    op.create_table(
        "op_receipt",
        sa.Column("device_id", sqlmodel.AutoString(length=64), primary_key=True),
        sa.Column("op_id", sqlmodel.AutoString(length=64), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "token",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sqlmodel.AutoString(length=64), nullable=False),
        sa.Column("nonce", sqlmodel.AutoString(length=64), nullable=False),
        sa.Column("role", sqlmodel.AutoString(length=16), nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=True),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("entry_id", sa.Integer(), nullable=True),
        sa.Column("director_id", sa.Integer(), sa.ForeignKey("director.id"), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("revoked_at", sa.BigInteger(), nullable=True),
    )
    op.create_index("ix_token_token_hash", "token", ["token_hash"], unique=True)
    op.create_index("ix_token_tournament_id", "token", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("token")
    op.drop_table("op_receipt")
    op.drop_table("event")
    op.drop_table("tournament")
    op.drop_table("director")
