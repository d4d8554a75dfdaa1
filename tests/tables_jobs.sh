#!/bin/sh
# tests/tables_jobs.sh GABATA FIXTURE_DIR DIR: the tables do not depend on --jobs (the walks of a
# component are independent of each other), and they are the ones the first builder made: its
# checksums for levels 1..6 (that builder played every move on the game object; test_tables.c
# checks the values themselves against a slow solver). Issue 23 §1.
set -eu
gabata=$1 fixture=$2 dir=$3
rm -rf "$dir"
"$gabata" tables build sadeqa --stones 6 --jobs 3 --quiet --out "$dir" >/dev/null 2>&1
a=$("$gabata" tables info "$fixture" | grep '^level')
b=$("$gabata" tables info "$dir" | grep '^level')
if [ "$a" != "$b" ]; then
    echo "FAIL: --jobs 3 gave other tables than --jobs 1:"
    echo "$a"
    echo "$b"
    exit 1
fi
want='level  1: 32 positions, 0 on cycles, checksum f0f2d90d572b3631
level  2: 272 positions, 0 on cycles, checksum 81942027f200e60d
level  3: 1632 positions, 30 on cycles, checksum 539e84259c802755
level  4: 7752 positions, 706 on cycles, checksum 492081f5f566ae7d
level  5: 31008 positions, 7862 on cycles, checksum 7bec232d12028e91
level  6: 108528 positions, 36248 on cycles, checksum 2e4d5ffe55153e35'
if [ "$b" != "$want" ]; then
    echo "FAIL: not the first builder's tables:"
    echo "$b"
    exit 1
fi
# a budget so small that many walks stop: the positions left unknown (byte 0) are the same with
# any --jobs, and every other byte is the full table's. (No fixed checksums here: which walks
# stop depends on how many positions a walk visits, which the window clamped to [-k, k] and the
# bounds changed; the values themselves are the first builder's, above. With the bounds a walk is
# short: a budget of 20 leaves none unknown at 4 stones, 5 leaves 86.)
budget5=
for jobs in 1 3; do
    rm -rf "$dir"
    "$gabata" tables build sadeqa --stones 6 --budget 5 --jobs $jobs --quiet --out "$dir" >/dev/null 2>&1
    b=$("$gabata" tables info "$dir" | grep '^level')
    if [ -n "$budget5" ] && [ "$b" != "$budget5" ]; then
        echo "FAIL: --budget 5: --jobs 3 gave other tables than --jobs 1:"
        echo "$budget5"
        echo "$b"
        exit 1
    fi
    budget5=$b
    for k in 4 5 6; do
        f=$(printf 'sadeqa-%02d.gbt' $k)
        # cmp -l: offset (1-based), full byte, budget byte, in octal; the 512-byte header differs
        diffs=$(cmp -l "$fixture/$f" "$dir/$f" | awk '$1 > 512')
        wrong=$(printf '%s\n' "$diffs" | awk 'NF && $3 != 0' | wc -l)
        unknown=$(printf '%s\n' "$diffs" | awk 'NF && $3 == 0' | wc -l)
        if [ "$wrong" -ne 0 ] || [ "$unknown" -eq 0 ]; then
            echo "FAIL: --budget 5 --jobs $jobs, level $k: $wrong bytes differ from the full table's, $unknown unknown (want 0, and some)"
            exit 1
        fi
    done
done
# --budget 0 is no limit (the first builder stopped every walk after the first at once)
rm -rf "$dir"
"$gabata" tables build sadeqa --stones 6 --budget 0 --jobs 2 --quiet --out "$dir" >/dev/null 2>&1
b=$("$gabata" tables info "$dir" | grep '^level')
if [ "$a" != "$b" ]; then
    echo "FAIL: --budget 0 gave other tables than the default budget:"
    echo "$b"
    exit 1
fi
for bad in 0 x 257; do
    if "$gabata" tables build sadeqa --stones 2 --jobs "$bad" --out "$dir" 2>/dev/null; then
        echo "FAIL: --jobs $bad was taken"
        exit 1
    fi
done
rm -rf "$dir"
echo "tables_jobs: ok"
