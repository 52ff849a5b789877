# syntax=docker/dockerfile:1
# Omnia: the web app is built with every dependency; the final image holds production dependencies,
# the server's TypeScript sources (run by tsx, as `npm run serve` does) and the built web app.
# Not built on the machine where Omnia is developed (no Docker there): see docs/operations.md.

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
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = the database answers (the load balancer uses /readyz as well).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: stop accepting, finish in-flight requests (10 s at most), close the pool.
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
