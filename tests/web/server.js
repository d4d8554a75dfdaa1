// Start `gabata serve` on a free loopback port for a test, and stop it afterwards.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

function gabataBinary() {
  const fromEnv = process.env.GABATA;
  if (fromEnv) return fromEnv;
  const root = path.resolve(__dirname, '..', '..');
  for (const dir of ['build-test', 'build', 'build-asan']) {
    const p = path.join(root, dir, 'gabata');
    if (fs.existsSync(p)) return p;
  }
  throw new Error('gabata binary not found: build it, or set GABATA=/path/to/gabata');
}

// Resolves to { base, stop(), proc } once the server prints the address it listens on.
function startServer(extraArgs = []) {
  const bin = gabataBinary();
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, ['serve', '--port', '0', '--quiet', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`gabata serve did not start: ${out}${err}`)); }, 20000);
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[0-9.]+:\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          base: m[1],
          proc,
          stderr: () => err,
          stop: () => new Promise((res) => {
            if (proc.exitCode !== null) return res(proc.exitCode);
            proc.once('exit', (code, sig) => res(code === null ? sig : code));
            proc.kill('SIGTERM');
          }),
        });
      }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`gabata serve exited (${code}): ${out}${err}`)); });
  });
}

module.exports = { startServer, gabataBinary };
