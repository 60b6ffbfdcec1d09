#!/usr/bin/env bash
# The API suite under another Node.js major than the machine's: `npm run test:node -- 24`
# (22 when none is given; further arguments go to vitest, e.g. `-- 22 api/test/rest/rest.test.ts`).
#
# The runtime comes from the npm registry (node-<platform>-<arch>@MAJOR, a real binary with its
# headers, no install script) into a cache outside the repo, so `npm install` never fetches it.
# better-sqlite3 is the only addon tied to one Node ABI (the others are N-API): the machine's
# build is set aside, one for MAJOR is put in its place (built once against the package's own
# headers and cached by better-sqlite3 version and ABI), and the machine's is put back on exit,
# so `npm test` keeps working. Do not run `npm test` in the same tree while this runs.
set -euo pipefail
cd "$(dirname "$0")/.."

major="${1:-22}"
[ $# -gt 0 ] && shift
cache="${XDG_CACHE_HOME:-$HOME/.cache}/aula-node/$major"
pkg="node-$(node -p process.platform)-$(node -p process.arch)"

npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "$pkg@$major" >/dev/null
runtime="$cache/node_modules/$pkg"
export PATH="$runtime/bin:$PATH" # vitest's workers and the tests' `npx tsx` use this node
[ "$(node -p 'process.versions.node.split(".")[0]')" = "$major" ] || { echo "no Node $major in $runtime" >&2; exit 1; }

addon=node_modules/better-sqlite3
aside="$addon/build.machine-node"
# A run that was killed before putting the machine's build back left it aside: restore it first.
if [ -d "$aside" ]; then rm -rf "$addon/build" && mv "$aside" "$addon/build"; fi
mv "$addon/build" "$aside"
trap 'rm -rf "$addon/build"; mv "$aside" "$addon/build"' EXIT
trap "exit 130" INT TERM

built="$cache/better-sqlite3-$(node -p "require('./$addon/package.json').version")-abi$(node -p process.versions.modules).node"
if [ ! -f "$built" ]; then
  echo "Building better-sqlite3 for Node $(node --version)…"
  # prebuild-install would download from GitHub: build from source against the runtime's headers.
  npm_config_build_from_source=true npm_config_nodedir="$runtime" npm rebuild better-sqlite3 --loglevel=error >/dev/null
  cp "$addon/build/Release/better_sqlite3.node" "$built.tmp" && mv "$built.tmp" "$built"
fi
mkdir -p "$addon/build/Release" && cp "$built" "$addon/build/Release/better_sqlite3.node"

# What depends on the Node major is the native addon (better-sqlite3) and Node's own APIs, both
# exercised by the SQLite and S3 projects; the PostgreSQL project runs the same code through a
# pure-JavaScript driver, so under another major it only repeats the machine's run (and took a
# tenth of CI). TEST_NODE_PG=1 adds it.
projects=(--project api-sqlite)
[ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${TEST_NODE_PG:-}" ] && projects+=(--project api-postgres)
[ -n "${TEST_S3_URL:-}" ] && projects+=(--project api-s3)
echo "API suite under Node $(node --version): ${projects[*]}"
node node_modules/vitest/vitest.mjs run "${projects[@]}" "$@"
