"""The mails not yet taken by the mail server, kept so that a restart or a mail server down for a
while loses none (docs/mail.md).

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-04
"""

from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("message", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("next_at", sa.BigInteger(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_by", sqlmodel.AutoString(length=60), nullable=True),
        sa.Column("claimed_at", sa.BigInteger(), nullable=True),
        sa.Column("last_error", sqlmodel.AutoString(length=200), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("key"),
    )
    op.create_index(op.f("ix_mail_outbox_next_at"), "mail_outbox", ["next_at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_mail_outbox_next_at"), table_name="mail_outbox")
    op.drop_table("mail_outbox")
