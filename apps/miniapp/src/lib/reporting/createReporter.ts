import { type ClientReport, MAX_REPORTS_PER_BATCH, type ReportBatch } from './ClientReport.js'
import type { RawReport } from './reportQueue.js'
import { REPORT_REGION_PATTERN } from './reportRegion.js'
import { scrubText } from './scrubText.js'

/** Reports one page session sends at most: a loop of errors sends this many, then nothing. */
export const MAX_REPORTS_PER_SESSION = 50

/** How long a report waits for others to share its request, ms. */
export const REPORT_BATCH_DELAY_MS = 5000

/** What {@link createReporter} needs from the page. */
export interface ReporterOptions {
  /**
   * Posts one batch's JSON. `leaving`: the page is being hidden or left,
   * so the request must outlive it (a beacon).
   */
  send(body: string, leaving: boolean): void
  /** The page's path now (`location.pathname`). */
  page(): string
  /** The region the page reads now (`reportRegion`), if it has one. @default none */
  region?: () => string | undefined
  /** @default MAX_REPORTS_PER_SESSION */
  maxPerSession?: number
  /** @default REPORT_BATCH_DELAY_MS */
  batchDelayMs?: number
  setTimeout?: (run: () => void, ms: number) => unknown
  clearTimeout?: (timer: unknown) => void
}

/** Collects the page's reports and sends them in batches. See {@link createReporter}. */
export interface Reporter {
  /** Queue one report (dropped past the session's cap). */
  add(report: RawReport): void
  /** Send what is queued now; `leaving` as in {@link ReporterOptions.send}. */
  flush(leaving?: boolean): void
  /** Reports accepted this session (≤ the cap). */
  readonly count: number
}

const NAME = /^[\w.-]{1,64}$/

/** An error of any kind (an `Error`, a thrown string, a rejection with anything) as an error report's fields. */
function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      name: NAME.test(error.name) ? error.name : 'Error',
      message: scrubText(error.message, 500),
      ...(error.stack ? { stack: scrubText(error.stack, 2000) } : {}),
    }
  }
  return { name: 'Error', message: scrubText(typeof error === 'string' ? error : `thrown ${typeof error}`, 500) }
}

/** A raw report as it goes on the wire: scrubbed, on the page it happened on. */
function toClientReport(raw: Parameters<Reporter['add']>[0], page: string, region: string | undefined): ClientReport {
  const context = {
    page: scrubText(page, 200),
    ...(raw.actionId ? { actionId: raw.actionId } : {}),
    ...(region && REPORT_REGION_PATTERN.test(region) ? { region } : {}),
  }
  switch (raw.kind) {
    case 'error':
      return { kind: 'error', source: raw.source, ...describeError(raw.error), ...context }
    case 'csp':
      return {
        kind: 'csp',
        directive: NAME.test(raw.directive) ? raw.directive : 'unknown',
        blocked: scrubText(raw.blocked || 'inline', 300),
        ...(raw.sourceFile ? { sourceFile: scrubText(raw.sourceFile, 300) } : {}),
        ...(raw.disposition ? { disposition: raw.disposition } : {}),
        ...context,
      }
    case 'refusal': {
      // Names from elsewhere (a wallet's error code) in the shape the route takes: one bad report would lose its batch.
      const { callable, code } = raw
      return {
        ...raw,
        callable: NAME.test(callable) ? callable : 'unknown',
        code: NAME.test(code) ? code : 'unknown',
        ...context,
      }
    }
    default:
      return { ...raw, ...context }
  }
}

/**
 * The page's reporter: each report scrubbed as it is added (`scrubText`: no
 * address, id, position or query leaves the phone), with the page and the
 * region it was reading (a region key, never a position), queued, and sent as one
 * `{reports}` batch {@link REPORT_BATCH_DELAY_MS} after the first of them, or
 * at once when the page is hidden or left (`flush(true)`: a beacon), 20 a
 * request at most. Past {@link MAX_REPORTS_PER_SESSION} reports in a page
 * session it drops the rest, so a loop of errors sends a bounded amount.
 * Sending never throws into the page.
 *
 * @example
 * ```ts
 * const reporter = createReporter({ page: () => location.pathname, send: (body) => void fetch('/api/reports', { method: 'POST', body }) })
 * reporter.add({ kind: 'refusal', callable: 'collectDrop', code: 'out_of_reach', durationMs: 180 })
 * ```
 */
export function createReporter({
  send,
  page,
  region = () => undefined,
  maxPerSession = MAX_REPORTS_PER_SESSION,
  batchDelayMs = REPORT_BATCH_DELAY_MS,
  setTimeout: schedule = (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: cancel = (timer) => globalThis.clearTimeout(timer as number),
}: ReporterOptions): Reporter {
  let queued: ClientReport[] = []
  let count = 0
  let timer: unknown
  const flush = (leaving = false) => {
    if (timer !== undefined) cancel(timer)
    timer = undefined
    const batches: ClientReport[][] = []
    for (let at = 0; at < queued.length; at += MAX_REPORTS_PER_BATCH) batches.push(queued.slice(at, at + MAX_REPORTS_PER_BATCH))
    queued = []
    for (const reports of batches) {
      try {
        send(JSON.stringify({ reports } satisfies ReportBatch), leaving)
      } catch {
        // Reporting must never become the page's next error.
      }
    }
  }
  return {
    add(raw) {
      if (count >= maxPerSession) return
      count++
      queued.push(toClientReport(raw, page(), region()))
      if (queued.length >= MAX_REPORTS_PER_BATCH) flush()
      else if (timer === undefined) timer = schedule(() => flush(), batchDelayMs)
    },
    flush,
    get count() {
      return count
    },
  }
}
