# Production image (issue #16): compiled server, built web client, production packages only, non-root, health check.
#   docker build -t storefront .
#   docker compose up           (with PostgreSQL and Redis: compose.yaml)
# The test suite does not need Docker.

# Node 24 LTS on Debian bookworm, pinned by digest: the multi-platform index of node:24-bookworm-slim (Node 24.18.1),
# as docker-library/repo-info lists it (repos/node/remote/24-bookworm-slim.md). To move on: docker pull
# node:24-bookworm-slim and take the digest it prints (or that file's newest), in both FROM lines.
# ---- build: every package, then the web client and the compiled server ----
FROM node:24-bookworm-slim@sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7 AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# the release monitoring events name, and their source maps are uploaded under (vite.config.ts); no .git in the context
ARG STOREFRONT_RELEASE
ENV STOREFRONT_RELEASE=${STOREFRONT_RELEASE}
RUN npm run build --silent && npm prune --omit=dev --no-audit --no-fund --loglevel=error

# ---- run: what production needs and nothing else ----
FROM node:24-bookworm-slim@sha256:235600a8101ab264e117b1768e925532262668dc9b581ef1dd7d96ced463b8e7
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
# pg_dump and pg_restore for `node dist/app/backup.js` and restore.js (server/db/backup): the client of the server's
# major version (compose.yaml: postgres:15; pg_dump refuses a newer server)
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# read at run time next to their sources: migrations, invoice fonts, the payment simulator's pages
COPY --from=build --chown=root:root /app/drizzle ./drizzle
COPY --from=build --chown=root:root /app/server ./server
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /livez: the process answers (restart it if not); the load balancer asks /readyz
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1 (exec form): it handles SIGTERM itself and drains (server/main.ts)
STOPSIGNAL SIGTERM
CMD ["node", "dist/app/main.js"]
