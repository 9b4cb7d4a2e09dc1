# syntax=docker/dockerfile:1
# Repasse: the API and the built web app in one image. compose.yaml runs it twice behind Caddy;
# scripts/prod-smoke.mjs (run by CI, as containers cannot run there) runs the same stages and
# entrypoints on the machine. Node 24: the LTS the project recommends (.nvmrc, docs/operations.md).

# Build stage: every dependency, then the web app into dist/.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies only. The server runs from its TypeScript sources through
# tsx, a production dependency (docs/decisions.md, "Production start").
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
COPY --from=build /app/dist ./dist
# The image's own files stay root's; the unprivileged user writes only its data directory.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the process answers and reaches its database. Readiness (/api/ready) is for the proxy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains in-flight requests (docs/operations.md); give it SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["sh", "scripts/prod/api.sh"]
