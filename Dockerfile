# syntax=docker/dockerfile:1
# FiPay for Business: the API server, which also serves the built web app.
#   docker build -t fipay .
#   docker run -p 3000:3000 -v fipay-data:/data fipay                 # embedded database in /data
# For production settings (PostgreSQL, Redis, S3, SMTP, secrets) see compose.yaml and the README.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY apps apps
RUN npm run build

# Only what the API needs at run time (the contracts are bundled into its build).
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @fipay/api --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/api/v1/ready) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's command, so SIGTERM from `docker stop` reaches the server (graceful shutdown).
CMD ["node", "apps/api/dist/server.js"]
