import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'

/** Why the report route refused a request. */
export type ReportRefusalCode =
  /** The body is over the route's limit (answered by the body limit, 413). */
  | 'payload_too_large'
  /** Not JSON, not one of the formats the route reads, or a report that fails its schema (400). */
  | 'invalid_report'
  /** A `Content-Type` the route does not read (415). */
  | 'unsupported_media_type'
  /** Sent by another site's page (403). */
  | 'forbidden_origin'
  /** The source, or all sources together, sent more than the route logs (429). */
  | 'rate_limited'

const messages: Readonly<Record<ReportRefusalCode, string>> = {
  payload_too_large: 'The report is too large.',
  invalid_report: 'The report is not one the server reads.',
  unsupported_media_type: 'Reports are sent as application/json, application/csp-report or application/reports+json.',
  forbidden_origin: 'Reports are accepted from the app’s own pages only.',
  rate_limited: 'Too many reports; try again later.',
}

/** The HTTP status of each refusal. */
export const REPORT_REFUSAL_STATUS = {
  payload_too_large: 413,
  invalid_report: 400,
  unsupported_media_type: 415,
  forbidden_origin: 403,
  rate_limited: 429,
} as const satisfies Record<ReportRefusalCode, number>

/**
 * The report route refused a request; `code` says why, the answer is
 * `{error: code, message}` with {@link REPORT_REFUSAL_STATUS}'s status.
 *
 * @example
 * ```ts
 * throw new ReportRefusedError('rate_limited')
 * ```
 */
export class ReportRefusedError extends CodedError<ReportRefusalCode> {
  override name = 'ReportRefusedError'

  constructor(code: ReportRefusalCode, options?: CodedErrorOptions) {
    super(code, messages, options)
  }
}
