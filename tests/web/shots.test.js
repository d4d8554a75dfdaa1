// The browser tests' screenshots leave a developer's tree clean: by default they go to a
// directory git ignores and tracks nothing in (tests/web/out/, or $GABATA_SCREENSHOTS), and only
// UPDATE_SCREENSHOTS=1 sends them to the tracked tests/web/screenshots/ (see shots.js).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

// shots.js read in a fresh node with the given environment (it reads it once, on loading)
function dirWith(env) {
  const clean = { ...process.env };
  delete clean.UPDATE_SCREENSHOTS;
  delete clean.GABATA_SCREENSHOTS;
  return execFileSync(process.execPath, ['-e', "process.stdout.write(require('./shots').SHOTS)"],
    { cwd: __dirname, env: { ...clean, ...env }, encoding: 'utf8' });
}

function git(args) {
  return execFileSync('git', args, { cwd: __dirname, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

let inGit = true;
try { git(['rev-parse', '--is-inside-work-tree']); } catch { inGit = false; }

test('screenshots go to an ignored directory with no tracked file, unless asked', { skip: !inGit && 'not a git checkout' }, () => {
  const dir = dirWith({});
  assert.equal(dir, path.join(__dirname, 'out'));
  assert.equal(git(['ls-files', '--', dir]), '', 'no tracked file where the tests write');
  // check-ignore exits 1 (and execFileSync throws) if git would show the directory as untracked
  assert.ok(git(['check-ignore', '--', path.join(dir, 'page-qelat-360.png')]).trim().length > 0);
  assert.equal(dirWith({ GABATA_SCREENSHOTS: path.join(__dirname, 'out', 'custom') }), path.join(__dirname, 'out', 'custom'));
  assert.equal(dirWith({ UPDATE_SCREENSHOTS: '1' }), path.join(__dirname, 'screenshots'));
});
