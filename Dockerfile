# One image per deployable, each a target of this file (docs/operations.md):
#   docker build --target api -t fleet/api:<version> .
#   docker build --target remote --build-arg REMOTE=leads -t fleet/mfe-leads:<version> .
# Targets: api, host, desk, remote (REMOTE=catalog|inventory|service|leads). BASE is any Debian bookworm image with
# Node 20 and npm at /usr/local/bin and a `node` user (uid 1000), as node:20-bookworm-slim has;
# deploy/podman/debian-base.sh makes one from Debian's packages where no registry is reachable.
ARG BASE=node:20-bookworm-slim

# ---- what every image is built from: the lock file's packages and the shared libraries, built once -------------
FROM ${BASE} AS workspace
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared-types/package.json shared-types/
COPY server-kit/package.json server-kit/
COPY remote-kit/package.json remote-kit/
COPY api/package.json api/
COPY host/package.json host/
COPY staff-desk/package.json staff-desk/
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-inventory/package.json mfe-inventory/
COPY mfe-service/package.json mfe-service/
COPY mfe-leads/package.json mfe-leads/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY shared-types shared-types
COPY server-kit server-kit
COPY remote-kit remote-kit
RUN npm run build -w shared-types -w server-kit -w remote-kit

# ---- each deployable's production packages only (no build tools, no test tools) --------------------------------
FROM ${BASE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=workspace /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=workspace /app/shared-types/package.json shared-types/
COPY --from=workspace /app/server-kit/package.json server-kit/
COPY --from=workspace /app/remote-kit/package.json remote-kit/
COPY --from=workspace /app/shared-types/dist shared-types/dist
COPY --from=workspace /app/server-kit/dist server-kit/dist

# ---- the API ---------------------------------------------------------------------------------------------------
FROM workspace AS api-build
COPY api api
RUN npm run build -w api

FROM runtime AS api
COPY api/package.json api/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund -w api
COPY --from=api-build /app/api/dist/src api/dist/src
RUN mkdir -p api/.data && chown node:node api/.data
WORKDIR /app/api
USER node
ENV API_INTERNAL_HOST=0.0.0.0 API_STAFF_HOST=0.0.0.0
EXPOSE 4180 4181 4182
VOLUME /app/api/.data
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4180/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/src/main.js"]

# ---- the staff desk --------------------------------------------------------------------------------------------
FROM workspace AS desk-build
COPY staff-desk staff-desk
RUN npm run build -w staff-desk

FROM runtime AS desk
COPY staff-desk/package.json staff-desk/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund -w staff-desk
COPY --from=desk-build /app/staff-desk/dist staff-desk/dist
COPY staff-desk/src/desk.css staff-desk/src/desk.css
COPY staff-desk/public staff-desk/public
WORKDIR /app/staff-desk
USER node
ENV STAFF_HOST=0.0.0.0
EXPOSE 4190
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4190/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]

# ---- the host --------------------------------------------------------------------------------------------------
FROM workspace AS host-build
COPY host host
RUN npm run build -w host

FROM runtime AS host
COPY host/package.json host/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund -w host
COPY --from=workspace /app/remote-kit/dist remote-kit/dist
COPY --from=host-build /app/host/dist host/dist
COPY --from=host-build /app/host/dist-server host/dist-server
COPY host/server host/server
RUN mkdir -p host/.cache && chown node:node host/.cache
WORKDIR /app/host
USER node
EXPOSE 4173
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:4173/robots.txt').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=64", "server/serve.mjs"]

# ---- a team's remote (REMOTE=catalog|inventory|service|leads) ----------------------------------------------------
FROM workspace AS remote-build
ARG REMOTE
COPY mfe-${REMOTE} mfe-${REMOTE}
RUN npm run build -w mfe-${REMOTE}

# the four remotes' production packages, installed once: they are the same few (React, the kits), so each team's
# image differs from another's only by its build
FROM runtime AS remote-runtime
COPY mfe-catalog/package.json mfe-catalog/
COPY mfe-inventory/package.json mfe-inventory/
COPY mfe-service/package.json mfe-service/
COPY mfe-leads/package.json mfe-leads/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
  -w mfe-catalog -w mfe-inventory -w mfe-service -w mfe-leads
COPY --from=workspace /app/remote-kit/dist remote-kit/dist

FROM remote-runtime AS remote
ARG REMOTE
ENV REMOTE=${REMOTE}
COPY --from=remote-build /app/mfe-${REMOTE}/dist mfe-${REMOTE}/dist
COPY --from=remote-build /app/mfe-${REMOTE}/dist-server mfe-${REMOTE}/dist-server
COPY mfe-${REMOTE}/server.mjs mfe-${REMOTE}/
WORKDIR /app/mfe-${REMOTE}
USER node
EXPOSE 4174 4175 4176 4177
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "--input-type=module", "-e", "const { DEFAULT_REMOTE_PORTS } = await import('shared-types'); const port = process.env.PORT || DEFAULT_REMOTE_PORTS[process.env.REMOTE]; process.exit((await fetch(`http://127.0.0.1:${port}/health`).catch(() => ({}))).ok ? 0 : 1)"]
CMD ["node", "--max-semi-space-size=64", "server.mjs"]
