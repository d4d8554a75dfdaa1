#!/usr/bin/env python3
"""Write the section "The rules in short" of docs/<game>.md from the library's gb_rules_lines:
every line at the default options, then, for each other value of each option with choices, the
lines it changes, each with links to its rulings. test_rules_text fails when a doc lacks a line;
this script rewrites the sections so that they hold them again.

Usage: tools/rules_md.py path/to/libgabata.so [GAME ...]   (default: the four games; run from the
repository's root)
"""
import ctypes
import sys
import textwrap


class Line(ctypes.Structure):
    _fields_ = [("text", ctypes.c_char * 768), ("ruling", ctypes.c_char_p),  # GB_RULE_LINE_MAX
                ("option", ctypes.c_char_p)]


class Info(ctypes.Structure):
    _fields_ = [("key", ctypes.c_char_p), ("choices", ctypes.POINTER(ctypes.c_char_p)),
                ("min", ctypes.c_long), ("max", ctypes.c_long), ("default", ctypes.c_long),
                ("help", ctypes.c_char_p), ("ruling", ctypes.c_char_p)]


def main():
    lib = ctypes.CDLL(sys.argv[1])
    games = sys.argv[2:] or ["sadeqa", "qelat", "akil", "bulto"]

    def lines(v, opts):
        arr = (Line * 40)()
        n = lib.gb_variant_rules_lines(v.encode(), opts.encode(), arr, 40, None)
        if n < 0 or n > 40:
            sys.exit(f"rules_md: {v} {opts}: {n}")
        return [(arr[i].text.decode(), arr[i].ruling.decode()) for i in range(n)]

    def item(head, text, ruling):
        links = ", ".join(f"[{r}](rulings.md#{r})" for r in ruling.split())
        return textwrap.wrap(f"- {head}{text} ({links})", 100, subsequent_indent="  ",
                             break_long_words=False, break_on_hyphens=False)

    def first_words(text):
        return " ".join(text.split()[:3])

    for v in games:
        base = lines(v, "")
        out = ["## The rules in short", ""]
        out += textwrap.wrap(
            f"What a player reads: `rules` in `gabata play` and `gabata rules {v}`, the rules panel "
            f"of the page (the library's `gb_rules_lines`, from `src/games/{v}/text.c`; this "
            f"section is written by `tools/rules_md.py`); the rulings behind each line are linked "
            f"after it. At the default options:", 100)
        out.append("")
        for text, ruling in base:
            out += item("", text, ruling)
        alts = []
        for k in range(lib.gb_variant_option_count(v.encode())):
            info = Info()
            lib.gb_variant_option(v.encode(), k, ctypes.byref(info))
            if not info.choices:
                continue
            key, c = info.key.decode(), 1
            while info.choices[c]:
                val = info.choices[c].decode()
                now = lines(v, f"{key}={val}")
                new = [x for x in now if x not in base]
                gone = [x for x in base if x not in now]
                for text, ruling in new:
                    alts += item(f"`{key}={val}`: ", text, ruling)
                if len(gone) > max(len(new), 1):
                    alts += textwrap.wrap(
                        f"  It takes the place of the {len(gone)} lines from \"{first_words(gone[0][0])}\" "
                        f"to \"{first_words(gone[-1][0])}\".", 100, subsequent_indent="  ",
                        break_long_words=False)
                c += 1
        if alts:
            out += [""] + textwrap.wrap(
                "With another value of an option, its line reads instead (numbers such as "
                "`max-plies` are given as chosen):", 100) + [""] + alts
        section = "\n".join(out) + "\n\n"
        path = f"docs/{v}.md"
        doc = open(path, encoding="utf-8").read()
        start = doc.index("## The rules in short\n")
        end = doc.find("\n## ", start + 3)
        doc = doc[:start] + section + (doc[end + 1:] if end >= 0 else "")
        open(path, "w", encoding="utf-8").write(doc)


if __name__ == "__main__":
    main()
