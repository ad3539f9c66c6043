"""The footer of every screen: Textual's, recomposed only when the keys it shows change.

Textual's footer rebuilds all its keys after every change of the screen's bindings (a focus
change, ``refresh_bindings``), once per change even when several come in one tick, and each
new key is styled twice as it mounts. Opening a game changed the bindings four times before its
first frame, for the same keys; a menu key that moves the focus did it again. This one
recomposes at most once per refresh, and only when the keys shown (key, description, enabled)
differ from those on screen; it has its keys from its first compose.
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    _pending = False
    _shown: tuple | None = None

    def _keys(self) -> tuple:
        """What the footer shows: each shown binding, whether it is enabled, and its tooltip."""
        return tuple((binding, enabled, tooltip)
                     for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values()
                     if binding.show)

    def compose(self):
        # the keys from the start (Textual's footer is empty until the screen's bindings first
        # change, then recomposed: its first frame came with the keys missing, or a frame late)
        self.set_reactive(TextualFooter._bindings_ready, True)
        self._shown = self._keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # made compact (Textual's default) and bound to the footer's (not compact):
                # each key was restyled twice before its first frame; its own style from the start
                widget.set_reactive(FooterKey.compact, self.compact)
            yield widget

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or self._pending:
            return
        if self.is_attached and screen is self.screen:
            self._pending = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._pending = False
        if self.is_attached and self._keys() != self._shown:
            await self.recompose()
