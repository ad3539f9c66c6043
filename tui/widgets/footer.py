"""The footer of every screen: the keys of the screen's bindings in one line, drawn as Textual's
footer draws them, by one widget.

Textual's footer is a container with a widget per key (nine widgets on a game screen, each
composed, styled, laid out and drawn), rebuilt whole after every change of the screen's
bindings, and empty until the first change: a game's first frame paid for all that, and more
when a key moved the focus. This one is a single line of text: the same cells (each key bold
in its colour with a space either side, then its description and a space; a disabled key dim;
the line cut at the screen's edge, but a key the screen shows only if there is room is shown
whole or not at all), repainted only when the keys it shows (key, description,
enabled) change. A click on a key presses it, as in Textual's.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget


class Footer(Widget, can_focus=False):
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    _shown: tuple | None = None
    _spans: tuple = ()

    def _keys(self) -> tuple:
        """What the footer shows: the first shown binding of each action, whether it is enabled,
        in the screen's order (as Textual's footer); the actions the screen names in
        ``FOOTER_IF_ROOM`` after all the others, in that order (a wider terminal shows them)."""
        first: dict[str, tuple] = {}
        for (_node, binding, enabled, _tooltip) in self.screen.active_bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = (binding, enabled)
        late = getattr(self.screen, "FOOTER_IF_ROOM", ())
        return tuple(key for action, key in first.items() if action not in late) + tuple(
            first[action] for action in late if action in first)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen and self._keys() != self._shown:
            self.refresh()

    def render(self) -> Text:
        keys = self._keys()
        self._shown = keys
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        item_style = self.rich_style
        line = Text(no_wrap=True, overflow="crop", end="")
        spans = []
        late = getattr(self.screen, "FOOTER_IF_ROOM", ())
        for binding, enabled in keys:
            shown = self.app.get_key_display(binding)
            if binding.description:
                item = Text.assemble((f" {shown} ", key_style), (f"{binding.description} ", description_style))
            else:
                item = Text.assemble((shown, key_style))
            if binding.action in late and len(line) + len(item.plain.rstrip()) > self.size.width:
                break                     # whole or not at all, and the ones after it too
            item.stylize_before(item_style + self._dim(enabled))
            spans.append((len(line), len(line) + len(item), binding.key, enabled))
            line.append_text(item)
        self._spans = tuple(spans)
        return line

    @staticmethod
    def _dim(enabled: bool):
        from rich.style import Style
        return Style() if enabled else Style(dim=True)

    def on_click(self, event: events.Click) -> None:
        for start, end, key, enabled in self._spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
