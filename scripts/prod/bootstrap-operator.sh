#!/bin/sh
# One-shot: the first operator of a production installation (README, Deploy), named by OPERATOR_EMAIL
# and OPERATOR_NAME. compose.yaml's `bootstrap` service and scripts/prod-smoke.mjs run this file.
# It also migrates an empty database. The one-time password is printed once (docker compose logs
# bootstrap); run again (a restart, a second `up`) it finds the operator there and exits 0.
set -eu
cd "$(dirname "$0")/../.."
: "${OPERATOR_EMAIL:?set OPERATOR_EMAIL}"
: "${OPERATOR_NAME:?set OPERATOR_NAME}"

err=$(mktemp)
trap 'rm -f "$err"' EXIT
status=0
npm run --silent user:create -- --email "$OPERATOR_EMAIL" --name "$OPERATOR_NAME" --profile operator 2>"$err" || status=$?
if [ "$status" -eq 2 ] && grep -q 'already in use' "$err"; then
  echo "The operator $OPERATOR_EMAIL already exists: nothing to do."
  exit 0
fi
cat "$err" >&2
exit "$status"
