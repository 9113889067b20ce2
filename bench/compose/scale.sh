#!/bin/sh
# docker compose up --scale worker=N, for real: the production compose file,
# N worker copies, GAMES games due at once; then whether every game was
# adjudicated once, every results email written once (found in exactly one
# worker's mail), how the tasks spread over the copies, and whether the web
# and every worker see every stored map.
#
#   bench/compose/scale.sh [N] [GAMES]        (defaults 3 and 200)
#
# Needs a Docker daemon and docker compose (or docker-compose). Where Docker
# Hub cannot be reached, STANDINS=1 first builds stand-ins for python:3.11-slim,
# postgres:16 and redis:7 from Debian 12 (bench/compose/standins; needs
# debootstrap). Runs in a fresh clone under a temporary directory with a
# throwaway .env (file email backend) and removes the stack afterwards.
set -eu
WORKERS=${1:-3}
GAMES=${2:-200}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
COMPOSE="docker compose"
docker compose version >/dev/null 2>&1 || COMPOSE=docker-compose

if [ "${STANDINS:-0}" = 1 ]; then
  if ! docker image inspect local/bookworm:base >/dev/null 2>&1; then
    rootfs=$(mktemp -d)
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
    tar -C "$rootfs" -c . | docker import - local/bookworm:base >/dev/null
    rm -rf "$rootfs"
  fi
  cp /etc/ssl/certs/ca-certificates.crt "$HERE/standins/python/host-ca.crt"
  docker build -q -t python:3.11-slim "$HERE/standins/python" >/dev/null
  rm "$HERE/standins/python/host-ca.crt"
  docker build -q -t postgres:16 "$HERE/standins/postgres" >/dev/null
  docker build -q -t redis:7 "$HERE/standins/redis" >/dev/null
fi

RUN=$(mktemp -d)
git clone -q "$ROOT" "$RUN/fogdip"
cd "$RUN/fogdip"
sed -e "s/^SECRET_KEY=.*/SECRET_KEY=compose-scale-$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')/" \
    -e 's/^ALLOWED_HOSTS=.*/ALLOWED_HOSTS=127.0.0.1,localhost/' \
    -e 's|^SITE_URL=.*|SITE_URL=http://127.0.0.1:8000|' \
    -e 's|^CSRF_TRUSTED_ORIGINS=.*|CSRF_TRUSTED_ORIGINS=http://127.0.0.1:8000|' \
    -e 's/^BEHIND_TLS_PROXY=.*/BEHIND_TLS_PROXY=false/' \
    -e 's/^SECURE_SSL_REDIRECT=.*/SECURE_SSL_REDIRECT=false/' \
    -e 's/^SECURE_HSTS_SECONDS=.*/SECURE_HSTS_SECONDS=0/' \
    -e 's/^EMAIL_BACKEND=.*/EMAIL_BACKEND=file/' .env.example > .env
PROJECT=fogdipscale
cleanup() { $COMPOSE -p $PROJECT down -v >/dev/null 2>&1 || true; rm -rf "$RUN"; }
trap cleanup EXIT

$COMPOSE -p $PROJECT build -q
# Everything but the TLS proxy: the bench talks to the containers directly.
$COMPOSE -p $PROJECT up -d --scale worker="$WORKERS" postgres redis web worker beat >/dev/null
until $COMPOSE -p $PROJECT exec -T web python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health/')" 2>/dev/null; do sleep 2; done
# The seeding helpers are the test suite's; only this container needs pytest for them.
$COMPOSE -p $PROJECT exec -T -u root web pip install -q -r requirements-dev.txt >/dev/null
$COMPOSE -p $PROJECT exec -T -e GAMES="$GAMES" web python manage.py shell -c \
  "exec(open('bench/compose/check.py').read())"
$COMPOSE -p $PROJECT exec -T web cat /tmp/ids.txt | sed '/^$/d' | sort > "$RUN/wanted"

: > "$RUN/written"
for worker in $(docker ps --filter "label=com.docker.compose.project=$PROJECT" \
                  --filter "label=com.docker.compose.service=worker" --format '{{.Names}}'); do
  adjudicated=$(docker logs "$worker" 2>&1 | grep -c 'adjudicate_phase_task.*succeeded' || true)
  sends=$(docker logs "$worker" 2>&1 | grep -c 'send_messages.*succeeded' || true)
  echo "$worker: $adjudicated adjudications, $sends send tasks"
  docker exec "$worker" sh -c 'cat /app/data/mail/*.log 2>/dev/null' \
    | grep -i '^Message-ID:' | sed 's/^Message-ID: *//I' | tr -d '\r' >> "$RUN/written"
done
sort "$RUN/written" -o "$RUN/written"
echo "results emails written: $(comm -12 "$RUN/wanted" "$RUN/written" | wc -l) of $(wc -l < "$RUN/wanted");" \
     "a Message-ID in more than one place: $(uniq -d "$RUN/written" | wc -l)"
for service in web worker; do
  container=$(docker ps --filter "label=com.docker.compose.project=$PROJECT" \
                --filter "label=com.docker.compose.service=$service" --format '{{.Names}}' | head -1)
  echo "$service ($container) sees $(docker exec "$container" sh -c 'find /app/data/media -name "*.png" | wc -l') stored maps"
done
