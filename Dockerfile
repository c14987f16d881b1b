# One image build, two runtime targets: `backend` (Medusa server or worker,
# chosen by MEDUSA_WORKER_MODE) and `storefront` (Remix server).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY medusa-backend/package.json medusa-backend/package.json
COPY storefront/package.json storefront/package.json
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV MEDUSA_DISABLE_TELEMETRY=true
RUN npm run build

FROM build AS backend
ENV NODE_ENV=production MEDUSA_DISABLE_TELEMETRY=true PORT=9000
WORKDIR /app/medusa-backend/.medusa/server
# Uploaded files outlive containers: static/ points into the data volume.
RUN mkdir -p /data/uploads && ln -sfn /data/uploads static
EXPOSE 9000
CMD ["node", "/app/node_modules/@medusajs/cli/cli.js", "start"]

FROM build AS storefront
ENV NODE_ENV=production PORT=3000
WORKDIR /app/storefront
EXPOSE 3000
CMD ["node", "server/index.mjs", "build/server/index.js"]
