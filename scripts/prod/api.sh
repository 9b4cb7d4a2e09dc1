#!/bin/sh
# The API in production. The image's CMD (Dockerfile, so compose.yaml's api1 and api2), `npm run
# start:prod` and scripts/prod-smoke.mjs's two instances all run this file.
#
# Node itself with tsx's loader (a production dependency; docs/decisions.md, "Production start"): no
# npm or tsx CLI process in between, so SIGTERM reaches the server and its drain (docs/operations.md).
set -eu
cd "$(dirname "$0")/../.."

# Behind a proxy with its own CA (Caddy's `tls internal` in compose.yaml), the S3 driver reaches the
# bucket through that proxy and must trust its root, which the proxy writes on its first start.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  waited=0
  while [ ! -s "$NODE_EXTRA_CA_CERTS" ]; do
    if [ "$waited" -ge 60 ]; then echo "api.sh: $NODE_EXTRA_CA_CERTS did not appear in 60 s" >&2; exit 1; fi
    sleep 1
    waited=$((waited + 1))
  done
fi

exec node --import tsx server/main.ts
