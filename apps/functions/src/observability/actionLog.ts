import { AsyncLocalStorage } from 'node:async_hooks'
import { type LogEntry, type LogSeverity, write } from 'firebase-functions/logger'
import { actionFields } from './toActionLogEntry.js'

/** The player action being handled, per request: set once at the callable's or endpoint's entry. */
const current = new AsyncLocalStorage<string>()

/**
 * Handle one request as the player action `actionId`: every line the one
 * logger ({@link actionLog}) writes while `work` runs — in its awaits, its
 * timers and the promises it starts — carries the action's id and trace.
 * Without an id, `work` runs outside any action (a line then carries none,
 * never an earlier request's).
 *
 * @example
 * ```ts
 * const { actionId, data } = takeActionId(request.data)
 * return inAction(actionId, () => run(data))
 * ```
 */
export function inAction<result>(actionId: string | undefined, work: () => result): result {
  return actionId ? current.run(actionId, work) : current.exit(work)
}

/** The player action being handled here (see {@link inAction}), if any. */
export function currentActionId(): string | undefined {
  return current.getStore()
}

/**
 * A log entry as written inside the current action: its id, labels (kept
 * beside the entry's own, `event` and the rest) and trace added; unchanged
 * outside an action or when the entry already names its action.
 *
 * @example
 * ```ts
 * inAction('4bf92f3577b34da6a3ce929d0e0e4736', () => withActionFields({ severity: 'ERROR', message: 'x' })).actionId
 * // '4bf92f3577b34da6a3ce929d0e0e4736'
 * ```
 */
export function withActionFields(entry: LogEntry): LogEntry {
  const actionId = currentActionId()
  if (!actionId || entry.actionId !== undefined) return entry
  const fields = actionFields(actionId)
  const labels = entry['logging.googleapis.com/labels'] as Record<string, string> | undefined
  return { ...entry, ...fields, 'logging.googleapis.com/labels': { ...labels, actionId } }
}

/** One line at `severity`: the message and structured fields, the current action's id on it. */
const at =
  (severity: LogSeverity) =>
  (message: string, fields: Record<string, unknown> = {}): void =>
    actionLog.write({ ...fields, severity, message })

/**
 * The functions' one logger: Cloud Logging structured lines
 * (`firebase-functions/logger`'s `write`), each carrying the id and trace of
 * the player action being handled (`inAction`), so Logs Explorer lists every
 * line an action caused, not only its outcome. Fields are structured data,
 * never a request, token or proof (docs/operations.md).
 *
 * @example
 * ```ts
 * actionLog.error('collectDrop failed unexpectedly', { errorName: 'TypeError' })
 * ```
 */
export const actionLog = {
  write: (entry: LogEntry): void => write(withActionFields(entry)),
  error: at('ERROR'),
  warn: at('WARNING'),
  info: at('INFO'),
}
