import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const include = ['src/**/*.test.{ts,tsx}'];

/**
 * Test files that replace modules or globals (`vi.mock`, `vi.spyOn`, `vi.stubGlobal`) run each in
 * a fresh module graph; every other file shares one per worker, which spends about 40 % of the
 * CPU time of a run with a fresh graph and jsdom per file (React, React Aria, MSW imported 45
 * times). Found by reading the files, so a new test that mocks is isolated without a list.
 */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
const mocking = testFiles(join(root, 'src'))
  .filter((file) => /\bvi\.(mock|doMock|spyOn|stubGlobal)\(/.test(readFileSync(file, 'utf8')))
  .map((file) => relative(root, file));

export default defineConfig({
  root,
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    // a long walk (retail's, about 2 s alone) took over 30 s beside Playwright and cargo on two cores
    testTimeout: 60_000,
    setupFiles: ['./src/testing/setup.ts'],
    environmentOptions: { jsdom: { url: 'http://localhost:3000/en/dollargeneral' } },
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: mocking, isolate: false } },
      ...(mocking.length > 0 ? [{ extends: true as const, test: { name: 'isolated', include: mocking } }] : []),
    ],
  },
});
