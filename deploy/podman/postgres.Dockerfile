# A stand-in for the official postgres image, from Debian's packages, for a machine that reaches no registry (this
# one, CI): the same variables (POSTGRES_USER, POSTGRES_DB, POSTGRES_PASSWORD[_FILE], PGDATA), the same volume path,
# the same `postgres -c …` command. Debian bookworm's PostgreSQL is 15.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
  && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY deploy/podman/postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres "$PGDATA" /var/run/postgresql
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
