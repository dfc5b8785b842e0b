#!/bin/sh
# Drives tengen_play through a pipe: a malformed move, a move, an occupied point, undo, a move,
# quit. Fails unless each answer appears. Usage: play_test.sh PATH_TO_TENGEN_PLAY
set -eu
out=$(printf 'z99\nh8\nh8\nundo\ni9\nquit\n' | "$1" renju 15)
for expected in "is outside every supported board" "tengen plays" "is occupied"; do
    if ! printf '%s\n' "$out" | grep -q "$expected"; then
        printf 'missing: %s\n--- output ---\n%s\n' "$expected" "$out"
        exit 1
    fi
done
echo "play_test: ok"
