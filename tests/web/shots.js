// Where the web tests save their screenshots. By default an untracked directory,
// $GABATA_SCREENSHOTS or tests/web/out/ (gitignored), so a test run leaves the tree clean;
// UPDATE_SCREENSHOTS=1 writes the tracked pictures in tests/web/screenshots/ instead (to refresh
// them on purpose, then commit). See tests/web/README.md.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function shotsDir() {
  if (process.env.UPDATE_SCREENSHOTS === '1') return path.join(__dirname, 'screenshots');
  if (process.env.GABATA_SCREENSHOTS) return path.resolve(process.env.GABATA_SCREENSHOTS);
  return path.join(__dirname, 'out');
}

const SHOTS = shotsDir();
fs.mkdirSync(SHOTS, { recursive: true });

module.exports = { SHOTS, shotsDir };
