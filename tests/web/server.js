// Start `gabata serve` on a free loopback port for a test, and stop it afterwards.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
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

// Resolves to { base, stop(), proc, data } once the server prints the address it listens on.
// Each server keeps its games in a fresh temporary folder (removed when it stops), unless the
// arguments name one with --data (then the caller owns it: a restart test reuses it).
function startServer(extraArgs = []) {
  const bin = gabataBinary();
  const own = !extraArgs.includes('--data');
  const data = own ? fs.mkdtempSync(path.join(os.tmpdir(), 'gabata-data-')) : extraArgs[extraArgs.indexOf('--data') + 1];
  const args = own ? ['--data', data, ...extraArgs] : extraArgs;
  const cleanup = () => { if (own) fs.rmSync(data, { recursive: true, force: true }); };
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, ['serve', '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.once('exit', cleanup);
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
          data,
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
