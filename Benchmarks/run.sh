#!/usr/bin/env bash
# Benchmarks/run.sh [--smoke] [--only PHASE,...]: builds SetDuel in release mode, starts its servers
# and redis-server on loopback (and setduel-floor, the kernel's floor for the fan-out and the timer),
# measures them with setduel-load, and prints one table (then the rules core's figures).
# --smoke runs every step with small counts, in seconds; CI runs it so the benchmark cannot rot.
# --only runs just those phases of setduel-load (idle, ping, flood, fanout, skew, timer, games, hall,
# scale, watch), and none of the other benchmarks (the rules core's, the history's, the analysis's, the
# tournament's): `--only ping,flood`, say. A phase it does not know is refused before anything runs.
# Everything it starts is stopped when it ends, and stops by itself after a while in any case.
# SETDUEL_SERVER=/path/to/setduel measures another build of the server (an older commit, say) with
# this load generator.
set -euo pipefail
cd "$(dirname "$0")/.."

arguments="$*"
mode=full
load_flags=()
only=""
phases=(idle ping flood fanout skew timer games hall scale watch)
usage() { echo "usage: bash Benchmarks/run.sh [--smoke] [--only PHASE,...] (phases: ${phases[*]})" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) mode=smoke; load_flags+=(--smoke) ;;
    --only)
      [ $# -ge 2 ] && [ -n "$2" ] && [ -z "$only" ] || usage
      IFS=, read -r -a asked <<<"$2"
      for phase in "${asked[@]}"; do
        [[ " ${phases[*]} " == *" $phase "* ]] || { echo "--only: no phase $phase" >&2; usage; }
      done
      only=$2
      load_flags+=(--only "$2")
      shift
      ;;
    *) usage ;;
  esac
  shift
done
if [ -n "${SETDUEL_SERVER:-}" ] && ! { [ -f "$SETDUEL_SERVER" ] && [ -x "$SETDUEL_SERVER" ]; }; then
  echo "SETDUEL_SERVER=$SETDUEL_SERVER is not an executable file" >&2
  exit 2
fi
# The longest the servers may live, whatever happens to this script.
lifetime=$([ "$mode" = smoke ] && echo 300 || echo 1500)

if ! command -v redis-server >/dev/null 2>&1; then
  echo "== installing redis-server from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq redis-server >/dev/null
fi

echo "== building in release mode" >&2
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)
server=${SETDUEL_SERVER:-$bin/setduel}

# The servers run on one core and the load generator on another (and on the servers' core only to time
# PING round trips), so the figures do not depend on where the scheduler happens to put each thread.
allowed=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
client_cpu=${allowed%%[-,]*}
server_cpu=${allowed##*[-,]}
pin=()
cpu_flags=()
if [ -n "$allowed" ] && [ "$client_cpu" != "$server_cpu" ] && command -v taskset >/dev/null 2>&1; then
  pin=(taskset -c "$server_cpu")
  cpu_flags=(--server-cpu "$server_cpu" --client-cpu "$client_cpu")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/setduel-bench.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_setduel NAME OPTIONS...: starts `setduel serve` on a port the kernel picks (--port 0) and takes
# the port from the address it prints (127.0.0.1:PORT, whatever words are around it), once a
# connection there is answered with the protocol's banner (`SETDUEL <version> ...`); sets $port and $pid.
start_setduel() {
  local name=$1 banner
  shift
  : >"$work/$name.out"
  "${pin[@]}" "$server" serve --host 127.0.0.1 --port 0 --seed 1 --no-records --max-connections 12000 "$@" \
    >"$work/$name.out" 2>"$work/$name.log" &
  pid=$!
  pids+=("$pid")
  port=""
  for _ in $(seq 100); do
    port=$(grep -o -m 1 '127\.0\.0\.1:[0-9][0-9]*' "$work/$name.out" | head -1 | cut -d: -f2 || true)
    if [ -n "$port" ] && { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
      # A line first: a server that also serves its page answers it with the banner at once.
      printf 'PING run\r\n' >&3
      banner=""
      read -t 5 -r banner <&3 || true
      exec 3>&-
      [[ "$banner" == "SETDUEL "* ]] && return 0
      echo "setduel serve ($name) at 127.0.0.1:$port answered: $banner" >&2
      break
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "setduel serve ($name) did not start:" >&2
  cat "$work/$name.out" "$work/$name.log" >&2
  exit 1
}

# start_redis: starts redis-server on a free loopback port, no persistence; sets $port and $pid.
start_redis() {
  local try
  for try in $(seq 20); do
    port=$((20000 + (RANDOM % 20000)))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && continue  # something listens there
    "${pin[@]}" redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize no \
      --maxclients 12000 --dir "$work" --logfile "$work/redis.log" &
    pid=$!
    pids+=("$pid")
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      if { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
        printf 'PING\r\n' >&3
        local reply=""
        read -t 2 -r reply <&3 || true
        exec 3>&-
        [[ "$reply" == "+PONG"* ]] && return 0
      fi
      sleep 0.1
    done
    kill "$pid" 2>/dev/null || true
  done
  echo "redis-server did not start:" >&2
  cat "$work/redis.log" >&2 || true
  exit 1
}

# start_floor MODE: starts `setduel-floor MODE` (the kernel's floor for the fan-out or the timer, pinned as
# the servers are) on a free loopback port; sets $port.
start_floor() {
  : >"$work/floor-$1.out"
  "${pin[@]}" "$bin/setduel-floor" "$1" >"$work/floor-$1.out" 2>&1 &
  pids+=("$!")
  port=""
  for _ in $(seq 50); do
    port=$(sed -n 's/^listening \([0-9]*\)$/\1/p' "$work/floor-$1.out")
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "setduel-floor $1 did not start:" >&2
  cat "$work/floor-$1.out" >&2
  exit 1
}

# The rules core first, while nothing else of ours runs: setduel-bench.
core_flags=()
if [ -z "$only" ]; then
  echo "== the rules core: setduel-bench" >&2
  "$bin/setduel-bench" >"$work/core.txt"
  core_flags=(--core-output "$work/core.txt")
fi

# The line-rate limit (20 a second per connection by default) would refuse a benchmark's pings and the
# bots' moves: set it as high as it goes. The limiter still runs; it costs nanoseconds a line. (An
# older build, measured through SETDUEL_SERVER, may know only --no-rate-limit.)
unlimited=(--rate 100000 --burst 100000)
# The options the server knows, read whole: `serve --help | grep -q` under pipefail fails whenever grep
# stops reading before the help ends (the server is killed by SIGPIPE), and skipped phases by chance.
serve_help=$("$server" serve --help 2>/dev/null || true)
if [[ "$serve_help" != *"--rate N"* && "$serve_help" == *"--no-rate-limit"* ]]; then
  unlimited=(--no-rate-limit)
fi
# The bots of the hall's phases take 66 seats from this one address, past the 30 a minute allowed.
if [[ "$serve_help" == *"--seat-rate N"* ]]; then
  unlimited+=(--seat-rate 100000)
fi
start_setduel table "${unlimited[@]}"
table_port=$port
start_setduel timer "${unlimited[@]}" --claim-window 0.02
timer_port=$port
start_setduel idle
idle_port=$port
idle_pid=$pid
start_setduel idleweb
idle_web_port=$port
idle_web_pid=$pid
start_setduel fanweb "${unlimited[@]}"
fanout_web_port=$port
start_setduel games "${unlimited[@]}" --claim-window 0.25
games_port=$port
start_setduel skew "${unlimited[@]}"
skew_port=$port
start_redis
redis_port=$port
redis_pid=$pid
floor_flags=()
start_floor fanout
floor_flags+=(--floor-port "$port")
start_floor timer
floor_flags+=(--floor-timer-port "$port")
# The hall: its isolation (a quiet table 1 beside busy tables, a one-table server as the yardstick) and
# its scale (empty tables; a hall of busy tables against as many one-table servers in processes of their
# own). Only with a build that has the hall, and only when those phases run.
hall_flags=()
busy=$([ "$mode" = smoke ] && echo 4 || echo 32)
wants() { [ -z "$only" ] || [[ ",$only," == *",$1,"* ]]; }
if [[ "$serve_help" == *"--tables N"* ]]; then
  if wants hall; then
    start_setduel hall "${unlimited[@]}" --claim-window 0.25 --tables $((busy + 1)) --table-idle 3600
    hall_flags+=(--hall-port "$port" --hall-pid "$pid")
    start_setduel solo "${unlimited[@]}" --claim-window 0.25
    hall_flags+=(--solo-port "$port")
  fi
  if wants scale; then
    start_setduel tables "${unlimited[@]}" --max-tables 10000 --table-rate 10000 --table-idle 3600
    hall_flags+=(--tables-port "$port" --tables-pid "$pid")
    start_setduel scale "${unlimited[@]}" --claim-window 0.25 --no-announce --tables "$busy"
    hall_flags+=(--scale-port "$port" --scale-pid "$pid")
    server_ports=()
    server_pids=()
    for n in $(seq "$busy"); do
      start_setduel "server$n" "${unlimited[@]}" --claim-window 0.25 --no-announce
      server_ports+=("$port")
      server_pids+=("$pid")
    done
    hall_flags+=(--server-ports "$(IFS=,; echo "${server_ports[*]}")" --server-pids "$(IFS=,; echo "${server_pids[*]}")")
  fi
  if wants watch; then
    start_setduel watch "${unlimited[@]}" --tables 3 --no-announce
    hall_flags+=(--watch-port "$port")
  fi
  hall_flags+=(--busy-tables "$busy")
fi
# The watchdog: ends every server after $lifetime seconds even if this script is killed outright.
(
  for _ in $(seq "$lifetime"); do sleep 1; done
  kill "${pids[@]}" 2>/dev/null
) &
pids+=("$!")

echo "# SetDuel benchmark ($mode run), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "Machine: $(nproc) cores ($cpu), $(uname -sr); $(swift --version 2>/dev/null | head -1);"
echo "$(redis-server --version | cut -d' ' -f1-3). Command: \`bash Benchmarks/run.sh${arguments:+ $arguments}\`"
echo "Load average as the measurements began (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg)."
if [ -n "${SETDUEL_SERVER:-}" ]; then
  echo "The SetDuel server measured is $server (SETDUEL_SERVER)."
fi
if [ ${#pin[@]} -gt 0 ]; then
  echo "Servers pinned to CPU $server_cpu; the load generator on CPU $client_cpu (on CPU $server_cpu for PING)."
else
  echo "Nothing pinned (one CPU, or no taskset): figures depend on where the scheduler puts threads."
fi
echo
status=0
"$bin/setduel-load" "${load_flags[@]}" "${cpu_flags[@]}" "${core_flags[@]}" --setduel-port "$table_port" --timer-port "$timer_port" \
  --idle-port "$idle_port" --idle-pid "$idle_pid" --idle-web-port "$idle_web_port" --idle-web-pid "$idle_web_pid" \
  --fanout-web-port "$fanout_web_port" \
  --games-port "$games_port" --skew-port "$skew_port" "${hall_flags[@]}" \
  --redis-port "$redis_port" --redis-pid "$redis_pid" "${floor_flags[@]}" || status=$?

echo
if [ ${#core_flags[@]} -gt 0 ]; then
  echo "The rules core, as setduel-bench printed it:"
  echo
  sed 's/^/    /' "$work/core.txt"
fi
# run_bench TARGET TITLE: runs one of the benchmarks that take --smoke (not with --only), and adds what
# it prints under TITLE.
run_bench() {
  [ -z "$only" ] || return 0
  local flags=()
  [ "$mode" = smoke ] && flags=(--smoke)
  echo
  echo "$2, as $1 printed it:"
  echo
  "$bin/$1" "${flags[@]}" | sed 's/^/    /' || status=$?
}
# The players' history: folding generated records, and a server's start-up on them (no servers of
# the idle servers still up).
run_bench setduel-history-bench "The players' history"
# A game's analysis: 10,000 generated records analysed on one thread.
run_bench setduel-analysis-bench "A game's analysis"
# Tournament pairing: a Swiss round of 64 players, an arena pairing of 200 waiting players.
run_bench setduel-tournament-bench "Tournament pairing"
exit "$status"
