import { BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
import { type BridgeEnvelope, createRequestReplySchema } from './bridgeSchemas.js'
import { readJsonBody } from './readJsonBody.js'

/**
 * Store the encrypted request on the bridge (`POST /request`) and return the
 * id the bridge gave it. Every failure is a {@link BridgeRequestError} saying
 * what went wrong: unreachable, a non-2xx status, or a body without a valid id.
 */
export async function postBridgeRequest(fetcher: typeof fetch, bridgeUrl: string, envelope: BridgeEnvelope): Promise<string> {
  const failed = (details: string, extra: { status?: number; cause?: unknown } = {}) =>
    new BridgeRequestError('Failed to create client', { operation: 'create', details, ...extra })
  let response: Response
  try {
    response = await fetcher(new URL('/request', bridgeUrl).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(envelope),
    })
  } catch (cause) {
    throw failed('The bridge could not be reached.', { cause })
  }
  if (!response.ok) throw failed(`The bridge answered ${response.status}.`, { status: response.status })
  const body = createRequestReplySchema.safeParse(await readJsonBody(response))
  if (!body.success) throw failed('The bridge did not return a valid request_id.', { status: response.status })
  return body.data.request_id
}
