#!/usr/bin/env python3
"""A `gabata stats --csv` file as a Markdown table (docs/variants.md): a row per option value,
the main measures, shares as percentages with their 95% interval.
usage: tools/stats_table.py FILE.csv"""
import csv
import sys

COLS = [("south", "South", True), ("north", "North", True), ("draw", "draw", True),
        ("balance", "Balance", False), ("timeouts", "cap", True), ("rounds", "rounds", False),
        ("plies", "plies", False), ("branching", "branching", False), ("captures", "captures", False),
        ("lead_change", "lead ch.", False), ("decisiveness", "decisive", False)]


def cell(row, key, pct):
    v = row[key]
    if v == "":
        return "–"
    x = float(v)
    if pct:
        lo, hi = row[key + "_lo"], row[key + "_hi"]
        text = f"{100 * x:.1f}"
        if lo and hi and float(row["games"]) < 50000:  # wide intervals are worth showing
            text += f" ±{50 * (float(hi) - float(lo)):.1f}"
        return text
    return f"{x:.3f}" if abs(x) < 10 else f"{x:.1f}"


rows = list(csv.DictReader(open(sys.argv[1])))
print("| option | " + " | ".join(c[1] for c in COLS) + " |")
print("|---|" + "---:|" * len(COLS))
for r in rows:
    print(f"| `{r['row']}` | " + " | ".join(cell(r, k, p) for k, _, p in COLS) + " |")
