#!/usr/bin/env bash
# Every ruling id cited in the repository must lead somewhere: each id found in src/, cli/, web/,
# tests/, docs/ (and include/, fuzz/, bench/, tools/, README.md) needs an anchor <a id="ID"></a>
# in docs/rulings.md. Collected as citations:
#   - S4, Q10, T1, A13, B9 ... (a letter of S T Q A B, then digits, as a whole word);
#   - clarification ids such as Q-C2, A-C11, B-C4, T-C1;
#   - "§n" (a RULINGS section), which must have the anchor secN;
#   - every markdown link to rulings.md#<id>;
#   - the ids in test names, e.g. test_q7_rem_2_2_lots cites Q7, test_a4_a5_move A4 and A5.
# Not citations: board listings in comments such as "A0 B7 C7 / a1 b8" (a hole and its count),
# which are removed from a line before it is searched.
# Usage: rulings_cited.sh [REPOSITORY_ROOT]  (default: the directory above this script)
set -u
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
doc="$root/docs/rulings.md"
[ -f "$doc" ] || { echo "FAIL: $doc is missing"; exit 1; }

anchors=$(grep -o '<a id="[^"]*"></a>' "$doc" | sed 's/^<a id="//; s/"><\/a>$//' | sort -u)
[ -n "$anchors" ] || { echo "FAIL: no anchors in $doc"; exit 1; }

# RULINGS' numbered rulings must all be there, whether cited or not.
for want in T{1..5} S{1..5} Q{1..10} A{1..13} B{1..9} sec{0..5}; do
    grep -qxF -- "$want" <<<"$anchors" || { echo "FAIL: docs/rulings.md has no anchor for $want"; exit 1; }
done

files=()
while IFS= read -r f; do files+=("$f"); done < <(
    # text files only (grep -I): not the screenshots and other output the browser tests leave
    cd "$root" && find src cli web tests fuzz include bench tools docs README.md -type f \
        ! -path '*/node_modules/*' ! -path '*/screenshots/*' ! -name 'package-lock.json' \
        -exec grep -Il . {} + 2>/dev/null | sort)
[ "${#files[@]}" -gt 0 ] || { echo "FAIL: no files to search under $root"; exit 1; }

# Each citation as "ID<TAB>file:line".
cited=$(cd "$root" && awk '
    function emit(id) { print id "\t" FILENAME ":" FNR }
    {
        line = $0
        # board listings: "A2 B9 C9 / a3 b2" and "A1 / a1" (holes and counts, not rulings)
        gsub(/[A-L][0-9]+( [A-L][0-9]+)* \/ [a-l][0-9]+( [a-l][0-9]+)*/, "", line)
        s = line
        while (match(s, /rulings\.md#[A-Za-z0-9_-]+/)) {
            emit(substr(s, RSTART + 11, RLENGTH - 11)); s = substr(s, RSTART + RLENGTH)
        }
        s = line
        while (match(s, /§ ?[0-9]+/)) {
            t = substr(s, RSTART, RLENGTH); gsub(/[^0-9]/, "", t); emit("sec" t)
            s = substr(s, RSTART + RLENGTH)
        }
        s = " " line " "
        while (match(s, /[^A-Za-z0-9_][STQAB](-C)?[0-9]+[^A-Za-z0-9_]/)) {
            t = substr(s, RSTART + 1, RLENGTH - 2); emit(t)
            s = substr(s, RSTART + RLENGTH - 1)
        }
        s = line
        while (match(s, /test_[a-z0-9_]+/)) {
            n = split(substr(s, RSTART + 5, RLENGTH - 5), part, "_")
            for (i = 1; i <= n; i++)
                if (part[i] ~ /^[stqab][0-9]+$/) emit(toupper(part[i]))
            s = substr(s, RSTART + RLENGTH)
        }
    }' "${files[@]}")

# The ids without an anchor, each with where it is cited.
missing=$(awk -F'\t' 'NR == FNR { have[$0] = 1; next } $1 != "" && !($1 in have) {
        print "FAIL: " $2 " cites " $1 ", which has no anchor in docs/rulings.md" }' \
    <(printf '%s\n' "$anchors") <(printf '%s\n' "$cited"))
if [ -n "$missing" ]; then
    printf '%s\n' "$missing"
    exit 1
fi
count=$(cut -f1 <<<"$cited" | sort -u | grep -c .)
echo "ok: $count distinct ruling ids cited, each with an anchor in docs/rulings.md"
