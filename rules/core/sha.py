"""SHA-256 without importing ``hashlib``: hashlib loads OpenSSL and makes a constructor for each
of its algorithms when imported (a couple of milliseconds of every start that opens a save);
CPython's own SHA-256 module gives the same digests."""

from __future__ import annotations

try:
    from _sha2 import sha256          # CPython 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256    # CPython 3.11
    except ImportError:               # another Python: hashlib's
        from hashlib import sha256

__all__ = ["sha256"]
