#!/usr/bin/env bash
# Builds the web client (browser bundle + server-rendering bundle) into ${1:-dist}.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
npx vite build --outDir "$out/client" --emptyOutDir
node scripts/compress-assets.mjs "$out/client/assets"
npx vite build --ssr entry-server.tsx --outDir "$out/server" --emptyOutDir
