#!/usr/bin/env bash
# gabata learn (issue 22 §2): a lesson in the terminal takes a wrong move with its explanation,
# an illegal one with the reason, then the right one (as the lesson's instruction asks: capture
# f's 5 stones with B; D ends in an empty hole with nothing across, A is empty), and moves on; a
# game's whole list; bad arguments refused with a one-line message.
# Usage: cli_learn.sh path/to/gabata
set -u
gabata="$1"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

out=$(printf 'D\nA\nB\n' | COLUMNS=80 "$gabata" learn sadeqa 2 2>&1) || fail "learn sadeqa 2 exits $?"
grep -q '^Lesson 2 of 2: Capturing' <<<"$out" || fail "no lesson heading: $out"
grep -q '✗ No capture' <<<"$out" || fail "D is not refused with its explanation"
grep -q 'cannot be played here: .*empty' <<<"$out" || fail "A (empty) is not refused with the reason"
grep -q '✓ Right: B' <<<"$out" || fail "B is not accepted"
grep -q '^1 of 1 lessons of Sadeqa III done here' <<<"$out" || fail "no tally"
# Bulto's refusal typed as a move; 'skip' and the end of input
out=$(printf 'moves\nJ~1\nskip\n' | "$gabata" learn bulto 3 2>&1) || fail "learn bulto 3 exits $?"
grep -q 'moves: A C D J J~1 J~2' <<<"$out" || fail "moves not listed: $out"
grep -q '✓ Right: J~1' <<<"$out" || fail "J~1 is not accepted"
grep -q '^Lesson 4 of 4' <<<"$out" || fail "no next lesson after the right move"
grep -q '^1 of 2 lessons of Bulto done here' <<<"$out" || fail "skip counted as done"
# a line is one answer, however long: the tail of a line longer than a buffer is not a move of
# its own (255 x's then B was taken as a wrong move, then B as the right one); a line holding a
# NUL byte is refused whole ('B<NUL>x' is not B)
long=$(printf 'x%.0s' $(seq 255))B
out=$(printf '%s\nquit\n' "$long" | "$gabata" learn sadeqa 2 2>&1)
[ "$(grep -c 'cannot be played here' <<<"$out")" = 1 ] || fail "a long line is not one answer: $(grep -c 'cannot be played here' <<<"$out") refusals"
grep -q '✓' <<<"$out" && fail "the tail of a long line was played"
out=$(printf 'B\000x\nquit\n' | "$gabata" learn sadeqa 2 2>&1)
grep -q 'line refused: it holds a NUL byte' <<<"$out" || fail "a line with a NUL byte is not refused: $out"
grep -q '✓' <<<"$out" && fail "B<NUL>x was played as B"
# every game's list
out=$("$gabata" learn) || fail "learn (the list) exits $?"
for t in 'Relay sowing' 'Ekwarna' 'The chain of 2s and 4s' 'Refusing a bulto'; do
  grep -q "$t" <<<"$out" || fail "the list lacks $t"
done
# bad input: one line, exit status 2
for args in "chess" "sadeqa 0" "sadeqa 3" "sadeqa x" "sadeqa 1 2"; do
  # shellcheck disable=SC2086
  err=$("$gabata" learn $args </dev/null 2>&1 >/dev/null); rc=$?
  [ "$rc" = 2 ] || fail "learn $args: exit $rc"
  [ "$(wc -l <<<"$err")" = 1 ] && [[ "$err" == gabata:* ]] || fail "learn $args: '$err'"
done
[ "$fails" = 0 ] && echo "cli_learn: ok"
exit $((fails > 0))
