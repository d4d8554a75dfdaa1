#!/bin/sh
# tests/tables_files.sh GABATA SADEQA_DIR BULTO_DIR WORK: the tables' files (src/tables/file.c,
# docs/tables.md "Files"), the same code for every game's: each way a folder can be wrong is
# refused by `gabata tables info` with one line naming the file and what is wrong with it, and a
# build that cannot write a level leaves no .part file. SADEQA_DIR and BULTO_DIR are the fixtures
# (levels 1..6, and 1..3 with max-bulto=2); only copies of them are damaged. Issue 23 §1.
set -eu
gabata=$(realpath "$1") sadeqa=$(realpath "$2") bulto=$(realpath "$3") work=$4
rm -rf "$work"
mkdir -p "$work"
fails=0
# expect NAME DIR TEXT: `tables info DIR` fails, and its one line of error is TEXT
expect() {
    if out=$("$gabata" tables info "$2" 2>&1 >/dev/null); then
        echo "FAIL: $1: $2 was read"
        fails=$((fails + 1))
    elif [ "$out" != "gabata tables info: $3" ]; then
        echo "FAIL: $1:"
        echo "  got:  $out"
        echo "  want: gabata tables info: $3"
        fails=$((fails + 1))
    fi
}
# a copy of a fixture's levels 1..K
copy() { mkdir "$work/$1"; for k in $(seq 1 "$4"); do cp "$2/$3-0$k.gbt" "$work/$1/"; done; }
# a file's header line LINE changed to NEW, its size kept
edit() { sed -i "1,8s/^$2\$/$3/" "$1"; }

cd "$work"
# Sadeqa III
copy short "$sadeqa" sadeqa 3
head -c 100 "$sadeqa/sadeqa-02.gbt" >short/sadeqa-02.gbt
expect short short "short/sadeqa-02.gbt: too short for a table"
copy truncated "$sadeqa" sadeqa 3
head -c 700 "$sadeqa/sadeqa-03.gbt" >truncated/sadeqa-03.gbt
expect truncated truncated "truncated/sadeqa-03.gbt: its header does not match its name or its size"
copy header "$sadeqa" sadeqa 3
printf 'hello' | dd of=header/sadeqa-02.gbt conv=notrunc 2>/dev/null
expect header header "header/sadeqa-02.gbt: not a gabata table (its header does not read)"
copy version "$sadeqa" sadeqa 3
edit version/sadeqa-03.gbt 'gabata-table 1' 'gabata-table 2'
expect version version "version/sadeqa-03.gbt: table format 2, this program reads 1"
copy name "$sadeqa" sadeqa 3
cp name/sadeqa-03.gbt name/sadeqa-02.gbt
expect name name "name/sadeqa-02.gbt: its header does not match its name or its size"
mkdir game
cp "$bulto/bulto-01.gbt" game/sadeqa-01.gbt
expect game game "game/sadeqa-01.gbt: a table of bulto, not of sadeqa (its header's variant)"
mkdir nolevel1
cp "$sadeqa/sadeqa-02.gbt" nolevel1/
expect nolevel1 nolevel1 "nolevel1 holds no table (sadeqa-01.gbt ...: gabata tables build)"
expect none none "none holds no table (sadeqa-01.gbt ...: gabata tables build)"
copy gap "$sadeqa" sadeqa 5
rm gap/sadeqa-03.gbt
expect gap gap "gap/sadeqa-03.gbt is missing, but sadeqa-04.gbt is there: the levels must run from the first up without a gap (gabata tables build)"
"$gabata" tables build sadeqa endless=ends-game --stones 1 --quiet --out options >/dev/null 2>&1
cp "$sadeqa/sadeqa-02.gbt" options/
expect options options "options/sadeqa-02.gbt: built for other options (defaults) than level 1 (endless=ends-game)"
copy damaged "$sadeqa" sadeqa 4
printf 'x' | dd of=damaged/sadeqa-04.gbt bs=1 seek=1000 conv=notrunc 2>/dev/null
expect damaged damaged "damaged/sadeqa-04.gbt: its checksum does not match: the file is damaged"
# Bulto: the same, and its header's own line (max-bulto)
copy bshort "$bulto" bulto 2
head -c 600 "$bulto/bulto-02.gbt" >bshort/bulto-02.gbt
expect bshort bshort "bshort/bulto-02.gbt: its header does not match its name or its size"
mkdir bgame
cp "$sadeqa/sadeqa-01.gbt" bgame/bulto-01.gbt
expect bgame bgame "bgame/bulto-01.gbt: a table of sadeqa, not of bulto (its header's variant)"
copy bnocap "$bulto" bulto 2
edit bnocap/bulto-02.gbt 'max-bulto 2' 'max-bolto 2'
expect bnocap bnocap "bnocap/bulto-02.gbt: not a gabata table (its header does not read)"
copy bcap "$bulto" bulto 2
edit bcap/bulto-01.gbt 'max-bulto 2' 'max-bulto 30'
expect bcap bcap "bcap/bulto-01.gbt: its header does not match its name or its size"
copy bcap2 "$bulto" bulto 2
edit bcap2/bulto-02.gbt 'max-bulto 2' 'max-bulto 3'
expect bcap2 bcap2 "bcap2/bulto-02.gbt: built with max-bulto 3, level 1 with 2"
copy bcap1 "$bulto" bulto 2
edit bcap1/bulto-01.gbt 'max-bulto 2' 'max-bulto 1'
expect bcap1 bcap1 "bcap1/bulto-01.gbt: its header does not match its name or its size"
"$gabata" tables build bulto max-bulto=1 --stones 1 --quiet --out bother >/dev/null 2>&1
cp "$bulto/bulto-02.gbt" bother/
expect bother bother "bother/bulto-02.gbt: built with max-bulto 2, level 1 with 1"
"$gabata" tables build bulto max-bulto=2 right-rule=none --stones 1 --quiet --out boptions >/dev/null 2>&1
cp "$bulto/bulto-02.gbt" boptions/
expect boptions boptions "boptions/bulto-02.gbt: built for other options (defaults) than level 1 (right-rule=none)"
copy bdamaged "$bulto" bulto 2
printf 'x' | dd of=bdamaged/bulto-02.gbt bs=1 seek=1000 conv=notrunc 2>/dev/null
expect bdamaged bdamaged "bdamaged/bulto-02.gbt: its checksum does not match: the file is damaged"
# what is whole is read: the copies' levels, and the levels of a stopped build (no gap: it writes
# them from the first up); a gap is refused above (`gap`), not read as the end
copy whole "$bulto" bulto 2
"$gabata" tables info whole | grep -q '^stones 2 ' || { echo "FAIL: bulto levels 1..2 not read"; fails=$((fails + 1)); }
copy stopped "$sadeqa" sadeqa 3
"$gabata" tables info stopped | grep -q '^stones 3$' || { echo "FAIL: sadeqa levels 1..3 not read"; fails=$((fails + 1)); }
# a level that cannot be written (a folder in its place): the error (the last line, after level
# 1's) names it, and its .part is gone
mkdir -p unwritable-sadeqa/sadeqa-02.gbt unwritable-bulto/bulto-02.gbt
out=$("$gabata" tables build sadeqa --stones 2 --quiet --out unwritable-sadeqa 2>&1 >/dev/null | tail -n 1) || true
want="gabata tables build: cannot write unwritable-sadeqa/sadeqa-02.gbt: Is a directory"
[ "$out" = "$want" ] || { echo "FAIL: unwritable level: $out"; fails=$((fails + 1)); }
out=$("$gabata" tables build bulto max-bulto=1 --stones 2 --quiet --out unwritable-bulto 2>&1 >/dev/null | tail -n 1) || true
want="gabata tables build: cannot write unwritable-bulto/bulto-02.gbt: Is a directory"
[ "$out" = "$want" ] || { echo "FAIL: unwritable level: $out"; fails=$((fails + 1)); }
if ls unwritable-*/*.part >/dev/null 2>&1; then
    echo "FAIL: a .part file was left"
    fails=$((fails + 1))
fi
# --resume: the levels a folder holds for the same variant and options are kept (checksums
# checked), only those above are built, and the tables are a fresh build's; a file of other
# options, another max-bulto or a damaged one is refused with one line, and left as it was
# expect_build NAME TEXT ARGS...: `tables build ARGS` fails, its last line of error TEXT
expect_build() {
    name=$1 text=$2
    shift 2
    if out=$("$gabata" tables build "$@" --quiet 2>&1 >/dev/null); then
        echo "FAIL: $name: built"
        fails=$((fails + 1))
    elif [ "$(printf '%s\n' "$out" | tail -n 1)" != "gabata tables build: $text" ]; then
        echo "FAIL: $name:"
        echo "  got:  $(printf '%s\n' "$out" | tail -n 1)"
        echo "  want: gabata tables build: $text"
        fails=$((fails + 1))
    fi
}
copy resume "$sadeqa" sadeqa 3
out=$("$gabata" tables build sadeqa --stones 6 --resume --quiet --out resume 2>&1 >/dev/null)
[ "$(printf '%s\n' "$out" | grep -c 'kept (--resume')" = 3 ] || { echo "FAIL: resume: not 3 levels kept: $out"; fails=$((fails + 1)); }
[ "$(printf '%s\n' "$out" | grep -c 'walk nodes')" = 3 ] || { echo "FAIL: resume: not 3 levels built: $out"; fails=$((fails + 1)); }
[ "$("$gabata" tables info resume)" = "$("$gabata" tables info "$sadeqa")" ] || { echo "FAIL: resume: not the fixture's tables"; fails=$((fails + 1)); }
copy rother "$sadeqa" sadeqa 2
expect_build rother "rother/sadeqa-01.gbt is not the level this build makes (another variant, options or format): remove it, or build into another folder" \
    sadeqa endless=ends-game --stones 3 --resume --out rother
cmp -s rother/sadeqa-01.gbt "$sadeqa/sadeqa-01.gbt" || { echo "FAIL: rother: the file was changed"; fails=$((fails + 1)); }
[ ! -e rother/sadeqa-03.gbt ] || { echo "FAIL: rother: a level was built"; fails=$((fails + 1)); }
copy rdamaged "$sadeqa" sadeqa 4
printf 'x' | dd of=rdamaged/sadeqa-03.gbt bs=1 seek=1000 conv=notrunc 2>/dev/null
expect_build rdamaged "rdamaged/sadeqa-03.gbt: its checksum does not match: the file is damaged (remove it to build it again)" \
    sadeqa --stones 5 --resume --out rdamaged
copy rshort "$sadeqa" sadeqa 3
head -c 1000 "$sadeqa/sadeqa-03.gbt" >rshort/sadeqa-03.gbt
expect_build rshort "rshort/sadeqa-03.gbt is not as long as its header says: remove it to build it again" \
    sadeqa --stones 4 --resume --out rshort
copy bresume "$bulto" bulto 1
"$gabata" tables build bulto max-bulto=2 --stones 2 --resume --quiet --out bresume >/dev/null 2>&1 || { echo "FAIL: bresume: not built"; fails=$((fails + 1)); }
[ "$("$gabata" tables info bresume | grep '^level')" = "$("$gabata" tables info "$bulto" | grep '^level  [12]:')" ] || { echo "FAIL: bresume: not the fixture's levels 1..2"; fails=$((fails + 1)); }
copy bcapr "$bulto" bulto 1
expect_build bcapr "bcapr/bulto-01.gbt is not the level this build makes (another variant, options or format): remove it, or build into another folder" \
    bulto max-bulto=1 --stones 1 --resume --out bcapr
# stopping (--stop-after, SIGINT) exits 3 with one line naming what is saved; the rest of the
# stopping and going on (every point of a level, the files refused) is test_tables_stop.c's
copy stop0 "$sadeqa" sadeqa 2
"$gabata" tables build sadeqa --stones 4 --resume --stop-after 0 --quiet --out stop0 >/dev/null 2>stop0.err && st=0 || st=$?
[ "$st" = 3 ] || { echo "FAIL: stop0: exit $st, not 3"; fails=$((fails + 1)); }
[ "$(tail -n 1 stop0.err)" = "gabata tables build: stopped before level 3, the levels below it in stop0; the same command with --resume goes on from there" ] ||
    { echo "FAIL: stop0: $(tail -n 1 stop0.err)"; fails=$((fails + 1)); }
[ ! -e stop0/sadeqa-03.gbt ] || { echo "FAIL: stop0: level 3 was built"; fails=$((fails + 1)); }
"$gabata" tables build sadeqa --stones 3 --stop-after 1h30m --save-every 0 --quiet --out stoplate >/dev/null 2>&1 ||
    { echo "FAIL: stoplate: --stop-after 1h30m did not build 3 levels"; fails=$((fails + 1)); }
expect_build badtime "--stop-after takes a time such as 600, 90m or 2h30m, not '5x'" sadeqa --stones 3 --stop-after 5x --out badtime
expect_build badsave "--save-every takes a time such as 600, 90m or 2h30m, not '-1'" sadeqa --stones 3 --save-every -1 --out badsave
# Ctrl-C in a build of minutes (once level 8 is written): status 3, the work saved, and a resume
# of the lower levels gives the fixture's
# stop_build SIGNAL DIR LEVEL: a build of minutes into DIR sent SIGNAL once LEVEL is written;
# its status must be 3 (stopped, the work saved), its lines in DIR.err
stop_build() {
    "$gabata" tables build sadeqa --stones 14 --quiet --out "$2" >/dev/null 2>"$2.err" &
    pid=$!
    tries=0
    while [ ! -e "$2/sadeqa-0$3.gbt" ] && [ "$tries" -lt 1200 ] && kill -0 "$pid" 2>/dev/null; do
        sleep 0.1
        tries=$((tries + 1))
    done
    kill "-$1" "$pid" 2>/dev/null || true
    wait "$pid" && st=0 || st=$?
    [ "$st" = 3 ] || { echo "FAIL: $2: exit $st, not 3: $(cat "$2.err")"; fails=$((fails + 1)); }
}
stop_build INT sigint 8
# (in a level, or in the moment between two)
grep -Eq "^gabata tables build: stopped (in level [0-9]+ with [0-9.]+% of its positions solved, the work saved in sigint/sadeqa-[0-9]+\.progress|before level [0-9]+, the levels below it in sigint); the same command with --resume goes on from there\$" sigint.err ||
    { echo "FAIL: sigint: $(cat sigint.err)"; fails=$((fails + 1)); }
for f in sigint/*.progress; do # `tables info` names the saved work, and how far it got
    [ -e "$f" ] || continue
    kk=${f#sigint/sadeqa-}
    kk=${kk%.progress}
    kk=${kk#0}
    "$gabata" tables info sigint | grep -Eqx "$f: the saved work of a stopped build of sadeqa level $kk \(options defaults\): [0-9]+\.[0-9]% of its [0-9]+ positions solved(, [0-9]+ unknown so far)?, [0-9]+ (s|min) of building \([0-9]+ (s|min) of CPU\); tables build --resume with --budget 100000 goes on from it" ||
        { echo "FAIL: sigint: tables info does not name $f: $("$gabata" tables info sigint 2>&1 | tail -n 1)"; fails=$((fails + 1)); }
    # the same file damaged (a byte of its values changed): named, status 1
    mkdir -p sigbad
    cp "$f" sigbad/
    printf 'x' | dd of="sigbad/${f#sigint/}" bs=1 seek=600 conv=notrunc 2>/dev/null
    "$gabata" tables info sigbad >/dev/null 2>sigbad.err && st=0 || st=$?
    [ "$st" = 1 ] && [ "$(cat sigbad.err)" = "gabata tables info: sigbad holds no finished level; sigbad/${f#sigint/} is damaged (its checksum does not match): remove it to build the level from its start" ] ||
        { echo "FAIL: sigbad: exit $st: $(cat sigbad.err)"; fails=$((fails + 1)); }
done
"$gabata" tables build sadeqa --stones 6 --resume --quiet --out sigint >/dev/null 2>&1 || { echo "FAIL: sigint: no resume"; fails=$((fails + 1)); }
for k in 1 2 3 4 5 6; do
    cmp -s "sigint/sadeqa-0$k.gbt" "$sadeqa/sadeqa-0$k.gbt" || { echo "FAIL: sigint: level $k differs"; fails=$((fails + 1)); }
done
# a hang-up (the terminal closed) saves and stops as Ctrl-C does
stop_build HUP sighup 7
grep -Eq "^gabata tables build: stopped .*; the same command with --resume goes on from there\$" sighup.err ||
    { echo "FAIL: sighup: $(cat sighup.err)"; fails=$((fails + 1)); }
# SIGUSR1 (what Slurm sends ahead of a job's time limit) saves and stops as Ctrl-C does
stop_build USR1 sigusr1 7
grep -Eq "^gabata tables build: stopped .*; the same command with --resume goes on from there\$" sigusr1.err ||
    { echo "FAIL: sigusr1: $(cat sigusr1.err)"; fails=$((fails + 1)); }
# the progress lines' reader gone (a `| tee log` killed) does not end the build: its lines are
# lost (EPIPE), the levels are built, the status is 0 (not 141, SIGPIPE's)
( "$gabata" tables build sadeqa --stones 5 --out pipe 2>&1 && echo 0 >pipe.st || echo "$?" >pipe.st ) | true
[ "$(cat pipe.st)" = 0 ] || { echo "FAIL: pipe: exit $(cat pipe.st), not 0"; fails=$((fails + 1)); }
for k in 1 2 3 4 5; do
    cmp -s "pipe/sadeqa-0$k.gbt" "$sadeqa/sadeqa-0$k.gbt" || { echo "FAIL: pipe: level $k differs"; fails=$((fails + 1)); }
done
cd /
rm -rf "$work"
[ "$fails" -eq 0 ] || exit 1
echo "tables_files: ok"
