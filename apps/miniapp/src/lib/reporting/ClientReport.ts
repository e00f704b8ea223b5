// The app's reports to its server (`POST /api/reports`): wire types, shared by
// the reporter in the page and the server's route, which checks them with zod.

/** The route the app's reports, and the browser's own CSP reports, go to. */
export const REPORTS_PATH = '/api/reports'

/** At most this many reports in one request; the reporter sends bigger queues in several. */
export const MAX_REPORTS_PER_BATCH = 20

/** What every report says besides its kind. */
export interface ReportContext {
  /** The page's path, without query or fragment (`/map`). */
  page: string
  /** The player action it belongs to (32 hex), when it happened inside one. */
  actionId?: string
  /**
   * The region the page was reading (`reportRegionOf`): `main`, or a region
   * key of the database router's table, at most 5 geohash characters
   * (~5 km); never a position.
   */
  region?: string
}

/** An uncaught error (`window` `error`) or an unhandled rejection. */
export interface ErrorReport extends ReportContext {
  kind: 'error'
  source: 'error' | 'unhandledrejection'
  /** The error's `name` (`TypeError`), or `Error` for a thrown non-error. */
  name: string
  message: string
  stack?: string
}

/** A callable that refused, or a call that failed, by its code. */
export interface RefusalReport extends ReportContext {
  kind: 'refusal'
  /** The contract row's name (`collectDrop`). */
  callable: string
  /** The row's refusal code, or why the call failed (`network`, `timeout`…). */
  code: string
  /** From the call to its failure, ms. */
  durationMs: number
}

/** A Content-Security-Policy violation the page saw (`securitypolicyviolation`). */
export interface CspReport extends ReportContext {
  kind: 'csp'
  directive: string
  /** What was blocked: a URL without its query, or `inline`/`eval`. */
  blocked: string
  sourceFile?: string
  disposition?: 'enforce' | 'report'
}

/** A Core Web Vital or load metric, from the `web-vitals` library. */
export interface VitalReport extends ReportContext {
  kind: 'vital'
  metric: 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB'
  /** ms, or unitless for CLS. */
  value: number
  rating: 'good' | 'needs-improvement' | 'poor'
}

/** One report from the app. */
export type ClientReport = ErrorReport | RefusalReport | CspReport | VitalReport

/** The body the reporter posts (`application/json`). */
export interface ReportBatch {
  reports: ClientReport[]
}
