import type { LogEntry } from 'firebase-functions/logger'

/** How a player action ended at the backend. */
export type ActionOutcomeKind =
  /** Done as asked. */
  | 'ok'
  /** Refused with one of the contract's codes (the player's or the world's state, not a fault). */
  | 'refused'
  /** Our fault or an outage: an unexpected error, answered `internal` (or 5xx). */
  | 'failed'

/** One action's outcome, as the backend saw it. */
export interface ActionOutcome {
  /** The callable's row name (`collectDrop`), or `signIn` for the custom-token exchange. */
  action: string
  outcome: ActionOutcomeKind
  /** The refusal's code (`out_of_reach`), or `internal` for a failure (`player_moving`: a table switch's move under way); none when `ok`. */
  code?: string
  /** From the request's arrival to its answer, ms. */
  durationMs: number
  /** The app's id for the player action (32 hex), when it sent one. */
  actionId?: string
}

/** The label every outcome line carries, to find them in Logs Explorer (`labels.event="action_outcome"`). */
export const ACTION_OUTCOME_EVENT = 'action_outcome'

/** The project the functions run in (Cloud Functions and the emulator set it), for the trace field. */
const defaultProject = () => process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT

/**
 * The fields that tie a log line to a player action: the `actionId` label and,
 * with the project known, `logging.googleapis.com/trace` (the action id is a
 * trace id's shape), so Logs Explorer lists an action's lines together with
 * the app server's report of it. Empty without an action id.
 *
 * @example
 * ```ts
 * logger.error('collectDrop failed unexpectedly', { ...actionFields(actionId), errorName })
 * ```
 */
export function actionFields(actionId: string | undefined, project = defaultProject()): Record<string, unknown> {
  if (!actionId) return {}
  return {
    actionId,
    'logging.googleapis.com/labels': { actionId },
    ...(project ? { 'logging.googleapis.com/trace': `projects/${project}/traces/${actionId}` } : {}),
  }
}

const severityOf = { ok: 'INFO', refused: 'WARNING', failed: 'ERROR' } as const

/**
 * An action's outcome as one Cloud Logging structured entry: what the
 * service levels in docs/operations.md count (`jsonPayload.action`,
 * `outcome`, `code`, `durationMs`), labelled `event: action_outcome` and
 * with the action's id and trace. Never the caller's uid or request.
 *
 * @example
 * ```ts
 * write(toActionLogEntry({ action: 'collectDrop', outcome: 'refused', code: 'out_of_reach', durationMs: 84 }))
 * ```
 */
export function toActionLogEntry(outcome: ActionOutcome, project = defaultProject()): LogEntry {
  const { action, code, actionId } = outcome
  const durationMs = Math.round(outcome.durationMs)
  const fields = actionFields(actionId, project)
  return {
    severity: severityOf[outcome.outcome],
    message: `${action} ${outcome.outcome}${code ? ` ${code}` : ''} in ${durationMs} ms`,
    event: ACTION_OUTCOME_EVENT,
    action,
    outcome: outcome.outcome,
    ...(code ? { code } : {}),
    durationMs,
    ...fields,
    'logging.googleapis.com/labels': { event: ACTION_OUTCOME_EVENT, action, ...(actionId ? { actionId } : {}) },
  }
}
