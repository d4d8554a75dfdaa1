#!/usr/bin/env python3
"""The terminal in each language (issue 22 §3): gabata --lang CODE rules GAME, its help,
gabata --help (the main usage), variants, learn (its list, help and a lesson) and gabata play's show the language's own script (Arabic, Ge'ez) or its own words (Afaan Oromoo)
where the catalog has them; the environment chooses the same way (LANG=ar_EG.UTF-8 even where
that locale is not built, LANGUAGE=am); LC_ALL=C is English; a bad --lang is one line and exit
2; and at COLUMNS=80 and 60 no line is wider than the terminal, its width counted in columns
as a terminal draws them (wcwidth: an Arabic vowel mark takes none, a wide character two).
A match of Qelat and of L'ab al-Akil played to its end keeps to those widths too (its round words,
result line and summary wrapped), Amharic and Tigrinya end those sentences with their own full
stop, and on a terminal (a pty) of 80 columns the last board is not turned for a long result line.
Usage: i18n_terminal.py path/to/gabata path/to/po"""
import os
import re
import subprocess
import sys
import unicodedata

gabata, podir = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(os.path.dirname(podir), 'tools'))
from i18n_po import parse  # noqa: E402

fails = []
SCRIPT = {'ar': re.compile('[\u0600-\u06ff]'), 'am': re.compile('[\u1200-\u137f]'),
          'ti': re.compile('[\u1200-\u137f]')}
GAMES = ['sadeqa', 'qelat', 'akil', 'bulto']


def width(line):
    w = 0
    for ch in line:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ('Mn', 'Me', 'Cf'):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ('W', 'F') else 1
    return w


def run(args, env=None, stdin=None, columns=80):
    e = {k: v for k, v in os.environ.items() if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG')}
    e['COLUMNS'] = str(columns)
    e.update(env or {})
    r = subprocess.run([gabata] + args, input=stdin, capture_output=True, text=True, env=e,
                       timeout=60)
    return r.returncode, r.stdout, r.stderr


def translated(lang):
    """The English texts the catalog translates, and their translations."""
    path = os.path.join(podir, lang + '.po')
    out = {}
    for e in parse(path):
        if e.msgid and not e.obsolete and 'fuzzy' not in e.flags and e.msgstr.get(0):
            out[e.msgid] = e.msgstr[0]
    return out


texts = {}
for lang in ['en', 'ar', 'am', 'ti', 'om']:
    cat = translated(lang) if lang != 'en' else {}
    for name, args, stdin in ([('rules ' + g, ['rules', g], None) for g in GAMES] +
                              [('rules --help', ['rules', '--help'], None),
                               ('play --help', ['play', '--help'], None),
                               ('--help', ['--help'], None),
                               ('variants', ['variants'], None),
                               ('learn', ['learn'], None),
                               ('learn --help', ['learn', '--help'], None),
                               ('learn qelat', ['learn', 'qelat'], 'A\nskip\nmoves\nquit\n'),
                               ('play', ['play', 'qelat', '--north', 'random', '--seed', '3'],
                                'help\nrules\nA\nmoves\nundo\nquit\n')] +
                             # L'ab al-Akil's tebweez: a bad layout, a suggested one, the moves
                             # of a phase that cannot list them, the row choice, a hint, a wrong pit
                             [('play akil', ['play', 'akil', '--north', 'random', '--seed', '3'],
                               'layout:1\nsuggest\nmoves\ntake\nmoves\nkeep\nhint\na\nquit\n')] +
                             # a match played to its end: the round's words, the result and the
                             # match's summary (the library's texts, as long as a translation makes them)
                             [('play %s to its end' % g, ['play', g, 'max-rounds=1', '--south', 'random',
                                                          '--north', 'random', '--seed', '5'], '')
                              for g in ('qelat', 'akil')]):
        for cols in (80, 60):
            rc, out, err = run(['--lang', lang] + args, stdin=stdin, columns=cols)
            if rc != 0:
                fails.append('%s: gabata --lang %s %s exits %d: %s' % (lang, lang, name, rc, err.strip()[:200]))
                continue
            for line in out.split('\n'):
                if width(line) > cols:
                    fails.append('%s: %s at COLUMNS=%d: a line of %d columns: %s'
                                 % (lang, name, cols, width(line), line))
                    break
            texts[(lang, name, cols)] = out
    if lang == 'en':
        continue
    # the language shows where the catalog has it: a rules line, a help line, a message of play
    for name in ['rules ' + g for g in GAMES] + ['play --help', 'play', '--help', 'variants', 'learn',
                                                  'learn --help', 'learn qelat']:
        out = texts.get((lang, name, 80), '')
        en = texts.get(('en', name, 80), '')
        # (a text of 20 letters or more: `variants` has only its short "(default %s)")
        has = [m for m in cat if (len(m) > 20 or name == 'variants') and re.search('[A-Za-z]{4}', m)
               and m.split('\n')[0].strip().split('%')[0][:30].strip() in en
               and m.split('\n')[0].strip().split('%')[0].strip()]
        if not has:
            continue  # nothing of this text translated yet (po/INCOMPLETE)
        script = SCRIPT.get(lang)
        if script and not script.search(out):
            fails.append('%s: gabata --lang %s %s shows none of its script' % (lang, lang, name))
        if out == en:
            fails.append('%s: gabata --lang %s %s is the English' % (lang, lang, name))

# the end of a match in Amharic and Tigrinya: their full stop (the catalog's "full-stop:።"),
# never a Latin "." after a Ge'ez letter (the round's words end the terminal's "=== ..." lines)
for lang in ('am', 'ti'):
    for g in ('qelat', 'akil'):
        out = texts.get((lang, 'play %s to its end' % g, 80), '')
        bad = re.search('[\u1200-\u137f]\\.', out)
        if bad:
            fails.append('%s: play %s to its end: a Latin full stop: %r'
                         % (lang, g, out[max(0, bad.start() - 60):bad.end() + 5]))

# on a terminal of 80 columns the last board of a match is drawn as every other (rows across, not
# turned a quarter): the result line under it, as long as its language makes it, is wrapped and
# no reason to turn the board
import fcntl  # noqa: E402
import pty  # noqa: E402
import struct  # noqa: E402
import termios  # noqa: E402
for lang in ('en', 'ar'):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 80, 0, 0))
    e = {k: v for k, v in os.environ.items() if k not in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG', 'COLUMNS')}
    p = subprocess.Popen([gabata, '--lang', lang, 'play', 'qelat', 'max-rounds=1', '--south', 'random',
                          '--north', 'random', '--seed', '5'], stdin=subprocess.DEVNULL, stdout=slave,
                         stderr=slave, env=e)
    os.close(slave)
    chunks = []
    while True:
        try:
            b = os.read(master, 65536)
        except OSError:  # EIO: the program has closed the terminal
            break
        if not b:
            break
        chunks.append(b)
    p.wait(timeout=60)
    os.close(master)
    tty = re.sub('\x1b\\[[0-9;?]*[a-zA-Z]', '', b''.join(chunks).decode('utf-8', 'replace')).replace('\r\n', '\n')
    last = tty[:tty.rfind('\n\n  ')]  # the board before the status line of the end
    last = last[last.rfind('\n\n'):]
    if re.search(r'\n  [A-F] \[', last) or max(width(ln) for ln in tty.split('\n')) > 80:
        fails.append('%s: the end of a match on a terminal of 80 columns: the board turned or a '
                     'line too wide:%s' % (lang, last))

# the environment chooses as --lang does
for env, lang in (({'LANG': 'ar_EG.UTF-8'}, 'ar'), ({'LANGUAGE': 'am', 'LANG': 'C.UTF-8'}, 'am'),
                  ({'LC_ALL': 'ar_EG.UTF-8'}, 'ar'), ({'LANGUAGE': 'fr:ti', 'LANG': 'C.UTF-8'}, 'ti')):
    rc, out, err = run(['rules', 'qelat'], env=env)
    want = texts.get((lang, 'rules qelat', 80))
    if rc != 0 or out != want:
        fails.append('%s: does not give what --lang %s gives' % (env, lang))
rc, out, err = run(['rules', 'qelat'], env={'LC_ALL': 'C', 'LANG': 'ar_EG.UTF-8'})
if out != texts.get(('en', 'rules qelat', 80)):
    fails.append('LC_ALL=C LANG=ar_EG.UTF-8: not English (LC_ALL decides)')
# a bad --lang: one line, exit 2; --lang alone, the same
for args in (['--lang', 'xx', 'rules', 'qelat'], ['rules', 'qelat', '--lang']):
    rc, out, err = run(args)
    if rc != 2 or len(err.strip().split('\n')) != 1 or '--lang' not in err or out:
        fails.append('gabata %s: rc %d, stderr %r (one line and exit 2 expected)' % (' '.join(args), rc, err))
# a program's output stays English whatever the language (the engine protocol)
rc, out, err = run(['--lang', 'ar', 'engine'], stdin='new sadeqa\nmoves\nquit\n')
if SCRIPT['ar'].search(out):
    fails.append('gabata --lang ar engine: the protocol is translated: %r' % out[:200])

# gabata analyze in each language (LANGUAGE=..., as a player sets it): the side's column is
# padded by the columns its names take, not by their bytes (printf's %-5s), so each move starts
# where the widest name (at least English's 5 columns) plus one space leaves it, on every line
import tempfile  # noqa: E402
with tempfile.TemporaryDirectory() as tmp:
    rec = os.path.join(tmp, 'g.rec')
    run(['--lang', 'en', 'play', 'qelat', '--north', 'random', '--seed', '3'],
        stdin='A\nB\nC\nsave %s\nquit\n' % rec)
    for lang in ['en', 'ar', 'am', 'ti', 'om']:
        cat = translated(lang) if lang != 'en' else {}
        names = [cat.get('South', 'South'), cat.get('North', 'North')]
        col = 6 + max([5] + [width(n) for n in names]) + 1
        rc, out, err = run(['analyze', rec, '--depth', '1'],
                           env={'LANGUAGE': lang, 'LANG': 'C.UTF-8'})
        lines = [ln for ln in out.split('\n') if re.match(r' *\d+\. ', ln)]
        if rc != 0 or len(lines) < 2:
            fails.append('%s: gabata analyze: rc %d, %d move lines: %s' % (lang, rc, len(lines), err.strip()[:200]))
            continue
        for ln in lines:
            name = next((n for n in names if ln[6:].startswith(n)), None)
            body = ln[6 + len(name):] if name else ''
            at = 6 + width(name or '') + len(body) - len(body.lstrip(' '))
            if name is None or at != col:
                fails.append('%s: gabata analyze: the move at column %d, not %d: %r' % (lang, at, col, ln))
                break

for f in fails:
    print('FAIL: ' + f)
print('i18n_terminal: %d texts in 5 languages at 80 and 60 columns, %d failure%s'
      % (len(texts), len(fails), '' if len(fails) == 1 else 's'))
sys.exit(1 if fails else 0)
