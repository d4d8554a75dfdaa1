#!/usr/bin/env bash
# The terminal game (gabata play) through its non-interactive mode, for every game the program
# lists: a computer game to its end with the game-over summary; a person's move chosen by `hint`,
# then undo, redo, rules, save, and load of the saved record; plain text (no colour codes) when
# the output is not a terminal. Sadeqa III's first move C is checked against the hand-worked
# laps (see tests/web/api.test.js for the working).
set -u
gabata="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out"
has() { grep -q -F -- "$1" "$out" || { echo "FAIL ($2): output lacks '$1'"; sed 's/^/    /' "$out" | tail -40; fail=1; }; }
lacks() { if grep -q -F -- "$1" "$out"; then echo "FAIL ($2): output has '$1'"; fail=1; fi; }

variants=$("$gabata" variants | sed -n 's/^\([a-z][a-z0-9-]*\) — .*/\1/p')
[ -n "$variants" ] || { echo "FAIL: gabata variants lists no game"; exit 1; }

for v in $variants; do
  title=$("$gabata" variants | sed -n "s/^$v — //p")
  # the computer against itself, to the end
  "$gabata" play "$v" --south ai:1 --north random --seed 9 </dev/null >"$out" 2>&1 || { echo "FAIL ($v): computer game exited $?"; fail=1; }
  has "Game over:" "$v computer game"
  has "Summary:" "$v computer game"
  has "Final score: South" "$v computer game"
  lacks $'\033[' "$v plain output"

  # a person's move: the one `hint` suggests, then undo, redo, rules, save
  printf 'hint\nquit\n' | "$gabata" play "$v" --south human --north human --seed 4 >"$out" 2>&1
  mv=$(sed -n 's/.*hint: \([^ ]*\) (the choice of.*/\1/p' "$out" | head -1)
  if [ -z "$mv" ]; then echo "FAIL ($v): no hint"; cat "$out"; fail=1; continue; fi
  printf '%s\nundo\nredo\nrules\nsave %s\nhelp\nquit\n' "$mv" "$tmp/$v.rec" |
    "$gabata" play "$v" --south human --north human --seed 4 >"$out" 2>&1
  has "South plays ${mv%%@*}" "$v move"
  has "took back 1 move" "$v undo"
  has "Options in force:" "$v rules"
  has "$title" "$v rules"
  has "saved to $tmp/$v.rec" "$v save"
  has "redo         play again" "$v help"
  [ "$(grep -c 'South plays' "$out")" = 2 ] || { echo "FAIL ($v): the move and its redo should both be shown"; fail=1; }

  # load the record and go on from it
  printf 'load %s\nmoves\nload %s\nquit\n' "$tmp/$v.rec" "$tmp/none.rec" |
    "$gabata" play "$v" --south human --north human --seed 1 >"$out" 2>&1
  has "loaded $tmp/$v.rec: $title, 1 moves" "$v load"
  has "cannot read $tmp/none.rec" "$v load of a missing file"
done

# Sadeqa III, by hand: C from the start (5 laps, 36 stones, 8 captured from b); undo and redo give
# the same board; redo after a new move has nothing left; hint changes nothing.
printf 'C\nundo\nredo\nhint\nboard\nundo\nA\nredo\nquit\n' |
  "$gabata" play sadeqa --south human --north human --seed 2 >"$out" 2>&1
has "South plays C: 5 laps, 36 stones sown" "sadeqa C"
has "g: 8 stones, last into G (was empty): captures 8 from b" "sadeqa C capture"
has "  South   [  8 ][  8 ][  2 ][  9 ][  9 ][  9 ][  1 ][  8 ]   taken 8" "sadeqa board after C"
has "  North   [  1 ][  0 ][  8 ][  8 ][  8 ][  8 ][  0 ][  1 ]   taken 0" "sadeqa board after C"
has "nothing to redo" "sadeqa redo after a new move"
# a game over: the summary, and commands still refused politely in scripted mode end the game
"$gabata" play sadeqa --south ai --north ai --seed 3 </dev/null >"$out" 2>&1
has "Game over:" "sadeqa ai game"
# marks drawn in each game's words: Bulto's menager leaves 13 holes of three, the miné (B2),
# shown as N* and named in the legend
printf 'B\nquit\n' | "$gabata" play bulto --south human --north human --seed 3 >"$out" 2>&1
has "marks: *: a miné" "bulto miné legend"
[ "$(grep -o '  3\*\]' "$out" | wc -l)" = 13 ] || { echo "FAIL (bulto): 13 miné drawn after the menager (B2)"; fail=1; }
lacks "bulto" "bulto: no bulto yet after the menager"

# bad input: one clear line
printf 'load\nsave\nZ\n' | "$gabata" play sadeqa --south human --north human --seed 2 >"$out" 2>&1
has "usage: load FILE" "load without a file"
has "usage: save FILE" "save without a file"
has "unknown move 'Z'" "bad move"
printf '[Variant "sadeqa"]\n\n1. C C\n' > "$tmp/bad.rec"
printf 'load %s\nquit\n' "$tmp/bad.rec" | "$gabata" play sadeqa --south human --north human >"$out" 2>&1
has "cannot load $tmp/bad.rec: record line 3 column 6" "a bad record"

[ $fail -eq 0 ] && echo "cli play: all passed"
exit $fail
