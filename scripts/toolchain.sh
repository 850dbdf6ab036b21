# shellcheck shell=bash
# Finds or brings the toolchain: Node >= 24 and pnpm 10, then installs dependencies.
# Sourced by ./run and .ci/run; puts .tools/ first on PATH when it has to download.
NODE_MAJOR_REQUIRED=24
NODE_VERSION_PINNED="$(tr -d 'v \n' < "$root/.nvmrc")"
PNPM_VERSION_PINNED=10.34.9
tools="$root/.tools"

say() { printf '[comptoir] %s\n' "$*" >&2; }

node_major() { command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if [ -x "$tools/node/bin/node" ]; then export PATH="$tools/node/bin:$PATH"; fi
  if [ "$(node_major)" -ge "$NODE_MAJOR_REQUIRED" ]; then return; fi
  command -v npm >/dev/null 2>&1 || { say "Node $NODE_MAJOR_REQUIRED+ is missing and so is npm: install Node.js (https://nodejs.org) first."; exit 1; }
  local os arch
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) say "unsupported OS $(uname -s): install Node $NODE_MAJOR_REQUIRED yourself"; exit 1 ;; esac
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) say "unsupported CPU $(uname -m): install Node $NODE_MAJOR_REQUIRED yourself"; exit 1 ;; esac
  say "Node $(node -v 2>/dev/null || echo none) is too old; fetching node-$os-$arch@$NODE_VERSION_PINNED from the npm registry into .tools/node"
  local tmp; tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-$os-$arch@$NODE_VERSION_PINNED" >/dev/null 2>&1) || { say "could not download node-$os-$arch@$NODE_VERSION_PINNED from the npm registry"; exit 1; }
  rm -rf "$tools/node" && mkdir -p "$tools/node"
  tar xzf "$tmp"/node-*.tgz -C "$tools/node" --strip-components=1
  rm -rf "$tmp"
  export PATH="$tools/node/bin:$PATH"
}

ensure_pnpm() {
  if [ -x "$tools/pnpm/node_modules/.bin/pnpm" ]; then export PATH="$tools/pnpm/node_modules/.bin:$PATH"; fi
  if command -v pnpm >/dev/null 2>&1; then
    local major; major="$(pnpm --version 2>/dev/null | cut -d. -f1)"
    if [ "${major:-0}" -ge 10 ]; then return; fi
  fi
  say "pnpm is missing; installing pnpm@$PNPM_VERSION_PINNED from the npm registry into .tools/pnpm"
  mkdir -p "$tools/pnpm"
  npm install --silent --no-audit --no-fund --prefix "$tools/pnpm" "pnpm@$PNPM_VERSION_PINNED" >/dev/null 2>&1 || { say "could not install pnpm from the npm registry"; exit 1; }
  export PATH="$tools/pnpm/node_modules/.bin:$PATH"
}

ensure_dependencies() {
  # Reinstall only when the lockfile changed since the last install.
  local stamp="$root/node_modules/.comptoir-lock"
  if [ -f "$stamp" ] && cmp -s "$stamp" "$root/pnpm-lock.yaml"; then return; fi
  say "installing dependencies (pnpm install --frozen-lockfile)"
  pnpm install --frozen-lockfile --reporter=append-only >&2
  cp "$root/pnpm-lock.yaml" "$stamp"
}

ensure_toolchain() {
  export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NPM_CONFIG_UPDATE_NOTIFIER=false
  ensure_node
  ensure_pnpm
  ensure_dependencies
}
