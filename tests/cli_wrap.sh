#!/usr/bin/env bash
# The terminal's texts fit its width (issue 22 §3): every help (gabata --help, each command's
# --help, the in-game help) and the rules of every game for every option value (gabata rules,
# `rules` in gabata play), at COLUMNS=80, 60 and 40, have no line wider than that, and the same
# words in the same order as at the widest (100): a word is never split, nothing is lost.
# Usage: cli_wrap.sh path/to/gabata
set -u
gabata="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# One text: its name and the command that prints it (run at a width by COLUMNS).
texts=()
add() { texts+=("$*"); }
add "$gabata" --help
for c in play replay perft bench stats match analyze engine serve rules learn; do add "$gabata" "$c" --help; done
for g in $("$gabata" variants | awk '/^[a-z]+ — /{print $1}'); do
  add "$gabata" rules "$g"
  # every other value of every option with choices, and a number for every number
  while read -r opt; do
    key=${opt%%=*} vals=${opt#*=}
    if [ "$vals" = N ]; then add "$gabata" rules "$g" "$key=7"; continue; fi
    IFS='|' read -ra vs <<<"$vals"
    for v in "${vs[@]:1}"; do add "$gabata" rules "$g" "$key=$v"; done
  done < <("$gabata" variants | awk -v g="$g" '/^[a-z]+ — /{on = ($1 == g); next} on {print $1}')
  add "play-session" "$g"
done

run() { # width, text...
  local w=$1; shift
  if [ "$1" = play-session ]; then
    # the in-game help and rules, between the first prompt and the last
    printf 'help\nrules\nquit\n' | COLUMNS=$w "$gabata" play "$2" --north random --seed 1 2>&1 |
      awk '/^South> /{n++} n >= 1 && !/^South> quit/' | grep -v '^South> '
  else
    COLUMNS=$w "$@" 2>&1
  fi
}

count=0
for t in "${texts[@]}"; do
  read -ra cmd <<<"$t"
  run 100 "${cmd[@]}" >"$tmp/wide"
  [ -s "$tmp/wide" ] || { echo "FAIL: nothing printed by: $t"; fails=$((fails + 1)); continue; }
  for w in 80 60 40; do
    run "$w" "${cmd[@]}" >"$tmp/narrow"
    if ! python3 - "$w" "$tmp/wide" "$tmp/narrow" "$t" <<'PY'
import sys
w, wide, narrow, name = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
text = open(narrow, encoding="utf-8").read()
bad = [l for l in text.split("\n") if len(l) > w]
for l in bad[:3]:
    print(f"FAIL: {name} at {w} columns: a line of {len(l)}: {l}")
if open(wide, encoding="utf-8").read().split() != text.split():
    a, b = open(wide, encoding="utf-8").read().split(), text.split()
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    print(f"FAIL: {name} at {w} columns: the words differ from the widest at word {i}: "
          f"{a[i:i+3]} against {b[i:i+3]}")
    bad.append(1)
sys.exit(1 if bad else 0)
PY
    then
      fails=$((fails + 1))
    fi
    count=$((count + 1))
  done
done
[ "$fails" -eq 0 ] || { echo "$fails of $count texts do not fit"; exit 1; }
echo "ok: $count texts fit 80, 60 and 40 columns, no word split"
