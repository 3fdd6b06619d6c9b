"""The command envelope's hand-checked path (api/schemas.py `_plain_envelope`) against the
marshmallow schema it stands in for: on every combination of good and bad fields, it either
gives exactly what the schema loads, or leaves the envelope to the schema (its errors)."""

import itertools

from marshmallow import ValidationError

from backend.api import schemas
from backend.api.schemas import ENVELOPE, _plain_envelope, load_command

MISSING = object()
VALUES = {
    "op_id": [None, "", "abcdefgh", "abcdefg", "a" * 64, "a" * 65, "abcdefgh\n", "abcdéfgh", 5, True, ["x"], MISSING],
    "device_id": [None, "dev1", "dev", "d" * 64, "d" * 65, "dev1\n", 3, MISSING],
    "type": [None, "record_bust", "nope", "record_bust\n", 1, MISSING],
    "at": [None, 0, -1, 2**53, 2**53 + 1, True, 1.0, "5", MISSING],
    "payload": [None, {}, {"entry_id": 1}, [], "x", MISSING],
}


def test_the_hand_checked_envelope_is_the_schemas_or_none():
    taken = 0
    for combo in itertools.product(*VALUES.values()):
        body = {key: value for key, value in zip(VALUES, combo, strict=True) if value is not MISSING}
        for sent in (body, {**body, "extra": 1}):
            try:
                loaded: dict | str = ENVELOPE.load(sent)
            except ValidationError:
                loaded = "refused"
            fast = _plain_envelope(sent)
            if fast is not None:
                taken += 1
                assert fast == loaded, sent
    # two good op_ids, two device_ids, one type; at None/0/2**53/absent; payload {}/a dict/absent
    assert taken == 2 * 2 * 4 * 3


def test_a_command_loads_alike_either_way(monkeypatch):
    sent = {"op_id": "op-12345678", "device_id": "dev-1", "type": "record_bust", "payload": {"entry_id": 7}}
    fast = [load_command(sent), load_command({**sent, "at": 5})]
    monkeypatch.setattr(schemas, "_plain_envelope", lambda body: None)
    assert fast == [load_command(sent), load_command({**sent, "at": 5})]
    assert fast[1]["at"] == 5 and fast[1]["payload"]["entry_id"] == 7
