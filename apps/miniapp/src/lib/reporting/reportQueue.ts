import type { ClientReport } from './ClientReport.js'

/** A report without the page it happened on (the reporter adds it). */
export type WithoutPage<report> = report extends unknown ? Omit<report, 'page'> : never

/** A report before the reporter has read it: an error still an error, the page not yet named. */
export type RawReport =
  | { kind: 'error'; source: 'error' | 'unhandledrejection'; error: unknown; actionId?: string }
  | WithoutPage<Extract<ClientReport, { kind: 'refusal' | 'csp' | 'vital' }>>

/** What waits for the reporter: the first 20 events and reports; a loop of errors keeps no more. */
const EARLY_LIMIT = 20

const early: (Event | RawReport)[] = []
let sink: ((item: Event | RawReport) => void) | undefined

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
