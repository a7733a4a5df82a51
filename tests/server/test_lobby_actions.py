"""Each lobby action has one handler (table/lobby.py `LOBBY_ACTIONS`), and every table action
a member may send (realtime/messages.py `TableAction`) is one of them: a new lobby action is a
handler and a message model, nothing else."""

from __future__ import annotations

from typing import get_args

from cardtable.server.realtime.messages import TableAction
from cardtable.table.lobby import LOBBY_ACTIONS

#: Lobby actions no member sends as a table message: a join comes over HTTP, and the rest are
#: the server's own steps.
NOT_SENT = {"join", "away", "present", "abandon", "retire-cards"}


def test_every_table_action_a_member_sends_has_its_handler():
    models = get_args(get_args(TableAction)[0])
    sent = {get_args(model.model_fields["type"].annotation)[0] for model in models}
    assert len(sent) == len(models)
    assert sent == LOBBY_ACTIONS.keys() - NOT_SENT
    assert LOBBY_ACTIONS.keys() >= NOT_SENT
