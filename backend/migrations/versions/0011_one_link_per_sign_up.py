"""One live personal link per sign-up: a unique partial index on the token's sign-up. Two tries
of one sign-up at once (a phone's retry that overtook its first try, on another worker) each made
a token; now the second insert fails and reads the first one's (api/personal_links.py).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03
"""

from alembic import op
import sqlalchemy as sa

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

SIGNUP_TOKEN = sa.text("signup_no IS NOT NULL AND revoked_at IS NULL")


def upgrade() -> None:
    # A database that already holds two live tokens of one sign-up keeps the older: the newer is
    # revoked (the phone holding it signs up again or asks the desk), so the index can be made.
    op.execute(
        "UPDATE token SET revoked_at = created_at WHERE signup_no IS NOT NULL AND revoked_at IS NULL "
        "AND EXISTS (SELECT 1 FROM token older WHERE older.tournament_id = token.tournament_id "
        "AND older.signup_no = token.signup_no AND older.revoked_at IS NULL AND older.id < token.id)"
    )
    op.create_index(
        "uq_token_signup",
        "token",
        ["tournament_id", "signup_no"],
        unique=True,
        sqlite_where=SIGNUP_TOKEN,
        postgresql_where=SIGNUP_TOKEN,
    )


def downgrade() -> None:
    op.drop_index("uq_token_signup", table_name="token")
