// The browser the web tests drive: Debian's headless chromium (or $CHROMIUM) through
// playwright-core, with the flags that keep it from talking to anything but the test's server.
// launch() for a browser of contexts (newContext, one a page or a viewport), launchPersistent()
// for a profile of its own on disk (a service worker, the page's storage across a reload).
'use strict';
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function launch(opts = {}) {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, ...opts });
}

function launchPersistent(profile, opts = {}) {
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, ...opts });
}

module.exports = { CHROMIUM, FLAGS, launch, launchPersistent };
