#!/usr/bin/env bash
# The bash completion (completion/gabata), run in bash as the shell runs it: COMP_LINE and
# COMP_POINT set, _gabata called, COMPREPLY read. The expected words come from `gabata
# variants` of the program and from the players the program takes (docs/ai.md).
#   tests/completion.sh GABATA SOURCE_DIR
set -u
gabata=$1 src=$2
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# shellcheck source=/dev/null
source "$src/completion/gabata"

# complete LINE: the words offered for the end of LINE, sorted, one a line
complete_line() {
    COMP_LINE=$1 COMP_POINT=${#1}
    COMPREPLY=()
    _gabata
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# Qelat's option keys, from the program itself
keys=$("$gabata" variants | awk '/^[^ ]/ {v = $1; next} v == "qelat" && NF {split($1, a, "="); print a[1]}' | sort)
[ "$(wc -l <<<"$keys")" -ge 5 ] || bad "gabata variants: Qelat's keys not found ($keys)"

# --sweep takes an option's name or all: never key=, never an option of the command
got=$(complete_line "$gabata stats qelat --sweep ")
want=$(printf '%s\nall\n' "$keys" | sort)
[ "$got" = "$want" ] || bad "--sweep offers: $(tr '\n' ' ' <<<"$got")"
grep -q '=' <<<"$got" && bad "--sweep offers key=: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata stats qelat --sweep ma")
[ "$got" = "$(printf 'match-repeat\nmax-plies\nmax-rounds\n')" ] || bad "--sweep ma offers: $(tr '\n' ' ' <<<"$got")"

# --players (as --south, --north) takes a player, never an option name, and stats no human
players=$(printf '%s\n' random ai ai:1 ai:2 ai:3 ai:4 ai:5 ai:6 ai:7 ai:8 mcts | sort)
for opt in --players --south --north; do
    got=$(complete_line "$gabata stats qelat $opt ")
    [ "$got" = "$players" ] || bad "stats $opt offers: $(tr '\n' ' ' <<<"$got")"
    got=$(complete_line "$gabata stats qelat $opt -")
    [ -z "$got" ] || bad "stats $opt - offers: $(tr '\n' ' ' <<<"$got")"
done
# (bash replaces only what follows the word's last ':', so the words come without "ai:")
got=$(complete_line "$gabata stats qelat --players ai:")
[ "$got" = "$(printf '%s\n' 1 2 3 4 5 6 7 8)" ] || bad "--players ai: offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata play qelat --south h")
[ "$got" = human ] || bad "play --south h offers: $(tr '\n' ' ' <<<"$got")"

# what still works: the key= options after the variant, their values, the command's options
got=$(complete_line "$gabata stats qelat rou")
[ "$got" = "rounds=" ] || bad "stats qelat rou offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata stats qelat rounds=")
[ "$got" = "$(printf '1\nmatch\n')" ] || bad "rounds= offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata stats qelat --sw")
[ "$got" = "--sweep" ] || bad "--sw offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata stats qelat --eval-level ")
[ "$got" = "$(printf '%s\n' 1 2 3 4 5)" ] || bad "--eval-level offers: $(tr '\n' ' ' <<<"$got")"

# the games tables build and solve take (Sadeqa III only, once), serve's --sync values
got=$(complete_line "$gabata tables build ")
[ "$got" = "$(printf '%s\n' akil bulto sadeqa)" ] || bad "tables build offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata solve ")
[ "$got" = "$(printf '%s\n' --survey akil:rounds=1 bulto sadeqa | sort)" ] || bad "solve offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata serve --sync ")
[ "$got" = "$(printf '%s\n' full normal)" ] || bad "serve --sync offers: $(tr '\n' ' ' <<<"$got")"
got=$(complete_line "$gabata serve --workers ")
[ -z "$got" ] || bad "serve --workers offers: $(tr '\n' ' ' <<<"$got")"

[ $fail = 0 ] && echo "completion: ok"
exit $fail
