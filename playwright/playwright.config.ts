import { defineConfig } from '@playwright/test';

/**
 * Debian's `chromium-headless-shell` (Playwright cannot download its own browser here,
 * toolchain.md): the headless build Playwright itself runs by default, without the full
 * browser's UI layers. The suite's CPU was 35 % (Storybook smoke) and 43 % (portal) lower than
 * with `chromium --headless`; `CHROMIUM_PATH=/usr/bin/chromium` runs the full browser.
 */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** The portal under test: the release BFF in harness mode on the embedded simulators. */
export const PORTAL_PORT = Number(process.env.PORTAL_PORT ?? 8181);
export const STORYBOOK_PORT = Number(process.env.STORYBOOK_PORT ?? 6007);
/** The static Storybook build, relative to the repository root (`STORYBOOK_DIR` for another build). */
export const STORYBOOK_DIR = process.env.STORYBOOK_DIR ?? 'storybook-static';

/**
 * The servers a run needs: `PW_SERVERS=storybook` starts only the Storybook server, for a run
 * of the storybook project alone without a BFF binary (e.g. while the workspace builds);
 * `PW_SERVERS=portal` only the BFF, for a run of portal tests without a Storybook build; unset:
 * both (the test command runs both projects in one run).
 */
function servers<T>([portal, storybook]: [T, T]): T[] {
  if (process.env.PW_SERVERS === 'storybook') return [storybook];
  if (process.env.PW_SERVERS === 'portal') return [portal];
  return [portal, storybook];
}

export default defineConfig({
  testDir: './tests',
  // a second run at the same time (the test command's Storybook smoke) keeps its own results
  outputDir: process.env.PW_OUTPUT_DIR ?? './test-results',
  fullyParallel: true,
  // The suite waits on debounces, upstream delays and timeouts more than on CPU: 4 workers on
  // two cores (with 3, the test command's browser phase kept the machine about 1.8 cores busy).
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 4,
  forbidOnly: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { launchOptions, trace: (process.env.PW_TRACE as 'on' | undefined) ?? 'off' },
  projects: [
    {
      name: 'portal',
      testIgnore: /storybook\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${PORTAL_PORT}` },
    },
    {
      name: 'storybook',
      testMatch: /storybook\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${STORYBOOK_PORT}` },
    },
  ],
  webServer: servers([
    {
      // Built once by scripts/test.sh (`BFF_BIN` runs another binary, e.g. a copy kept for
      // measuring while the workspace rebuilds); a short upstream timeout keeps timeout
      // scenarios quick.
      command: process.env.BFF_BIN ?? '../target/release/bff',
      cwd: '.',
      url: `http://127.0.0.1:${PORTAL_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        BFF_ADDR: `127.0.0.1:${PORTAL_PORT}`,
        BFF_MODE: 'harness',
        // `PW_WEB_DIST`: another build of the web app (e.g. the previous head's, to see a new test fail)
        BFF_WEB_DIST: process.env.PW_WEB_DIST ?? '../web/dist',
        BFF_UPSTREAM_TIMEOUT_MS: '4000',
        // Every test customer comes from 127.0.0.1: the per-address limits (writes, new
        // sessions) would throttle QA; the per-session one is kept.
        BFF_RATE_LIMIT_PER_MIN: '0',
        BFF_SESSION_CREATE_PER_MIN: '0',
        BFF_KEYED_PER_ADDRESS_PER_HOUR: '0',
        // the reconnect's aux account is fetched 1 s after its creation, not the seed's 10 s
        BFF_RECONNECT_AUX_FETCH_MS: '1000',
        RUST_LOG: 'warn',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `npx http-server ../${STORYBOOK_DIR} -p ${STORYBOOK_PORT} -a 127.0.0.1 -s -c3600`,
      url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ]),
});
