#!/usr/bin/env bash
# tools/engine_match.py end to end: two games of every game between two engine processes of this
# build (depth 1, so quick), and its errors for bad arguments. Usage: engine_match.sh PYTHON TOOL GABATA
set -u
py=$1 tool=$2 gabata=$3
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for v in sadeqa qelat akil bulto; do
  if ! "$py" "$tool" "$gabata" "$gabata" --variant "$v" --games 2 --depth 1 --openings 2 >"$out" 2>&1; then
    echo "FAIL: engine_match $v"; cat "$out"; fail=1
  elif ! grep -q "Elo difference (A minus B)" "$out" || ! grep -q "2 games" "$out"; then
    echo "FAIL: engine_match $v: no summary"; cat "$out"; fail=1
  fi
done
refuse() { # NAME EXPECTED ARGS...: exits non-zero and says EXPECTED
  local name=$1 want=$2; shift 2
  if "$py" "$tool" "$@" >"$out" 2>&1; then echo "FAIL: $name was accepted"; fail=1
  elif ! grep -q -- "$want" "$out"; then echo "FAIL: $name: no '$want' in:"; cat "$out"; fail=1; fi
}
refuse "odd games" "--games needs an even number" "$gabata" "$gabata" --variant sadeqa --games 3 --depth 1
refuse "no budget" "give one of --movetime" "$gabata" "$gabata" --variant sadeqa --games 2
refuse "unknown game" "unknown game" "$gabata" "$gabata" --variant chess --games 2 --depth 1
refuse "no program" "No such file" "$gabata" /nonexistent/gabata --variant sadeqa --games 2 --depth 1
exit $fail
