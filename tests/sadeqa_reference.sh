#!/usr/bin/env bash
# Sadeqa III's perft by two independent programs, number for number: tests/sadeqa_reference.py (a
# plain Python model written from RULINGS S1-S5 and T1) against `gabata perft sadeqa`, with 6 and
# with 4 stones a hole (S1, seeds=4); the comparison is shown to catch a count off by one.
# Usage: sadeqa_reference.sh PYTHON REFERENCE GABATA [DEPTH]
set -u
py=$1 ref=$2 gabata=$3 depth=${4:-6}
fail=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

same() { # NAME A B: the two "DEPTH COUNT" lists agree, a line for every depth 1..$depth
  local name=$1 a=$2 b=$3
  if [ "$(wc -l <"$a")" -ne "$depth" ] || ! diff "$a" "$b" >"$dir/diff"; then
    echo "FAIL: $name: the reference (<) and gabata (>) differ:"; cat "$dir/diff"; return 1
  fi
}

for seeds in 6 4; do
  opt=""; [ "$seeds" = 4 ] && opt="seeds=4"
  if ! "$py" "$ref" --perft "$depth" --seeds "$seeds" >"$dir/ref"; then
    echo "FAIL: the reference failed (seeds=$seeds)"; fail=1; continue
  fi
  # gabata prints "perft D COUNT  (T s)": keep "D COUNT"
  if ! "$gabata" perft sadeqa "$depth" $opt >"$dir/out"; then
    echo "FAIL: gabata perft sadeqa $depth $opt failed"; fail=1; continue
  fi
  awk '$1 == "perft" { print $2, $3 }' "$dir/out" >"$dir/gab"
  same "seeds=$seeds, depths 1-$depth" "$dir/ref" "$dir/gab" || fail=1
  # the comparison itself: the deepest count off by one must be caught
  awk -v d="$depth" '$1 == d { $2 = $2 + 1 } { print }' "$dir/ref" >"$dir/bad"
  if same "self-check" "$dir/bad" "$dir/gab" >/dev/null; then
    echo "FAIL: the comparison did not see a wrong count (seeds=$seeds)"; fail=1
  fi
  [ $fail = 0 ] && echo "seeds=$seeds: depths 1-$depth agree: $(tr '\n' ' ' <"$dir/gab")"
done
exit $fail
