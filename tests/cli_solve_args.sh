#!/bin/sh
# tests/cli_solve_args.sh GABATA: `gabata solve`'s arguments are taken whole or refused with one
# line naming what is wrong, never cut. VARIANT:options used to be copied into 64 bytes and the
# moves into 4,096, so a long option list lost its last characters (max-plies=1000009, out of
# range, became max-plies=100000 and was played) and a long move list its last moves.
set -eu
gabata=$1
fails=0
# refuse NAME WANT ARGS...: exit status 2, and the one line of error contains WANT
refuse() {
    name=$1 want=$2
    shift 2
    if err=$("$gabata" solve "$@" 2>&1 >/dev/null); then
        echo "FAIL: $name: accepted"
        fails=$((fails + 1))
        return
    fi
    lines=$(printf '%s\n' "$err" | wc -l)
    case $err in
    *"$want"*) [ "$lines" -eq 1 ] || { echo "FAIL: $name: $lines lines: $err"; fails=$((fails + 1)); } ;;
    *) echo "FAIL: $name: got '$err', want '$want'"; fails=$((fails + 1)) ;;
    esac
}
# 66 bytes: the option's value 1000009 is out of range (max-plies: 1 to 1000000, T3)
refuse long-options "bad value '1000009' for option max-plies" \
    "sadeqa:skip-origin=yes endless=ends-game seeds=4 max-plies=1000009" --moves "A" --max-time 1
# 5,000 bytes of moves: the last one, 'Z', is not a move of Sadeqa III (holes A-H, a-h; S1)
long=""
i=0
while [ $i -lt 2500 ]; do long="$long "; i=$((i + 1)); done
long="$long$long Z"
refuse long-moves "move 'Z'" sadeqa --moves "$long" --max-time 1
refuse max-time-missing "--max-time needs a value" sadeqa --moves "A" --max-time
refuse moves-missing "--moves needs a value" sadeqa --moves
refuse tables-missing "--tables needs a value" sadeqa --moves "A" --tables
refuse max-time-huge "at most 1000000, not '1e300'" sadeqa --moves "A" --max-time 1e300
refuse max-time-negative "not '-1'" sadeqa --moves "A" --max-time -1
refuse max-time-text "not 'abc'" sadeqa --moves "A" --max-time abc
# a valid option list longer than 64 bytes is read whole (it was cut inside 'max-plies=2'):
# max-plies=2 (T3) ends the game after South's A and one reply, so the search proves a value
out=$("$gabata" solve "sadeqa:skip-origin=no   endless=illegal      seeds=6        max-plies=2" \
    --moves "A" --max-time 5)
case $out in
"value: "*"(exact"*) ;;
*) echo "FAIL: long valid options: $out"; fails=$((fails + 1)) ;;
esac
# unknown because the search reached its deepest (64 plies), not its time: said so (it said
# "no proof within 600 s" after 4 s, sending the user to a longer --max-time that cannot help)
out=$("$gabata" solve sadeqa "board=0,0,0,2,1,0,0,1/0,0,0,1,0,0,0,1 stores=45,45 turn=S" --max-time 600) || true
case $out in
*"H unknown;"*"some moves unknown within 64 plies, the search's deepest") ;;
*) echo "FAIL: a move unknown at the deepest: $out"; fails=$((fails + 1)) ;;
esac
status=0
out=$("$gabata" solve sadeqa "board=0,0,0,2,3,0,1,1/0,0,0,1,0,0,1,1 stores=54,32 turn=S phase=play ply=46 last=N" \
    --max-time 600) || status=$?
case $status:$out in
"3:unknown: no proof within 64 plies, the search's deepest ("*"; South's margin lies between 12 and 32"*) ;;
*) echo "FAIL: a position unknown at the deepest (status $status): $out"; fails=$((fails + 1)) ;;
esac
# a time under a second is said as given (--max-time 0.2 was "no proof within 0 s")
out=$("$gabata" solve sadeqa --moves "A" --max-time 0.2) || true
case $out in
"unknown: no proof within 0.2 s (searched to depth "*) ;;
*) echo "FAIL: --max-time 0.2: $out"; fails=$((fails + 1)) ;;
esac
[ "$fails" -eq 0 ] && echo "ok: gabata solve's arguments"
exit "$fails"
