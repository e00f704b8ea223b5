// A stand-in for World App on the bridge side: opens a connector URI, reads
// and decrypts the one-time request, and answers with a simulated World ID
// proof (or an error code) encrypted under its own IV, as the wallet does.
import { CredentialType, VerificationLevel } from '@worldmap/minikit'
import {
  type BridgeRequestPayload,
  type BridgeSuccessResult,
  DEFAULT_BRIDGE_URL,
  decryptBridgePayload,
  encryptBridgePayload,
  importBridgeKey,
} from '@worldmap/minikit/bridge'
import type { Hex } from 'viem'
import * as z from 'zod/mini'
import { createSimulatedIdentity, type SimulatedIdentity } from './createSimulatedIdentity.js'

// What a wallet insists on before answering: the request the SDK must send.
const requestPayloadSchema = z.object({
  app_id: z.string().check(z.startsWith('app_')),
  action_description: z.optional(z.string()),
  action: z.string(),
  signal: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
  credential_types: z.array(z.enum(Object.values(CredentialType) as [CredentialType, ...CredentialType[]])).check(z.minLength(1)),
  verification_level: z.enum(Object.values(VerificationLevel) as [VerificationLevel, ...VerificationLevel[]]),
})
const KEY_ORDER = ['app_id', 'action_description', 'action', 'signal', 'credential_types', 'verification_level']

/** Options of {@link createBridgeWallet}. */
export interface BridgeWalletOptions {
  /** Who answers: proofs come from this simulated identity. */
  identity?: SimulatedIdentity
  /** The fetch to use. Default: the global fetch. */
  fetch?: typeof fetch
  /** Bridge for connector URIs without `b` (the default bridge, which tests cannot reach). */
  bridgeUrl?: string
}

/** A request the test wallet has fetched and decrypted, ready to be answered. */
export interface WalletRequest {
  requestId: string
  /** The bridge the wallet talks to (`b`, else the option, else the default bridge). */
  bridgeUrl: string
  key: CryptoKey
  /** The decrypted, checked request. */
  payload: BridgeRequestPayload
  /** Answer with the identity's proof for this request (fields overridable); resolves with what was sent. */
  approve(overrides?: Partial<BridgeSuccessResult> & Record<string, unknown>): Promise<BridgeSuccessResult>
  /** Answer with `{ error_code }`. */
  reject(errorCode: string): Promise<void>
  /** Answer with any JSON value, encrypted with the session key. */
  answer(value: unknown): Promise<void>
  /** PUT a raw envelope (for malformed-response tests). */
  putEnvelope(envelope: unknown): Promise<number>
}

/**
 * A stand-in for World App: opens a connector URI (`t`, `i`, `k`, `b`),
 * fetches the one-time request from the bridge, decrypts it with the key
 * from `k`, checks it (shape and key order), and answers with a result or an
 * `error_code` encrypted under its own IV — exactly what the real wallet does.
 *
 * @example
 * ```ts
 * const request = await createBridgeWallet({ bridgeUrl: bridge.url }).open(session.getState().connectorURI!)
 * await request.approve()
 * ```
 */
export function createBridgeWallet(options: BridgeWalletOptions = {}) {
  const fetcher = options.fetch ?? globalThis.fetch
  const identity = options.identity ?? createSimulatedIdentity()
  return {
    async open(connectorURI: string): Promise<WalletRequest> {
      const params = new URL(connectorURI).searchParams
      const requestId = params.get('i')
      const k = params.get('k')
      if (params.get('t') !== 'wld' || !requestId || !k) throw new Error(`Not a connector URI: ${connectorURI}`)
      const bridgeUrl = params.get('b') ?? options.bridgeUrl ?? DEFAULT_BRIDGE_URL
      const key = await importBridgeKey(k)
      const fetched = await fetcher(new URL(`/request/${requestId}`, bridgeUrl))
      if (!fetched.ok) throw new Error(`GET /request/${requestId} answered ${fetched.status}`)
      const plaintext = JSON.parse(await decryptBridgePayload(key, await fetched.json())) as Record<string, unknown>
      // Only action_description may be absent; nothing may be added or reordered.
      const expected = KEY_ORDER.filter((name) => name !== 'action_description' || name in plaintext)
      if (Object.keys(plaintext).join() !== expected.join()) {
        throw new Error(`Unexpected request keys: ${Object.keys(plaintext).join(', ')}`)
      }
      const checked = requestPayloadSchema.safeParse(plaintext)
      if (!checked.success) throw new Error(`Invalid request payload: ${JSON.stringify(checked.error.issues)}`)
      const payload = plaintext as unknown as BridgeRequestPayload

      async function putEnvelope(envelope: unknown): Promise<number> {
        const put = await fetcher(new URL(`/response/${requestId}`, bridgeUrl), {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(envelope),
        })
        return put.status
      }
      async function answer(value: unknown): Promise<void> {
        const status = await putEnvelope(await encryptBridgePayload(key, JSON.stringify(value)))
        if (status !== 201) throw new Error(`PUT /response/${requestId} answered ${status}`)
      }
      return {
        requestId,
        bridgeUrl,
        key,
        payload,
        async approve(overrides = {}) {
          const proof = await identity.prove({
            appId: payload.app_id,
            action: payload.action,
            signalHash: payload.signal as Hex,
            level: payload.verification_level,
          })
          const result = { ...proof, ...overrides } as BridgeSuccessResult
          await answer(result)
          return result
        },
        reject: (errorCode) => answer({ error_code: errorCode }),
        answer,
        putEnvelope,
      }
    },
  }
}
