#!/usr/bin/env bash
# The terminal game (gabata play) through its non-interactive mode, for every game the program
# lists: a computer game to its end with the game-over summary; a person's move chosen by `hint`,
# then undo, redo, rules, save, and load of the saved record; plain text (no colour codes) when
# the output is not a terminal. Sadeqa III's first move C is checked against the hand-worked
# laps (see tests/web/api.test.js for the working). Then the end in words (round summaries, the
# result line, the match summary) and the terminal's parts: --seat north, "did you mean", take
# after suggest, moves and hint in every phase, the offer to save on quit, "thinking…".
set -u
gabata="$1"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out"
has() { grep -q -F -- "$1" "$out" || { echo "FAIL ($2): output lacks '$1'"; sed 's/^/    /' "$out" | tail -40; fail=1; }; }
# a paragraph the terminal wraps at its width (a round's words, the result line, a match's
# summary): its words in order, whatever lines they fall on
said() { tr '\n' ' ' <"$out" | tr -s ' ' | grep -q -F -- "$(printf '%s' "$1" | tr -s ' ')" || { echo "FAIL ($2): output lacks '$1'"; sed 's/^/    /' "$out" | tail -40; fail=1; }; }
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
  has "loaded $tmp/$v.rec: $title, 1 move" "$v load"
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
has "marks: *: a miné hole" "bulto miné legend"
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
# a scripted line holding a NUL byte is refused whole: "C<NUL>D" is not the move C
printf 'C\000D\nquit\n' | "$gabata" play sadeqa --south human --north human --seed 2 >"$out" 2>&1
has "line refused: it holds a NUL byte" "a line with a NUL byte"
lacks "South plays" "a line with a NUL byte"
# what was typed is quoted back with its control characters written \xHH, never sent raw to the
# terminal (an escape sequence in a script is not run by it)
printf '\033]0;x\007\nquit\n' | "$gabata" play sadeqa --south human --north human --seed 2 >"$out" 2>&1
lacks $'\033]' "control characters of a bad move"
has "South> \x1b]0;x\x07" "control characters of a bad move, echoed escaped"
printf '\377\376\nquit\n' | "$gabata" play sadeqa --south human --north human --seed 2 >"$out" 2>&1
LC_ALL=C grep -q $'\377' "$out" && { echo "FAIL: bytes that are not UTF-8 sent raw to the terminal"; fail=1; }
has "unknown move '\xff\xfe'" "bytes that are not UTF-8, quoted escaped"
# --position gives the game and its options: a VARIANT or key=value beside it is refused, not
# silently dropped
pos="qelat board=2,7,1,6,1,6/6,6,0,1,6,6 stores=0,0 turn=N phase=play ply=1"
"$gabata" play sadeqa --position "$pos" </dev/null >"$out" 2>&1 && { echo "FAIL: a VARIANT beside another game's --position accepted"; fail=1; }
has "the position is a game of qelat, not sadeqa" "VARIANT beside --position"
"$gabata" play --position "$pos" rounds=1 </dev/null >"$out" 2>&1 && { echo "FAIL: options beside --position accepted"; fail=1; }
has "with --position the options are part of the position string" "options beside --position"
"$gabata" play qelat --position "$pos" --south human --north human </dev/null >"$out" 2>&1 || { echo "FAIL: the position's own game beside --position refused"; fail=1; }
# a negative --seed is no seed (strtoull would take -1 for 2^64-1)
"$gabata" play sadeqa --seed -1 </dev/null >"$out" 2>&1 && { echo "FAIL: --seed -1 accepted"; fail=1; }
has "--seed needs a whole number" "negative seed"

# ---- the end in words (issue 13), worked out by hand on positions (tests/test_words.c has the
# counting): S5's leftovers to the last mover, the winner's score first
printf 'a\n' | "$gabata" play --position "sadeqa board=0,0,0,0,0,0,0,0/1,0,10,0,0,0,0,0 stores=34,51 turn=N" \
  --south human --north human >"$out" 2>&1
said "Game over: North wins 62–34: the 11 stones left in holes go to North, who moved last (S5)." "sadeqa S5 result"
# Qelat: South's A eats from North's ekwarna B and ends round 1 (Q6): 32–16 in earnings, a and b
# change hands (Q7, Q8), North, the loser, starts round 2 (Q9)
printf 'A\nquit\n\n' | "$gabata" play --position "qelat board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S" \
  --south human --north human >"$out" 2>&1
said "=== Round 1: South wins the round 32–16 in earnings; no ball is left outside the ekwarna (Q6). South gains 2 holes from North (a, b; Q7, Q8)." "qelat round words"
said "=== After round 1: South owns 8 holes, North 4; North starts round 2 (Q9)." "qelat standing"
has "=== Round 2 begins: North to move." "qelat next round"
lacks "last_earnings" "qelat: no raw field names"
# L'ab al-Akil: a match of two rounds cut by max-plies=3 and max-rounds=2 (T3): the summary covers
# both rounds
printf 'A\nlayout:1,0,11,12,12,12,12,12,0,0,0,0\nkeep\nA\n' | "$gabata" play \
  --position "akil:max-plies=3,max-rounds=2 board=2,0,0,0,0,0/0,0,0,0,0,10 stores=40,20 turn=S phase=sowing ply=2" \
  --south human --north human >"$out" 2>&1
said "=== Round 1: South wins the round 42–30 in seeds and gains 6 (A11)" "akil round 1"
said "=== Gains after round 1: South 6, North 0 (60 wins the match, A13); North lays out round 2." "akil standing"
said "Game over: South wins 18–0: the match ended at its 2-round limit (T3) with South ahead on gains." "akil result"
has "    2 rounds: South won 2, North 0, 0 even; seeds in all: South 90, North 54." "akil match summary"
said "    Round 1: South won 42–30, gain 6 (the ply limit, T3); gains after it: South 6, North 0" "akil match summary"
said "    Round 2: South won 48–24, gain 12 (the ply limit, T3); gains after it: South 18, North 0" "akil match summary"

# the laps of a move in the player's language: every game's lap phrases are translated (Qelat's
# eat, Q3, and Bulto's refusal, B5, were left in English)
printf 'A\nquit\n\n' | "$gabata" --lang am play --position "qelat board=1,9N,0,0,0,0/0,0,20S,0,0,0 stores=10,8 turn=S" \
  --south human --north human >"$out" 2>&1
has "፦ 2 ይበላል" "qelat eat in Amharic"
lacks ": eats 2" "qelat eat in Amharic"
printf 'J~1\nquit\n\n' | "$gabata" --lang om play --position "bulto board=2,1,1,1,0,7,3,0,6,6/1,4,1,1,0,1,2,2,0,1 stores=0,0 turn=S phase=open ply=6 last=N" \
  --south human --north human >"$out" 2>&1
has ": bulto didame" "bulto refusal in Afaan Oromoo"
lacks "bulto refused" "bulto refusal in Afaan Oromoo"
# L'ab al-Akil's layout phase named in the player's language when its moves are asked for (the
# phase's own name, "layout", was printed as it is)
printf 'moves\nquit\n\n' | "$gabata" --lang ar play akil --south human --north human --seed 1 >"$out" 2>&1
has "(التوزيع)" "akil layout phase in Arabic"
lacks "(layout)" "akil layout phase in Arabic"
# a count's noun in the form Arabic gives its number (the library's plural entries, ngettext):
# 3 to 10 the plural (أحجار، جولات), 11 to 99 the singular accusative with tanwin (حجرًا،
# جولةً), the adjective and the verb agreeing. Sadeqa's S5: North's a (its one stone into the
# empty b) leaves South no move, and the 3 (then 11) stones still in holes go to North.
printf 'a\nquit\n\n' | "$gabata" --lang ar play --position "sadeqa board=0,0,0,0,0,0,0,0/1,0,2,0,0,0,0,0 stores=34,59 turn=N" \
  --south human --north human >"$out" 2>&1
said "يفوز الشمال 62–34: 3 أحجار باقية في الحفر تذهب إلى الشمال، الذي لعب آخرًا (S5)" "S5 with 3 stones in Arabic"
printf 'a\nquit\n\n' | "$gabata" --lang ar play --position "sadeqa board=0,0,0,0,0,0,0,0/1,0,10,0,0,0,0,0 stores=34,51 turn=N" \
  --south human --north human >"$out" 2>&1
said "يفوز الشمال 62–34: 11 حجرًا باقيًا في الحفر تذهب إلى الشمال، الذي لعب آخرًا (S5)" "S5 with 11 stones in Arabic"
# a rules line's round cap (T3)
"$gabata" --lang ar rules akil max-rounds=3 >"$out" 2>&1
said "المباراة التي تستمر بعد 3 جولات تنتهي" "akil T3 of 3 rounds in Arabic"
"$gabata" --lang ar rules qelat max-rounds=11 >"$out" 2>&1
said "المباراة التي تستمر بعد 11 جولةً تنتهي" "qelat T3 of 11 rounds in Arabic"

# ---- the terminal's parts
# --seat north: the board turned round, North's row at the bottom from North's left
printf 'quit\n' | "$gabata" play sadeqa --seat north --south human --north human --seed 1 >"$out" 2>&1
has "            H     G     F     E     D     C     B     A   " "seat north: South's labels on top, turned"
has "            a     b     c     d     e     f     g     h   " "seat north: North's labels below"
[ "$(grep -n 'South   \[' "$out" | cut -d: -f1)" -lt "$(grep -n 'North   \[' "$out" | cut -d: -f1)" ] ||
  { echo "FAIL (seat north): South's row should be drawn above North's"; fail=1; }
"$gabata" play sadeqa --seat east </dev/null >"$out" 2>&1 && { echo "FAIL: --seat east accepted"; fail=1; }
has "--seat needs south or north" "bad --seat"
# a label in the wrong case
printf 'c\nquit\n' | "$gabata" play sadeqa --south human --north human --seed 1 >"$out" 2>&1
has "did you mean C?" "wrong-case label"
# `take` lays exactly the layout `suggest` showed; `moves` and `hint` in the layout and choice
# phases (A2, A3) and the sowing phase of L'ab al-Akil
printf 'moves\nhint\nsuggest\ntake\nmoves\nhint\nkeep\nmoves\nhint\nquit\n\n' |
  "$gabata" play akil --south human --north human --seed 3 >"$out" 2>&1
shown=$(sed -n 's/.*a near-even layout: \(layout:[0-9,]*\).*/\1/p' "$out" | head -1)
[ -n "$shown" ] || { echo "FAIL (akil): suggest showed no layout"; fail=1; }
has "South plays $shown" "take lays what suggest showed"
has "legal moves (layout): any 12 numbers" "moves in the layout phase"
has "legal moves: keep turn" "moves in the choice phase"
has "legal moves: a b c d e f" "moves in the sowing phase"
[ "$(grep -c 'hint: ' "$out")" = 3 ] || { echo "FAIL (akil): a hint in each of the three phases"; grep 'hint' "$out"; fail=1; }
has "hint: keep" "hint in the choice phase"
# Bulto's refusals (B5): listed and hinted
printf 'moves\nhint\nquit\n' | "$gabata" play --position "bulto board=20N,0,0,3*,0,0,0,0,0,1/3,3*,1,1,1,0,2,2,2,1 turn=S phase=mine" \
  --south human --north human >"$out" 2>&1
has "legal moves: D J J~1" "bulto refusals listed"
grep -q -E "hint: (D|J|J~1) " "$out" || { echo "FAIL (bulto): no hint among D J J~1"; fail=1; }
# at a terminal, a bulto's offer is asked (B5): N refuses it as n does, and an answer that is
# neither y nor n asks again (N and a typo were taken for yes)
if command -v script >/dev/null 2>&1; then
  bpos='bulto board=2,1,1,1,0,7,3,0,6,6/1,4,1,1,0,1,2,2,0,1 stores=0,0 turn=S phase=open ply=6 last=N'
  printf 'J\nN\nquit\n\n' | timeout 60 script -qec "$gabata play bulto --south human --north human --position '$bpos'" /dev/null >"$out" 2>&1
  has "South plays J~1" "bulto offer: N refuses"
  lacks "makes it a bulto" "bulto offer: N refuses"
  printf 'J\nmaybe\n\nyes\nquit\n\n' | timeout 60 script -qec "$gabata play bulto --south human --north human --position '$bpos'" /dev/null >"$out" 2>&1
  [ "$(grep -c 'answer y to make the bulto, or n to refuse it' "$out")" = 2 ] || { echo "FAIL (bulto offer): an answer not y or n should ask again"; sed 's/^/    /' "$out" | tail -20; fail=1; }
  has "makes it a bulto" "bulto offer: yes takes it"
fi
# quitting a game not saved offers a save: a file name saves it, Enter leaves it
printf 'C\nquit\n%s\n' "$tmp/quit.rec" | "$gabata" play sadeqa --south human --north human --seed 1 >"$out" 2>&1
has "The game is not saved" "offer to save on quit"
has "saved to $tmp/quit.rec" "saved on quit"
grep -q "C" "$tmp/quit.rec" 2>/dev/null || { echo "FAIL: the record saved on quit lacks the move"; fail=1; }
printf 'C\nquit\n\n' | "$gabata" play sadeqa --south human --north human --seed 1 >"$out" 2>&1
has "left without saving" "quit without saving"
printf 'C\nsave %s\nquit\n' "$tmp/saved.rec" | "$gabata" play sadeqa --south human --north human --seed 1 >"$out" 2>&1
lacks "The game is not saved" "no offer once saved"
# "thinking…" while the computer searches, at a terminal only (script(1) gives it one)
if command -v script >/dev/null 2>&1; then
  (sleep 2; printf 'quit\n') | timeout 60 script -qec "$gabata play sadeqa --south ai:1 --north ai:1 --seed 1 max-plies=2" /dev/null >"$out" 2>&1
  has "South is thinking…" "thinking line at a terminal"
fi
"$gabata" play sadeqa --south ai:1 --north ai:1 --seed 1 max-plies=2 </dev/null >"$out" 2>&1
lacks "thinking" "no thinking line when the output is not a terminal"
# a record saved in another language describes its players in English (it is read in any)
printf 'C\nsave %s\nquit\n' "$tmp/am.rec" | "$gabata" play qelat --lang am --north ai:1 --seed 2 >"$out" 2>&1
grep -qF '[North "ai:1 (alpha-beta, 1 ply, half its moves random)"]' "$tmp/am.rec" ||
  { echo "FAIL: a record saved in Amharic: $(grep North "$tmp/am.rec")"; fail=1; }
has "ai:1 (alpha-beta፣ 1 እንቅስቃሴ፣" "the players described in Amharic on the screen"
# a terminal narrower than the board's rows (a phone's, 40 columns: Bulto's rows take 84) gets
# the board turned a quarter, a line a pair of holes; a wide one the rows; a file the rows
if command -v script >/dev/null 2>&1; then
  printf 'quit\n' | timeout 60 script -qec "stty cols 40 rows 50; $gabata play bulto --north random --seed 1" /dev/null >"$out" 2>&1
  has "  A [  2 ]  [  2 ] j" "narrow terminal: the board turned"
  lacks "[  2 ][  2 ]" "narrow terminal: no rows"
  printf 'quit\n' | timeout 60 script -qec "stty cols 100 rows 50; $gabata play bulto --north random --seed 1" /dev/null >"$out" 2>&1
  has "[  2 ][  2 ][  2 ]" "wide terminal: the rows"
fi
COLUMNS=40 "$gabata" play bulto --north random --seed 1 </dev/null >"$out" 2>&1
has "[  2 ][  2 ][  2 ]" "not a terminal: the rows, whatever COLUMNS says"

[ $fail -eq 0 ] && echo "cli play: all passed"
exit $fail
