# A stand-in for the official caddy image, from Debian's package, for a machine that reaches no registry: the same
# paths (/etc/caddy/Caddyfile, /data, /config) and command.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends caddy \
  && rm -rf /var/lib/apt/lists/*
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
