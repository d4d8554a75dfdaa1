#!/bin/sh
# tests/tables_jobs_akil.sh GABATA FIXTURE_DEFAULT FIXTURE_FEED DIR: L'ab al-Akil's tables do not
# depend on --jobs (the walks of one component are independent of each other, and threads take
# them in turn: akil.c, "Threads"), and they are those the one-thread builder made before --jobs
# existed: its checksums for the fixtures (<= 6 seeds, --jobs 1; the defaults and feed=then-sow,
# A8; test_tables_akil.c checks the values themselves against a slow solver). Also with a budget
# so small that many walks stop (--budget 300), the counts of every level line (positions on
# cycles, unknown, walk positions) the same, and at 8 seeds (65,524 positions in one component)
# --jobs 3 against --jobs 1. Issue 23 §1.
set -eu
gabata=$1 fixture=$2 feed=$3 dir=$4
fails=0
# the level lines without their times
counts() { grep '^level' "$1" | sed 's/ walk nodes, .*$/ walk nodes/'; }
info() { "$gabata" tables info "$1" | grep '^level'; }
# check NAME WANT_INFO WANT_COUNTS ARGS...: build with ARGS into $dir, compare
check() {
    name=$1 want_info=$2 want_counts=$3
    shift 3
    rm -rf "$dir"
    if ! "$gabata" tables build akil "$@" --quiet --out "$dir" >/dev/null 2>"$dir.log"; then
        echo "FAIL: $name: the build failed:"
        cat "$dir.log"
        fails=$((fails + 1))
        return
    fi
    b=$(info "$dir")
    c=$(counts "$dir.log")
    if [ "$b" != "$want_info" ] || [ "$c" != "$want_counts" ]; then
        echo "FAIL: $name: not the one-thread builder's tables:"
        echo "$b"
        echo "$c"
        fails=$((fails + 1))
    fi
}

# fixture_is NAME DIR WANT: the --jobs 1 fixture DIR holds the one-thread builder's tables
fixture_is() {
    local a
    a=$(info "$2")
    if [ "$a" != "$3" ]; then
        echo "FAIL: the $1 fixture (--jobs 1) is not the one-thread builder's tables:"
        echo "$a"
        fails=$((fails + 1))
    fi
}

want='level  2: 156 positions, 72 on cycles, checksum bc87b912788442cd
level  3: 728 positions, 340 on cycles, checksum 89424d6f9d9752c9
level  4: 2730 positions, 896 on cycles, checksum ee5bebdd45066a8d
level  5: 8736 positions, 2628 on cycles, checksum 72911ae37172a0b5
level  6: 24752 positions, 7486 on cycles, checksum 67783da42d77d8b5'
want_counts='level  2: 156 positions, 72 on cycles (largest component 30), 0 unknown, 1518 walk nodes
level  3: 728 positions, 340 on cycles (largest component 340), 0 unknown, 46056 walk nodes
level  4: 2730 positions, 896 on cycles (largest component 848), 0 unknown, 22964 walk nodes
level  5: 8736 positions, 2628 on cycles (largest component 1344), 0 unknown, 31150 walk nodes
level  6: 24752 positions, 7486 on cycles (largest component 5766), 0 unknown, 110340 walk nodes'
fixture_is default "$fixture" "$want"
check "--jobs 3" "$want" "$want_counts" --stones 6 --jobs 3

want='level  2: 156 positions, 80 on cycles, checksum 21fc526cdb4e49fd
level  3: 728 positions, 356 on cycles, checksum 98fd408bacae9361
level  4: 2730 positions, 888 on cycles, checksum 221e8069ef29f1ad
level  5: 8736 positions, 2720 on cycles, checksum e85ea94520cc28bd
level  6: 24752 positions, 7580 on cycles, checksum a5eda080eb69675d'
want_counts='level  2: 156 positions, 80 on cycles (largest component 24), 0 unknown, 1016 walk nodes
level  3: 728 positions, 356 on cycles (largest component 356), 0 unknown, 14356 walk nodes
level  4: 2730 positions, 888 on cycles (largest component 864), 0 unknown, 11322 walk nodes
level  5: 8736 positions, 2720 on cycles (largest component 1350), 0 unknown, 29176 walk nodes
level  6: 24752 positions, 7580 on cycles (largest component 5862), 0 unknown, 114546 walk nodes'
fixture_is feed=then-sow "$feed" "$want"
check "feed=then-sow --jobs 3" "$want" "$want_counts" feed=then-sow --stones 6 --jobs 3

# --budget 300: walks stop at 3, 5 and 6 seeds (the defaults: 116, 4,302 and 9,188 positions left
# unknown; feed=then-sow: 18 at 6), by the one-thread builder too
want='level  2: 156 positions, 72 on cycles, checksum bc87b912788442cd
level  3: 728 positions, 340 on cycles, checksum f2730f6cd29857d9
level  4: 2730 positions, 896 on cycles, checksum ee5bebdd45066a8d
level  5: 8736 positions, 2628 on cycles, checksum ad00439a8bf89167
level  6: 24752 positions, 7486 on cycles, checksum e68a899550e0068d'
want_counts='level  2: 156 positions, 72 on cycles (largest component 30), 0 unknown, 1518 walk nodes
level  3: 728 positions, 340 on cycles (largest component 340), 116 unknown, 37344 walk nodes
level  4: 2730 positions, 896 on cycles (largest component 848), 0 unknown, 22964 walk nodes
level  5: 8736 positions, 2628 on cycles (largest component 1344), 4302 unknown, 23572 walk nodes
level  6: 24752 positions, 7486 on cycles (largest component 5766), 9188 unknown, 67826 walk nodes'
for jobs in 1 2 3; do
    check "--budget 300 --jobs $jobs" "$want" "$want_counts" --stones 6 --budget 300 --jobs $jobs
done
want='level  2: 156 positions, 80 on cycles, checksum 21fc526cdb4e49fd
level  3: 728 positions, 356 on cycles, checksum 98fd408bacae9361
level  4: 2730 positions, 888 on cycles, checksum 221e8069ef29f1ad
level  5: 8736 positions, 2720 on cycles, checksum e85ea94520cc28bd
level  6: 24752 positions, 7580 on cycles, checksum cfbd5e0c5f764d4d'
want_counts='level  2: 156 positions, 80 on cycles (largest component 24), 0 unknown, 1016 walk nodes
level  3: 728 positions, 356 on cycles (largest component 356), 0 unknown, 14356 walk nodes
level  4: 2730 positions, 888 on cycles (largest component 864), 0 unknown, 11322 walk nodes
level  5: 8736 positions, 2720 on cycles (largest component 1350), 0 unknown, 29176 walk nodes
level  6: 24752 positions, 7580 on cycles (largest component 5862), 18 unknown, 113120 walk nodes'
for jobs in 1 3; do
    check "feed=then-sow --budget 300 --jobs $jobs" "$want" "$want_counts" feed=then-sow --stones 6 --budget 300 --jobs $jobs
done

# 8 seeds, many chunks of walks to share: --jobs 3 as --jobs 1, with the budget and without
for budget in 100000 300; do
    rm -rf "$dir"
    "$gabata" tables build akil --stones 8 --budget $budget --jobs 1 --quiet --out "$dir" >/dev/null 2>"$dir.log"
    want=$(info "$dir")
    want_counts=$(counts "$dir.log")
    check "--stones 8 --budget $budget --jobs 3" "$want" "$want_counts" --stones 8 --budget $budget --jobs 3
done

# absurd thread counts refused as for every game (cli/tables.c), nothing built
for bad in 0 -2 x 257 99999999999; do
    rm -rf "$dir"
    if "$gabata" tables build akil --stones 2 --jobs "$bad" --out "$dir" 2>"$dir.log"; then
        echo "FAIL: --jobs $bad was taken"
        fails=$((fails + 1))
    elif ! grep -q "^gabata tables build: --jobs takes a number of threads from 1 to 256, not '$bad'$" "$dir.log"; then
        echo "FAIL: --jobs $bad: not the line the other games give:"
        cat "$dir.log"
        fails=$((fails + 1))
    fi
done
rm -rf "$dir" "$dir.log"
[ "$fails" -eq 0 ] || exit 1
echo "tables_jobs_akil: ok"
