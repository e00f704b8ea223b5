// Global <head> additions. The title and lang come from +config.ts (vike-react).
// The icons and the manifest are files of public/ (same origin: the CSP's
// img-src and default-src 'self' allow them); scripts/renderIcons.mjs renders
// the PNGs from public/icon.svg. The manifest is .json rather than .webmanifest so that
// every static server (Vike's, Firebase Hosting) sends it with a JSON content type.
// The early-errors hook comes first, so it listens before any other script runs
// (the production CSP allows exactly its text, by hash: createSecurityHeaders).
import { EARLY_ERRORS_SCRIPT } from '../src/lib/reporting/earlyErrors.js'

export default function Head() {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by the CSP by its hash */}
      <script dangerouslySetInnerHTML={{ __html: EARLY_ERRORS_SCRIPT }} />
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, user-scalable=no" />
      {/* Both schemes from the first paint, before app.css arrives: no white flash on a dark phone. */}
      <meta name="color-scheme" content="light dark" />
      {/* The app's background (--bg) in each scheme: World App's chrome around the webview matches the page. */}
      <meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f1216" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/icon-192.png" type="image/png" sizes="192x192" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180" />
      <link rel="manifest" href="/manifest.json" />
    </>
  )
}
