import { currentActionId } from './actionScope.js'
import { REPORTS_PATH } from './ClientReport.js'
import { createReporter, type Reporter } from './createReporter.js'
import { takeEarlyErrors } from './earlyErrors.js'
import { type RawReport, report, takeReports } from './reportQueue.js'
import { reportRegion } from './reportRegion.js'

/** The page events the reporter reads: uncaught errors, unhandled rejections, CSP violations. */
export const REPORTED_EVENTS = ['error', 'unhandledrejection', 'securitypolicyviolation'] as const

/** Posts a batch: a beacon when the page is going away (it outlives the page), else `fetch` with `keepalive`. */
function send(body: string, leaving: boolean): void {
  const blob = new Blob([body], { type: 'application/json' })
  if (leaving && navigator.sendBeacon?.(REPORTS_PATH, blob)) return
  void fetch(REPORTS_PATH, {
    method: 'POST',
    body: blob,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined)
}

/**
 * A page event as a raw report: an uncaught error, an unhandled rejection or
 * a CSP violation, inside the player action running now, if any.
 *
 * @example
 * ```ts
 * addEventListener('error', (event) => reporter.add(rawReportOf(event)))
 * ```
 */
export function rawReportOf(event: Event): RawReport {
  const actionId = currentActionId()
  const action = actionId ? { actionId } : {}
  if (event.type === 'securitypolicyviolation') {
    const violation = event as SecurityPolicyViolationEvent
    return {
      kind: 'csp',
      directive: violation.effectiveDirective,
      blocked: violation.blockedURI,
      sourceFile: violation.sourceFile,
      disposition: violation.disposition,
      ...action,
    }
  }
  if (event.type === 'unhandledrejection') {
    return { kind: 'error', source: 'unhandledrejection', error: (event as PromiseRejectionEvent).reason, ...action }
  }
  const { error, message } = event as ErrorEvent
  return { kind: 'error', source: 'error', error: error ?? message, ...action }
}

/**
 * The reporter of this page, loaded by `installReporting` once the page is
 * interactive: it listens for uncaught errors, unhandled rejections and CSP
 * violations, takes the errors the page's early hook kept before it
 * loaded (`takeEarlyErrors`), the reports the app queued and every later one
 * (`takeReports`), adds the web vitals (`web-vitals`: LCP, FCP, TTFB,
 * CLS, INP, each as the library settles it), and sends what is queued when
 * the page is hidden or left.
 *
 * @example
 * ```ts
 * const { startReporter } = await import('./startReporter.js')
 * startReporter()
 * ```
 */
export function startReporter(): Reporter {
  const reporter = createReporter({ send, page: () => location.pathname, region: reportRegion })
  takeReports((item) => reporter.add(item instanceof Event ? rawReportOf(item) : item))
  for (const type of REPORTED_EVENTS) addEventListener(type, report)
  // What the page's early hook kept before this loaded (its first errors), now that these listeners are on.
  for (const event of takeEarlyErrors()) report(event)
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush(true)
  })
  addEventListener('pagehide', () => reporter.flush(true))
  // Says the reporter runs (for a developer in the inspector, and the browser tests that wait for it).
  document.documentElement.dataset.reporter = 'on'
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) {
      on(({ name, value, rating }) => reporter.add({ kind: 'vital', metric: name, value, rating }))
    }
  })
  return reporter
}
