#!/usr/bin/env bash
# Number options read alike in every command (cli/options.hpp number_value, model/core/numbers.hpp):
# a bad value is one line, exit 2, "arbiter: error: --OPTION: expected RANGE, got 'VALUE'". Each
# command once parsed its own (Boost's reading took "1e3" and "inf" for seconds but " 5" for no
# number, "-1" as 2^64-1 for an unsigned one) and said its range in words of its own, or not at all
# ("the argument ('abc') for option '--threads' is invalid"). Usage: number_options.sh ARBITER
source "$(dirname "$0")/harness.bash" "$@"

# expect_refused OPTION RANGE VALUE ARGS... : `arbiter ARGS OPTION VALUE` exits 2 with exactly the
# line "arbiter: error: OPTION: expected RANGE, got 'VALUE'".
expect_refused() {
  local option="$1" range="$2" value="$3"
  shift 3
  expect_error "$* $option '$value'" "$@" "$option" "$value"
  local said expected="$option: expected $range, got '$value'"
  # Digits past 64 bits, where the range has no upper end of its own, are told the largest.
  [[ "$range" == *"or more" && "$value" =~ ^[0-9]{20,}$ ]] && expected+=" (the largest is 18446744073709551615)"
  said=$(cat "$tmp/err")
  [ "$said" = "arbiter: error: $expected" ] || fail "arbiter $* $option '$value' said: $said (expected: $expected)"
}

# Every kind of bad value, on one option of each grammar.
for value in abc ' 5' '5 ' 5s 0x10 1e3 1.5 -1 +5 0 257 99999999999999999999999 ''; do
  expect_refused --threads "a whole number from 1 to 256" "$value" solve quentin --size 3
done
for value in abc ' 5' 5s 0x10 -1 +5 0 inf nan -inf 1e400 1e7 1.2.3 . ''; do
  expect_refused --time-limit "a number of seconds above 0 and at most 1000000" "$value" solve quentin --size 3
done

# Every command's number options, each with one bad value of the kinds above in turn.
whole_values=(abc ' 5' 5s 0x10 1e3 -1 99999999999999999999999)
decimal_values=(abc ' 5' 5s 0x10 -1 inf nan 1e400)
n=0
# whole OPTION RANGE-WORDS ARGS... / decimal OPTION RANGE-WORDS ARGS...
whole() {
  local option="$1" range="$2"
  shift 2
  expect_refused "$option" "$range" "${whole_values[n % ${#whole_values[@]}]}" "$@"
  n=$((n + 1))
}
decimal() {
  local option="$1" range="$2"
  shift 2
  expect_refused "$option" "a number of $range" "${decimal_values[n % ${#decimal_values[@]}]}" "$@"
  n=$((n + 1))
}
generate=(puzzles generate quentin --kind within-1 --db "$tmp/p.db")
whole --within "a whole number from 1 to 20" solve quentin
whole --tt-mb "a whole number from 1 to 65536" solve quentin
whole --threat-depth "a whole number from 0 to 3" solve quentin
whole --simulation-steps "a whole number from 0 to 1000000" solve quentin
whole --max-units "a whole number of 1 or more" solve quentin
whole --games "a whole number from 1 to 10000000" metrics quentin
whole --mcts-games "a whole number from 1 to 100000" metrics quentin
whole --playouts "a whole number from 1 to 10000000" metrics quentin
whole --threads "a whole number from 1 to 256" metrics quentin
whole --seed "a whole number of 0 or more" metrics quentin
decimal --solve-seconds "seconds from 0 to 3600" metrics quentin
whole --count "a whole number from 1 to 9223372036854775807" "${generate[@]}"
whole --threads "a whole number from 1 to 256" "${generate[@]}" --count 1
whole --node-budget "a whole number of 1 or more" "${generate[@]}" --count 1
whole --max-positions "a whole number of 1 or more" "${generate[@]}" --count 1
whole --seed "a whole number of 0 or more" "${generate[@]}" --count 1
decimal --time-limit "seconds above 0 and at most 1000000" "${generate[@]}" --count 1
whole --cases "a whole number from 1 to 10000000" check quentin
whole --seed "a whole number of 0 or more" check quentin
whole --games "a whole number from 1 to 100000" audit quentin
whole --property-cases "a whole number from 1 to 100000" audit quentin
whole --metrics-games "a whole number from 1 to 1000000" audit quentin
whole --seed "a whole number of 0 or more" audit quentin
decimal --proof-timeout "seconds above 0 and at most 3600" audit quentin
decimal --ruling-seconds "seconds above 0 and at most 3600" audit quentin
whole --depth "a whole number from 0 to 12" perft quentin
decimal --seconds "seconds above 0 and at most 3600" bench quentin
whole --seed "a whole number of 0 or more" bench quentin
decimal --timeout "seconds above 0 and at most 1000000" prove quentin all
whole --pairs "a whole number from 1 to 100000000" prove quentin --differential
whole --max-positions "a whole number from 1 to 9223372036854775807" rulings diff quentin pie
whole --max-size "a whole number from 1 to 2147483647" rulings diff quentin pie
decimal --seconds "seconds above 0 and at most 1000000" rulings diff quentin pie
whole --threads "a whole number from 1 to 256" verify-proof "$tmp/none.cert"
whole --count "a whole number from 1 to 2147483647" book --db "$tmp/none.db" --out "$tmp/book"
decimal --older-than "days from 0 to 1000000" state prune
# The same words for a number that is a positional argument, named as the usage line names it.
expect_error "puzzles show 0x1" puzzles show 0x1 --db "$tmp/none.db"
grep -qx "arbiter: error: ID: expected a whole number from 1 to 9223372036854775807, got '0x1'" "$tmp/err" ||
  fail "puzzles show 0x1" "$tmp/err"
# --size: which sizes a game has is the game's to say; a size that is no number at all is read as
# every number is, with a word on leaving it out (0 once stood for the game's own size).
expect_error "moves --size 5s" moves quentin --size 5s
grep -qx "arbiter: error: --size: expected a whole number from 1 to 999, got '5s' (leave --size out for the game's own size; see \`arbiter rules GAME\`)" \
  "$tmp/err" || fail "moves --size 5s" "$tmp/err"
# --sizes, two whole numbers in one word.
expect_error "prove --sizes 3-0x10" prove quentin all --sizes 3-0x10
grep -qx "arbiter: error: --sizes: expected N or A-B, each a whole number from 0 to 999, got '3-0x10'" "$tmp/err" ||
  fail "prove --sizes 3-0x10" "$tmp/err"
# --difficulty, a range as --sizes is: each level read as every whole number is, so a space is
# refused as in any number option (' 2-3' was taken: a stream skipped the space).
"$arbiter" puzzles generate brique --size 5 --kind within-1 --count 1 --seed 3 --db "$tmp/d.db" >/dev/null 2>&1 ||
  fail "puzzles generate for --difficulty"
for range in " 2-3" "2-3 " "2 -3" "2- 3" "+2-3" "2-3s"; do
  expect_error "puzzles list --difficulty '$range'" puzzles list --db "$tmp/d.db" --difficulty "$range"
  grep -qxF "arbiter: error: --difficulty: expected N or A-B, each a whole number from 1 to 5 with A at most B, got '$range'" "$tmp/err" ||
    fail "puzzles list --difficulty '$range'" "$tmp/err"
done
"$arbiter" puzzles list --db "$tmp/d.db" --difficulty 01-5 >"$tmp/out" 2>"$tmp/err" && grep -qx "1 puzzle" "$tmp/out" && pass ||
  fail "puzzles list --difficulty 01-5" "$tmp/out" "$tmp/err"

# What the grammar takes: an exponent in seconds, leading zeros in whole numbers.
"$arbiter" solve quentin --size 3 --time-limit 1e3 --threads 01 --value-only >"$tmp/out" 2>"$tmp/err" && pass ||
  fail "solve --time-limit 1e3 --threads 01: exit $?" "$tmp/err"

# metrics repeats its solve limit as given: 0.05 s was printed "0.1 s" (one fixed decimal). The
# default board is far from solved in 0.05 s, so the limit is named.
"$arbiter" metrics quentin --player random --games 1 --solve-seconds 0.05 >"$tmp/out" 2>"$tmp/err" || fail "metrics --solve-seconds 0.05" "$tmp/err"
grep -q "unknown within the 0.05 s limit" "$tmp/out" && pass || fail "metrics --solve-seconds 0.05 names 0.05 s" "$tmp/out"

finish
