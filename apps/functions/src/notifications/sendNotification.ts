import * as z from 'zod'
import { NotificationApiUnavailableError } from './errors/NotificationApiUnavailableError.js'
import { NotificationAuthError } from './errors/NotificationAuthError.js'
import type { NotificationError } from './errors/NotificationError.js'
import { NotificationLimitReachedError } from './errors/NotificationLimitReachedError.js'
import { NotificationRejectedError } from './errors/NotificationRejectedError.js'
import { NotificationsNotAllowedError } from './errors/NotificationsNotAllowedError.js'
import { NotificationsPausedError } from './errors/NotificationsPausedError.js'
import type { Localisation } from './streakNudgeMessage.js'

/** The Developer Portal's send-notification request body (a wire type: the portal refuses unknown keys). */
export interface SendNotificationPayload {
  app_id: string
  /** 1–1000 wallet addresses, 42 characters each. */
  wallet_addresses: string[]
  localisations: Localisation[]
  mini_app_path: string
}

/** One wallet's outcome: `sent: false` (with a `reason`) when World App did not deliver, e.g. no permission. */
export interface WalletDelivery {
  walletAddress: string
  sent: boolean
  reason?: string | undefined
}

/** Where and how to send. */
export interface NotificationApi {
  /** Base URL, e.g. `https://developer.worldcoin.org` (the stack's stand-in locally). */
  apiUrl: string
  apiKey: string
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** Tries per request on 429, 5xx or no answer. @default 3 */
  attempts?: number
  /** First backoff, doubled per retry (a `Retry-After` up to 30 s wins). @default 1000 */
  backoffMs?: number
  /** @default setTimeout */
  sleep?: (ms: number) => Promise<void>
  /** @default 10_000 */
  timeoutMs?: number
}

/** The most addresses one request may name. */
export const MAX_WALLETS_PER_REQUEST = 1000

const SEND_PATH = '/api/v2/minikit/send-notification'
const MAX_RETRY_AFTER_MS = 30_000

const successSchema = z.object({
  success: z.literal(true),
  result: z.array(z.object({ walletAddress: z.string(), sent: z.boolean(), reason: z.string().optional() })),
})
const errorSchema = z.object({ code: z.string().optional(), detail: z.string().optional(), attribute: z.string().nullish() })

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The typed error for a refusal the portal will repeat (never retried). */
function refusalOf(status: number, body: unknown): NotificationError {
  const parsed = errorSchema.safeParse(body)
  const { code = '', detail, attribute } = parsed.success ? parsed.data : {}
  // The portal's own words, never our key: `code`, `detail`, `attribute`.
  const details = [code, attribute, detail].filter(Boolean).join(' · ').slice(0, 300) || `status ${status}`
  if (status === 401 || status === 403) return new NotificationAuthError({ status, details })
  if (code === 'unverified_app_limit_reached') return new NotificationLimitReachedError({ status, details })
  if (code === 'paused') return new NotificationsPausedError({ status, details })
  if (code === 'not_allowed') return new NotificationsNotAllowedError({ status, details })
  return new NotificationRejectedError({ status, details })
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), capped; `undefined` when absent. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined
}

type Attempt = { done: WalletDelivery[] } | { retry: NotificationError; waitMs?: number | undefined }

async function attempt(api: NotificationApi, payload: SendNotificationPayload): Promise<Attempt> {
  let response: Response
  try {
    response = await (api.fetch ?? globalThis.fetch)(`${api.apiUrl.replace(/\/+$/, '')}${SEND_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(api.timeoutMs ?? 10_000),
    })
  } catch (cause) {
    return { retry: new NotificationApiUnavailableError({ cause, details: 'no answer' }) }
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.status === 429 || response.status >= 500) {
    const waitMs = retryAfterMs(response.headers.get('retry-after'), Date.now())
    return {
      retry: new NotificationApiUnavailableError({ status: response.status, details: `status ${response.status}` }),
      waitMs,
    }
  }
  if (response.status !== 200) throw refusalOf(response.status, body)
  const parsed = successSchema.safeParse(body)
  if (!parsed.success) return { retry: new NotificationApiUnavailableError({ status: 200, details: 'unexpected reply' }) }
  return { done: parsed.data.result }
}

/**
 * POST one send-notification request to the Developer Portal, with a bounded
 * retry (default 3 tries, 1 s then 2 s apart, or what `Retry-After` asks, up
 * to 30 s) on 429, 5xx, a malformed reply or no answer. Refusals the portal
 * would repeat are thrown at once as typed errors.
 *
 * @returns each wallet's delivery, as the portal reports it
 * @throws {NotificationLimitReachedError} 400 `unverified_app_limit_reached` (40 per 4 hours for unverified apps).
 * @throws {NotificationsPausedError} 400 `paused`.
 * @throws {NotificationsNotAllowedError} 400 `not_allowed`.
 * @throws {NotificationAuthError} 401, 403 `invalid_api_key` / `invalid_app`.
 * @throws {NotificationRejectedError} any other 4xx (validation, 404).
 * @throws {NotificationApiUnavailableError} 429 / 5xx / no answer on every try.
 * @example
 * ```ts
 * const deliveries = await sendNotification({ apiUrl, apiKey }, { app_id, wallet_addresses, localisations, mini_app_path })
 * ```
 */
export async function sendNotification(api: NotificationApi, payload: SendNotificationPayload): Promise<WalletDelivery[]> {
  const attempts = Math.max(1, api.attempts ?? 3)
  const sleep = api.sleep ?? wait
  let last: NotificationError | undefined
  let lastWait: number | undefined
  for (let index = 0; index < attempts; index++) {
    if (index > 0) await sleep(lastWait ?? (api.backoffMs ?? 1000) * 2 ** (index - 1))
    const outcome = await attempt(api, payload)
    if ('done' in outcome) return outcome.done
    last = outcome.retry
    lastWait = outcome.waitMs
  }
  throw last ?? new NotificationApiUnavailableError()
}
