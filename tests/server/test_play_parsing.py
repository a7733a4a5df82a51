"""A game action is checked by hand (`messages.play_fields`) instead of by its pydantic model:
for any decoded message the hand check accepts exactly the `play` messages the model accepts,
with the same id and action, and leaves every other message to the model."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardtable.server.realtime.messages import ClientMessage, Play, ValidationError, play_fields

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
IDS = (
    st.integers()
    | st.text(max_size=70)
    | st.sampled_from(["", "x" * 64, "x" * 65, True, False, 1.0, None])
    | JSON
)
ACTIONS = (
    st.dictionaries(st.text(max_size=4), JSON, max_size=4)
    | st.integers(60, 70).map(lambda n: {f"k{i}": i for i in range(n)})
    | JSON
)
MESSAGES = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "ping", "table", "Play"])},
    optional={"id": IDS, "action": ACTIONS, "extra": JSON},
)


def _by_model(data) -> Play | None:
    try:
        message = ClientMessage.validate_python(data)
    except (ValidationError, ValueError, TypeError):
        return None
    return message if type(message) is Play else None


@given(MESSAGES | JSON)
def test_the_hand_check_accepts_exactly_the_plays_the_model_accepts(data):
    play = _by_model(data)
    fields = play_fields(data)
    if play is None:
        assert fields is None
    else:
        assert fields == (play.id, play.action)
        assert type(fields[0]) is type(play.id)  # 1 and True are one key, not one id


def test_the_usual_action_is_accepted_and_others_are_left_to_the_model():
    action = {"type": "submit", "cards": [239]}
    assert play_fields({"type": "play", "id": "c-1", "action": action}) == ("c-1", action)
    assert play_fields({"type": "play", "id": 7, "action": {}}) == (7, {})
    assert play_fields({"type": "play", "id": True, "action": {}}) is None
    assert play_fields({"type": "play", "id": "c-1", "action": {}, "x": 1}) is None
    assert play_fields({"type": "ping"}) is None
