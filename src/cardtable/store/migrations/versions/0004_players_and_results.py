"""Names players keep, and every finished game's results for the leaderboard.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_names",
        sa.Column("name_key", sa.String(128), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("client_hash", sa.String(64), nullable=False),
        sa.Column("claimed_at", sa.Float, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("table_code", sa.String(6), primary_key=True),
        sa.Column("game_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_results_finished", "results", ["finished_at"])


def downgrade() -> None:
    op.drop_index("ix_results_finished", "results")
    op.drop_table("results")
    op.drop_table("player_names")
