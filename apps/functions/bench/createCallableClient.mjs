/**
 * @typedef {{ ok: true, data: any, ms: number, waitMs: number }
 *   | { ok: false, reason: string, status: number, message: string, retryAfterMs?: number, ms: number, waitMs: number }} CallableReply
 *   `reason` is the refusal's stable `details.code` (`already_collected`, `rate_limited`…), else the
 *   callable status (`INTERNAL`…), or `network_error`/`timeout`. `ms`: the request on the wire; `waitMs`:
 *   time spent waiting for a free slot of the limiter.
 */

/**
 * `Omit` over each member of a union.
 *
 * @template T
 * @template {PropertyKey} K
 * @typedef {T extends unknown ? Omit<T, K> : never} DistributiveOmit
 */

/**
 * Call callables the way the Firebase SDK does, over plain HTTP:
 * `POST {functions}/{project}/{region}/{name}` with `{"data": …}` and the
 * player's ID token; a refusal comes back as `{"error": {status, message, details}}`.
 * Never throws: every outcome is a {@link CallableReply}.
 *
 * @param {{ functionsUrl: string, projectId: string, region: string,
 *   limiterFor: (name: string) => { run<T>(task: () => Promise<T>): Promise<T> }, timeoutMs?: number }} options
 *   `limiterFor`: the concurrency limit a function's calls share (one per function, like the emulator's worker pools).
 * @example
 * ```js
 * const limiters = new Map()
 * const limiterFor = (name) => limiters.get(name) ?? limiters.set(name, createLimiter(8)).get(name)
 * const call = createCallableClient({ functionsUrl, projectId: 'demo-worldmap', region: 'asia-southeast1', limiterFor })
 * const reply = await call('collectDrop', { dropId, lat, lng, accuracy: 8 }, idToken)
 * if (!reply.ok) refusals[reply.reason] += 1
 * ```
 */
export function createCallableClient({ functionsUrl, projectId, region, limiterFor, timeoutMs = 180_000 }) {
  const base = `${functionsUrl}/${projectId}/${region}`
  /**
   * @param {string} name
   * @param {unknown} data
   * @param {string} [idToken]
   * @returns {Promise<CallableReply>}
   */
  return async function call(name, data, idToken) {
    const queued = performance.now()
    return limiterFor(name).run(async () => {
      const started = performance.now()
      const waitMs = started - queued
      /** @param {DistributiveOmit<CallableReply, 'ms' | 'waitMs'>} reply @returns {CallableReply} */
      const done = (reply) => ({ ...reply, ms: performance.now() - started, waitMs })
      let response
      let body
      try {
        response = await fetch(`${base}/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
          body: JSON.stringify({ data }),
          signal: AbortSignal.timeout(timeoutMs),
        })
        body = await response.json().catch(() => null)
      } catch (error) {
        const reason = /** @type {Error | undefined} */ (error)?.name === 'TimeoutError' ? 'timeout' : 'network_error'
        return done({ ok: false, reason, status: 0, message: error instanceof Error ? error.message : String(error) })
      }
      if (response.ok && body && 'result' in body) return done({ ok: true, data: body.result })
      const error = body?.error ?? {}
      const details = error.details ?? {}
      return done({
        ok: false,
        reason: typeof details.code === 'string' ? details.code : String(error.status ?? `HTTP_${response.status}`),
        status: response.status,
        message: String(error.message ?? ''),
        ...(typeof details.retryAfterMs === 'number' ? { retryAfterMs: details.retryAfterMs } : {}),
      })
    })
  }
}
