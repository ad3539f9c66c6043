"""What wartable relies on inside Textual, beyond its documented API: all of it here, and why.

Each entry says what we use, why, the Textual versions it was checked on, and the change in
Textual itself that would let us drop it (worded so it can be offered upstream).
``tests/tui/test_textual_insides.py`` fails, by the entry's name, when an upgrade changes
what an entry relies on. (Older private uses elsewhere in ``tui/`` are to move here under an
issue of their own.)

Checked on Textual 8.2.8.

Input that is not UTF-8 (``lenient_driver``)
--------------------------------------------
Why: ``LinuxDriver.run_input_thread`` and ``WebDriver.run_input_thread`` decode the terminal's
bytes with a strict UTF-8 decoder (``getincrementaldecoder("utf-8")()``). One byte that is not
UTF-8 (``0xff``, an 8-bit Meta key, a Latin-1 terminal's ``é``) raises UnicodeDecodeError in
the input thread: the Linux driver then panics the app (the traceback on the terminal, exit
code 0), the web driver stops reading keys. Over SSH, any player could end their own session
with one byte, and see the server's paths.

What we rely on: each of those two functions makes its decoder by calling the name
``getincrementaldecoder`` from its module's globals (``from codecs import
getincrementaldecoder``), and has no closure. ``lenient_driver`` gives the app a subclass whose
``run_input_thread`` is Textual's own function, unchanged, run over a copy of its module's
globals in which that name makes decoders that replace what they cannot decode (U+FFFD, which
no key is bound to). Textual's module is left as it is; its fixes to the input loop still reach us.

Not covered: ``WebDriver`` feeds the parser whatever one packet decodes to, and an empty string
ends Textual's parser for good (``_parser.Parser.feed("")``: end of file), so a packet that
decodes to nothing (empty, or only the start of a sequence, a lone ``0xe9``) still ends that
page's input. textual-serve sends each browser message as one whole UTF-8 string, so only a
page's own hand-made packets could do it, to that page alone. (``LinuxDriver`` skips an empty
decode.) ``LinuxInlineDriver`` has the strict decoder too; wartable never runs inline.

Upstream change: ``getincrementaldecoder("utf-8")(errors="replace")`` in
``drivers/linux_driver.py``, ``drivers/linux_inline_driver.py`` and ``drivers/web_driver.py``
(Textualize/textual issue #6456, still open at 8.2.8); and in ``WebDriver.run_input_thread``,
feed the parser only a non-empty decode, as ``LinuxDriver`` does. Once released,
``lenient_driver`` returns its argument and this entry goes.
"""

from __future__ import annotations

import codecs
import types

CHECKED_ON = ("8.2.8",)

DECODER_NAME = "getincrementaldecoder"
LENIENT_DRIVERS = (("textual.drivers.linux_driver", "LinuxDriver"),
                   ("textual.drivers.web_driver", "WebDriver"))

_lenient: dict[type, type] = {}


def replacing_decoder(encoding: str):
    """``codecs.getincrementaldecoder`` whose decoders replace what they cannot decode, whatever
    ``errors`` they are asked for."""
    make = codecs.getincrementaldecoder(encoding)

    def decoder(errors: str = "strict") -> codecs.IncrementalDecoder:
        return make(errors="replace")
    return decoder


def with_replacing_decoder(function: types.FunctionType) -> types.FunctionType:
    """``function`` itself, its globals copied with ``getincrementaldecoder`` replaced."""
    names = dict(function.__globals__)
    names[DECODER_NAME] = replacing_decoder
    lenient = types.FunctionType(function.__code__, names, function.__name__,
                                 function.__defaults__, function.__closure__)
    lenient.__kwdefaults__ = function.__kwdefaults__
    lenient.__qualname__ = function.__qualname__
    lenient.__doc__ = function.__doc__
    return lenient


def lenient_driver(driver_class: type) -> type:
    """The driver class to run instead of ``driver_class``: Textual's Linux or web driver with
    input decoded leniently (see the module's notes); any other driver as it is."""
    key = (driver_class.__module__, driver_class.__name__)
    if key not in LENIENT_DRIVERS:
        return driver_class
    if driver_class not in _lenient:
        _lenient[driver_class] = type(driver_class.__name__, (driver_class,), {
            "__module__": __name__,
            "__doc__": f"Textual's {driver_class.__name__}; a byte that is not UTF-8 is read as U+FFFD.",
            "run_input_thread": with_replacing_decoder(driver_class.run_input_thread),
        })
    return _lenient[driver_class]
