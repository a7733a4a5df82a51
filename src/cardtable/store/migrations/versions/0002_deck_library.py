"""The deck library and hidden cards.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "decks",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("license", sa.String(200), nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("tags", sa.Text, nullable=False),
        sa.Column("ratings", sa.Text, nullable=False),
        sa.Column("calls", sa.Integer, nullable=False),
        sa.Column("responses", sa.Integer, nullable=False),
        sa.Column("builtin", sa.Boolean, nullable=False),
        sa.Column("removed", sa.Boolean, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "hidden_cards",
        sa.Column("text_hash", sa.String(64), primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("hidden_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hidden_cards")
    op.drop_table("decks")
