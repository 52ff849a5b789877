# syntax=docker/dockerfile:1
# Omnia: the web app and the server are built with every dependency (`npm run build`); the final
# image holds the production dependencies, the compiled server (apps/server/dist) and the built web
# app, and runs what `npm run serve` runs. NODE_IMAGE is any image with Node 24 and npm; CI builds
# this file on a Debian base of its own and starts the image (.ci/image, docs/operations.md).

ARG NODE_IMAGE=node:24-bookworm-slim

# Dependency manifests only, so `npm ci` layers stay cached until a manifest changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
COPY scripts/build-server.mjs scripts/
RUN npm run build

FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database answers (the load balancer uses /readyz as well).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish in-flight requests (10 s at most), close the pool.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
