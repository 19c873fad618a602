#!/bin/sh
# The nightly backup (deploy/herbal-shop-backup.service): scripts/backup-daily.ts, the same
# routine as the owners' `Back up now` on the desk's Health page. An encrypted copy of the
# configured database and the shop's secrets in $BACKUP_ROOT/daily/YYYY-MM-DD.backup,
# checked (it must decrypt and open, or this fails), the rotation (the newest 14 daily
# copies, and the first of each month for the newest 6 months in $BACKUP_ROOT/monthly),
# then the copy to $BACKUP_REMOTE and the same rotation there. Run from the shop's folder
# with its environment (EnvironmentFile=/etc/herbal-shop/env); BACKUP_PASSPHRASE_FILE is
# required.
set -eu

cd "$(dirname "$0")/.."

# vite-node directly rather than `npm run`: npm would want a writable home for its logs,
# which the unit does not give.
exec node_modules/.bin/vite-node --config vitest.config.ts scripts/backup-daily.ts
