#!/usr/bin/env bash
# tools/engine_random.py end to end: a few random games of every game through the engine (no error
# reply, no hang, stones conserved, every game over), and its refusal of a bad game.
# Usage: engine_random.sh PYTHON TOOL GABATA
set -u
py=$1 tool=$2 gabata=$3
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() { # GAMES VARIANT [SEED OPTIONS...]: every game finishes, none fails
  local games=$1 v=$2; shift 2
  if ! "$py" "$tool" "$gabata" "$v" "$games" "$@" >"$out" 2>&1; then
    echo "FAIL: engine_random $v $games $*"; cat "$out"; fail=1
  elif ! grep -q "$games started, $games finished, 0 errors, 0 hangs" "$out"; then
    echo "FAIL: engine_random $v $games $*: no clean summary"; cat "$out"; fail=1
  fi
}
run 10 sadeqa
run 5 sadeqa 2 seeds=4
run 2 qelat
run 10 qelat 1 rounds=1
run 3 akil
run 3 akil 1 tebweez=mirrored rounds=1
run 10 bulto
if "$py" "$tool" "$gabata" chess 2 >"$out" 2>&1; then
  echo "FAIL: an unknown game was accepted"; fail=1
elif ! grep -q "unknown game" "$out"; then
  echo "FAIL: unknown game: no 'unknown game' in:"; cat "$out"; fail=1
fi
exit $fail
