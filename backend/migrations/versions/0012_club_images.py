"""The room's screens (docs/club-images.md): each club's logo and sponsor images, re-encoded by the
server and kept in the database (every worker serves them, the backups hold them), and the club's
screen theme and sponsor rotation.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.add_column(sa.Column("theme", sqlmodel.AutoString(length=10), nullable=False, server_default="night"))
        batch.add_column(sa.Column("rotate_s", sa.Integer(), nullable=False, server_default="12"))
    op.create_table(
        "club_image",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.AutoString(length=10), nullable=False),
        sa.Column("name", sqlmodel.AutoString(length=60), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("mime", sqlmodel.AutoString(length=20), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("sha256", sqlmodel.AutoString(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["club.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_club_image_club", "club_image", ["club_id", "kind", "position"])


def downgrade() -> None:
    op.drop_index("ix_club_image_club", table_name="club_image")
    op.drop_table("club_image")
    with op.batch_alter_table("club") as batch:
        batch.drop_column("rotate_s")
        batch.drop_column("theme")
