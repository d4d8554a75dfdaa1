"""Every ```python example of python/README.md runs as it is written (a fresh namespace each,
the package and library of this tree), so that the examples a reader copies work."""
import contextlib
import io
import os
import re
import sys

import pytest

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")


def examples():
    with open(README, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_the_readme_has_the_examples():
    codes = examples()
    assert len(codes) >= 4  # the State API, PettingZoo, Gymnasium, OpenSpiel
    joined = "\n".join(codes)
    for needle in ("agent_iter", "gabata.env.single", "pyspiel_compat.install()"):
        assert needle in joined


@pytest.mark.parametrize("i", range(len(examples())))
def test_example_runs(i):
    code = examples()[i]
    out = io.StringIO()
    saved = sys.modules.get("pyspiel")
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"README.md example {i + 1}", "exec"), {"__name__": "__readme__"})
    finally:  # the OpenSpiel example installs pyspiel: leave sys.modules as it was
        if saved is None:
            sys.modules.pop("pyspiel", None)
        else:  # pragma: no cover
            sys.modules["pyspiel"] = saved
    assert out.getvalue().strip(), "every example prints its result"
