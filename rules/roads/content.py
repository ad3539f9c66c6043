"""(local stand-in until the content branch is merged)"""
from __future__ import annotations
import attrs
from typing import Any

@attrs.frozen
class RoadsContent:
    map: Any
    units: dict
    leader: Any
    chits: dict
    cards: dict
    rules: Any

def load_content():
    raise NotImplementedError
