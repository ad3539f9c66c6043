"""The Roads screen's title bar, from one seat's view: the sequence, the seat, who acts, the SP
of the operation under way and the VP, with the "thinking" mark while the computer or the hint
thinks. Fitted to the screen's width: the values are kept and the words around them dropped
first (playtest finding 7)."""

from __future__ import annotations

from rich.text import Text

from .panels import NAME

# the title bar's words, dropped in this order when the line does not fit (its values stay)
STATUS_CUTS = ("title", "cancels", "seat", "to act", "computer", "name", "op")


def title_bar(view, seat: str | None, to_act: str | None, *, name_of, computer: str, thinking: str,
              width: int) -> Text:
    """The title bar at `width` columns; `name_of(side)` is the player's name, `computer` the
    computer's side ("" in a hot-seat game), `thinking` "", "computer" or "hint"."""
    vp = dict(view.vp)
    for level in range(len(STATUS_CUTS) + 1):
        cut = set(STATUS_CUTS[:level])
        t = Text()
        if thinking:
            t.append("⧗ thinking… " if thinking == "computer" else "⧗ hint: thinking… ",
                     style="bold reverse")
            t.append(" ")
            if thinking == "hint" and "cancels" not in cut:
                t.append("(! cancels) ", style="italic")
        if "title" not in cut:
            t.append("Roads to Stalingrad · ", style="bold")
        t.append(f"seq {view.sequence} · ", style="bold")
        if seat:
            who = NAME[seat] if "name" in cut else f"{name_of(seat)} ({NAME[seat]})"
            t.append(("" if "seat" in cut else "seat: ") + who + " ", style="reverse")
        if to_act:
            t.append(f" {'acts' if 'to act' in cut else 'to act'}: {NAME[to_act]}")
            if to_act == computer and thinking != "computer" and "computer" not in cut:
                t.append(" (computer…)", style="italic")
        if view.operation:               # whose operation the SP are, when another side
            op = view.operation          # acts (playtest: the defender read them as its own)
            whose = "" if op.side == to_act or "op" in cut else f"{NAME[op.side]} op "
            t.append(f" · {whose}{op.sp} SP", style="bold")
        t.append(f" · VP A{vp.get('axis', 0)} S{vp.get('soviet', 0)}")
        if t.cell_len <= width:
            break
    return t
