"""Dice shown as boxed faces, each with a word for what it did (hit, miss, loss)."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text


def dice_strip(dice: Sequence[int], verdicts: Sequence[str] | None = None) -> Text:
    out = Text()
    for index, value in enumerate(dice):
        verdict = verdicts[index] if verdicts and index < len(verdicts) else ""
        style = {"hit": "bold green", "loss": "bold red", "two": "bold green"}.get(verdict, "")
        out.append(f"[{value}]", style=style or None)
        if verdict:
            out.append(f"{verdict} ", style="dim")
        else:
            out.append(" ")
    return out
