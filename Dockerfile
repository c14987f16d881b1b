# One build, two runtime images: `backend` (Medusa server or worker, chosen by
# MEDUSA_WORKER_MODE) and `storefront` (Remix server). Decision 0047:
# - Node.js 22 LTS (Node 20 reached end of life in April 2026); the code also runs on 20;
# - the runtime images hold production dependencies only (no compilers, test tools
#   or dev servers) and the built app, and run as the unprivileged `node` user;
#   the app's files belong to root, so the app cannot change its own code.
# Everything the build needs, dev dependencies included.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY medusa-backend/package.json medusa-backend/package.json
COPY storefront/package.json storefront/package.json
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV MEDUSA_DISABLE_TELEMETRY=true
RUN npm run build

# Production dependencies of one workspace (npm ci -w leaves out the root's and the other app's).
FROM node:22-bookworm-slim AS backend-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY medusa-backend/package.json medusa-backend/package.json
COPY storefront/package.json storefront/package.json
RUN npm ci --omit=dev --workspace medusa-backend --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim AS storefront-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY medusa-backend/package.json medusa-backend/package.json
COPY storefront/package.json storefront/package.json
RUN npm ci --omit=dev --workspace storefront --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim AS backend
ENV NODE_ENV=production MEDUSA_DISABLE_TELEMETRY=true PORT=9000
WORKDIR /app
COPY --from=backend-deps /app ./
# The compiled server, Medusa Admin included; it finds /app/node_modules by walking up.
COPY --from=build /app/medusa-backend/.medusa/server ./medusa-backend/.medusa/server
WORKDIR /app/medusa-backend/.medusa/server
# Uploaded files outlive containers: static/ points into the data volume, the only place the app writes.
RUN mkdir -p /data/uploads && chown -R node:node /data && ln -sfn /data/uploads static
USER node
EXPOSE 9000
CMD ["node", "/app/node_modules/@medusajs/cli/cli.js", "start"]

FROM node:22-bookworm-slim AS storefront
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=storefront-deps /app ./
COPY --from=build /app/storefront/build ./storefront/build
COPY --from=build /app/storefront/server ./storefront/server
WORKDIR /app/storefront
USER node
EXPOSE 3000
CMD ["node", "server/index.mjs", "build/server/index.js"]
