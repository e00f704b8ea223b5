// `pnpm dev`'s view of the app server's report lines: the Cloud Logging JSON
// lines POST /api/reports writes (one per report from the app) become one
// short, prefixed line each, `[report] WARNING refusal: collectDrop out_of_reach
// after 180 ms on /map (action 4bf92f35…)`; every other line of the app server passes
// through unchanged.
import { createInterface } from 'node:readline'

/** The prefix of a report line in the dev terminal. */
export const REPORT_PREFIX = '[report]'

/**
 * One line of the app server's output as the dev terminal shows it: a report
 * line (`event: client_report`) readable and prefixed, anything else as it is.
 *
 * @param {string} line
 * @returns {string}
 * @example
 * formatReportLine('{"severity":"ERROR","message":"report error: TypeError: x","event":"client_report","report":{"kind":"error","page":"/map"}}')
 * // '[report] ERROR error: TypeError: x on /map'
 */
export function formatReportLine(line) {
  if (!line.startsWith('{') || !line.includes('"client_report"')) return line
  let entry
  try {
    entry = JSON.parse(line)
  } catch {
    return line
  }
  if (entry?.event !== 'client_report' || typeof entry.message !== 'string') return line
  const severity = typeof entry.severity === 'string' ? entry.severity : 'INFO'
  const text = entry.message.replace(/^report /, '')
  const page = typeof entry.report?.page === 'string' ? ` on ${entry.report.page}` : ''
  const action = typeof entry.report?.actionId === 'string' ? ` (action ${entry.report.actionId.slice(0, 8)}…)` : ''
  return `${REPORT_PREFIX} ${severity} ${text}${page}${action}`
}

/**
 * Copy `input` to `output` line by line through {@link formatReportLine}.
 *
 * @param {NodeJS.ReadableStream} input
 * @param {{ write(chunk: string): unknown }} output
 * @returns {Promise<void>} when `input` ends
 * @example
 * pipeReportStream(child.stdout, process.stdout)
 */
export function pipeReportStream(input, output) {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  lines.on('line', (line) => output.write(`${formatReportLine(line)}\n`))
  return new Promise((done) => lines.once('close', () => done()))
}
