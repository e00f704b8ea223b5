import { BaseError } from '../errors/BaseError.js'
import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { BridgeUrlError } from '../errors/bridge/BridgeUrlError.js'
import { exportBridgeKey, generateBridgeKey } from './bridgeKey.js'
import type { BridgeEnvelope } from './bridgeSchemas.js'
import { type BridgeSessionState, clearRequest, fail, type SessionCore, setInitialState, setState } from './bridgeSessionCore.js'
import { armExpiry, scheduleNext } from './bridgeSessionLoop.js'
import { buildBridgeRequestPayload } from './buildBridgeRequestPayload.js'
import { buildConnectorURI } from './buildConnectorURI.js'
import { AppErrorCodes, BridgeResponseStatus, VerificationState } from './constants.js'
import { encryptBridgePayload, IV_BYTES } from './encryptBridgePayload.js'
import { getCrypto } from './getCrypto.js'
import { postBridgeRequest } from './postBridgeRequest.js'
import { STAGING_LOCALHOST_MESSAGE, validateBridgeUrl } from './validateBridgeUrl.js'

/** Check a custom bridge URL as IDKit does: log why it is skipped or suspicious, throw when it is refused. */
function checkBridgeUrl(core: SessionCore): void {
  const { bridge_url, app_id } = core.config
  if (bridge_url === undefined) return
  const validation = validateBridgeUrl(bridge_url, app_id)
  if (validation.skipped) console.log(STAGING_LOCALHOST_MESSAGE)
  for (const warning of validation.warnings) console.warn(warning)
  if (!validation.valid) {
    console.error(validation.errors.join('\n'))
    throw new BridgeUrlError(validation.errors)
  }
}

/** A fresh key and IV, the request encrypted with them, and the key as the connector URI carries it. */
async function encryptRequest(
  core: SessionCore,
): Promise<{ key: CryptoKey; iv: Uint8Array; envelope: BridgeEnvelope; exportedKey: string }> {
  const payload = buildBridgeRequestPayload(core.config)
  const crypto = getCrypto()
  const key = await generateBridgeKey()
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const envelope = await encryptBridgePayload(key, JSON.stringify(payload), iv)
  return { key, iv, envelope, exportedKey: await exportBridgeKey(key) }
}

/**
 * `BridgeSession.createClient`: start over under a new generation, send the
 * encrypted request, and wait for the wallet (`awaiting_connection`). A
 * running loop starts polling the new request. A failure fails the session
 * (`generic_error` and a typed error) and rejects with that error.
 */
export async function createClient(core: SessionCore): Promise<BridgeSessionState> {
  const gen = ++core.generation
  clearRequest(core)
  clearTimeout(core.pollTimer)
  clearTimeout(core.expiryTimer)
  core.creating = true
  setInitialState(core)
  try {
    checkBridgeUrl(core)
    const { key, iv, envelope, exportedKey } = await encryptRequest(core)
    const requestId = await postBridgeRequest(core.config.fetch ?? globalThis.fetch, core.bridgeUrl, envelope)
    if (gen !== core.generation) return core.store.getSnapshot()
    // The bridge starts its time-to-live when it stores the request.
    core.expiresAt = Date.now() + core.expiresAfter
    core.lastStatus = BridgeResponseStatus.Initialized
    const { bridge_url, partner, connectBaseUrl } = core.config
    setState(core, {
      iv,
      key,
      requestId,
      bridge_url: core.bridgeUrl,
      connectorURI: buildConnectorURI({ requestId, key: exportedKey, bridgeUrl: bridge_url, partner, connectBaseUrl }),
      verificationState: VerificationState.WaitingForConnection,
    })
    if (core.loop) {
      armExpiry(core)
      scheduleNext(core, core.pollInterval)
    }
    return core.store.getSnapshot()
  } catch (cause) {
    const error =
      cause instanceof BaseError
        ? cause
        : new BridgeRequestError('Failed to create client', { operation: 'create', details: 'Unexpected failure.', cause })
    fail(core, gen, AppErrorCodes.GenericError, error)
    throw error
  } finally {
    if (gen === core.generation) core.creating = false
  }
}
