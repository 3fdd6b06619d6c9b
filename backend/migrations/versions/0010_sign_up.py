"""Sign-up before the night (docs/sign-up.md): each club gets its public page's address (a slug
from its name), what that page shows and how long contact data is kept; a tournament its start
time; a player's personal link its sign-up number; persons an accent-folded search key; and the
sign-ups' contact data its own table, which can be erased.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""
import re
import unicodedata

from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _slug(name: str) -> str:  # as auth/clubs.py slug_of, frozen here as this migration ran
    folded = unicodedata.normalize("NFKD", name.casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue"))
    ascii_only = folded.replace("ß", "ss").encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_only).strip("-")[:50] or "club"


def _fold(name: str) -> str:  # as read/league.py search_key
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()).casefold().replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))[:80]


def upgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.add_column(sa.Column("slug", sqlmodel.AutoString(length=60), nullable=True))
        batch.add_column(sa.Column("show_names", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("retention_days", sa.Integer(), nullable=False, server_default="90"))
    bind = op.get_bind()
    taken: set[str] = set()
    for club_id, name in bind.execute(sa.text("SELECT id, name FROM club ORDER BY id")).all():
        slug, n = _slug(name), 1
        while slug in taken:
            n += 1
            slug = f"{_slug(name)}-{n}"
        taken.add(slug)
        bind.execute(sa.text("UPDATE club SET slug = :slug WHERE id = :id"), {"slug": slug, "id": club_id})
    with op.batch_alter_table("club") as batch:
        batch.create_unique_constraint("uq_club_slug", ["slug"])
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("starts_at", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("token") as batch:
        batch.add_column(sa.Column("signup_no", sa.Integer(), nullable=True))
    with op.batch_alter_table("person") as batch:
        batch.add_column(sa.Column("search_key", sqlmodel.AutoString(length=80), nullable=True))
    for person_id, name in bind.execute(sa.text("SELECT id, name FROM person")).all():
        bind.execute(sa.text("UPDATE person SET search_key = :k WHERE id = :id"), {"k": _fold(name), "id": person_id})
    op.create_index("ix_person_club_search_key", "person", ["club_id", "search_key"])
    op.create_table(
        "sign_up",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("signup_no", sa.Integer(), nullable=False),
        sa.Column("email", sqlmodel.AutoString(length=254), nullable=True),
        sa.Column("lang", sqlmodel.AutoString(length=5), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("erased_at", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "signup_no"),
    )


def downgrade() -> None:
    op.drop_table("sign_up")
    op.drop_index("ix_person_club_search_key", table_name="person")
    with op.batch_alter_table("person") as batch:
        batch.drop_column("search_key")
    with op.batch_alter_table("token") as batch:
        batch.drop_column("signup_no")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("starts_at")
    with op.batch_alter_table("club") as batch:
        batch.drop_constraint("uq_club_slug", type_="unique")
        batch.drop_column("retention_days")
        batch.drop_column("show_names")
        batch.drop_column("slug")
