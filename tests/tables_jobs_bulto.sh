#!/bin/sh
# tests/tables_jobs_bulto.sh GABATA FIXTURE_DIR DIR: Bulto's tables do not depend on --jobs (the
# sets of bulto holes are independent of each other, and threads take them in turn), and they
# are those the one-thread builder made before --jobs existed: its checksums for the fixture
# (levels 1..3, max-bulto=2; test_tables_bulto.c checks the values themselves against a slow
# solver). Also with a budget so small that most walks on cycles stop, and the counts of every
# level line (positions on cycles, unknown, walk positions) the same. Issue 23 §1.
set -eu
gabata=$1 fixture=$2 dir=$3
fails=0
# the level lines without their times
counts() { grep '^level' "$1" | sed 's/ walk nodes, .*$/ walk nodes/'; }
info() { "$gabata" tables info "$1" | grep '^level'; }
want='level  1: 7600 positions, 0 on cycles, checksum 4fd07f741affd141
level  2: 72580 positions, 2916 on cycles, checksum b3aa442abc05600d
level  3: 486400 positions, 140086 on cycles, checksum 5c6a68653ff0fe85'
a=$(info "$fixture")
if [ "$a" != "$want" ]; then
    echo "FAIL: the fixture (--jobs 1) is not the one-thread builder's tables:"
    echo "$a"
    fails=$((fails + 1))
fi
rm -rf "$dir"
"$gabata" tables build bulto max-bulto=2 --stones 3 --jobs 3 --quiet --out "$dir" >/dev/null 2>"$dir.log"
b=$(info "$dir")
if [ "$b" != "$want" ]; then
    echo "FAIL: --jobs 3 gave other tables:"
    echo "$b"
    fails=$((fails + 1))
fi
c=$(counts "$dir.log")
want_counts='level  1: 7600 positions, 0 on cycles (largest component 1), 0 unknown, 7600 walk nodes
level  2: 72580 positions, 2916 on cycles (largest component 18), 0 unknown, 97366 walk nodes
level  3: 486400 positions, 140086 on cycles (largest component 959), 0 unknown, 4569132 walk nodes'
if [ "$c" != "$want_counts" ]; then
    echo "FAIL: --jobs 3 counted otherwise:"
    echo "$c"
    fails=$((fails + 1))
fi
# --budget 10: 1,296 positions of level 2 and 117,892 of level 3 left unknown (those whose walk
# stopped, and those whose value needs one of them), by the one-thread builder too
want='level  1: 7600 positions, 0 on cycles, checksum 4fd07f741affd141
level  2: 72580 positions, 2916 on cycles, checksum 11d2b26f2caf4a8d
level  3: 486400 positions, 140086 on cycles, checksum 6dcd776af9f2361d'
want_counts='level  1: 7600 positions, 0 on cycles (largest component 1), 0 unknown, 7600 walk nodes
level  2: 72580 positions, 2916 on cycles (largest component 18), 1296 unknown, 91534 walk nodes
level  3: 486400 positions, 140086 on cycles (largest component 959), 117892 unknown, 1404896 walk nodes'
for jobs in 1 2 3; do
    rm -rf "$dir"
    "$gabata" tables build bulto max-bulto=2 --stones 3 --budget 10 --jobs $jobs --quiet --out "$dir" >/dev/null 2>"$dir.log"
    b=$(info "$dir")
    c=$(counts "$dir.log")
    if [ "$b" != "$want" ] || [ "$c" != "$want_counts" ]; then
        echo "FAIL: --budget 10 --jobs $jobs: not the one-thread builder's tables:"
        echo "$b"
        echo "$c"
        fails=$((fails + 1))
    fi
done
for bad in 0 x 257; do
    if "$gabata" tables build bulto max-bulto=1 --stones 1 --jobs "$bad" --out "$dir" 2>/dev/null; then
        echo "FAIL: --jobs $bad was taken"
        fails=$((fails + 1))
    fi
done
rm -rf "$dir" "$dir.log"
[ "$fails" -eq 0 ] || exit 1
echo "tables_jobs_bulto: ok"
