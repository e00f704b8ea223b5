let installed = false

/**
 * Start reporting from this page (once; later calls do nothing): a second
 * after the page's `load`, the reporter (`startReporter`, with `web-vitals`)
 * loads in its own chunk and listens from then on for uncaught errors,
 * unhandled rejections and CSP violations, and takes the reports the app
 * queued meanwhile (`report`). Only these few lines are on the first load.
 * Errors before the reporter loads are kept by the early hook in the page's
 * `<head>` (`EARLY_ERRORS_SCRIPT`, the first 20), which the reporter takes
 * when it loads; CSP violations from then still arrive through the policy's
 * `report-to`/`report-uri`, and the web vitals are read from the browser's
 * buffered entries. Does nothing outside a page.
 *
 * @example
 * ```ts
 * // pages/+onCreatePageContext.client.ts
 * installReporting()
 * ```
 */
export function installReporting(): void {
  // Outside a page (the client hooks run in Node in tests) there is nothing to report from.
  if (installed || typeof document === 'undefined') return
  installed = true
  // A second after `load`, when the first screen's work is done (iOS webviews have no requestIdleCallback).
  const load = () => setTimeout(() => import('./startReporter.js').then((reporter) => reporter.startReporter()), 1000)
  // `load` fires once: no need to remove the listener.
  if (document.readyState === 'complete') load()
  else addEventListener('load', load)
}
