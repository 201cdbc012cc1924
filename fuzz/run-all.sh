#!/bin/bash
# Runs every fuzz target at once until each has had CPU_SECONDS of CPU time
# (default 1800: 30 minutes), then prints each one's figures and minimises
# its corpus. Usage, from the repository's root or fuzz/:
#   fuzz/run-all.sh                 # 30 CPU-minutes per target
#   CPU_SECONDS=60 fuzz/run-all.sh  # a quick look
# Needs cargo-fuzz (`cargo install cargo-fuzz`); RUSTC_BOOTSTRAP=1 lets it
# build on a stable toolchain without a sanitizer (see docs/reliability.md).
set -eu
cd "$(dirname "$0")"
CPU_SECONDS=${CPU_SECONDS:-1800}
LOGS=${LOGS:-/tmp/ludus-fuzz}
TARGETS="rule_file set_value effect variant_file scenario_file save_file typed_move"
BIN=target/x86_64-unknown-linux-gnu/release
mkdir -p "$LOGS"
RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -O
declare -A PID
for t in $TARGETS; do
  mkdir -p "artifacts/$t"
  ls "corpus/$t" | wc -l > "$LOGS/$t.corpus-before"
  "$BIN/$t" "corpus/$t" -artifact_prefix="artifacts/$t/" -max_total_time=86400 \
      -rss_limit_mb=1024 -timeout=25 -print_final_stats=1 > "$LOGS/$t.log" 2>&1 &
  PID[$t]=$!
done
# Stop each target (SIGINT: libFuzzer prints its final figures) once its
# CPU time (user + system, from /proc) reaches the limit.
left=1
while [ "$left" -gt 0 ]; do
  sleep 15
  left=0
  for t in $TARGETS; do
    p=${PID[$t]}
    [ -d "/proc/$p" ] || continue
    cpu=$(awk '{print int(($14 + $15) / 100)}' "/proc/$p/stat")
    if [ "$cpu" -ge "$CPU_SECONDS" ]; then
      grep VmHWM "/proc/$p/status" > "$LOGS/$t.peak-rss"
      echo "$cpu" > "$LOGS/$t.cpu"
      kill -INT "$p"
    else
      left=$((left + 1))
    fi
  done
done
wait || true
for t in $TARGETS; do
  echo "$t: $(grep -h 'stat::number_of_executed_units' "$LOGS/$t.log" | tail -1)," \
       "cpu $(cat "$LOGS/$t.cpu" 2>/dev/null || echo '?') s, $(cat "$LOGS/$t.peak-rss" 2>/dev/null)," \
       "corpus $(cat "$LOGS/$t.corpus-before") -> $(ls "corpus/$t" | wc -l) before cmin," \
       "findings: $(ls "artifacts/$t" | wc -l)"
done
for t in $TARGETS; do
  RUSTC_BOOTSTRAP=1 cargo fuzz cmin "$t" -s none -O "corpus/$t" > "$LOGS/$t.cmin.log" 2>&1
  echo "$t: corpus after cmin: $(ls "corpus/$t" | wc -l)"
done
