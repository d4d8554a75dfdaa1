#!/usr/bin/env bash
# Valgrind memcheck over a scripted engine session (issue 8): any memory error, and any leak
# (definite, indirect or possible), fails the test.
#   valgrind_engine.sh GABATA SESSION
set -u
gabata=$1 session=$2
command -v valgrind >/dev/null || { echo "valgrind is missing: run scripts/install-deps --test"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
  --errors-for-leak-kinds=definite,indirect,possible --track-origins=yes --quiet \
  "$gabata" engine <"$session" >"$out" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  echo "FAIL: valgrind exit $rc"; cat "$out"; exit 1
fi
# the session itself went as scripted: it reached quit, and errors were answered as errors
grep -q '^error unknown command .frobnicate.' "$out" || { echo "FAIL: session output"; cat "$out"; exit 1; }
[ "$(tail -n 1 "$out")" = ok ] || { echo "FAIL: session did not end with quit's ok"; cat "$out"; exit 1; }
echo "valgrind: engine session clean ($(grep -c '^ok$' "$out") ok replies, $(grep -c '^error' "$out") errors)"
