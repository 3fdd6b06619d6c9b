"""The club's chip set (docs/structures.md): the denominations it owns, their colours and counts, as
one JSON list on the club (a dozen rows at most, always read and written whole).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-10
"""

from alembic import op
import sqlalchemy as sa

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.add_column(sa.Column("chips", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.drop_column("chips")
