# PumpKart in a container (README.md#running-several-servers). Two stages: the first installs every
# dependency and builds the web app and the server bundle, then drops the development dependencies; the second
# holds only what runs (the bundle, the migrations, the built web app, the production node_modules) and runs it
# as the unprivileged `node` user, with a health check on /api/health (readiness: the database answers).
#
#   docker build -t pumpkart .            (or: podman build --format docker -t pumpkart .)
#   docker run -p 3000:3000 -v pumpkart-data:/data -e ADMIN_PASSWORD=... -e PAYMENT_GATEWAY=sandbox pumpkart
#
# docs/operations.md has every step for Docker and podman. NODE_IMAGE is any Debian-based image with Node.js and a
# `node` user (uid 1000): by default the official one of the current LTS, Node 24 (package.json's `engines` also
# allows 20.19+ and 22.13+ for development; Node 20's support ended in April 2026). deploy/offline-base.sh builds
# such an image from Debian's packages where Docker Hub cannot be reached.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_update_notifier=false
# The manifests first, so that the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# The MALLOC_ settings here and the node flags of CMD are apps/server/node-settings.json's (src/node-settings.test.ts
# checks that they agree): docs/decisions/0018-embedded-memory.md.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/shared packages/shared
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# The data directory (embedded database, uploaded images) belongs to the user the server runs as; a volume mounted
# on /data or /data/uploads starts with that owner.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-old-space-size=1024", "--max-semi-space-size=4", "apps/server/dist/main.js"]
