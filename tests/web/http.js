// Small HTTP helpers for the tests of `gabata serve` that need what fetch cannot do: a chosen
// Host or Origin header, a chosen local address (127.0.0.2 is another client to the server), and
// reading a Server-Sent Events stream (node 20 has no EventSource).
'use strict';
const http = require('node:http');

// One request; resolves to { status, headers, text, json }.
function request(base, { method = 'GET', path = '/', headers = {}, body, localAddress, agent = false, timeout = 30000 } = {}) {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const h = { ...headers };
    if (data !== undefined) h['Content-Length'] = Buffer.byteLength(data);
    const rq = http.request({ host: u.hostname, port: u.port, method, path, headers: h, localAddress, agent, timeout }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let json = null;
        try { json = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    rq.on('timeout', () => rq.destroy(new Error(`${method} ${path}: no answer in ${timeout} ms`)));
    rq.on('error', reject);
    if (data !== undefined) rq.write(data);
    rq.end();
  });
}

// An event stream (token: a seat's, sent as Authorization): { events: [{id, event, data, at}], wait(pred, ms), close(), status, headers, raw }.
// onEvent(ev) is called for every event as it arrives.
function openEvents(base, path, { lastEventId, localAddress, onEvent, agent = false, token, headers: extra = {} } = {}) {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const headers = { Accept: 'text/event-stream', ...extra };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
    if (token) headers.Authorization = `Bearer ${token}`; // a seat's stream (never ?token=: docs/api.md)
    const st = { events: [], raw: '', waiters: [], closed: false };
    const rq = http.request({ host: u.hostname, port: u.port, path, headers, localAddress, agent }, (res) => {
      st.status = res.statusCode;
      st.headers = res.headers;
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (d) => {
        st.raw += d;
        buf += d;
        let k;
        while ((k = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          const ev = { id: null, event: 'message', data: '', at: Date.now() };
          let any = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const c = line.indexOf(':');
            const field = c < 0 ? line : line.slice(0, c);
            const value = c < 0 ? '' : line.slice(c + 1).replace(/^ /, '');
            if (field === 'id') { ev.id = Number(value); any = true; }
            else if (field === 'event') { ev.event = value; any = true; }
            else if (field === 'data') { ev.data += value; any = true; }
          }
          if (!any || ev.data === '' && ev.id === null) continue;
          try { ev.json = JSON.parse(ev.data); } catch { /* not JSON */ }
          st.events.push(ev);
          if (onEvent) onEvent(ev);
          st.waiters = st.waiters.filter((w) => !w());
        }
      });
      res.on('end', () => { st.closed = true; st.waiters = st.waiters.filter((w) => !w()); });
      res.on('error', () => { st.closed = true; });
      resolve(st);
    });
    st.close = () => { st.closed = true; rq.destroy(); };
    // resolves to the first event (from the start) for which pred holds; rejects after ms
    st.wait = (pred, ms = 10000) => new Promise((res2, rej2) => {
      const found = st.events.find(pred);
      if (found) return res2(found);
      const timer = setTimeout(() => rej2(new Error(`no such event in ${ms} ms; got ${st.events.map((e) => e.event).join(',')}`)), ms);
      st.waiters.push(() => {
        const f = st.events.find(pred);
        if (f) { clearTimeout(timer); res2(f); return true; }
        return false;
      });
    });
    rq.on('error', reject);
    rq.end();
  });
}

module.exports = { request, openEvents };
