import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        manualChunks(id) {
          // The app shell's vendors stay together; everything the retail route needs (react-aria,
          // react-hook-form, zod) is pulled into that route's lazy chunks by default.
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          return undefined;
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
