"""What the tests of tools/i18n-check share: the tool loaded as a module (it has no .py name),
the catalogs' Entry, and a list of failures with its summary line and exit status."""
import importlib.machinery
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, 'tools', 'i18n-check')
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from i18n_po import Entry  # noqa: E402,F401  (for the tests: made-up catalog entries)

_loader = importlib.machinery.SourceFileLoader('i18n_check', TOOL)
check = importlib.util.module_from_spec(importlib.util.spec_from_loader('i18n_check', _loader))
_loader.exec_module(check)

failures = []


def expect(what, got, want):
    if got != want:
        failures.append('%s: got %r, want %r' % (what, got, want))


def finish(name):
    """Print the test's last line and exit: 1 if anything failed."""
    print('%s: %s' % (name, '%d failure(s)' % len(failures) if failures else 'ok'))
    sys.exit(1 if failures else 0)
