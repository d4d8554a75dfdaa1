#!/usr/bin/env python3
"""The glossary check of tools/i18n-check (po/glossary.tsv, docs/translating.md "The glossary"):
an entry whose English has a term of the glossary and whose translation lacks the agreed
rendering fails, one line naming the catalog, the entry and the term.

  - on small entries and a small glossary: the agreed stem found (with a prefix, an inflection,
    Arabic's vowel marks) passes; another word fails; a command kept in Latin letters (rule 8)
    passes, but not a word inside an option or a path (--seeks-per-ip, /api/seeks);
    the English's own option or path is no term; a plural's forms are each checked;
  - on a copy of a real catalog with one entry made wrong (an Amharic seek said with another
    word): tools/i18n-check fails with exactly that line;
  - docs/translating.md's table of the glossary is po/glossary.tsv, row by row.
usage: i18n_glossary.py (run by ctest as i18n_glossary)"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from i18n_check_lib import ROOT, TOOL, Entry, check, expect, failures, finish  # noqa: E402,F401


def entry(msgid, *msgstr, plural=None):
    e = Entry()
    e.msgid, e.msgid_plural, e.line = msgid, plural, 7
    e.msgstr = dict(enumerate(msgstr))
    return e


with tempfile.TemporaryDirectory() as d:
    g = os.path.join(d, 'glossary.tsv')
    with open(g, 'w', encoding='utf-8') as f:
        f.write('# a comment\nterm\tam\tar\tom\n'
                'holes?\tጉድጓ\tحفر\tbooll\n'
                'seeks?\tጥያቄ\tدعو\taffeerr\n'
                'undo\tመመለ|መልስ\t-\tdeebi\n')
    terms = check.read_glossary(g)
    expect('terms read', [t[0] for t in terms], ['holes?', 'seeks?', 'undo'])

    def problems(lang, e):
        return check.glossary_problems(e, lang, terms, 'po/%s.po:7' % lang)

    # the agreed stem, inflected or with a preposition joined to it
    expect('am stem', problems('am', entry('sow from that hole', 'ከዚያ ጉድጓድ ዝራ')), [])
    expect('am plural', problems('am', entry('the holes', 'ጉድጓዶቹ')), [])
    expect('om inflected', problems('om', entry('no such hole', 'boolli akkasii hin jiru')), [])
    expect('ar vowel marks', problems('ar', entry('no such seek', 'لا توجد دَعْوة لعب كهذه')), [])
    # another word: one line, naming the catalog, the entry and the term
    expect('om wrong word', problems('om', entry('no such seek', 'gaaffiin taphaa akkasii hin jiru')),
           ['po/om.po:7: "no such seek": the glossary\'s "seeks?" (affeerr) is missing: '
            "'gaaffiin taphaa akkasii hin jiru'"])
    # a command typed as in English counts (rule 8); a word inside an option or a path does not
    expect('command kept', problems('om', entry('nothing to undo; type undo', 'undo barreessi')), [])
    bad = problems('am', entry('you have %d open seeks already (--seeks-per-player)',
                               'ቀድሞውኑ %d ክፍት ጨዋታዎች አሉዎት (--seeks-per-player)'))
    expect('option is no kept word', len(bad), 1)
    expect('path is no kept word',
           len(problems('ar', entry('withdraw it with DELETE /api/seeks/%s',
                                    'اسحبه بـDELETE /api/seeks/%s'))), 0)
    # the English's own option or path is no term: nothing asked of the translation
    expect('English option', problems('am', entry('--seeks-per-ip', '--seeks-per-ip')), [])
    # '-': the language is not checked for the term
    expect('unchecked', problems('ar', entry('nothing to undo', 'لا شيء')), [])
    # each form of a plural
    bad = problems('am', entry('One more seek.', 'አንድ ተጨማሪ የጨዋታ ጥያቄ።', '{n} ተጨማሪ ጨዋታዎች።',
                               plural='{n} more seeks.'))
    expect('plural form', [re.sub(r':.*', '', b.split(' of ')[0][len('po/am.po:7: '):]) for b in bad],
           ['msgstr[1]'])

# a real catalog, one entry made wrong: tools/i18n-check names it, and nothing else
with tempfile.TemporaryDirectory() as d:
    po = os.path.join(d, 'am.po')
    shutil.copy(os.path.join(ROOT, 'po', 'am.po'), po)
    with open(po, encoding='utf-8') as f:
        text = f.read()
    old = 'msgid "no such seek"\nmsgstr "'
    i = text.index(old) + len(old)
    j = text.index('"\n', i)
    wrong = text[i:j].replace('ጥያቄ', 'ግብዣ')
    expect('the entry made wrong', wrong != text[i:j], True)
    with open(po, 'w', encoding='utf-8') as f:
        f.write(text[:i] + wrong + text[j:])
    r = subprocess.run([sys.executable, TOOL, po], capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if not l.startswith('i18n-check:')]
    expect('exit status', r.returncode, 1)
    expect('one problem', len(lines), 1)
    if lines:
        expect('the line', bool(re.fullmatch(r'.*am\.po:\d+: "no such seek": the glossary\'s '
                                             r'"seeks\?" \(ጥያቄ\) is missing: .*ግብዣ.*', lines[0])),
               True)

# the docs' table: a row a term, its cells the glossary's columns ('|' written '\|' in the
# English, ' / ' between a language's forms)
glossary = []
with open(os.path.join(ROOT, 'po', 'glossary.tsv'), encoding='utf-8') as f:
    for line in f:
        line = line.rstrip('\n')
        if line and not line.startswith('#') and not line.startswith('term\t'):
            glossary.append(line.split('\t'))
table = []
with open(os.path.join(ROOT, 'docs', 'translating.md'), encoding='utf-8') as f:
    for line in f:
        m = re.match(r'^\| `(.*)` \| (.*) \|$', line.rstrip('\n'))
        if m:
            table.append([m.group(1).replace('\\|', '|')] +
                         [c.replace(' / ', '|') for c in m.group(2).split(' | ')])
expect('docs/translating.md: the glossary table, rows', len(table), len(glossary))
for row, want in zip(table, glossary):
    expect('docs/translating.md: the glossary table\'s row of %s' % want[0], row, want)

for f in failures:
    print('FAIL', f)
finish('i18n_glossary')
