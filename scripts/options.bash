# What the shell scripts of scripts/ share, sourced as their first step (before any cd):
#   source "$(dirname "$0")/options.bash" "$@"
# The name ends in .bash: it is not a script to run. Among the arguments given, -h or --help prints
# the script's usage (its header comment, the comment lines after the #! line) to standard output
# and exits 0; any other argument that starts with '-' is a one-line error on standard error, exit 2.
# It also gives need_program.
for option in "$@"; do
  case "$option" in
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    -?*) echo "$(basename "$0"): error: unknown option '$option' (--help for the usage)" >&2; exit 2 ;;
  esac
done
unset option

# need_program PROGRAM: stops with a one-line error (exit 2) unless PROGRAM (a path or a command
# name) can be run. A failure inside `for x in $(...)` does not stop a `set -e` script; this does.
need_program() {
  command -v "$1" >/dev/null 2>&1 ||
    { echo "$(basename "$0"): error: no program '$1' (build it, or name it as the first argument; --help)" >&2; exit 2; }
}
