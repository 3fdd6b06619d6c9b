"""Op receipts keep what was asked and by whom (the director's review of rejected commands).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("op_receipt") as batch:
        batch.add_column(sa.Column("type", sqlmodel.AutoString(length=60), nullable=True))
        batch.add_column(sa.Column("payload", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("actor", sqlmodel.AutoString(length=120), nullable=True))
    # The review list reads one tournament's refused commands (status >= 400) through this
    # index: never a scan of all its receipts (a 10,000-player field has hundreds of thousands).
    op.create_index("ix_op_receipt_tournament_status_created", "op_receipt",
                    ["tournament_id", "status_code", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_op_receipt_tournament_status_created", table_name="op_receipt")
    with op.batch_alter_table("op_receipt") as batch:
        batch.drop_column("actor")
        batch.drop_column("payload")
        batch.drop_column("type")
