"""Decks by content: the hash of a deck's cards, so the same cards are stored once; and the
attribution a deck's file states, listed with its licence.

Decks stored before this revision have no hash (NULL); they are found by id as before. Their
files were read before attributions were, so theirs is empty.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("decks") as batch:
        batch.add_column(sa.Column("content", sa.String(64), nullable=True))
        batch.add_column(
            sa.Column("attribution", sa.String(200), nullable=False, server_default="")
        )
    op.create_index("ix_decks_content", "decks", ["content"])


def downgrade() -> None:
    op.drop_index("ix_decks_content", "decks")
    with op.batch_alter_table("decks") as batch:
        batch.drop_column("attribution")
        batch.drop_column("content")
