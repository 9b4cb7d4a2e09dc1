#!/bin/sh
# The TLS-terminating reverse proxy: compose.yaml's `proxy` service and scripts/prod-smoke.mjs run this
# file. Caddy runs scripts/prod/Caddyfile; with CA_EXPORT set, the root of Caddy's local CA is copied
# there world-readable once Caddy has made it, for the API replicas (NODE_EXTRA_CA_CERTS), which run as
# another user and cannot read Caddy's own 0600 copy.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
caddy run --config "${CADDYFILE:-$here/Caddyfile}" --adapter caddyfile &
pid=$!
# This shell may be PID 1 (a container): pass the stop signal on, or Caddy would only ever be killed.
trap 'kill -TERM "$pid" 2>/dev/null || true' TERM INT

if [ -n "${CA_EXPORT:-}" ]; then
  root="${XDG_DATA_HOME:-$HOME/.local/share}/caddy/pki/authorities/local/root.crt"
  while [ ! -s "$root" ]; do
    kill -0 "$pid" 2>/dev/null || exit 1
    sleep 1
  done
  mkdir -p "$(dirname "$CA_EXPORT")"
  cp "$root" "$CA_EXPORT.tmp"
  chmod 0644 "$CA_EXPORT.tmp"
  mv "$CA_EXPORT.tmp" "$CA_EXPORT"
fi

status=0
wait "$pid" || status=$?
# A trapped signal interrupts `wait`: wait again for Caddy's own exit.
if kill -0 "$pid" 2>/dev/null; then
  status=0
  wait "$pid" || status=$?
fi
exit "$status"
