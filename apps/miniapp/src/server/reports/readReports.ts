import { ACTION_ID_PATTERN } from '@worldmap/game/contract'
import * as z from 'zod'
import { type ClientReport, MAX_REPORTS_PER_BATCH } from '../../lib/reporting/ClientReport.js'
import { REPORT_REGION_PATTERN } from '../../lib/reporting/reportRegion.js'
import { scrubText } from '../../lib/reporting/scrubText.js'
import { ReportRefusedError } from './ReportRefusedError.js'

/** Text scrubbed as it is read: whatever a client sent, no address, id or position goes on. */
const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => scrubText(value, max))
const name = z.string().regex(/^[\w.-]{1,64}$/)

const context = {
  page: text(200),
  // An id that is not one is dropped: the log's labels and trace take nothing else.
  actionId: z
    .string()
    .optional()
    .transform((value) => (value !== undefined && ACTION_ID_PATTERN.test(value) ? value : undefined)),
  // Likewise a region: `main` or a key of ≤ 5 geohash characters; anything finer (a position) is dropped.
  region: z
    .string()
    .max(100)
    .optional()
    .transform((value) => (value !== undefined && REPORT_REGION_PATTERN.test(value) ? value : undefined)),
}

const clientReportSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('error'),
    source: z.enum(['error', 'unhandledrejection']),
    name,
    message: text(500),
    stack: text(2000).optional(),
    ...context,
  }),
  z.object({
    kind: z.literal('refusal'),
    callable: name,
    code: name,
    durationMs: z.number().finite().min(0).max(600_000),
    ...context,
  }),
  z.object({
    kind: z.literal('csp'),
    directive: name,
    blocked: text(300),
    sourceFile: text(300).optional(),
    disposition: z.enum(['enforce', 'report']).optional(),
    ...context,
  }),
  z.object({
    kind: z.literal('vital'),
    metric: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
    value: z.number().finite().min(0).max(600_000),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
    ...context,
  }),
])

const batchSchema = z.object({ reports: z.array(clientReportSchema).min(1).max(MAX_REPORTS_PER_BATCH) })

/** A URL as the browser reports it: its path alone (`/map`), or a keyword (`inline`, `eval`). */
const urlPath = (value: string | undefined) => {
  if (!value) return 'inline'
  try {
    return new URL(value).pathname
  } catch {
    return value
  }
}

const blocked = (value: string | undefined) => {
  if (!value || !/^[a-z][\w+.-]*:/i.test(value)) return value || 'inline'
  try {
    const url = new URL(value)
    return url.origin === 'null' ? `${url.protocol}` : `${url.origin}${url.pathname}`
  } catch {
    return value
  }
}

// report-uri's body (CSP level 2), `application/csp-report`.
const cspReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': z.string().max(2000).optional(),
    'effective-directive': z.string().max(100).optional(),
    'violated-directive': z.string().max(2000).optional(),
    'blocked-uri': z.string().max(2000).optional(),
    'source-file': z.string().max(2000).optional(),
    disposition: z.enum(['enforce', 'report']).optional(),
  }),
})

// The Reporting API's body (report-to), `application/reports+json`: a list, of which the CSP ones are read.
const reportingApiSchema = z
  .array(
    z.object({
      type: z.string().max(100),
      url: z.string().max(2000).optional(),
      body: z
        .object({
          documentURL: z.string().max(2000).optional(),
          effectiveDirective: z.string().max(100).optional(),
          blockedURL: z.string().max(2000).optional(),
          sourceFile: z.string().max(2000).optional(),
          disposition: z.enum(['enforce', 'report']).optional(),
        })
        .optional(),
    }),
  )
  .max(MAX_REPORTS_PER_BATCH)

/** The first word of a directive (`script-src-elem 'self'` → `script-src-elem`). */
const directiveOf = (value: string | undefined) => value?.trim().split(/\s+/)[0] || 'unknown'

const cspOf = (raw: {
  page: string | undefined
  directive: string | undefined
  blocked: string | undefined
  sourceFile: string | undefined
  disposition: 'enforce' | 'report' | undefined
}) =>
  ({
    kind: 'csp',
    page: urlPath(raw.page),
    directive: directiveOf(raw.directive),
    blocked: blocked(raw.blocked),
    ...(raw.sourceFile ? { sourceFile: urlPath(raw.sourceFile) } : {}),
    ...(raw.disposition ? { disposition: raw.disposition } : {}),
  }) as const

/** The content types the route reads. */
export const REPORT_CONTENT_TYPES = ['application/json', 'application/csp-report', 'application/reports+json'] as const
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number]

/**
 * A request body in one of the three formats the route takes, as checked
 * and scrubbed reports: the app's batch (`application/json`), a browser's
 * `report-uri` CSP report (`application/csp-report`) or its Reporting API
 * list (`application/reports+json`, CSP entries only). Every text field is
 * cut and passed through `scrubText`; the browser's URLs keep their path only.
 *
 * @throws {ReportRefusedError} `invalid_report`: not JSON, or not that format.
 * @example
 * ```ts
 * readReports('application/csp-report', '{"csp-report":{"effective-directive":"img-src","blocked-uri":"https://x.test/a.png?u=1"}}')
 * // [{ kind: 'csp', page: 'inline', directive: 'img-src', blocked: 'https://x.test/a.png' }]
 * ```
 */
export function readReports(contentType: ReportContentType, body: string): ClientReport[] {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    throw new ReportRefusedError('invalid_report', { cause: error })
  }
  const read = <value>(schema: z.ZodType<value>, input: unknown): value => {
    const parsed = schema.safeParse(input)
    if (!parsed.success) throw new ReportRefusedError('invalid_report', { cause: parsed.error })
    return parsed.data
  }
  if (contentType === 'application/json') return read(batchSchema, json).reports as ClientReport[]
  const reports =
    contentType === 'application/csp-report'
      ? [read(cspReportSchema, json)['csp-report']].map((report) =>
          cspOf({
            page: report['document-uri'],
            directive: report['effective-directive'] ?? report['violated-directive'],
            blocked: report['blocked-uri'],
            sourceFile: report['source-file'],
            disposition: report.disposition,
          }),
        )
      : read(reportingApiSchema, json)
          .filter((report) => report.type === 'csp-violation' && report.body)
          .map(({ url, body = {} }) =>
            cspOf({
              page: body.documentURL ?? url,
              directive: body.effectiveDirective,
              blocked: body.blockedURL,
              sourceFile: body.sourceFile,
              disposition: body.disposition,
            }),
          )
  if (reports.length === 0) throw new ReportRefusedError('invalid_report')
  // The browser's own fields go through the same checks and scrubbing as the app's.
  return read(batchSchema, { reports }).reports as ClientReport[]
}
