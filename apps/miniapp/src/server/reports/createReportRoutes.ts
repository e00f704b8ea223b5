import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from './createRateLimiter.js'
import { REPORT_REFUSAL_STATUS, type ReportRefusalCode, ReportRefusedError } from './ReportRefusedError.js'
import { REPORT_CONTENT_TYPES, type ReportContentType, readReports } from './readReports.js'
import { toReportLogEntry } from './toReportLogEntry.js'

/** Options of {@link createReportRoutes}. */
export interface ReportRoutesOptions {
  /** Origins whose pages may post reports besides the request's own (`WORLDMAP_APP_ORIGINS`). @default none */
  appOrigins?: readonly string[]
  /** Writes one log line (stdout in production, where Cloud Logging reads it). @default console.log */
  writeLine?: (line: string) => void
  /** The Google Cloud project, for the entries' `logging.googleapis.com/trace`; none: no trace field. */
  project?: string
  /** Each source's bucket, in reports. @default 60 at once, one more every 2 s, 10,000 sources */
  perSource?: Omit<RateLimiterOptions, 'now'>
  /** Everyone's together: what the server logs at most. @default 600 at once, 100 more per second */
  overall?: Omit<RateLimiterOptions, 'now' | 'maxSources'>
  /** @default Date.now */
  now?: () => number
}

/** The answer to a refused request. */
export interface ReportRefusalBody {
  error: ReportRefusalCode
  message: string
}

/** Hono on Node keeps the socket as `env.incoming.socket` (@hono/node-server). */
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/** The caller's address as the functions' crowd limits read it: the last `X-Forwarded-For` entry (the one our proxy added), else the socket's. */
function sourceOf(forwardedFor: string | undefined, env: NodeBindings | undefined): string {
  const forwarded = forwardedFor
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1)
  return forwarded ?? env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

const isReportContentType = (value: string): value is ReportContentType =>
  (REPORT_CONTENT_TYPES as readonly string[]).includes(value)

/**
 * `POST /api/reports`: the app's reports (uncaught errors, refusals, CSP
 * violations, web vitals) and the browser's own CSP reports, written as one
 * Cloud Logging structured JSON line each, then `204`. Nothing about the
 * player is kept: every text is scrubbed again here (`readReports`), the
 * caller's address is used for its rate limit only and never logged.
 *
 * Refusals, as `{error, message}`: another site's page (`Origin` or
 * `Sec-Fetch-Site` say so) → 403 `forbidden_origin`; a content type other than
 * `application/json`, `application/csp-report`, `application/reports+json` →
 * 415 `unsupported_media_type`; bad JSON or a report outside its schema → 400
 * `invalid_report`; over the source's bucket (its reports count, not its
 * requests) or everyone's → 429 `rate_limited`. The body limit in front of
 * the app (16 KiB) answers 413 `payload_too_large` before this reads a byte.
 *
 * @example
 * ```ts
 * app.route('/api/reports', createReportRoutes({ appOrigins: env.appOrigins }))
 * ```
 */
export function createReportRoutes({
  appOrigins = [],
  writeLine = (line) => console.log(line),
  project,
  perSource = { capacity: 60, refillPerSecond: 0.5, maxSources: 10_000 },
  overall = { capacity: 600, refillPerSecond: 100 },
  now = Date.now,
}: ReportRoutesOptions = {}): Hono<{ Bindings: NodeBindings }> {
  const sources: RateLimiter = createRateLimiter({ ...perSource, now })
  const everyone: RateLimiter = createRateLimiter({ ...overall, maxSources: 1, now })
  const app = new Hono<{ Bindings: NodeBindings }>()

  app.onError((error, c) => {
    if (!(error instanceof ReportRefusedError)) throw error
    const body: ReportRefusalBody = { error: error.code, message: error.message }
    return c.json(body, REPORT_REFUSAL_STATUS[error.code] as ContentfulStatusCode, { 'cache-control': 'no-store' })
  })

  app.post('/', async (c) => {
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    const ownOrigin = new URL(c.req.url).origin
    // A browser says where a request comes from; scripted clients can say anything, and meet the rate limit.
    const fromOtherSite =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined &&
        origin !== ownOrigin &&
        !appOrigins.includes(origin) &&
        !(origin === 'null' && contentType !== 'application/json'))
    if (fromOtherSite) throw new ReportRefusedError('forbidden_origin')
    if (!isReportContentType(contentType)) throw new ReportRefusedError('unsupported_media_type')
    const reports = readReports(contentType, await c.req.text())
    const source = sourceOf(c.req.header('x-forwarded-for'), c.env)
    if (!sources.take(source, reports.length) || !everyone.take('all', reports.length)) {
      throw new ReportRefusedError('rate_limited')
    }
    const at = now()
    for (const report of reports) writeLine(JSON.stringify(toReportLogEntry(report, { now: at, project })))
    return c.body(null, 204, { 'cache-control': 'no-store' })
  })

  app.all('/', (c) => c.json({ error: 'method_not_allowed', message: 'Use POST.' }, 405, { allow: 'POST' }))
  return app
}
