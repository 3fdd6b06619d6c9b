"""Clubs as tenants: every director, tournament, league, person and custom preset
belongs to a club; a director's access in it; tournaments given to limited directors.

A database that already holds data moves into one club ("Club", id 1) whole: every row gets
club 1, every director keeps full access, the first director becomes the server's admin, and
invitations not yet used join club 1 (an unused first-login link stays one). An empty
database gets no club: the first setup makes it.

On SQLite the tables that gain a NOT NULL reference are copied (batch mode); `store.migrate`
turns foreign key enforcement off around the upgrade, as SQLite's own procedure for such
changes asks, and checks every reference before the commit.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

FIRST_CLUB = 1
OWNED = ("tournament", "league", "custom_preset")  # rows that get a club and an index on it


def _holds_data(bind: sa.engine.Connection) -> bool:
    """Anything a club would own (an unused first-login link alone is no club's: it makes one)."""
    tables = ("director", "tournament", "league", "person", "custom_preset")
    return any(bind.execute(sa.text(f"SELECT 1 FROM {name} LIMIT 1")).first() for name in tables)


def _first_club(bind: sa.engine.Connection) -> None:
    created = bind.execute(sa.text("SELECT MIN(created_at) FROM director")).scalar()
    if created is None:
        created = bind.execute(sa.text("SELECT MIN(created_at) FROM tournament")).scalar() or 0
    bind.execute(
        sa.text("INSERT INTO club (id, name, created_at) VALUES (:id, 'Club', :at)"), {"id": FIRST_CLUB, "at": created}
    )
    if bind.dialect.name == "postgresql":  # the next club must not collide with the id given here
        bind.execute(sa.text("SELECT setval(pg_get_serial_sequence('club', 'id'), :id)"), {"id": FIRST_CLUB})


def _club_column(table: str, index: bool) -> None:
    """club_id on `table`: added empty, filled with the first club, then required."""
    with op.batch_alter_table(table) as batch:
        batch.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
    op.execute(sa.text(f"UPDATE {table} SET club_id = {FIRST_CLUB}"))
    with op.batch_alter_table(table) as batch:
        batch.alter_column("club_id", existing_type=sa.Integer(), nullable=False)
        batch.create_foreign_key(f"fk_{table}_club_id", "club", ["club_id"], ["id"])
        if index:
            batch.create_index(f"ix_{table}_club_id", ["club_id"])


def upgrade() -> None:
    op.create_table(
        "club",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.AutoString(length=120), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    bind = op.get_bind()
    if _holds_data(bind):
        _first_club(bind)

    with op.batch_alter_table("director") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("access", sqlmodel.AutoString(length=10), nullable=False, server_default="full")
        )
        batch.add_column(sa.Column("is_admin", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(sa.text(f"UPDATE director SET club_id = {FIRST_CLUB}"))
    op.execute(sa.text("UPDATE director SET is_admin = :yes WHERE id = (SELECT MIN(id) FROM director)").bindparams(yes=True))
    with op.batch_alter_table("director") as batch:
        batch.alter_column("club_id", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("access", existing_type=sqlmodel.AutoString(length=10), server_default=None)
        batch.alter_column("is_admin", existing_type=sa.Boolean(), server_default=None)
        batch.create_foreign_key("fk_director_club_id", "club", ["club_id"], ["id"])
        batch.create_index("ix_director_club_id", ["club_id"])

    for table in OWNED:
        _club_column(table, index=True)

    # Persons: one per name within a club (the unique index that matched names server-wide goes).
    op.drop_index("ix_person_name_key", table_name="person")
    _club_column("person", index=False)
    with op.batch_alter_table("person") as batch:
        batch.create_unique_constraint("uq_person_club_name_key", ["club_id", "name_key"])

    with op.batch_alter_table("token") as batch:
        batch.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("access", sqlmodel.AutoString(length=10), nullable=True))
        batch.create_foreign_key("fk_token_club_id", "club", ["club_id"], ["id"])
    # Invitations from a director not used yet: into the first club, as their directors. A
    # first-login link (no inviter) stays one: whoever uses it makes a club and is the admin.
    op.execute(
        sa.text(
            f"UPDATE token SET club_id = {FIRST_CLUB} "
            "WHERE role = 'setup' AND director_id IS NOT NULL AND EXISTS (SELECT 1 FROM club)"
        )
    )

    op.create_table(
        "tournament_director",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("director_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["director_id"], ["director.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournament.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "director_id"),
    )
    op.create_index("ix_tournament_director_director_id", "tournament_director", ["director_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_director_director_id", table_name="tournament_director")
    op.drop_table("tournament_director")
    with op.batch_alter_table("token") as batch:
        batch.drop_constraint("fk_token_club_id", type_="foreignkey")
        batch.drop_column("access")
        batch.drop_column("club_id")
    with op.batch_alter_table("person") as batch:
        batch.drop_constraint("uq_person_club_name_key", type_="unique")
        batch.drop_constraint("fk_person_club_id", type_="foreignkey")
        batch.drop_column("club_id")
    op.create_index("ix_person_name_key", "person", ["name_key"], unique=True)
    for table in OWNED:
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f"ix_{table}_club_id")
            batch.drop_constraint(f"fk_{table}_club_id", type_="foreignkey")
            batch.drop_column("club_id")
    with op.batch_alter_table("director") as batch:
        batch.drop_index("ix_director_club_id")
        batch.drop_constraint("fk_director_club_id", type_="foreignkey")
        batch.drop_column("is_admin")
        batch.drop_column("access")
        batch.drop_column("club_id")
    op.drop_table("club")
