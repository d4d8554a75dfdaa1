#!/usr/bin/env python3
"""The plural entries of the library in tools/i18n-check (docs/translating.md, "Plurals"):

  - count_index finds the count as the library (gb_plural_count_index) and the page do: the
    last integer conversion before the first character where the English singular and plural
    differ (Bulto's offers, the %ld, not its refusals' %u);
  - a form whose conversions are not the English's fails, naming the form; the count may be
    left out only when it is the text's last conversion; an entry whose English singular and
    plural differ in conversions, or that has no count, fails;
  - on a copy of the real Arabic catalog with one form made wrong (the count left out of Qelat's
    "%s gains %d holes", where a %s follows it): tools/i18n-check fails with exactly that line.
usage: i18n_plurals.py (run by ctest as i18n_plurals)"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from i18n_check_lib import ROOT, TOOL, Entry, check, expect, failures, finish  # noqa: E402,F401


expect('count of "%d round(s)"', check.count_index('%d round', '%d rounds'), 0)
expect('count of Qelat\'s gains', check.count_index('%s gains %d hole from %s (%s; Q7, Q8)',
                                                    '%s gains %d holes from %s (%s; Q7, Q8)'), 1)
expect('count of Bulto\'s offers', check.count_index(
    'this move refuses %u bulto but only %ld is offered (B5)',
    'this move refuses %u bulto but only %ld are offered (B5)'), 1)
expect('count of a standing', check.count_index('%s owns %d hole, %s %d', '%s owns %d holes, %s %d'), 1)
expect('no count', check.count_index('%s: no hole', '%s: no holes'), None)


def entry(msgid, plural, forms):
    e = Entry()
    e.msgid, e.msgid_plural = msgid, plural
    e.msgstr = dict(enumerate(forms))
    return e


GAINS = ('%s gains %d hole from %s (%s; Q7, Q8)', '%s gains %d holes from %s (%s; Q7, Q8)')
ROUND = ('%d round', '%d rounds')


def problems(e):
    return [re.sub(r'^x: ', '', p) for p in check.library_plural_problems(e, 'x')]


expect('good forms', problems(entry(*GAINS, ['%s %d %s (%s)', '%s ONE (%d) %s (%s)'])), [])
expect('the count left out before others', [p[:9] for p in problems(entry(*GAINS, ['%s %d %s (%s)', '%s ONE %s (%s)']))],
       ['msgstr[1]'])
expect('a %s for the %d', [p[:9] for p in problems(entry(*GAINS, ['%s %s %s (%s)', '%s %d %s (%s)']))], ['msgstr[0]'])
expect('the count left out, last', problems(entry(*ROUND, ['%d R', 'ONE ROUND', 'TWO ROUNDS'])), [])
expect('the count and more left out', [p[:9] for p in problems(entry('%s: %d hole', '%s: %d holes', ['NONE', '%s: %d']))],
       ['msgstr[0]'])
expect('English singular and plural differ', len(problems(entry('%s gains %d hole', '%s gains %u holes', ['%s %d']))), 1)
expect('no count', len(problems(entry('%s: no hole', '%s: no holes', ['%s']))), 1)

# the real Arabic catalog, one form made wrong: tools/i18n-check names it, and nothing else
with tempfile.TemporaryDirectory() as d:
    po = os.path.join(d, 'ar.po')
    shutil.copy(os.path.join(ROOT, 'po', 'ar.po'), po)
    with open(po, encoding='utf-8') as f:
        text = f.read()
    right = 'msgstr[2] "يكسب %s حفرتين (%d) من %s (%s؛ Q7، Q8)"'
    expect('the form to make wrong is in po/ar.po', right in text, True)
    with open(po, 'w', encoding='utf-8') as f:
        f.write(text.replace(right, right.replace(' (%d)', '')))
    r = subprocess.run([sys.executable, TOOL, po], capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if not l.startswith('i18n-check:')]
    expect('exit status', r.returncode, 1)
    expect('one problem', len(lines), 1)
    if lines:
        expect('the line', bool(re.fullmatch(r".*ar\.po:\d+: msgstr\[2\]: printf conversions \['%s', '%s', '%s'\], "
                                             r"the English has \['%s', '%d', '%s', '%s'\] .*", lines[0])), True)

for f in failures:
    print('FAIL', f)
finish('i18n_plurals')
