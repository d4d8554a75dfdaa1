"""A small reader of gettext PO files (po/*.po, po/gabata.pot), for tools/i18n-update and
tools/i18n-check: entries with msgctxt, msgid, msgid_plural, msgstr or msgstr[n], flags
("fuzzy", "c-format") and whether the entry is obsolete (#~). web/i18n.js reads them the same way."""
import re


class Entry:
    def __init__(self):
        self.msgctxt = None
        self.msgid = None
        self.msgid_plural = None
        self.msgstr = {}     # index -> text; a plain msgstr is index 0
        self.flags = set()
        self.refs = []
        self.obsolete = False
        self.line = 0

    def key(self):
        return (self.msgid, self.msgctxt)


ESC = {'n': '\n', 't': '\t', '"': '"', '\\': '\\', 'r': '\r', 'a': '\a', 'b': '\b', 'f': '\f',
       'v': '\v'}


def unquote(s, where):
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError('%s: a string in double quotes expected, not %r' % (where, s[:40]))
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == '\\' and i + 1 < len(body):
            out.append(ESC.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def parse(path):
    entries, e, field = [], None, None
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')

    def done():
        if e is not None and e.msgid is not None:
            entries.append(e)

    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        where = '%s:%d' % (path, n)
        obsolete = line.startswith('#~')
        if obsolete:
            line = line[2:].strip()
        if not line:
            done()
            e, field = None, None
            continue
        if line.startswith('#') and not obsolete:
            if e is not None and e.msgid is not None and field not in (None,):
                # a comment after the strings begins the next entry
                done()
                e, field = None, None
            if e is None:
                e = Entry()
                e.line = n
            if line.startswith('#,'):
                e.flags |= {x.strip() for x in line[2:].split(',') if x.strip()}
            elif line.startswith('#:'):
                e.refs += line[2:].split()
            continue
        if line.startswith('#|'):
            continue
        m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if m:
            kw = m.group(1)
            if kw in ('msgid', 'msgctxt') and e is not None and e.msgid is not None and \
                    (kw == 'msgctxt' or e.msgstr):
                done()
                e = None
            if e is None:
                e = Entry()
                e.line = n
            e.obsolete = e.obsolete or obsolete
            text = unquote(m.group(3), where)
            if kw == 'msgctxt':
                e.msgctxt, field = text, ('ctxt',)
            elif kw == 'msgid':
                e.msgid, field = text, ('id',)
            elif kw == 'msgid_plural':
                e.msgid_plural, field = text, ('plural',)
            else:
                i = int(m.group(2) or 0)
                e.msgstr[i], field = text, ('str', i)
            continue
        if line.startswith('"') and e is not None and field:
            text = unquote(line, where)
            if field[0] == 'ctxt':
                e.msgctxt += text
            elif field[0] == 'id':
                e.msgid += text
            elif field[0] == 'plural':
                e.msgid_plural += text
            else:
                e.msgstr[field[1]] += text
            continue
        raise ValueError('%s: cannot read %r' % (where, raw[:60]))
    done()
    return entries


def msgids(entries):
    """The (msgid, msgctxt) pairs of the translatable entries (the header left out)."""
    return {e.key() for e in entries if e.msgid != '' and not e.obsolete}


def header(entries):
    for e in entries:
        if e.msgid == '' and not e.obsolete:
            out = {}
            for line in e.msgstr.get(0, '').split('\n'):
                if ':' in line:
                    k, v = line.split(':', 1)
                    out[k.strip()] = v.strip()
            return out
    return {}
