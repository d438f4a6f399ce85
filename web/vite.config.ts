import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { appRoutes, precompress } from './build/plugins';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    react(),
    // React Aria ships its built-in strings (e.g. a combobox's announcements) in 34 locales;
    // the app speaks English and Spanish only.
    { ...optimizeLocales.vite({ locales: ['en-US', 'es-ES'] }), enforce: 'pre' },
    appRoutes(root),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendors in chunks no flow owns, so a flow's own chunk is its own code and every flow
        // shares one cached copy; dependencies stay in their own group (not pulled into the
        // first group that imports them, rolldown's default).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/, priority: 3 },
            {
              name: 'ui',
              test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@internationalized|clsx|use-sync-external-store)[\\/]/,
              priority: 2,
              // only the React Aria modules four or more chunks use: a component a few flows alone
              // need (the address combobox of retail and move, the refill's tabs) loads with them
              // (buy's first load: -14.6 KB; three rather than two once the account flows came: the
              // dashboard's first load -0.7 KB; four once the move entry reused the combobox,
              // whose collection and selection modules then moved into this chunk every page loads:
              // dashboard, reconnect, buy and handoff +7.6 KB at three, +0.2 to +0.6 KB at four)
              minShareCount: 4,
            },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/-/api': 'http://localhost:8080',
      '/secure': 'http://localhost:8080',
      '/van-service-api': 'http://localhost:8080',
      '/token': 'http://localhost:8080',
    },
  },
});
