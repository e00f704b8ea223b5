import type { ClientReport } from '../../lib/reporting/ClientReport.js'

/** The `logName`-independent label every report line carries, to find them in Logs Explorer. */
export const REPORT_LOG_LABEL = 'client_report'

/** Cloud Logging's `LogSeverity` names the report lines use. */
export type ReportSeverity = 'INFO' | 'WARNING' | 'ERROR'

/** One report as a Cloud Logging structured entry (a JSON line on stdout; unknown keys become `jsonPayload`). */
export interface ReportLogEntry {
  severity: ReportSeverity
  message: string
  time: string
  'logging.googleapis.com/labels': {
    event: typeof REPORT_LOG_LABEL
    kind: ClientReport['kind']
    actionId?: string
    region?: string
  }
  'logging.googleapis.com/trace'?: string
  event: typeof REPORT_LOG_LABEL
  report: ClientReport
}

const severityOf: Readonly<Record<ClientReport['kind'], (report: ClientReport) => ReportSeverity>> = {
  error: () => 'ERROR',
  refusal: () => 'WARNING',
  csp: () => 'WARNING',
  vital: (report) => (report.kind === 'vital' && report.rating === 'poor' ? 'WARNING' : 'INFO'),
}

function summaryOf(report: ClientReport): string {
  switch (report.kind) {
    case 'error':
      return `${report.name}: ${report.message}`
    case 'refusal':
      return `${report.callable} ${report.code} after ${Math.round(report.durationMs)} ms`
    case 'csp':
      return `${report.directive} blocked ${report.blocked}`
    case 'vital':
      return `${report.metric} ${report.metric === 'CLS' ? report.value.toFixed(3) : Math.round(report.value)} (${report.rating})`
  }
}

/**
 * An accepted report as the log line the app server writes: Cloud Logging's
 * structured format (`severity`, `message`, `time`, labels, and the trace of
 * the action it belongs to when the project is known, so Logs Explorer's
 * "show entries for this trace" lists the function's lines beside it), with
 * the report itself, already scrubbed, as `jsonPayload.report`.
 *
 * @example
 * ```ts
 * toReportLogEntry({ kind: 'refusal', page: '/map', callable: 'collectDrop', code: 'out_of_reach', durationMs: 180 }, { now: Date.now(), project: 'worldmap-prod' })
 * // { severity: 'WARNING', message: 'report refusal: collectDrop out_of_reach after 180 ms', … }
 * ```
 */
export function toReportLogEntry(
  report: ClientReport,
  { now, project }: { now: number; project: string | undefined },
): ReportLogEntry {
  return {
    severity: severityOf[report.kind](report),
    message: `report ${report.kind}: ${summaryOf(report)}`,
    time: new Date(now).toISOString(),
    'logging.googleapis.com/labels': {
      event: REPORT_LOG_LABEL,
      kind: report.kind,
      ...(report.actionId ? { actionId: report.actionId } : {}),
      ...(report.region ? { region: report.region } : {}),
    },
    ...(report.actionId && project ? { 'logging.googleapis.com/trace': `projects/${project}/traces/${report.actionId}` } : {}),
    event: REPORT_LOG_LABEL,
    report,
  }
}
