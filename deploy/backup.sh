#!/bin/sh
# The nightly backup (deploy/herbal-shop-backup.service): an encrypted copy of the
# configured database in $BACKUP_ROOT/daily/YYYY-MM-DD.backup, checked (db:check: it must
# decrypt and open, or this script fails), then the rotation (deploy/rotate-backups.mjs:
# the newest 14 daily copies, and the first of each month for the newest 6 months in
# $BACKUP_ROOT/monthly). Run from the shop's folder with its environment
# (EnvironmentFile=/etc/herbal-shop/env); BACKUP_PASSPHRASE_FILE is required.
set -eu

cd "$(dirname "$0")/.."
: "${BACKUP_PASSPHRASE_FILE:?names the passphrase file: backups hold shoppers personal data and are written encrypted only}"
root="${BACKUP_ROOT:-/var/backups/herbal-shop}"
day="$(date +%F)"
file="$root/daily/$day.backup"

mkdir -p "$root/daily" "$root/monthly"

# vite-node directly rather than `npm run`: npm would want a writable home for its logs,
# which the unit does not give.
backup() {
  node_modules/.bin/vite-node --config vitest.config.ts scripts/backup.ts -- "$@"
}

backup backup "$file"
backup check "$file"
node deploy/rotate-backups.mjs "$root" --today "$day"
