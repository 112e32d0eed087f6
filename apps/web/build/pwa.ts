import { VitePWA } from 'vite-plugin-pwa';

/** The header's colour (index.html's theme-color): the installed app's title bar. */
const THEME_COLOR = '#1e293b';
/** The page's background (styles.css): the splash screen while the app opens. */
const BACKGROUND_COLOR = '#f9fafb';

/** Requests the service worker must leave to the network, navigations included: the API and its documentation. */
export const NETWORK_ONLY = /^\/api(\/|$)/;

/**
 * GOC installable (docs/offline.md "Instalación y actualizaciones"): a web app manifest and a
 * service worker (Workbox's generateSW) that precaches the built app — the shell, every route's
 * chunk, the CSS, the fonts and the icons — and answers the app's routes with index.html. It keeps
 * nothing else: no runtime caching, so API answers (personal data, tokens) never enter its caches.
 * A new version waits until the user applies it (`registerType: 'prompt'`, components/pwa).
 */
export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by the update notice (virtual:pwa-register/react), after the page's load.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'GOC',
      short_name: 'GOC',
      description: 'Back office de obras: pedidos de material, altas y bajas, catálogos',
      lang: 'es-MX',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The icons are in the precache through globPatterns already (listed twice, Workbox refuses them).
    includeManifestIcons: false,
    workbox: {
      // The build's own files; its .br/.gz copies and anything else stay out.
      globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
      // PrimeIcons' SVG font (342 kB): only browsers without woff2 would ask for it.
      globIgnores: ['assets/primeicons-*.svg'],
      // Vite's file names carry a content hash: no revision query needed for them.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [NETWORK_ONLY],
      // One file to serve and revalidate instead of sw.js plus a workbox-*.js beside it.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [],
    },
  });
}
