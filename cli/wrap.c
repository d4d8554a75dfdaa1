/* wrap.c — text for the terminal at its width: the help of every command and `rules` are
 * reflowed when printed, never wider than the terminal (TIOCGWINSZ, else $COLUMNS, else 80;
 * within 40..100) and never broken inside a word (issue 22 §3). */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

int cli_width(FILE *out)
{
    long w = 0;
    struct winsize ws;
    if (out && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        w = ws.ws_col;
    else if (getenv("COLUMNS"))
        w = strtol(getenv("COLUMNS"), NULL, 10);
    if (w <= 0)
        w = 80;
    return w < CLI_WIDTH_MIN ? CLI_WIDTH_MIN : w > CLI_WIDTH_MAX ? CLI_WIDTH_MAX : (int)w;
}

/* Columns taken by n bytes of UTF-8, as the terminal draws them (wcwidth: Ge'ez syllables one
 * column each, Arabic's vowel marks and other combining marks none, wide characters two); a
 * character the locale cannot measure (a C locale) counts one. */
static int columns(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n;) {
        unsigned char b = (unsigned char)s[i];
        int len = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        wchar_t wc = len == 1 ? b : (wchar_t)(b & (0x3f >> (len - 1)));
        for (int k = 1; k < len; k++) {
            if (i + (size_t)k >= n || ((unsigned char)s[i + k] & 0xc0) != 0x80) {
                len = k; /* broken UTF-8: what was read counts as one character */
                wc = 0xfffd;
                break;
            }
            wc = (wchar_t)((wc << 6) | ((unsigned char)s[i + k] & 0x3f));
        }
        int w = wcwidth(wc);
        c += w < 0 ? 1 : w;
        i += (size_t)len;
    }
    return c;
}

void cli_wrap(FILE *out, int width, const char *first, const char *rest, const char *text)
{
    const char *lead = first;
    int used = -1; /* -1: nothing on the line yet, not even the lead */
    for (const char *s = text;;) {
        while (*s == ' ' || *s == '\n' || *s == '\t')
            s++;
        if (!*s)
            break;
        size_t n = strcspn(s, " \n\t");
        if (*s == '[') { /* "[--seat south|north]": a usage's group stays on one line */
            const char *close = strchr(s, ']');
            if (close && !memchr(s, '\n', (size_t)(close - s)))
                n = strcspn(close, " \n\t") + (size_t)(close - s);
        }
        int w = columns(s, n);
        if (used >= 0 && used + 1 + w > width) {
            fputc('\n', out);
            lead = rest;
            used = -1;
        }
        if (used < 0) {
            fputs(lead, out);
            used = columns(lead, strlen(lead));
        } else {
            fputc(' ', out);
            used++;
        }
        fwrite(s, 1, n, out);
        used += w;
        s += n;
    }
    if (used >= 0)
        fputc('\n', out);
}

void cli_say(FILE *out, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    const int width = cli_width(out);
    for (char *line = text, *nl; *line; line = nl ? nl + 1 : line + strlen(line)) {
        nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        size_t indent = strspn(line, " ");
        if (!line[indent]) { /* an empty line stays one */
            fputc('\n', out);
            continue;
        }
        char first[24], rest[24];
        if (indent > sizeof first - 3)
            indent = sizeof first - 3;
        memset(first, ' ', indent);
        first[indent] = 0;
        memset(rest, ' ', indent + 2);
        rest[indent + 2] = 0;
        cli_wrap(out, width, first, rest, line + indent);
    }
}

int cli_columns(const char *s) { return columns(s, strlen(s)); }

void cli_pad(FILE *out, const char *s, int cols)
{
    fputs(s, out);
    for (int c = columns(s, strlen(s)); c < cols; c++)
        fputc(' ', out);
}

/* The length of the UTF-8 character at p, or 0 when p holds no whole, well-formed one. */
static int utf8_len(const unsigned char *p)
{
    int len = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
            : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
    for (int k = 1; k < len; k++)
        if ((p[k] & 0xc0) != 0x80)
            return 0;
    if ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0) || (p[0] == 0xf0 && p[1] < 0x90) ||
        (p[0] == 0xf4 && p[1] >= 0x90))
        return 0; /* overlong, a surrogate, or past U+10FFFF */
    return len;
}

const char *cli_printable(char *buf, size_t len, const char *s)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        int n = *p < 0x80 ? 1 : utf8_len(p);
        bool control = *p < 0x20 || *p == 0x7f || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0);
        if (n == 0 || control) {
            n = n ? n : 1;
            if (o + 4 * (size_t)n >= len)
                break;
            for (int k = 0; k < n; k++, o += 4)
                snprintf(buf + o, len - o, "\\x%02x", p[k]);
        } else {
            if (o + (size_t)n >= len)
                break;
            memcpy(buf + o, p, (size_t)n);
            o += (size_t)n;
        }
        p += n;
    }
    if (len)
        buf[o < len ? o : len - 1] = 0;
    return buf;
}

/* ---- help texts ---- */
typedef struct {
    const char *s;
    size_t len;
} span;

static int indent_of(span l)
{
    size_t i = 0;
    while (i < l.len && l.s[i] == ' ')
        i++;
    return (int)i;
}

/* The column where an entry's description starts ("  --port N         TCP port": 19), or 0
 * when the line is not a term, a gap of two spaces or more, and a description. */
static int hang_of(span l, int indent)
{
    for (size_t i = (size_t)indent + 1; i + 2 < l.len; i++)
        if (l.s[i] == ' ' && l.s[i + 1] == ' ' && l.s[i - 1] != ' ') {
            size_t k = i;
            while (k < l.len && l.s[k] == ' ')
                k++;
            return k < l.len ? (int)k : 0;
        }
    return 0;
}

/* "usage: gabata play VARIANT …": the column after "usage: gabata play ", where its
 * continuation lines line up. */
static int usage_hang(span l, int indent, int skip)
{
    size_t i = (size_t)indent;
    for (int words = 0; words < skip && i < l.len; words++) {
        while (i < l.len && l.s[i] != ' ')
            i++;
        while (i < l.len && l.s[i] == ' ')
            i++;
    }
    return (int)i;
}

static bool ends_sentence(span l)
{
    size_t n = l.len;
    while (n && l.s[n - 1] == ' ')
        n--;
    return n && strchr(".!?", l.s[n - 1]);
}

static void spaces(char *buf, int n)
{
    memset(buf, ' ', (size_t)n);
    buf[n] = 0;
}

/* Reflow a help text written for 80 columns or more: a paragraph's lines are joined and wrapped
 * again; an entry ("  --port N   TCP port …" and the lines under its description) keeps its
 * term and hangs its description at the same column; "usage:" lines hang after the command;
 * a prose line that ends a sentence ends its paragraph, and a blank line is kept. */
void cli_help(FILE *out, const char *text)
{
    enum { MAXL = 128 };
    span lines[MAXL];
    int n = 0;
    for (const char *s = text; *s && n < MAXL;) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        lines[n++] = (span){s, len};
        s += len + (e != NULL);
    }
    const int width = cli_width(out);
    size_t cap = strlen(text) + 1;
    char *body = malloc(cap), *head = malloc(cap), *first = malloc(cap + 128),
         *rest = malloc(cap + 128);
    if (!body || !head || !first || !rest) {
        fputs(text, out);
        goto done;
    }
    int last_indent = -1, last_hang = 0; /* the entry above */
    bool last_usage = false;
    for (int i = 0; i < n;) {
        span l = lines[i];
        int indent = indent_of(l);
        if ((size_t)indent == l.len) {
            fputc('\n', out);
            i++;
            continue;
        }
        bool usage = l.len - (size_t)indent > 6 && memcmp(l.s + indent, "usage:", 6) == 0;
        /* "       gabata bench --all …" under a usage line: another way to call it */
        bool again = !usage && last_usage && indent > 0 && l.len - (size_t)indent > 7 &&
                     memcmp(l.s + indent, "gabata ", 7) == 0;
        int hang = usage ? usage_hang(l, indent, 3) : again ? usage_hang(l, indent, 2)
                                                            : hang_of(l, indent);
        usage = usage || again;
        last_usage = usage;
        /* "  --max-body BYTES largest …": a term that fills its column, one space before the
         * description, which starts at the column of the entry above */
        if (!usage && !hang && indent > 0 && indent == last_indent && (size_t)last_hang < l.len &&
            l.s[last_hang - 1] == ' ' && l.s[last_hang] != ' ')
            hang = last_hang;
        if (hang && !usage) {
            last_indent = indent;
            last_hang = hang;
        }
        bool entry = hang > 0;
        if (!entry)
            hang = indent;
        size_t hl = (size_t)(hang - indent), bl = l.len - (size_t)hang;
        memcpy(head, l.s + indent, hl);
        head[hl] = 0;
        memcpy(body, l.s + hang, bl);
        body[bl] = 0;
        int j = i + 1;
        for (; j < n; j++) {
            span c = lines[j];
            int ci = indent_of(c);
            if ((size_t)ci == c.len)
                break;
            bool more = usage  ? ci >= hang
                        : entry ? ci > indent
                              : ci == indent && !hang_of(c, ci) && !ends_sentence(lines[j - 1]) &&
                                    !(c.len - (size_t)ci > 6 && memcmp(c.s + ci, "usage:", 6) == 0);
            if (!more)
                break;
            size_t k = strlen(body);
            body[k++] = ' ';
            memcpy(body + k, c.s + ci, c.len - (size_t)ci);
            body[k + c.len - (size_t)ci] = 0;
        }
        if (!entry) {
            spaces(first, indent);
            cli_wrap(out, width, first, first, body);
        } else if (!body[strspn(body, " ")]) { /* a term alone: "usage: gabata engine" */
            spaces(first, indent);
            cli_wrap(out, width, first, first, head);
        } else if (width - columns(l.s, (size_t)hang) >= 30 || usage) {
            /* hang counts bytes; the continuation lines line up under the column it ends at,
             * which a term in Arabic or Ge'ez letters (two or three bytes each) reaches sooner */
            int hc = columns(l.s, (size_t)hang);
            int h = width - hc >= 30 ? hc : indent + 4;
            spaces(first, indent);
            strcat(first, head);
            spaces(rest, h);
            cli_wrap(out, width, first, rest, body);
        } else { /* too narrow to hang at that column: the term alone, the text under it */
            spaces(first, indent);
            cli_wrap(out, width, first, first, head);
            spaces(rest, indent + 4);
            cli_wrap(out, width, rest, rest, body);
        }
        i = j;
    }
done:
    free(body);
    free(head);
    free(first);
    free(rest);
}
