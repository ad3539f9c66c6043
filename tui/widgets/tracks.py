"""Tracks: a value on a numbered track, with marked boxes (red circles, thresholds)."""

from __future__ import annotations

from rich.text import Text


def track(label: str, value: int, low: int, high: int, marks: dict[int, str] | None = None,
          width: int = 30) -> Text:
    """One line: label, value, and a bar of boxes; marked boxes show their mark."""
    marks = marks or {}
    span = high - low
    step = max(1, -(-span // width))
    out = Text(f"{label} {value:>2} ")
    for box in range(low + step, high + 1, step):
        mark = marks.get(box)
        if box <= value:
            out.append("█" if mark is None else mark.upper(), style="bold")
        else:
            out.append("·" if mark is None else mark, style="dim" if mark is None else "bold")
    return out


def calendar_strip(groups: list[tuple[str, list[int]]], current: int, now: str = "") -> Text:
    """A calendar as groups of boxes (e.g. months): done ✓, now ▣, to come ·, then its name."""
    out = Text()
    for index, (name, boxes) in enumerate(groups):
        out.append(f"{' ' if index else ''}{name} ")
        for box in boxes:
            if box == current:
                out.append("▣", style="reverse bold")
            elif box < current:
                out.append("✓", style="dim")
            else:
                out.append("·")
    if now:
        out.append(f" now: {now}", style="bold")
    return out
