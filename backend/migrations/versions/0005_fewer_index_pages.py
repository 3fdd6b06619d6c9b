"""Fewer index pages written per command.

The event table's index on tournament_id repeats the first column of the unique
(tournament_id, seq) index; the review index on every receipt becomes a partial index of the
refused ones (status_code >= 400), which an applied command never writes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from alembic import op
import sqlalchemy as sa

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

REFUSED = sa.text("status_code >= 400")


def upgrade() -> None:
    op.drop_index("ix_event_tournament_id", table_name="event")
    op.drop_index("ix_op_receipt_tournament_status_created", table_name="op_receipt")
    op.create_index(
        "ix_op_receipt_rejected",
        "op_receipt",
        ["tournament_id", "created_at"],
        sqlite_where=REFUSED,
        postgresql_where=REFUSED,
    )


def downgrade() -> None:
    op.drop_index("ix_op_receipt_rejected", table_name="op_receipt")
    op.create_index(
        "ix_op_receipt_tournament_status_created", "op_receipt", ["tournament_id", "status_code", "created_at"]
    )
    op.create_index("ix_event_tournament_id", "event", ["tournament_id"])
