#!/usr/bin/env bash
# `npm test`: every test. Typecheck, migration drift, lint and dependency rules, build, unit + API tests on PGlite and PostgreSQL,
# then end-to-end journeys in headless Chromium. Ends with one 'N passed, N failed' line.
set -Eeuo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)
step() { printf '\n=== %s [+%ss]\n' "$*" "$(( $(date +%s) - T0 ))"; }
export NO_COLOR=1 FORCE_COLOR=0
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/storefront-test.XXXXXX")
export XDG_CONFIG_HOME="$WORK/config" TMPDIR="$WORK/tmp"
mkdir -p "$XDG_CONFIG_HOME" "$TMPDIR" reports
PG_OWN=""
REDIS_OWN=""
cleanup() {
  [ -n "$PG_OWN" ] && su postgres -c "/usr/lib/postgresql/15/bin/pg_ctl -D '$PG_OWN' -m fast stop" >/dev/null 2>&1 || true
  [ -n "$REDIS_OWN" ] && kill "$(cat "$REDIS_OWN")" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

[ -d node_modules ] || { step "npm ci"; npm ci --no-audit --no-fund --loglevel=error; }

# PostgreSQL for the second driver: TEST_PG_URL, else 127.0.0.1:5432 (trust, db test), else a throwaway cluster.
step "postgres"
if [ -z "${TEST_PG_URL:-}" ]; then
  for user in root postgres; do
    if PGCONNECT_TIMEOUT=3 psql -w -h 127.0.0.1 -p 5432 -U "$user" -d test -Atc 'select 1' >/dev/null 2>&1; then
      export TEST_PG_URL="postgres://$user@127.0.0.1:5432/test"; break
    fi
  done
fi
if [ -z "${TEST_PG_URL:-}" ] && [ -x /usr/lib/postgresql/15/bin/initdb ]; then
  PG_OWN="$WORK/pg"; PORT_PG=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  mkdir -p "$PG_OWN" && chown postgres:postgres "$WORK" "$PG_OWN"
  su postgres -c "/usr/lib/postgresql/15/bin/initdb -D '$PG_OWN' --auth=trust -U postgres -E UTF8 --locale=C.UTF-8" >/dev/null
  su postgres -c "/usr/lib/postgresql/15/bin/pg_ctl -D '$PG_OWN' -o '-p $PORT_PG -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off' -l '$WORK/pg.log' -w start" >/dev/null
  psql -h 127.0.0.1 -p "$PORT_PG" -U postgres -qc 'create database test'
  export TEST_PG_URL="postgres://postgres@127.0.0.1:$PORT_PG/test"
fi
[ -n "${TEST_PG_URL:-}" ] || { echo "No PostgreSQL: set TEST_PG_URL or install postgresql-15"; exit 1; }
echo "TEST_PG_URL=$TEST_PG_URL"

# Redis for the scale-out tests (REDIS_URL): TEST_REDIS_URL, else 127.0.0.1:6379, else a throwaway server.
step "redis"
redis_up() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1 && printf 'PING\r\n' >&3 && head -c 5 <&3" 2>/dev/null | grep -q PONG; }
if [ -z "${TEST_REDIS_URL:-}" ] && redis_up 6379; then export TEST_REDIS_URL="redis://127.0.0.1:6379"; fi
if [ -z "${TEST_REDIS_URL:-}" ] && command -v redis-server >/dev/null 2>&1; then
  PORT_REDIS=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  REDIS_OWN="$WORK/redis.pid"
  redis-server --port "$PORT_REDIS" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes --pidfile "$REDIS_OWN" --dir "$WORK" >/dev/null
  for _ in $(seq 50); do redis_up "$PORT_REDIS" && break; sleep 0.1; done
  export TEST_REDIS_URL="redis://127.0.0.1:$PORT_REDIS"
fi
[ -n "${TEST_REDIS_URL:-}" ] || { echo "No Redis: set TEST_REDIS_URL or install redis-server"; exit 1; }
echo "TEST_REDIS_URL=$TEST_REDIS_URL"

# Three steps at once (each mostly one core on a 2-core machine; none writes what another reads): the typecheck and the
# migration drift, the house rules, and the PGlite template the unit tests and the end-to-end servers start from. Each
# one's output is shown after all end, in this order (docs/decisions/0054-test-run-time.md).
export PGLITE_TEMPLATE="$WORK/pglite-template.tar"
typecheck() {
  npx tsc --noEmit || return 1
  npx drizzle-kit generate >/dev/null || return 1
  if [ -n "$(git status --porcelain -- drizzle 2>/dev/null)" ]; then
    git status --short -- drizzle; echo "The schema changed without a migration: run npm run db:generate and commit drizzle/"; return 1
  fi
}
# Biome's lint and format rules (biome.jsonc), the import rules (.dependency-cruiser.cjs), the file-size rule and knip
# (no unused file, export or dependency): docs/decisions/0013-house-rules.md.
lint() {
  npm run lint --silent || return 1
  npm run format:check --silent || { echo "Not formatted as biome.jsonc says: run npm run format"; return 1; }
}
template() { npx tsx scripts/make-pglite-template.ts "$PGLITE_TEMPLATE"; }
step "typecheck + migration drift | lint + format + dependency rules | pglite template (at once)"
jobs_at_once=(typecheck lint template)
pids=()
for job in "${jobs_at_once[@]}"; do
  ( started=$(date +%s); if "$job"; then echo "($job: ok in $(( $(date +%s) - started ))s)"; else echo "($job: FAILED after $(( $(date +%s) - started ))s)"; exit 1; fi ) >"$WORK/$job.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!jobs_at_once[@]}"; do
  wait "${pids[$i]}" || failed=1
  printf -- '--- %s\n' "${jobs_at_once[$i]}"; cat "$WORK/${jobs_at_once[$i]}.log"
done
[ "$failed" = 0 ] || exit 1

step "build"
npm run build --silent

rc=0
step "unit + API tests (PGlite and PostgreSQL)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json || rc=1

step "end-to-end (Chromium)"
# Two journeys at a time: each starts its own server (a free port, its own in-memory database from the template) and
# its own browser. Those that time processes or run several servers on one PostgreSQL database and Redis (or PgBouncer) run alone
# after them (docs/decisions/0054-test-run-time.md).
alone=(caddy compiled-process crash lighthouse pgbouncer scale-out)
paired=() alone_files=()
for f in tests/e2e/*.test.ts; do
  if [[ " ${alone[*]} " == *" $(basename "$f" .test.ts) "* ]]; then alone_files+=("$f"); else paired+=("$f"); fi
done
e2e() {
  local concurrency=$1 report=$2; shift 2
  node --import tsx --test --test-concurrency="$concurrency" \
    --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=junit --test-reporter-destination="$report" \
    "$@"
}
e2e 2 reports/e2e.xml "${paired[@]}" || rc=1
e2e 1 reports/e2e-alone.xml "${alone_files[@]}" || rc=1

step "summary"
node scripts/test-summary.mjs reports/unit.json reports/e2e.xml reports/e2e-alone.xml || rc=1
echo "total $(( $(date +%s) - T0 ))s"
exit $rc
