#!/usr/bin/env bash
# A throwaway PostgreSQL for the fleet's tests and benchmarks, from Debian's package:
#   Scripts/lib/postgres.sh start DIR [PORT]   initdb into DIR (unless it has a cluster already),
#                                              start on 127.0.0.1:PORT (54329), print the URL
#                                              (role understudy, password understudy)
#   Scripts/lib/postgres.sh stop DIR           stop it (the folder stays for the caller to remove)
# The cluster also takes TLS, with a certificate for 127.0.0.1 and localhost signed by a CA of its
# own in DIR/ca.pem, so sslmode=verify-full&sslrootcert=DIR/ca.pem can be checked for real.
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
# POSTGRES_ALSO_LISTEN=ADDRESS makes it listen there too, and take logins from that /24.
# POSTGRES_OPTIONS adds server settings ("-c log_lock_waits=on ...") for a run being looked into.
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder for the cluster}
port=${3:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "PostgreSQL is not installed: apt-get install postgresql" >&2; exit 1; }
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
start)
    if [ ! -d "$dir/data" ]; then
        mkdir -p "$dir"
        if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
        pw=$(mktemp)
        echo understudy >"$pw"
        chmod 644 "$pw"
        as_owner "$bin/initdb" -D "$dir/data" -U understudy --pwfile="$pw" --auth=scram-sha-256 -E UTF8 >"$dir/initdb.log"
        rm -f "$pw"
        # A CA and a server certificate for 127.0.0.1 and localhost.
        openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=understudy test CA" \
            -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
        openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$dir/data/server.key" \
            -out "$dir/server.csr" 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$dir/san.ext"
        openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
            -extfile "$dir/san.ext" -out "$dir/data/server.crt" 2>/dev/null
        chmod 600 "$dir/data/server.key"
        if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir/data/server.key" "$dir/data/server.crt"; fi
        chmod 644 "$dir/ca.pem"
    fi
    listen=127.0.0.1
    if [ -n "${POSTGRES_ALSO_LISTEN:-}" ]; then
        listen="127.0.0.1,$POSTGRES_ALSO_LISTEN"
        network="${POSTGRES_ALSO_LISTEN%.*}.0/24"
        grep -q "$network" "$dir/data/pg_hba.conf" ||
            echo "host all all $network scram-sha-256" | as_owner tee -a "$dir/data/pg_hba.conf" >/dev/null
    fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
        -o "-c listen_addresses=$listen -c port=$port -c unix_socket_directories=$dir -c max_connections=300 -c fsync=off -c synchronous_commit=off -c ssl=on ${POSTGRES_OPTIONS:-}" \
        start >/dev/null
    echo "postgres://understudy:understudy@127.0.0.1:$port/postgres?sslmode=disable"
    ;;
stop)
    [ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    ;;
*)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
