#!/usr/bin/env bash
# scripts/install-deps installs what each job needs and no more (issue 22 §4), read from its
# --dry-run (nothing is installed or removed here):
#   - the terminal game (no argument): the toolchain and every library CMakeLists.txt has the
#     program link (pkg_check_modules there: NAME -> Debian's libNAME-dev), and nothing of the
#     page's engine or the tests (no emscripten, clang, valgrind, cmocka, chromium);
#   - --serve: exactly that and emscripten;
#   - --test: all of --serve's, and what the tests use (tests/CMakeLists.txt's cmocka, clang,
#     valgrind, chromium, python3).
# Then, where emcc is installed: a build whose cache says emcc was not found (as one configured
# before scripts/play --serve installed it) finds it when configured again, as scripts/play does.
# Usage: install_deps.sh REPOSITORY_ROOT [BUILD_DIR_FOR_A_SCRATCH_CONFIGURE]
set -u
root="$1"
scratch="${2:-}"
deps="$root/scripts/install-deps"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

list() { "$deps" "$@" --dry-run | sort -u; }
play=$(list) serve=$(list --serve) test=$(list --test)
[ -n "$play" ] || fail "the terminal game lists nothing"
has() { grep -qxF -- "$2" <<<"$1"; }

# the libraries the program links, from CMakeLists.txt (not tests/: GABATA_TESTS=OFF)
modules() { grep -E '^[[:space:]]*pkg_check_modules\(' "$1" | sed 's/).*//' | awk '{print $NF}'; }
libs=$(modules "$root/CMakeLists.txt")
[ -n "$libs" ] || fail "no pkg_check_modules found in CMakeLists.txt"
for l in $libs; do
  deb="lib${l#lib}-dev"
  case $l in icu-*) deb=libicu-dev ;; esac # ICU's modules (icu-i18n, icu-uc) are one Debian package
  # libcurl's -dev is a virtual package, provided by a flavour of TLS: OpenSSL's is the one named
  case $l in libcurl) deb=libcurl4-openssl-dev ;; esac
  has "$play" "$deb" || fail "the terminal game lacks $deb (CMakeLists.txt links $l)"
done
for p in gcc make cmake pkg-config; do has "$play" "$p" || fail "the terminal game lacks $p"; done
for p in emscripten clang valgrind libcmocka-dev chromium; do
  has "$play" "$p" && fail "the terminal game installs $p"
done

extra=$(comm -13 <(echo "$play") <(echo "$serve"))
[ "$extra" = emscripten ] || fail "--serve adds '$(echo $extra)' to the terminal game's, not emscripten alone"
[ -z "$(comm -23 <(echo "$play") <(echo "$serve"))" ] || fail "--serve leaves out some of the terminal game's"

[ -z "$(comm -23 <(echo "$serve") <(echo "$test"))" ] || fail "--test leaves out some of --serve's"
for l in $(modules "$root/tests/CMakeLists.txt"); do
  has "$test" "lib${l#lib}-dev" || fail "--test lacks lib${l#lib}-dev (tests/CMakeLists.txt links $l)"
done
for p in clang valgrind chromium python3; do has "$test" "$p" || fail "--test lacks $p"; done

"$deps" --bogus --dry-run >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown argument is not refused with status 2"

if [ -n "$scratch" ] && command -v emcc >/dev/null; then
  # first configured with the folders of emcc hidden from find_program (the tools given by path),
  # as on a machine without it; then again as scripts/play configures, emcc there
  rm -rf "$scratch"
  bin() { command -v "$1"; }
  out=$(cmake -S "$root" -B "$scratch" -DGABATA_TESTS=OFF -DCMAKE_MAKE_PROGRAM="$(bin make)" \
    -DCMAKE_C_COMPILER="$(bin cc)" -DPKG_CONFIG_EXECUTABLE="$(bin pkg-config)" \
    -DCMAKE_IGNORE_PATH="$(dirname "$(bin emcc)");/usr/bin;/bin;/usr/local/bin" 2>&1)
  grep -q "The page's engine: the server's API" <<<"$out" ||
    fail "emcc could not be hidden from a first configure: $(grep -i "engine\|error" <<<"$out")"
  out=$(cmake -S "$root" -B "$scratch" -DCMAKE_IGNORE_PATH= -DCMAKE_BUILD_TYPE=Release -DGABATA_TESTS=OFF 2>&1)
  grep -q "The page's engine: WebAssembly" <<<"$out" ||
    fail "a build that had not found emcc does not find it when configured again: $(grep -i "engine\|error" <<<"$out")"
  rm -rf "$scratch"
else
  echo "skipped: the emcc re-find (no emcc here, or no scratch folder given)"
fi

[ "$fails" -eq 0 ] || { echo "$fails failures"; exit 1; }
echo "ok: the terminal game $(echo "$play" | wc -l) packages, --serve + emscripten, --test $(echo "$test" | wc -l)"
