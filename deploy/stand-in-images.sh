#!/usr/bin/env bash
# Local stand-ins for the three images compose.yaml starts from (node:24-bookworm-slim, postgres:16,
# nginx:1.27), built from Debian's packages, for a machine that has a Docker engine but cannot reach
# Docker Hub (the development machines of this project cannot). Only to try the Dockerfile and
# compose.yaml there: never push them, never run production on them. PostgreSQL is Debian's 15 under
# the tag postgres:16 (the server runs on both), nginx Debian's 1.22 under nginx:1.27.
#
#   apt-get install -y docker.io docker-compose debootstrap && dockerd &   # where no engine runs yet
#   deploy/stand-in-images.sh
#   DOCKER_BUILDKIT=0 docker-compose up -d --build
#
# Needs root (debootstrap, chroot), a Node.js 24 binary (NODE, default: the one npm installed in
# node_modules, else the one on PATH) and npm (NPM_DIR, default: the npm beside the node on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'umount "$work/pg/proc" 2>/dev/null || true; rm -rf "$work"' EXIT
node_bin="${NODE:-$( [ -x node_modules/node/bin/node ] && echo node_modules/node/bin/node || command -v node )}"
npm_dir="${NPM_DIR:-$(dirname "$(readlink -f "$(command -v npm)")")/..}"
"$node_bin" -e 'if (Number(process.versions.node.split(".")[0]) < 24) { console.error(`Node.js 24 is needed, ${process.version} given`); process.exit(1) }'

echo "Debian bookworm (minbase)"
debootstrap --variant=minbase bookworm "$work/base" http://deb.debian.org/debian >/dev/null

echo "node:24-bookworm-slim: Node.js $("$node_bin" --version), npm $(node "$npm_dir/bin/npm-cli.js" --version), user node (1000)"
cp -a "$work/base" "$work/node"
cp "$node_bin" "$work/node/usr/local/bin/node"
mkdir -p "$work/node/usr/local/lib/node_modules"
cp -a "$npm_dir" "$work/node/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/node/usr/local/bin/npx"
chroot "$work/node" groupadd --gid 1000 node
chroot "$work/node" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# A machine whose HTTPS goes through an inspecting proxy: its authorities, so npm ci reaches the registry.
node_env=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir -p "$work/node/etc/ssl/certs"
  cp "$NODE_EXTRA_CA_CERTS" "$work/node/etc/ssl/certs/machine-ca.crt"
  node_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-ca.crt')
fi

for name in pg nginx; do
  cp -a "$work/base" "$work/$name"
  printf '#!/bin/sh\nexit 101\n' >"$work/$name/usr/sbin/policy-rc.d" # install, do not start
  chmod +x "$work/$name/usr/sbin/policy-rc.d"
done

echo "postgres:16 (Debian's PostgreSQL 15)"
mount -t proc proc "$work/pg/proc"
chroot "$work/pg" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null && apt-get clean' 2>/dev/null
umount "$work/pg/proc"
# The package's own cluster would make the client tools look for it; the entrypoint makes its own.
rm -rf "$work/pg/etc/postgresql/15" "$work/pg/var/lib/postgresql/15"
cat >"$work/pg/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
# As the postgres image's: the first start makes POSTGRES_USER with POSTGRES_PASSWORD, and POSTGRES_DB.
set -e
PGDATA=/var/lib/postgresql/data
BIN=/usr/lib/postgresql/15/bin
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "$POSTGRES_PASSWORD" >/tmp/pw && chown postgres /tmp/pw
  su postgres -c "$BIN/initdb -D $PGDATA -U $POSTGRES_USER --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256"
  rm /tmp/pw
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  su postgres -c "$BIN/pg_ctl -D $PGDATA -o '-c listen_addresses=' -w start"
  su postgres -c "$BIN/psql -p 5432 -U $POSTGRES_USER -d postgres -c 'create database $POSTGRES_DB'"
  su postgres -c "$BIN/pg_ctl -D $PGDATA -m fast -w stop"
fi
exec su postgres -c "exec $BIN/postgres -D $PGDATA -c listen_addresses='*'"
EOF
chmod +x "$work/pg/usr/local/bin/docker-entrypoint.sh"

echo "nginx:1.27 (Debian's nginx)"
chroot "$work/nginx" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null && apt-get clean' 2>/dev/null
rm -f "$work/nginx/etc/nginx/sites-enabled/default" # conf.d/*.conf only, as in the nginx image

for name in node pg nginx; do rm -rf "$work/$name/var/lib/apt/lists/"* "$work/$name/usr/sbin/policy-rc.d"; done
tar -C "$work/node" -c . | docker import --change 'CMD ["node"]' "${node_env[@]}" - node:24-bookworm-slim
tar -C "$work/pg" -c . | docker import --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'EXPOSE 5432' - postgres:16
tar -C "$work/nginx" -c . | docker import --change 'CMD ["nginx", "-g", "daemon off;"]' --change 'EXPOSE 80' - nginx:1.27
docker images node:24-bookworm-slim
docker images postgres:16
docker images nginx:1.27
