import { report } from './reportQueue.js'

/** The page events the reporter reads: uncaught errors, unhandled rejections, CSP violations. */
export const REPORTED_EVENTS = ['error', 'unhandledrejection', 'securitypolicyviolation'] as const

let installed = false

/**
 * Start reporting from this page (once; later calls do nothing). This part
 * is on the first load, so it only keeps the first events (uncaught errors,
 * unhandled rejections, CSP violations) and reports as they come; a second
 * after the page has loaded, the reporter itself (`startReporter`, with
 * `web-vitals`) loads in its own chunk, reads them, and takes over. Does
 * nothing outside a page.
 *
 * @example
 * ```ts
 * // pages/+onCreatePageContext.client.ts
 * installReporting()
 * ```
 */
export function installReporting(): void {
  // Outside a page (the client hooks run in Node in tests) there is nothing to listen to.
  if (installed || typeof document === 'undefined') return
  installed = true
  for (const type of REPORTED_EVENTS) addEventListener(type, report)
  // A second after `load`, when the first screen's work is done (iOS webviews have no requestIdleCallback).
  const load = () => setTimeout(() => import('./startReporter.js').then((reporter) => reporter.startReporter()), 1000)
  // `load` fires once: no need to remove the listener.
  if (document.readyState === 'complete') load()
  else addEventListener('load', load)
}
