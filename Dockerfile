# syntax=docker/dockerfile:1
#
# One image for every Comptoir process. The TypeScript sources run as they are under Node 24
# (type stripping), so there is no build step:
#   API (default)   node apps/api/src/main.ts
#   worker          node apps/worker/src/main.ts
#   migrations      node apps/cli/src/main.ts migrate
# docker-compose.yml shows the whole stack (PostgreSQL, Redis, migrate, api, worker).

# --- manifests: only what `pnpm install` reads -------------------------------------------------
# Copying the whole context here and deleting everything else keeps every workspace package.json
# (new packages included) without listing them. Only this stage's output feeds the install layer,
# so a change to a source file does not reinstall the dependencies.
FROM node:24-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -type f \
      ! -name package.json \
      ! -path ./pnpm-lock.yaml \
      ! -path ./pnpm-workspace.yaml \
      ! -path './patches/*' \
      -delete \
 && find . -mindepth 1 -type d -empty -delete

# --- runtime ---------------------------------------------------------------------------------
FROM node:24-slim
ENV PNPM_VERSION=10.34.9
RUN npm install --global --no-audit --no-fund "pnpm@${PNPM_VERSION}" \
 && npm cache clean --force

WORKDIR /app

# Dependencies first (workspace manifests, lockfile, patched dependencies), then the sources.
# devDependencies are kept (--prod=false): workspace packages are linked from their sources.
COPY --from=manifests /app/ ./
RUN --mount=type=cache,id=comptoir-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prod=false --store-dir=/pnpm/store

COPY . .

# The code stays owned by root and read-only for the process, which runs as the image's
# unprivileged `node` user (uid 1000).
USER node

# Listen on every interface inside the container (the application's own default is 127.0.0.1).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WORKER_PORT=3001
EXPOSE 3000 3001

CMD ["node", "apps/api/src/main.ts"]
