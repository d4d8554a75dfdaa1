"""Shared fixtures: the package from this tree, the library (GABATA_LIBRARY), the program
(GABATA_PROGRAM, for `gabata perft` and `gabata engine`), the engine client of tools/."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))          # python/: the package
sys.path.insert(0, os.path.join(ROOT, "tools"))    # gabata_engine.py, the one engine client


@pytest.fixture(scope="session")
def program():
    p = os.environ.get("GABATA_PROGRAM")
    if not p:
        pytest.skip("GABATA_PROGRAM (the gabata program) is not set")
    return p
