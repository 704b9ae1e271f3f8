#!/usr/bin/env bash
# A longer fault run than CI's, not run by .ci/run: the fault, record and end-to-end suites (with the
# record failures, slow readers, telnet floods, window timing, refusals, a server held up by SIGSTOP,
# and hostile multicast DNS packets in network namespaces where they can be made), repeated, with far
# more fuzz lines and claim races, and a fresh fuzz seed each round (printed, so a failure can be run
# again with the same seed).
#
# usage: Scripts/soak.sh [ROUNDS]                      (default 5 rounds)
# environment:
#   SETDUEL_FUZZ_LINES   lines per fuzz test, two tests a round (default 1000000; CI runs 60000)
#   SETDUEL_RACES        claim races per table, four tables a round (default 2500; CI runs 250)
#   SETDUEL_FUZZ_SEED    one seed for every round instead of a fresh one each
#   SETDUEL_REPLAY_RECORDS  mutated records replayed a round (default 100000; CI runs 10000)
#   SETDUEL_STOP_CYCLES  start-seat-leave-SIGTERM cycles of serve a round (default 500; CI runs 30)
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-5}
export SETDUEL_FUZZ_LINES=${SETDUEL_FUZZ_LINES:-1000000}
export SETDUEL_RACES=${SETDUEL_RACES:-2500}
export SETDUEL_REPLAY_RECORDS=${SETDUEL_REPLAY_RECORDS:-100000}
export SETDUEL_STOP_CYCLES=${SETDUEL_STOP_CYCLES:-500}
fixed_seed=${SETDUEL_FUZZ_SEED:-}

swift build --build-tests
for round in $(seq 1 "$rounds"); do
  seed=${fixed_seed:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
  echo "== round $round of $rounds: SETDUEL_FUZZ_SEED=$seed, $SETDUEL_FUZZ_LINES fuzz lines a test, $SETDUEL_RACES races a table"
  if ! SETDUEL_FUZZ_SEED=$seed swift test --skip-build --filter 'FaultTests|RecordTests|ServeProcessTests|RecordFailureTests|SlowReaderTests|TelnetFloodTests|WindowTimingTests|TruthfulRefusalTests|DNSCodecTests|DiscoveryProcessTests'; then
    echo "soak failed in round $round; run again with SETDUEL_FUZZ_SEED=$seed" >&2
    exit 1
  fi
done
echo "== soak passed: $rounds rounds"
