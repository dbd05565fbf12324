#!/bin/bash
# bench/repl_paste.sh [BINARY] [LINES]: time a bracketed paste of LINES assignments (20,000 by
# default) into `cute repl` under tmux, from the paste to the last answer on the screen.
# An older binary that needs an Enter after a paste: EXTRA_ENTER=1.
set -e
BIN=${1:-target/release/cute}
LINES=${2:-20000}
DIR=$(mktemp -d)
SOCK=cute-paste-bench-$$
trap 'tmux -L $SOCK kill-server 2>/dev/null; rm -rf "$DIR"' EXIT
for ((i = 0; i < LINES; i++)); do printf 'x%05d = %d\n' $i $((i % 7 + 1)); done > "$DIR/paste.txt"
echo 'size((1000,67))' >> "$DIR/paste.txt"
mkdir -p "$DIR/data"
tmux -L $SOCK new-session -d -s b -x 120 -y 60 "env XDG_DATA_HOME=$DIR/data NO_COLOR=1 $BIN repl"
for _ in $(seq 100); do tmux -L $SOCK capture-pane -p -t b | grep -q 'cute>' && break; sleep 0.1; done
tmux -L $SOCK load-buffer "$DIR/paste.txt"
t0=$(date +%s.%N)
tmux -L $SOCK paste-buffer -p -t b
[ "${EXTRA_ENTER:-0}" = 1 ] && tmux -L $SOCK send-keys -t b Enter
until tmux -L $SOCK capture-pane -p -t b | grep -q '^67000'; do sleep 0.05; done
t1=$(date +%s.%N)
echo "$LINES lines: $(echo "$t1 - $t0" | bc) s"
