# Stand-ins for the official postgres and caddy images, from Debian's packages, for a machine that reaches no
# registry (this one, CI): the same variables, paths and commands as far as deploy/compose.yaml uses them. One apt
# layer serves both targets:
#   podman build --target postgres -f deploy/podman/stand-ins.Dockerfile -t localhost/fleet/postgres:15 .
#   podman build --target caddy -f deploy/podman/stand-ins.Dockerfile -t localhost/fleet/caddy:2 .
ARG BASE=debian:bookworm-slim
FROM ${BASE} AS debian-services
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 caddy \
  && rm -rf /var/lib/apt/lists/*

# PostgreSQL (Debian bookworm's is 15): POSTGRES_USER, POSTGRES_DB, POSTGRES_PASSWORD[_FILE], PGDATA
FROM debian-services AS postgres
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY deploy/podman/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres "$PGDATA" /var/run/postgresql
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]

# Caddy: /etc/caddy/Caddyfile, /data, /config
FROM debian-services AS caddy
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
