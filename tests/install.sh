#!/usr/bin/env bash
# libgabata as a dependency (docs/library.md): install the build into a fresh prefix, build the
# examples against it through pkg-config and through find_package (shared, and once static),
# run them and check what they print against values worked out by hand or taken from
# docs/sadeqa.md; check that libgabata.so exports the gb_* functions of gabata.h and nothing
# else, and that it carries its SONAME; that libgabata.a defines them and nothing else either, so
# that a program of the user's own gb_* names links with it.
#   tests/install.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
bad() { echo "FAIL: $*"; fail=1; }

# ---- install
if ! cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1
fi
for f in lib/libgabata.so lib/libgabata.so.0 lib/libgabata.so.0.1.0 lib/libgabata.a include/gabata.h \
         lib/pkgconfig/gabata.pc lib/cmake/gabata/gabataConfig.cmake \
         lib/cmake/gabata/gabataConfigVersion.cmake bin/gabata share/man/man1/gabata.1.gz \
         share/man/man3/libgabata.3.gz share/bash-completion/completions/gabata; do
  [ -e "$prefix/$f" ] || bad "not installed: $f"
done
for page in share/man/man1/gabata.1.gz share/man/man3/libgabata.3.gz; do
  [ ! -e "$prefix/$page" ] || gzip -t "$prefix/$page" 2>/dev/null || bad "$page is not a whole gzip file"
done
# the completion loads and registers itself
bash -c "source '$prefix/share/bash-completion/completions/gabata' && complete -p gabata" >/dev/null 2>&1 ||
  bad "the bash completion does not register 'gabata'"

# ---- the shared library: its SONAME, and its exports exactly the GB_API declarations of gabata.h
so="$prefix/lib/libgabata.so.0.1.0"
readelf -d "$so" | grep -q 'Library soname: \[libgabata.so.0\]' || bad "SONAME is not libgabata.so.0"
readelf -d "$so" | grep NEEDED | grep -q jansson && bad "libgabata.so needs jansson (its state JSON has its own writer)"
nm -D --defined-only "$so" | awk '{print $NF}' | sort -u >"$tmp/exported"
# every function gabata.h declares (comments left out), GB_API or not
perl -0777 -pe 's{/\*.*?\*/}{}gs' "$prefix/include/gabata.h" | grep -oE '\bgb_[a-z0-9_]+\(' | tr -d '(' |
  sort -u >"$tmp/declared"
[ "$(wc -l <"$tmp/declared")" -gt 50 ] || bad "gabata.h: too few functions found ($(wc -l <"$tmp/declared"))"
grep -v '^gb_' "$tmp/exported" | sed 's/^/FAIL: exported, not gb_: /' | grep . && fail=1
comm -23 "$tmp/exported" "$tmp/declared" | sed 's/^/FAIL: exported, not declared: /' | grep . && fail=1
comm -13 "$tmp/exported" "$tmp/declared" | sed 's/^/FAIL: declared, not exported: /' | grep . && fail=1

# ---- the header itself: every GB_ name it mentions (comments included) is one it defines, and
# it defines each macro once (GB_API aside: its #if branches; a comment once named GB_EV_REFUSE for GB_EV_DECLINE, and
# GB_MOVE_TEXT_MAX stood there twice)
h="$prefix/include/gabata.h"
perl -0777 -ne 'my %def; $def{$1} = 1 while /#define\s+(GB_\w+)/g;
  $def{$1} = 1 while /^\s*(GB_[A-Z0-9_]+)\s*(?:=[^,\n]*)?,?\s*(?:\/\*.*)?$/mg;
  $def{$1} = 1 while /[{,]\s*(GB_[A-Z0-9_]+)\s*(?:=\s*-?\d+)?\s*(?=[,}])/g;
  my %seen; while (/\b(GB_[A-Z0-9_]+)(\*?)/g) { next if $2 || substr($1, -1) eq "_";
  print "FAIL: gabata.h names $1, which it does not define\n" unless $def{$1} || $seen{$1}++ }' "$h" |
  grep . && fail=1
grep -oE '^#define GB_[A-Z0-9_]+' "$h" | grep -v ' GB_API$' | sort | uniq -d | sed 's/^/FAIL: twice in gabata.h: /' | grep . && fail=1

# ---- the static library: it defines the same gb_* functions and nothing else global (its
# internal names are local: CMakeLists.txt, gabata_static), so a program may have its own
# gb_fail, gb_pos_hash, gb_rules_find ... (names the library uses inside) and still link it
a="$prefix/lib/libgabata.a"
nm -g --defined-only "$a" | awk 'NF == 3 {print $3}' | sort -u >"$tmp/static_defined"
comm -23 "$tmp/static_defined" "$tmp/declared" | sed 's/^/FAIL: libgabata.a defines, not declared: /' | grep . && fail=1
comm -13 "$tmp/static_defined" "$tmp/declared" | sed 's/^/FAIL: declared, not in libgabata.a: /' | grep . && fail=1
cat >"$tmp/own.c" <<'EOF'
#include <gabata.h>
#include <stdio.h>
/* the user's own functions, of names that libgabata uses internally */
int gb_fail(int x) { return x + 1; }
unsigned gb_pos_hash(void) { return 7; }
const char *gb_rules_find(void) { return "mine"; }
int gb_settle = 3;
int main(void)
{
    gb_game *g;
    gb_error err;
    if (gb_game_new(&g, "sadeqa", "", 1, &err) != GB_OK)
        return 1;
    gb_move m[GB_MAX_MOVES];
    printf("%d %d %u %s %d\n", gb_legal_moves(g, m, GB_MAX_MOVES), gb_fail(41), gb_pos_hash(), gb_rules_find(),
           gb_settle);
    gb_game_free(g);
    return 0;
}
EOF
if cc -std=c11 -o "$tmp/own" "$tmp/own.c" -I"$prefix/include" "$a" -lm >"$tmp/own.log" 2>&1; then
  out=$("$tmp/own")
  [ "$out" = "8 42 7 mine 3" ] || bad "a program with its own gb_fail, linked statically, prints '$out'"
else
  cat "$tmp/own.log"; bad "a program with its own gb_fail does not link with libgabata.a"
fi

# ---- the examples, three builds
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion gabata)" = 0.1.0 ] || bad "pkg-config --modversion gabata"
pkg-config --libs gabata | grep -q -- '-ljansson' && bad "pkg-config --libs gabata drags in jansson"
pkg-config --static --libs gabata | grep -q -- '-ljansson' && bad "pkg-config --static drags in jansson (the library has its own JSON writer)"
pkg-config --static --libs gabata | grep -q -- '-lm' || bad "pkg-config --static lacks libm"
cp -r "$src/examples" "$tmp/ex-pc"
make -s -C "$tmp/ex-pc" CFLAGS="-O1 -Wall -Wextra -Werror" >"$tmp/make.log" 2>&1 ||
  { cat "$tmp/make.log"; bad "examples through pkg-config (make)"; }
unset PKG_CONFIG_PATH
for kind in shared static; do
  static=OFF; [ $kind = static ] && static=ON
  if ! { cmake -S "$src/examples" -B "$tmp/ex-$kind" -DCMAKE_PREFIX_PATH="$prefix" \
           -DGABATA_EXAMPLES_STATIC=$static -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" &&
         cmake --build "$tmp/ex-$kind"; } >"$tmp/cmake-$kind.log" 2>&1; then
    cat "$tmp/cmake-$kind.log"; bad "examples through find_package ($kind)"
  fi
done
ldd "$tmp/ex-shared/legal" 2>/dev/null | grep -q "libgabata.so.0 => $prefix/lib/" ||
  LD_LIBRARY_PATH="$prefix/lib" ldd "$tmp/ex-shared/legal" | grep -q "libgabata.so.0 => $prefix/lib/" ||
  bad "the find_package build does not load $prefix/lib/libgabata.so.0"
ldd "$tmp/ex-static/legal" | grep -q libgabata && bad "the static build loads libgabata.so"

export LD_LIBRARY_PATH="$prefix/lib"
start="sadeqa board=6,6,6,6,6,6,6,6/6,6,6,6,6,6,6,6 turn=S"
# hand-made (docs/notation.md): South A=1 C=1, North a=1 g=9. A sows into empty B, opposite g:
# captures 9 (S4); C would capture nothing. Then North a -> b (opposite G empty), South B -> C
# (occupied: relay, S3) -> D E, ends in empty E (opposite d empty), North b -> c.
small="sadeqa board=1,0,1,0,0,0,0,0/1,0,0,0,0,0,9,0 turn=S"
printf '[Variant "sadeqa"]\n[Position "%s"]\n[Result "*"]\n\n1. A a {relay} 2. B b *\n' "$small" \
  >"$tmp/game.rec"
for dir in ex-pc ex-shared ex-static; do
  x="$tmp/$dir"
  [ -x "$x/play" ] || { bad "$dir: not built"; continue; }
  # legal moves of the start: South's eight holes (S2); perft from docs/sadeqa.md
  out=$("$x/legal" "$start" 4)
  [ "$out" = "$(printf 'A\nB\nC\nD\nE\nF\nG\nH\nperft 4 2562')" ] || bad "$dir legal start: $out"
  out=$("$x/legal" "sadeqa:seeds=4 board=4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 turn=S" 3 | tail -1)
  [ "$out" = "perft 3 370" ] || bad "$dir perft seeds=4: $out"
  # North's only stones are c's two: c is the one move
  out=$("$x/legal" "sadeqa board=6,6,6,6,6,6,6,6/0,0,2,0,0,0,0,0 turn=N")
  [ "$out" = c ] || bad "$dir legal north: $out"
  "$x/legal" "nosuchgame board=1" >/dev/null 2>"$tmp/err" && bad "$dir legal accepted a bad game"
  grep -q "nosuchgame" "$tmp/err" || bad "$dir legal's error does not name the game"
  # a depth that is not a whole number in range is refused, not read as 0 (atoi: perft 0 is 1,
  # a search of depth 0 the default 6) nor run for hours (perft 40)
  for d in x 3x -1 40; do
    "$x/legal" "$start" "$d" >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] && grep -q "DEPTH" "$tmp/err" || bad "$dir legal with depth '$d': status $rc, $(cat "$tmp/err")"
  done
  for d in x 0 65; do
    "$x/search" "$start" "$d" >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] && grep -q "DEPTH" "$tmp/err" || bad "$dir search with depth '$d': status $rc, $(cat "$tmp/err")"
  done
  "$x/play" sadeqa 7x >/dev/null 2>"$tmp/err" && bad "$dir play accepted the seed '7x'"
  # search: A (capture 9) whatever the depth
  for d in 1 4; do
    out=$("$x/search" "$small" $d | head -1)
    [ "$out" = "best A" ] || bad "$dir search depth $d: $out"
  done
  # a random game to its end: every one of the 96 stones is someone's (S5, T2), the winner has more
  out=$("$x/play" sadeqa 7)
  sc=$(grep '^score ' <<<"$out" | cut -d' ' -f2) w=$(grep '^winner ' <<<"$out" | cut -d' ' -f2)
  s=${sc%-*} n=${sc#*-}
  if [ -z "$sc" ] || [ $((s + n)) != 96 ]; then bad "$dir play: score $sc"
  else
    exp=draw; [ "$s" -gt "$n" ] && exp=south; [ "$n" -gt "$s" ] && exp=north
    [ "$w" = $exp ] || bad "$dir play: winner $w, score $sc"
  fi
  moves=$(head -1 <<<"$out" | wc -w)
  grep -q "^moves $moves\$" <<<"$out" || bad "$dir play: moves line against $moves moves"
  [ "$("$x/play" sadeqa 7)" = "$out" ] || bad "$dir play: not the same game for the same seed"
  # the record written by hand above
  out=$("$x/record" "$tmp/game.rec")
  [ "$(head -4 <<<"$out")" = "$(printf '1. South A\n2. North a\n3. South B\n4. North b')" ] ||
    bad "$dir record moves: $out"
  pos=$(grep '^position ' <<<"$out")
  for field in "board=0,0,0,1,1,0,0,0/0,0,1,0,0,0,0,0" "stores=9,0" "turn=S" "ply=4" "last=N"; do
    grep -q -- " $field\( \|\$\)" <<<"$pos" || bad "$dir record: $field not in '$pos'"
  done
  grep -q '^result \*$' <<<"$out" || bad "$dir record result: $out"
  printf '[Variant "sadeqa"]\n\n1. A A *\n' >"$tmp/bad.rec"
  "$x/record" "$tmp/bad.rec" >/dev/null 2>"$tmp/err" && bad "$dir record accepted South moving twice"
  grep -q "line 3" "$tmp/err" || bad "$dir record's error does not name the line: $(cat "$tmp/err")"
done

# the Python package from the prefix, finding the prefix's library by itself: Sadeqa III's
# start offers South's 8 holes (action ids 0..7 are holes A..H, docs/library.md), and C sows
# 6 stones into D..H and a, relaying on (S3) as tests/cli_play.sh works through
pkg=$(find "$prefix" -path '*/gabata/__init__.py' -print -quit)
if [ -z "$pkg" ]; then
  bad "the Python package is not installed in the prefix"
elif command -v python3 >/dev/null; then
  out=$(cd "$tmp" && env -u GABATA_LIBRARY PYTHONPATH="$(dirname "$(dirname "$pkg")")" python3 -c '
import gabata
s = gabata.load_game("sadeqa").new_initial_state()
print(sorted(s.legal_actions()), s.action_to_string(2))
s.apply_action(2)
print(s.current_player(), gabata.__file__)' 2>&1)
  grep -q "^\[0, 1, 2, 3, 4, 5, 6, 7\] C$" <<<"$out" || bad "python from the prefix: $out"
  grep -q "^1 $prefix/" <<<"$out" || bad "python did not import the prefix's package: $out"
fi

# pip, offline, as python/README.md tells a user: Debian's python3 refuses pip outside a virtual
# environment (PEP 668), so a venv that sees the system's setuptools; --no-index proves that
# nothing is fetched. The wheel holds no library: GABATA_LIBRARY names the prefix's.
sys_python=/usr/bin/python3
if [ -x "$sys_python" ] && "$sys_python" -c 'import venv, ensurepip, setuptools' 2>/dev/null; then
  cp -r "$src/python" "$tmp/pysrc" && rm -rf "$tmp/pysrc/build" "$tmp/pysrc"/*.egg-info
  if ! "$sys_python" -m venv --system-site-packages "$tmp/venv" >"$tmp/venv.log" 2>&1; then
    bad "python3 -m venv: $(tail -1 "$tmp/venv.log")"
  elif ! (cd "$tmp" && "$tmp/venv/bin/pip" install --no-build-isolation --no-index --no-cache-dir \
          "$tmp/pysrc" >"$tmp/pip.log" 2>&1); then
    cat "$tmp/pip.log"; bad "pip install --no-build-isolation ./python"
  else
    out=$(cd "$tmp" && env -u PYTHONPATH GABATA_LIBRARY="$prefix/lib/libgabata.so.0" "$tmp/venv/bin/python" -c '
import gabata
s = gabata.load_game("sadeqa").new_initial_state()
s.apply_action(2)
print(s.current_player(), gabata.__file__)' 2>&1)
    grep -q "^1 $tmp/venv/" <<<"$out" || bad "python after pip install: $out"
  fi
else
  echo "skipped: pip install (needs Debian's python3 with venv and setuptools: scripts/install-deps --test)"
fi

# pip into a venv of its own, as anyone makes one from any python3 (issue 24 §4): --without-pip,
# then ensurepip; no system packages, so no setuptools of Debian's and no `wheel` module, which
# a setuptools backend of before 70.1 needs. The package's own backend needs neither: installed
# offline (--no-index, pip's configuration and find-links set aside) with build isolation off,
# as python/README.md tells, and on (an isolated build installs nothing, for requires = []).
py=$(command -v /usr/bin/python3 python3 | head -1)
if [ -n "$py" ] && "$py" -c 'import venv, ensurepip' 2>/dev/null; then
  cp -r "$src/python" "$tmp/pysrc2" && rm -rf "$tmp/pysrc2/build" "$tmp/pysrc2"/*.egg-info
  v="$tmp/venv-nowheel"
  if ! { "$py" -m venv --without-pip "$v" && "$v/bin/python" -m ensurepip --default-pip; } >"$tmp/venv2.log" 2>&1; then
    bad "venv --without-pip + ensurepip: $(tail -1 "$tmp/venv2.log")"
  else
    "$v/bin/python" -c 'import wheel' 2>/dev/null && bad "the venv has the wheel module: not the case tested"
    for isolation in --no-build-isolation ""; do
      if ! (cd "$tmp" && env -u PIP_FIND_LINKS PIP_CONFIG_FILE=/dev/null "$v/bin/python" -m pip install \
            $isolation --no-index --no-cache-dir "$tmp/pysrc2" >"$tmp/pip2.log" 2>&1); then
        cat "$tmp/pip2.log"; bad "pip install ${isolation:-(isolated)} --no-index into a venv without wheel"
        continue
      fi
      out=$(cd "$tmp" && env -u PYTHONPATH GABATA_LIBRARY="$prefix/lib/libgabata.so.0" "$v/bin/python" -c '
import gabata
s = gabata.load_game("sadeqa").new_initial_state()
print(sorted(s.legal_actions()), gabata.__file__)' 2>&1)
      grep -q "^\[0, 1, 2, 3, 4, 5, 6, 7\] $v/" <<<"$out" || bad "python after pip install ${isolation:-(isolated)}: $out"
      "$v/bin/python" -m pip uninstall -y gabata >/dev/null 2>&1 || bad "pip uninstall gabata"
    done
  fi
else
  echo "skipped: pip into a venv made with --without-pip (needs python3 with venv and ensurepip)"
fi

[ $fail = 0 ] && echo "install: ok"
exit $fail
