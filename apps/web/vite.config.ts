import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const raiz = path.resolve(__dirname, '../..');

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@sig/contracts': path.join(raiz, 'packages/contracts/src/index.ts'),
      '@sig/i18n': path.join(raiz, 'packages/i18n/src/index.ts'),
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          // The contracts only declare schemas and constants: a page that reads one of them does not pull the rest (nor zod).
          { test: /packages\/contracts\/src\//, sideEffects: false },
          // antd's inputs read one context of rc-form's barrel: without this its fields, store and validator
          // would come with every input, /login's included (bench/README.md, web app).
          { test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false },
        ],
      },
    },
  },
});
