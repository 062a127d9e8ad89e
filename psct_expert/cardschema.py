"""The one schema every card is checked against, wherever it comes from.

The shipped database, the user store, ``cards import`` (all three formats),
case files and ``--cards`` files all build cards through
:meth:`psct_expert.cards.Card.from_dict`, which validates the fields here
(with pydantic, strict types: ``level: [1, 2]`` or ``level: "4"`` is refused).
A problem is a :class:`~psct_expert.errors.FileFormatError` that names the
field; the caller adds the file and line.
"""

from functools import lru_cache
from typing import Literal, Optional, Union

from .errors import FileFormatError

# pydantic (and building the model) costs a fresh process a good part of its start-up, so the
# model is built when a card is first checked: the shipped database is checked once per content
# when its name index is built (:mod:`psct_expert.cards`), so a question needs no check at all.


@lru_cache(maxsize=1)
def _model():
    """(CardFields, ValidationError, FIELDS), built on first use."""
    from pydantic import (BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr,
                          ValidationError)

    Stat = Optional[Union[StrictInt, Literal["?"]]]

    class CardFields(BaseModel):
        """The fields of a card (``facts/cards.jsonl.gz`` lines; case files use a subset)."""

        model_config = ConfigDict(extra="forbid", strict=True)

        name: StrictStr = Field(min_length=1, max_length=500)
        kind: Literal["monster", "spell", "trap"]
        subtypes: Union[list[StrictStr], StrictStr, None] = None
        text: StrictStr = Field(default="", max_length=100_000)
        pendulum_text: Optional[StrictStr] = None
        attribute: Optional[StrictStr] = None
        race: Optional[StrictStr] = None
        level: Optional[StrictInt] = Field(default=None, ge=0, le=13)
        atk: Stat = None
        def_: Stat = Field(default=None, alias="def")
        id: Optional[StrictInt] = None
        official_text: StrictBool = True
        # carried by the shipped database; checked, not used by the reader
        scale: Optional[StrictInt] = None
        link_arrows: Optional[list[StrictStr]] = None
        materials: Optional[StrictStr] = None
        tcg: Optional[StrictBool] = None
        konami_id: Optional[StrictInt] = None
        source: Optional[StrictStr] = None

    CardFields.__module__ = __name__
    CardFields.__qualname__ = "CardFields"
    fields = sorted(a.alias or n for n, a in CardFields.model_fields.items())
    return CardFields, ValidationError, fields


def __getattr__(name: str):
    """``CardFields`` and ``FIELDS`` (the schema's field names) are built on first use."""
    if name == "CardFields":
        return _model()[0]
    if name == "FIELDS":
        return _model()[2]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def has_lone_surrogate(value) -> bool:
    """Whether a string anywhere in value holds a lone surrogate (a JSON "\\ud800" escape)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(has_lone_surrogate(k) or has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_lone_surrogate(v) for v in value)
    return False


def checked_json_name(line: str) -> Optional[str]:
    """The name of the card a JSON text holds when it passes the schema, else None (then
    :func:`validate_card` on its parsed value says why).  Decoding and checking happen in one
    step in pydantic's core, three times faster than both in Python (the shipped database's
    index checks every line this way).  Only text without ``\\u`` escapes is checked here, as
    only an escape can make a lone surrogate."""
    if "\\u" in line:
        return None
    card_fields, validation_error, _fields = _model()
    try:
        return card_fields.model_validate_json(line).name
    except (validation_error, ValueError):
        return None


def validate_card(d):
    """The card's fields (a ``CardFields``), checked; a FileFormatError names the first bad field."""
    if not isinstance(d, dict):
        raise FileFormatError(f"a card must be a mapping, not {type(d).__name__}")
    if has_lone_surrogate(d):
        raise FileFormatError("a card's text holds a lone surrogate (\\ud800-\\udfff), "
                              "which is not a character")
    card_fields, validation_error, fields = _model()
    try:
        return card_fields.model_validate(d)
    except validation_error as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err["loc"] else ""
        name = d.get("name")
        who = f'card "{name}": ' if isinstance(name, str) and name.strip() else "a card: "
        if err["type"] == "extra_forbidden":
            msg = f"unknown field {field!r} (fields: {', '.join(fields)})"
        elif err["type"] == "missing":
            msg = f"needs a {field!r}"
        else:
            shown = repr(err.get("input"))
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            msg = f"field {field!r}: {err['msg'].lower()}, not {shown}"
        raise FileFormatError(who + msg, field=field) from None
