#!/bin/sh
# tests/cli_tables_args.sh GABATA: `gabata tables build`'s options without their value or with a
# value past its range, an unknown game or option: each refused with one line naming it, exit
# status 2 (a missing value was called an 'unknown option'; a --budget past 2**63 - 1 was taken as
# the largest number; a bad option exited 1, as a failed build). Nothing is built: every case
# fails before the build starts.
set -eu
gabata=$1
work=${2:-$(mktemp -d)}
rm -rf "$work"
mkdir -p "$work"
cd "$work"
fails=0
refuse() {
    name=$1 want=$2
    shift 2
    status=0
    err=$("$gabata" tables build "$@" 2>&1 >/dev/null) || status=$?
    if [ "$status" -ne 2 ]; then # a usage error, as every command's
        echo "FAIL: $name: exit status $status, not 2 ($err)"
        fails=$((fails + 1))
        return
    fi
    case $err in
    *"$want"*) [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "FAIL: $name: $err"; fails=$((fails + 1)); } ;;
    *) echo "FAIL: $name: got '$err', want '$want'"; fails=$((fails + 1)) ;;
    esac
}
for opt in --stones --budget --jobs --stop-after --save-every --out; do
    refuse "$opt-missing" "$opt needs a value" sadeqa --stones 1 "$opt"
done
refuse budget-huge "--budget takes a number of positions" sadeqa --stones 1 --budget 99999999999999999999999
refuse stones-zero "--stones takes a number from 1 to 40" sadeqa --stones 0
refuse bad-value "bad value '7' for option seeds" sadeqa seeds=7 --stones 1
refuse unknown-option "unknown option 'nosuch' for sadeqa" sadeqa nosuch=1 --stones 1
refuse unknown-game "unknown game 'chess'" chess --stones 1
refuse bulto-bad-option "bad value 'x' for option right-rule" bulto right-rule=x max-bulto=2 --stones 1
refuse max-bulto-zero "max-bulto must be a number from 1 to 20, not '0'" bulto max-bulto=0 --stones 1
refuse max-bulto-sadeqa "unknown option 'max-bulto' for sadeqa" sadeqa max-bulto=2 --stones 1
# Bulto's max-bulto=N is a key of its tables, not of the rules (docs/tables.md): it is taken
# (it was refused as an unknown option of the game once the game was checked first)
if ! err=$("$gabata" tables build bulto max-bulto=2 --stones 1 --quiet --out bulto1 2>&1 >/dev/null) ||
    ! "$gabata" tables info bulto1 | grep -q 'max-bulto 2'; then
    echo "FAIL: tables build bulto max-bulto=2: $err"
    fails=$((fails + 1))
fi
[ ! -e tables ] || { echo "FAIL: a refused build wrote tables/"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] && echo "ok: gabata tables build's arguments"
exit "$fails"
