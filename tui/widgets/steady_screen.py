"""A screen laid out once and drawn once when it first appears.

Textual, left to itself, works a screen out several times before its first frame:

- the frame a screen draws while the app is still starting (inside the app's start-up batch)
  is rendered whole and thrown away (``App._display`` drops it), and nothing draws it again
  until something else asks for a repaint;
- every Resize a screen gets lays it out again, and every screen beneath it too, even at the
  size it was just laid out at: a screen's own first layout sends it one, and the terminal
  driver's first size report (the size the app already has) sends one to every screen;
- the first Resize gives the screen its breakpoint class (``-narrow``/``-wide``), which
  restyles every widget on it; and its first ScreenResume restyles every widget, just styled
  as they were mounted.

``SteadyScreen`` holds a frame asked for during the app's batch until the batch ends
(``WartableApp._end_batch`` then wakes the screen in front); it lays out again only at a new
size, and has its breakpoint class from the start. The frame is the same; it is worked out
once. Work that need not come before the first frame waits for it (``after_first_frame``).
"""

from __future__ import annotations

from textual.screen import Screen


def breakpoint_classes(app) -> set[str]:
    """The breakpoint classes Textual gives a screen at the app's size (``Screen._on_resize``)."""
    width, height = app.size
    classes: set[str] = set()
    for breakpoints, size in ((app.HORIZONTAL_BREAKPOINTS or [], width),
                              (app.VERTICAL_BREAKPOINTS or [], height)):
        for at, name in sorted(breakpoints, reverse=True):
            if size >= at:
                classes.add(name)
                break
    return classes


class SteadyScreen(Screen):

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        try:
            app = self.app
        except Exception:           # made outside a running app: Textual sets them on resize
            return
        if self.HORIZONTAL_BREAKPOINTS is None and self.VERTICAL_BREAKPOINTS is None \
                and (app._size is not None or app._driver is not None):
            self.add_class(*breakpoint_classes(app), update=False)   # styled when mounted

    _resumed = False

    def _on_screen_resume(self, event) -> None:
        if not self._resumed:
            # its widgets were styled as they were mounted, with the screen's breakpoint class
            # already on it and the focus styles kept by Textual as the focus moves: the first
            # resume does not style every widget again (Textual's, next in the MRO, lays out)
            self._resumed = True
            event.refresh_styles = False

    def _screen_resized(self, size) -> None:
        if size == self._compositor.size:   # laid out at this size already: nothing moves
            return
        super()._screen_resized(size)

    _drawn = False
    _after_frame: list | None = None

    def after_first_frame(self, callback) -> None:
        """Run ``callback`` once the screen's first frame is on the terminal (at once, after the
        next refresh, when it is already): work the first frame need not wait for (the
        autosave, a toast). ``call_after_refresh`` may run before it: a frame held in the
        app's start-up batch comes after the callbacks of that refresh."""
        if self._drawn:
            self.call_after_refresh(callback)
            return
        if self._after_frame is None:
            self._after_frame = []
            # a screen never drawn (the too-small notice over it from the start) runs them anyway
            self.app.set_timer(self.AFTER_FRAME_LATEST, self._run_after_frame)
        self._after_frame.append(callback)

    AFTER_FRAME_LATEST = 2.0      # seconds

    def _run_after_frame(self) -> None:
        callbacks, self._after_frame = self._after_frame or (), None
        for callback in callbacks:
            callback()

    def release_held_frame(self) -> None:
        """The app's start-up batch is over (``WartableApp._end_batch``): a frame held meanwhile
        is drawn once the messages already sent to the screen are handled, not at the first
        tick of Textual's update timer (that timer starts when first resumed and waits a whole
        period, a 60th of a second, before it lays out and draws)."""
        if self._drawn or not self._repaint_required:
            self.check_idle()
            return
        self.call_later(self._draw_held)

    def _draw_held(self) -> None:
        if not self._drawn and self.is_current and not self.app._batch_count:
            self._on_timer_update()       # what the timer's tick does: layout, then the frame
        else:
            self.check_idle()

    def _compositor_refresh(self) -> None:
        app = self.app
        if app._batch_count and self is app.screen and not app.is_inline:
            self._repaint_required = True   # drawn when the batch ends, once
            return
        super()._compositor_refresh()
        if not self._drawn and self is app.screen:
            self._drawn = True
            for callback in self._after_frame or ():
                self.call_after_refresh(callback)
            self._after_frame = None
