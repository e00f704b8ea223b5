import { BaseError } from '../errors/BaseError.js'
import { BridgeExpiredError } from '../errors/bridge/BridgeExpiredError.js'
import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { MissingKeypairError } from '../errors/bridge/MissingKeypairError.js'
import { pollReplySchema } from './bridgeSchemas.js'
import { type BridgeSessionState, fail, isCurrent, isTerminal, type SessionCore, setState } from './bridgeSessionCore.js'
import { AppErrorCodes, BridgeResponseStatus, VerificationState } from './constants.js'
import { decryptBridgePayload } from './decryptBridgePayload.js'
import { parseBridgeResult } from './parseBridgeResult.js'
import { readJsonBody } from './readJsonBody.js'

const pollError = (details: string, extra: { status?: number; cause?: unknown } = {}) =>
  new BridgeRequestError('Failed to poll the bridge.', { operation: 'poll', details, ...extra })

/** Apply a completed response: decrypt it, then confirm with its result or fail with the wallet's code. */
async function complete(core: SessionCore, gen: number, key: CryptoKey, response: unknown): Promise<BridgeSessionState> {
  let plaintext: string
  try {
    plaintext = await decryptBridgePayload(key, response)
  } catch (error) {
    const typed = error instanceof BaseError ? error : pollError('Unexpected failure.', { cause: error })
    return fail(core, gen, AppErrorCodes.UnexpectedResponse, typed)
  }
  const outcome = parseBridgeResult(plaintext, core.level)
  if (outcome.status === 'failed') return fail(core, gen, outcome.errorCode, outcome.error)
  if (isCurrent(core, gen)) {
    setState(core, {
      result: Object.freeze(outcome.result),
      key: null,
      requestId: null,
      connectorURI: null,
      verificationState: VerificationState.Confirmed,
    })
  }
  return core.store.getSnapshot()
}

/** Ask the bridge once for the request's status and apply it, unless the work of `gen` went stale meanwhile. */
async function poll(core: SessionCore, gen: number, key: CryptoKey, requestId: string): Promise<BridgeSessionState> {
  if (Date.now() >= core.expiresAt)
    return fail(core, gen, AppErrorCodes.ConnectionFailed, new BridgeExpiredError(core.expiresAfter))
  const fetcher = core.config.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await fetcher(new URL(`/response/${encodeURIComponent(requestId)}`, core.store.getSnapshot().bridge_url).href)
  } catch (cause) {
    return fail(core, gen, AppErrorCodes.ConnectionFailed, pollError('The bridge could not be reached.', { cause }))
  }
  if (!response.ok) {
    const hint = response.status === 404 ? ' The request expired or its response was already read.' : ''
    const error = pollError(`The bridge answered ${response.status}.${hint}`, { status: response.status })
    return fail(core, gen, AppErrorCodes.ConnectionFailed, error)
  }
  const body = pollReplySchema.safeParse(await readJsonBody(response))
  if (!isCurrent(core, gen)) return core.store.getSnapshot()
  if (!body.success) {
    const error = pollError('The bridge sent an unexpected body.', { status: response.status })
    return fail(core, gen, AppErrorCodes.UnexpectedResponse, error)
  }
  const { status } = body.data
  core.lastStatus = status
  if (status === BridgeResponseStatus.Completed) return complete(core, gen, key, body.data.response)
  setState(core, {
    verificationState:
      status === BridgeResponseStatus.Retrieved ? VerificationState.WaitingForApp : VerificationState.WaitingForConnection,
  })
  return core.store.getSnapshot()
}

/**
 * `BridgeSession.pollForUpdates`: ask the bridge once and apply its answer.
 * Concurrent calls share one request (the bridge hands a completed response
 * out once; a second request in flight would get a 404).
 */
export function pollForUpdates(core: SessionCore): Promise<BridgeSessionState> {
  const state = core.store.getSnapshot()
  // Terminal states stay terminal: nothing left to ask the bridge.
  if (isTerminal(state)) return Promise.resolve(state)
  const { key, requestId } = state
  if (!key || !requestId) return Promise.reject(new MissingKeypairError())
  if (core.polling) return core.polling
  const request: Promise<BridgeSessionState> = poll(core, core.generation, key, requestId).finally(() => {
    if (core.polling === request) core.polling = null
  })
  core.polling = request
  return request
}
