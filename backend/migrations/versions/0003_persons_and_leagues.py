"""Persons across tournaments, leagues and series.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "person",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sqlmodel.AutoString(length=80), nullable=False),
        sa.Column("name_key", sqlmodel.AutoString(length=80), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_person_name_key", "person", ["name_key"], unique=True)
    op.create_table(
        "tournament_entry_person",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True),
        sa.Column("entry_id", sa.Integer(), primary_key=True),
        sa.Column("person_id", sa.Integer(), sa.ForeignKey("person.id"), nullable=False),
    )
    op.create_index("ix_tournament_entry_person_person_id", "tournament_entry_person", ["person_id"])
    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("kind", sqlmodel.AutoString(length=20), nullable=False),
        sa.Column("points", sa.JSON(), nullable=True),
        sa.Column("created_by", sa.Integer(), sa.ForeignKey("director.id"), nullable=True),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "league_tournament",
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("league.id"), primary_key=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True),
        sa.Column("played_on", sqlmodel.AutoString(length=10), nullable=False),
        sa.Column("added_at", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_league_tournament_tournament_id", "league_tournament", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("league_tournament")
    op.drop_table("league")
    op.drop_table("tournament_entry_person")
    op.drop_table("person")
