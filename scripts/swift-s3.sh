#!/usr/bin/env bash
# The project's S3 test server. It began as the steering repository's shared/tools/swift-s3.sh
# and now lives here, so `.ci/run` and anyone running the storage tests on S3 depend on nothing
# outside the repository. The storage tests use it when TEST_S3_URL names it (vitest.config.ts,
# project api-s3); `bench --s3` can measure uploads on it too.
#
# A real S3-compatible object store for tests: single-node OpenStack Swift (Debian 12 packages) with
# its s3api layer, on loopback only.
#   swift-s3.sh            install the packages if missing, start, wait until it answers
#   swift-s3.sh stop       stop what it started
# Client settings: endpoint http://127.0.0.1:$S3_PORT (default 8089), path-style, region us-east-1,
# access key test:tester, secret testing. With @aws-sdk/client-s3 set
# requestChecksumCalculation and responseChecksumValidation to 'WHEN_REQUIRED' (Swift refuses the
# SDK's default aws-chunked checksummed uploads). About 500 MB of memory while it runs.
set -euo pipefail
S=${SWIFT_DIR:-$(dirname "$(mktemp -u)")/swift-s3}; PORT=${S3_PORT:-8089}
if [ "${1:-}" = stop ]; then
  for f in "$S"/run/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; rm -f "$f"; done
  exit 0
fi
if curl -fsS "http://127.0.0.1:$PORT/healthcheck" >/dev/null 2>&1; then echo "swift s3api already up on 127.0.0.1:$PORT"; exit 0; fi
# A fallback for running it by hand: .ci/run installs these packages in its one install line.
if ! [ -x /usr/bin/swift-proxy-server ] || ! command -v memcached >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends swift-proxy swift-account swift-container swift-object memcached >/dev/null
fi
mkdir -p "$S/etc" "$S/srv/d1" "$S/run" "$S/cache"
chmod 755 "$S"   # the servers run as user swift and must reach $S/srv
for svc in object:6200 container:6201 account:6202; do n=${svc%%:*}; p=${svc##*:}
  cat > "$S/etc/$n-server.conf" <<CONF
[DEFAULT]
devices = $S/srv
mount_check = false
bind_ip = 127.0.0.1
bind_port = $p
workers = 1
swift_dir = $S/etc
recon_cache_path = $S/cache
[pipeline:main]
pipeline = $n-server
[app:$n-server]
use = egg:swift#$n
CONF
done
cat > "$S/etc/proxy-server.conf" <<CONF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 1
swift_dir = $S/etc
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats bulk s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:${MEMCACHED_PORT:-11211}
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:bulk]
use = egg:swift#bulk
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
CONF
cd "$S/etc"
for r in object:6200 container:6201 account:6202; do n=${r%%:*}; p=${r##*:}
  [ -f "$n.ring.gz" ] && continue
  swift-ring-builder "$n.builder" create 8 1 1 >/dev/null
  swift-ring-builder "$n.builder" add "r1z1-127.0.0.1:$p/d1" 1 >/dev/null
  swift-ring-builder "$n.builder" rebalance >/dev/null || true
done
chown -R swift:swift "$S/srv" "$S/cache"   # the servers drop privileges to user 'swift'
nohup memcached -u memcache -l 127.0.0.1 -p "${MEMCACHED_PORT:-11211}" -m 64 >"$S/run/memcached.log" 2>&1 & echo $! >"$S/run/memcached.pid"   # tempauth keeps tokens in memcache
for n in account container object proxy; do
  nohup /usr/bin/swift-$n-server "$S/etc/$n-server.conf" >"$S/run/$n.log" 2>&1 & echo $! >"$S/run/$n.pid"
done
for i in $(seq 1 50); do curl -fsS "http://127.0.0.1:$PORT/healthcheck" >/dev/null 2>&1 && { echo "swift s3api up on 127.0.0.1:$PORT (key test:tester / secret testing)"; exit 0; }; sleep 0.2; done
echo "swift did not come up" >&2; exit 1
