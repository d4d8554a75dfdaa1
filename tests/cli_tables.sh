#!/usr/bin/env bash
# The exact values where players and researchers look (issue 23 §1/§2), on the fixture's Sadeqa
# III tables (scripts/build-tables, ≤ 6 stones): the terminal's hint, `solve`'s best moves and
# progress, `analyze --tables`'s marks, `match --tables`. The positions are worked by hand (ring
# order A..H, a..h; across ring i lies 15 - i; S4: a last stone into an empty hole ends the move,
# taking the stones across when the hole is the mover's own; S5: a player without a move ends
# the game, the stones left going to the one who moved last):
#   P1 = North to move, c 1 and h 1, South none, stores 29-65. c -> d (across E empty) ends; South
#        has no move: North takes both, 67-29, North wins by 38. h -> A ends; then A-B, c-d, B-C,
#        d-e, C-D takes e's stone, North has none: South takes D's, 65-31, North wins by 34.
#        So c wins by 38 (the best), h by 34: h is a blunder (four stones, ANALYZE: 3 or more).
#   P2 = P1 with stores 48-46: c gives 48-48, a draw; h 46-50, a loss by 4.
#   P3 = South's one stone in H, North none, 40-53 (tests/test_tables.c): H -> a ends, North's a
#        -> b ends (across G empty), South has no move: North takes it, 40-54, South loses by 14.
set -u
gabata="$1"
tables="$2"
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out"
has() { grep -q -F -- "$1" "$out" || { echo "FAIL ($2): output lacks '$1'"; sed 's/^/    /' "$out" | tail -30; fail=1; }; }
lacks() { if grep -q -F -- "$1" "$out"; then echo "FAIL ($2): output has '$1'"; fail=1; fi; }
P1="sadeqa board=0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,1 stores=29,65 turn=N phase=play ply=9 last=S"
P2="sadeqa board=0,0,0,0,0,0,0,0/0,0,1,0,0,0,0,1 stores=48,46 turn=N phase=play ply=9 last=S"
P3="sadeqa board=0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 stores=40,53 turn=S phase=play ply=9 last=N"

# 1. the terminal's hint: the exact value with the tables, the computer's choice without
hint() { printf 'hint\nquit\n' | "$gabata" play --lang en --south human --north human --position "$1" "${@:2}" >"$out" 2>&1; }
hint "$P1" --tables "$tables"
has "hint: North wins by 38 stones with c (exact)" "hint, a win"
hint "$P2" --tables "$tables"
has "hint: a draw with c (exact)" "hint, a draw"
hint "$P3" --tables "$tables"
has "hint: every move loses; H loses by 14 stones (the least, exact)" "hint, a loss"
hint "$P1"
has "hint: c (the choice of ai:4" "hint without tables"
lacks "(exact)" "hint without tables"
# translated (the catalogs are next to the program in the build folder)
printf 'hint\nquit\n' | "$gabata" play --lang am --south human --north human --position "$P1" --tables "$tables" >"$out" 2>&1
has "ምክር፦ ሰሜን በ38 ጠጠሮች ያሸንፋል" "hint in Amharic"

# 2. solve: the value, every move's margin, the best moves; progress on a terminal only
"$gabata" solve $P1 --tables "$tables" >"$out" 2>&1 || { echo "FAIL: solve P1 exited $?"; fail=1; }
has "value: North (to move) wins by 38 (exact" "solve P1"
has "moves: c wins by 38 (best); h wins by 34;" "solve P1"
has "best: c (it wins by 38)" "solve P1"
lacks "position: depth" "solve P1 progress off a terminal"
"$gabata" solve $P2 >"$out" 2>&1 # without tables: the slow way, still exact (6 plies)
has "value: North (to move) draws (exact" "solve P2 without tables"
has "best: c (it draws)" "solve P2 without tables"
if command -v script >/dev/null; then
  # on a terminal (script gives the command one), the progress: depth and time, on stderr
  script -qec "'$gabata' solve sadeqa --moves 'A' --max-time 1 >/dev/null" /dev/null >"$out" 2>&1
  has "position: depth " "solve progress on a terminal"
  grep -q -E 'position: depth [0-9]+, [0-9]+ positions, [0-9.]+ s' "$out" || { echo "FAIL: solve progress lacks depth, positions, seconds"; fail=1; }
fi
# --max-time: a position far from solved answers 'unknown' within the time, exit 3
start=$(date +%s)
"$gabata" solve sadeqa --moves "A" --max-time 1 >"$out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
[ "$rc" = 3 ] || { echo "FAIL: unsolved position: exit $rc, not 3"; fail=1; }
has "unknown: no proof within 1 s" "solve --max-time"
[ "$took" -le 10 ] || { echo "FAIL: solve --max-time 1 took $took s"; fail=1; }
"$gabata" solve sadeqa --moves "A" --max-time 0 >"$out" 2>&1
[ $? = 2 ] || { echo "FAIL: --max-time 0 accepted"; fail=1; }
has "--max-time takes seconds" "solve --max-time 0"

# 3. analyze --tables: P1's h marked a blunder, with the better c; the forced replies unmarked
cat >"$tmp/p1.txt" <<REC
[Variant "sadeqa"]
[Position "$P1"]

h A c B d C
REC
"$gabata" analyze "$tmp/p1.txt" --tables "$tables" >"$out" 2>&1 || { echo "FAIL: analyze exited $?"; fail=1; }
has "1. North h         ??  value wins by 38; played wins by 34, better c" "analyze P1"
has "6. South C             (forced or a layout)" "analyze P1"
has "mistakes (?) 0, blunders (??) 1" "analyze P1"

# 4. match --tables: said in the output and the JSON
"$gabata" match ai:2 ai:1 --variant sadeqa --games 2 --tables "$tables" --json "$tmp/m.json" >"$out" 2>/dev/null
has "endgame tables: $tables (6 stones or fewer on the board), probed by both players" "match --tables"
grep -q "\"tables\": \"$tables\"" "$tmp/m.json" || { echo "FAIL: match JSON lacks its tables"; fail=1; }
"$gabata" match ai:2 ai:1 --variant sadeqa --games 2 --tables "$tmp/none" >"$out" 2>&1
[ $? = 2 ] || { echo "FAIL: match --tables of a missing folder accepted"; fail=1; }
has "gabata match: " "match --tables missing"
"$gabata" stats sadeqa --games 2 --players ai:1 --tables "$tables" >"$out" 2>&1
has "endgame tables: $tables (6 stones or fewer on the board), probed by every searching player" "stats --tables"

[ "$fail" = 0 ] && echo "cli_tables: hint, solve, analyze, match and stats with tables: all as worked by hand"
exit "$fail"
