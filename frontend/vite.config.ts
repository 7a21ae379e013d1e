import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

// The Go server embeds dist/ and serves index.html for every non-API path,
// so the service worker must never answer /api, /auth or /doc with the shell.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Vademecum',
        short_name: 'Vademecum',
        description: 'Clinical guidelines',
        theme_color: '#639748',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/auth\/logout/, /^\/doc\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks a page loads (scripts/bundle-size.mjs reads it)
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a deploy that only changes app code keeps them cached. Other
        // packages go with the chunks that use them, so lazy screens' libraries stay off the
        // reader's first page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Lexical only ever loads with the lazy editor and admin chunks, never with a reader's first page.
            { name: 'lexical', test: /node_modules[\\/](lexical|@lexical)[\\/]/ },

          ],
        },
      },
    },
  },
  server: {
    port: 5173,
  },
});
