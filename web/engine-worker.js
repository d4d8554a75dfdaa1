/* engine-worker.js — the computer in the browser: a Web Worker that loads libgabata compiled to
 * WebAssembly (gabata.js + gabata.wasm, scripts/build-wasm) and answers the page's API requests
 * with the local backend (local.js), so that a game against the computer or between two people
 * on one screen needs no server. Messages in: {id, method, path, body}; out: {id, status, body,
 * type} (body as text), or {ready: true} / {ready: false, error} once at the start. */
'use strict';
/* global importScripts, createGabata, createLocalBackend */
// The engine's files. The build names them by a hash of their content (gabata.HASH.js, .wasm:
// cmake/embed_web.cmake, scripts/build-static) and writes the names into this line, so that a
// browser may cache them for good; `gabata serve --web DIR` serves a folder as it is.
const ENGINE = { js: 'gabata.js', wasm: 'gabata.wasm' };
let backend = null;
const pending = [];

function answer(msg) {
  let r;
  try {
    r = backend.handle(msg.method, msg.path, msg.body);
  } catch (e) {
    r = { status: 500, body: JSON.stringify({ error: `the engine failed: ${e.message}`, status: 500 }), type: 'application/json' };
  }
  self.postMessage(Object.assign({ id: msg.id }, r));
}

self.onmessage = (ev) => {
  if (backend) answer(ev.data);
  else pending.push(ev.data);
};

try {
  importScripts(ENGINE.js, 'local.js');
  createGabata({ locateFile: (f) => (f.endsWith('.wasm') ? ENGINE.wasm : f) }).then((M) => {
    backend = createLocalBackend(M);
    self.postMessage({ ready: true });
    while (pending.length) answer(pending.shift());
  }, (e) => self.postMessage({ ready: false, error: String(e && e.message ? e.message : e) }));
} catch (e) {
  self.postMessage({ ready: false, error: String(e && e.message ? e.message : e) });
}
