"""Reports, bans, admin tokens and the moderation log.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_code", sa.String(6), nullable=True),
        sa.Column("reporter", sa.Text, nullable=False),
        sa.Column("target_kind", sa.String(16), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("resolved_at", sa.Float, nullable=True),
        sa.Column("resolution", sa.Text, nullable=True),
    )
    op.create_index("ix_reports_status", "reports", ["status", "created_at"])
    op.create_table(
        "bans",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("client_hash", sa.String(64), nullable=True),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("until", sa.Float, nullable=True),
        sa.Column("lifted", sa.Boolean, nullable=False),
    )
    op.create_table(
        "admin_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moderation_log")
    op.drop_table("admin_tokens")
    op.drop_table("bans")
    op.drop_index("ix_reports_status", "reports")
    op.drop_table("reports")
