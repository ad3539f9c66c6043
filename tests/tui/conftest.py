"""pytest set-up for the terminal-UI tests.

- ``async def`` tests run on a fresh asyncio loop (no pytest-asyncio/anyio needed), with a
  time limit so a Pilot waiting for a screen that never comes fails instead of hanging.
- ``--update-snapshots`` rewrites the golden frames of test_snapshots.py (tests/tui/snapshots/):
      .venv/bin/python -m pytest tests/tui/test_snapshots.py --update-snapshots -n 0
"""

from __future__ import annotations

import asyncio
import inspect

import pytest

ASYNC_TEST_TIMEOUT = 120.0   # seconds for one async test


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-snapshots", action="store_true", default=False,
                     help="rewrite the golden frames in tests/tui/snapshots/ instead of comparing")


@pytest.fixture
def update_snapshots(request) -> bool:
    # default=False: the option exists only when this conftest is loaded at start-up (pytest
    # run on tests/tui or a file in it); a plain `pytest` from the root compares.
    return bool(request.config.getoption("--update-snapshots", default=False))


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    kwargs = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}

    async def run() -> None:
        await asyncio.wait_for(pyfuncitem.obj(**kwargs), ASYNC_TEST_TIMEOUT)

    asyncio.run(run())
    return True
