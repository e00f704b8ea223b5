import type { ClientReport } from './ClientReport.js'

/** A report without the page it happened on (the reporter adds it). */
export type WithoutPage<report> = report extends unknown ? Omit<report, 'page'> : never

/** A report before the reporter has read it: an error still an error, the page not yet named. */
export type RawReport =
  | { kind: 'error'; source: 'error' | 'unhandledrejection'; error: unknown; actionId?: string }
  | WithoutPage<Extract<ClientReport, { kind: 'refusal' | 'csp' | 'vital' }>>

/** The page events the reporter reads: uncaught errors, unhandled rejections, CSP violations. */
export const REPORTED_EVENTS = ['error', 'unhandledrejection', 'securitypolicyviolation'] as const

/** What waits for the reporter: the first 20 events and reports; a loop of errors keeps no more. */
const EARLY_LIMIT = 20

const early: (Event | RawReport)[] = []
let sink: ((item: Event | RawReport) => void) | undefined
let installed = false

/**
 * Hand a report (or a page event) to the reporter. Never throws, never
 * blocks: the reporter, loaded after the page (`installReporting`), batches
 * and sends later; until it loads the first 20 wait here.
 *
 * @example
 * ```ts
 * report({ kind: 'refusal', callable: 'collectDrop', code: 'out_of_reach', durationMs: 180 })
 * ```
 */
export function report(item: Event | RawReport): void {
  if (sink) sink(item)
  else if (early.length < EARLY_LIMIT) early.push(item)
}

/** The reporter takes over: what waited first, then every new report and event. */
export function takeReports(next: (item: Event | RawReport) => void): void {
  sink = next
  for (const item of early.splice(0)) next(item)
}

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
  const start = () => void import('./startReporter.js').then(({ startReporter }) => startReporter())
  // A second after `load`, when the first screen's work is done (iOS webviews have no requestIdleCallback).
  const load = () => setTimeout(start, 1000)
  if (document.readyState === 'complete') load()
  else addEventListener('load', load, { once: true })
}
