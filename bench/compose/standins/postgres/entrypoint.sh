#!/bin/sh
set -e
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres "$PGDATA" /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "$POSTGRES_PASSWORD" > /tmp/pw
  chown postgres /tmp/pw
  runuser -u postgres -- initdb -D "$PGDATA" --username="$POSTGRES_USER" --pwfile=/tmp/pw --auth-local=trust --auth-host=md5
  rm /tmp/pw
  echo "listen_addresses='*'" >> "$PGDATA/postgresql.conf"
  echo "host all all 0.0.0.0/0 md5" >> "$PGDATA/pg_hba.conf"
  runuser -u postgres -- pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start
  runuser -u postgres -- createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
  runuser -u postgres -- pg_ctl -D "$PGDATA" -w stop
fi
exec runuser -u postgres -- postgres -D "$PGDATA"
