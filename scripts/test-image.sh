#!/usr/bin/env bash
# npm run test:image: the Dockerfile and compose.yaml proven end to end. Builds the image, starts
# PostgreSQL, two web processes, a worker and nginx (compose.yaml with deploy/compose.test.yaml) on a
# new database, waits until they are healthy, runs the end-to-end suite against nginx (E2E_URL) and
# always takes the stack down again with its volumes. Exits with the suite's code. Not part of CI: it
# takes about half an hour on 2 cores (deploy/README.md).
#
#   IMAGE_PORT      the host's port for nginx (default 8080)
#   IMAGE_PROJECT   the compose project name (default fieldport-image-test)
#   IMAGE_WAIT      seconds to wait for health once the containers are started (default 300)
#   IMAGE_KEEP=1    leave the stack running after the suite (take it down yourself: the command is printed)
#
# Arguments go to Playwright: `npm run test:image -- specs/search.spec.ts`, `-- --project accounts --no-deps`.
#
# Where the base images (node:24-bookworm-slim, postgres:16, nginx:1.27) are missing and Docker Hub
# cannot be reached, deploy/stand-in-images.sh builds stand-ins from Debian's packages (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${IMAGE_PORT:-8080}"
project="${IMAGE_PROJECT:-fieldport-image-test}"
wait_seconds="${IMAGE_WAIT:-300}"
install_hint='apt-get install -y docker.io docker-compose debootstrap   # Debian/Ubuntu: engine, compose 1.29, debootstrap for the stand-ins'
SECONDS=0
say() { printf '\n== %s (%ds)\n' "$*" "$SECONDS"; }

# The engine: started here when it is installed but not running (and stopped again at the end).
dockerd_pid=""
if ! command -v docker >/dev/null; then
  echo "No Docker client. Install one, for example: $install_hint" >&2
  exit 2
fi
if ! docker info >/dev/null 2>&1; then
  if ! command -v dockerd >/dev/null; then
    echo "No Docker engine answers and none is installed. Install one, for example: $install_hint" >&2
    exit 2
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "The Docker engine is installed but not running; start it (as root: dockerd &, or systemctl start docker)." >&2
    exit 2
  fi
  say "Starting dockerd (log: /tmp/fieldport-dockerd.log)"
  dockerd >/tmp/fieldport-dockerd.log 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start: see /tmp/fieldport-dockerd.log" >&2; exit 2; }
fi

# Compose: v2 (docker compose) where there is one, else docker-compose (1.29) with the legacy builder
# (the Debian engine's CLI has no buildx for BuildKit).
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null; then
  compose=(docker-compose)
  export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}" COMPOSE_DOCKER_CLI_BUILD="${COMPOSE_DOCKER_CLI_BUILD:-0}"
else
  echo "No Docker Compose. Install the compose plugin (docker compose) or, for example: $install_hint" >&2
  exit 2
fi
say "Docker engine $(docker version --format '{{.Server.Version}}'), $("${compose[@]}" version 2>/dev/null | head -1)"
compose+=(-p "$project" -f compose.yaml -f deploy/compose.test.yaml)
export FIELDPORT_PORT="$port"

# The base images: as they are when present, pulled when Docker Hub answers, else the stand-ins.
bases=(node:24-bookworm-slim postgres:16 nginx:1.27)
missing=()
for image in "${bases[@]}"; do docker image inspect "$image" >/dev/null 2>&1 || missing+=("$image"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "Pulling ${missing[*]}"
  pulled=1
  for image in "${missing[@]}"; do timeout 300 docker pull "$image" || { pulled=0; break; }; done
  if [ "$pulled" = 0 ]; then
    if [ "$(id -u)" != 0 ] || ! command -v debootstrap >/dev/null; then
      echo "Docker Hub cannot be reached and the stand-ins need root and debootstrap: $install_hint; then run this as root." >&2
      exit 2
    fi
    say "Docker Hub cannot be reached: building the stand-in base images (deploy/stand-in-images.sh)"
    deploy/stand-in-images.sh
  fi
fi
for image in "${bases[@]}"; do
  printf '%-24s %s\n' "$image" "$(docker image inspect --format '{{.Id}} {{.Created}}' "$image")"
done

# The host's port must be free: another server there would answer for the stack.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "Something already listens on port $port; choose another with IMAGE_PORT=…" >&2
  exit 2
fi

finish() {
  local code=$?
  trap - EXIT INT TERM
  if [ "${IMAGE_KEEP:-0}" = 1 ]; then
    say "Left running (IMAGE_KEEP=1): take it down with FIELDPORT_PORT=$port ${compose[*]} down -v --rmi local"
  else
    say "Taking the stack down (containers, volumes, the built image)"
    "${compose[@]}" down -v --rmi local --remove-orphans || true
  fi
  if [ -n "$dockerd_pid" ] && [ "${IMAGE_KEEP:-0}" != 1 ]; then
    say "Stopping the dockerd started here"
    kill "$dockerd_pid" && wait "$dockerd_pid" || true
  fi
  say "Done: exit code $code"
  exit "$code"
}
trap finish EXIT
trap 'exit 130' INT TERM

say "A new stack: ${compose[*]} up -d --build"
"${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
"${compose[@]}" up -d --build

say "Waiting for web1, web2 and worker to be healthy and nginx to answer /readyz (up to ${wait_seconds}s)"
deadline=$((SECONDS + wait_seconds))
healthy() {
  local service id status
  for service in web1 web2 worker; do
    id="$("${compose[@]}" ps -q "$service")"
    [ -n "$id" ] || return 1
    status="$(docker inspect --format '{{.State.Health.Status}}' "$id")"
    [ "$status" = healthy ] || return 1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"
}
until healthy; do
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "Not healthy after ${wait_seconds}s:" >&2
    "${compose[@]}" ps >&2 || true
    "${compose[@]}" logs --tail=40 >&2 || true
    exit 1
  fi
  sleep 3
done
"${compose[@]}" ps

# The suite's restart spec starts a server of its own from this checkout: it wants the web build here.
say "The web build for the suite's own server (scripts/ensure-web-build.ts)"
node scripts/ensure-web-build.ts

say "The end-to-end suite against the stack: E2E_URL=http://localhost:$port npm run test -w @fieldport/e2e -- $*"
code=0
E2E_URL="http://localhost:$port" npm run test -w @fieldport/e2e -- "$@" || code=$?
say "The suite exited with $code"
exit "$code"
