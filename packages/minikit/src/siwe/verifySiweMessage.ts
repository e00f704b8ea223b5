import {
  type Address,
  type Chain,
  type Client,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddressEqual,
  recoverMessageAddress,
  type Transport,
} from 'viem'
import { readContract } from 'viem/actions'
import { worldchain } from 'viem/chains'
import * as z from 'zod/mini'
import { SiweVerificationError } from '../errors/siwe/SiweVerificationError.js'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import type { SiweMessage } from './createSiweMessage.js'
import { parseSiweMessage } from './parseSiweMessage.js'

/**
 * Wire type: the success reply of the host's `wallet-auth` command, or the
 * 2.x `WalletAuthResult` (`MiniKit.walletAuth(…)`'s `data`), which is the
 * same reply without `status`. Official 2.0.3's verifier takes both.
 */
export interface WalletAuthSuccessPayload {
  /** `'success'` in the 1.x reply; absent in a 2.x `WalletAuthResult`. */
  status?: 'success'
  /** The signed SIWE text, with the host's address filled in. */
  message: string
  /** Hex signature; legacy v1 hosts omit the `0x` prefix. */
  signature: string
  address: string
  version?: number
}

/** Options of {@link verifySiweMessage}. */
export interface VerifySiweMessageParameters {
  /** The wallet-auth success payload as the client forwarded it (untrusted). */
  payload: WalletAuthSuccessPayload
  /** The nonce this server issued for the sign-in (at least 8 alphanumeric characters, ERC-4361). */
  nonce: string
  /** Expected statement; checked only when given. */
  statement?: string
  /** Expected request id; checked only when given. */
  requestId?: string
  /** Expected scheme, e.g. `'https'`; checked only when given. */
  scheme?: string
  /** Expected domain (`host[:port]`, no scheme); checked only when given, case-insensitively. */
  domain?: string
  /** Expected URI; checked only when given. */
  uri?: string
  /** Expected chain id. @default 480 (World Chain) */
  chainId?: number
  /** Clock to check the message's timestamps against. @default new Date() */
  now?: Date
  /**
   * How far `Issued At` may lie ahead of `now`, ms. A server that knows phones'
   * clocks run hours off, and bounds replay otherwise (a single-use nonce),
   * may allow more. @default 300_000 (5 minutes)
   */
  maxIssuedAtSkewMs?: number
  /**
   * Client for the ERC-1271 call, connected to the message's chain. Only
   * used when the signature is not an EOA signature by `payload.address`.
   * @default a World Chain public client over viem's default RPC, created on demand
   */
  client?: Client<Transport, Chain | undefined>
}

/** Result of a successful {@link verifySiweMessage}. */
export interface VerifySiweMessageReturnType {
  isValid: true
  siweMessageData: SiweMessage
}

/** World Chain, the only chain World App signs in on. */
const defaultChainId = WORLD_CHAIN_ID
/**
 * How far `Issued At` may lie in the future. World App stamps it with the
 * phone's clock, which can run ahead of the server's; five minutes absorbs
 * ordinary drift (the usual JWT/Kerberos allowance) while still refusing
 * messages minted for later use. Replay is stopped by the nonce, not by this.
 */
const issuedAtMaxSkewMs = 5 * 60 * 1000
/** ERC-4361's nonce: at least 8 alphanumeric characters (official 2.x enforces the alphabet too). */
const noncePattern = /^[A-Za-z0-9]{8,}$/
const erc1271MagicValue = '0x1626ba7e'
const erc1271Abi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [
      { name: 'hash', type: 'bytes32' },
      { name: 'signature', type: 'bytes' },
    ],
    outputs: [{ name: 'magicValue', type: 'bytes4' }],
  },
] as const

const payloadSchema = z.looseObject({
  // Absent in a 2.x WalletAuthResult; an error reply (`status: 'error'`) is still refused.
  status: z.optional(z.literal('success')),
  message: z.string(),
  signature: z.string().check(z.regex(/^(0x)?[0-9a-fA-F]+$/)),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  version: z.optional(z.number()),
})

/**
 * Verify a World App wallet-auth (SIWE) payload on the server.
 *
 * Checks, in order, each failing with a {@link SiweVerificationError} whose
 * `code` names the check: the payload shape (`malformed_payload`); the message
 * parses (`malformed_message`); `Version: 1` (`unsupported_version`); the
 * message address equals `payload.address` (`address_mismatch`); the chain id
 * (`chain_mismatch`); scheme, domain and URI when given (`scheme_mismatch`,
 * `domain_mismatch`, `uri_mismatch`); the nonce is at least 8 alphanumeric characters
 * (`invalid_nonce`) and equals `nonce` (`nonce_mismatch`); statement and
 * request id when given (`statement_mismatch`, `request_id_mismatch`);
 * `Expiration Time` after now (`expired`); `Not Before` not after now
 * (`not_yet_valid`); `Issued At` at most five minutes (`maxIssuedAtSkewMs`) ahead (`issued_in_future`);
 * and finally the signature (`invalid_signature`).
 *
 * The signature is valid if it recovers to `payload.address` (an EOA), or else
 * if the contract at that address answers ERC-1271
 * `isValidSignature(hashMessage(message), signature)` with `0x1626ba7e` (World
 * App's Safe wallets). Unlike the official 1.9.6 helper, the message is hashed
 * with the EIP-191 prefix exactly once, and the domain, URI, chain id, issue
 * time and address are checked too. `payload.version` is not needed to pick a
 * path. Only the ERC-1271 fallback touches the network.
 *
 * If that call cannot get the contract's answer — an HTTP error, a timeout,
 * a refused connection, a JSON-RPC error that is not a revert — the code is
 * `verifier_unavailable`, not `invalid_signature`: the signature was never
 * judged, so a server should answer 503 (retry later) rather than 401. A
 * revert, empty return data (no contract at the address) or any value other
 * than the magic one is `invalid_signature`.
 *
 * Consuming the nonce (so it can't be replayed) is up to the caller.
 *
 * @throws {SiweVerificationError} on any failed check; unparsable messages
 *   throw its subclass {@link SiweParseError}.
 *
 * @example
 * ```ts
 * try {
 *   const { siweMessageData } = await verifySiweMessage({
 *     payload,                       // from the client's walletAuth() result
 *     nonce: await takeNonce(req),   // the nonce this server issued
 *     domain: 'app.example',
 *   })
 *   signIn(siweMessageData.address)
 * } catch (error) {
 *   if (error instanceof SiweVerificationError) return reply(error.code === 'verifier_unavailable' ? 503 : 401)
 *   throw error
 * }
 * ```
 */
export async function verifySiweMessage(parameters: VerifySiweMessageParameters): Promise<VerifySiweMessageReturnType> {
  const {
    nonce,
    statement,
    requestId,
    scheme,
    domain,
    uri,
    chainId = defaultChainId,
    now = new Date(),
    maxIssuedAtSkewMs = issuedAtMaxSkewMs,
    client,
  } = parameters

  const parsed = payloadSchema.safeParse(parameters.payload)
  if (!parsed.success) {
    // Paths only: zod's messages could echo parts of the (signed) input.
    const paths = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))]
    throw new SiweVerificationError('malformed_payload', 'Invalid wallet auth payload', {
      details: `Invalid field(s): ${paths.join(', ')}`,
    })
  }
  const payload = parsed.data
  const siwe = parseSiweMessage(payload.message)

  if (siwe.version !== '1') {
    throw new SiweVerificationError('unsupported_version', 'Unsupported SIWE message version', {
      details: "Expected 'Version: 1'",
    })
  }
  if (siwe.address === undefined || !isAddressEqual(siwe.address as Address, payload.address as Address)) {
    throw new SiweVerificationError('address_mismatch', 'Address mismatch', {
      details: 'The payload address does not match the address in the message',
    })
  }
  if (siwe.chain_id !== chainId) {
    throw new SiweVerificationError('chain_mismatch', 'Chain ID mismatch', {
      details: `Expected ${chainId}, got ${siwe.chain_id}`,
    })
  }
  if (scheme !== undefined && siwe.scheme !== scheme) throw new SiweVerificationError('scheme_mismatch', 'Scheme mismatch')
  if (domain !== undefined && siwe.domain.toLowerCase() !== domain.toLowerCase()) {
    throw new SiweVerificationError('domain_mismatch', 'Domain mismatch')
  }
  if (uri !== undefined && siwe.uri !== uri) throw new SiweVerificationError('uri_mismatch', 'URI mismatch')
  if (!noncePattern.test(siwe.nonce)) {
    throw new SiweVerificationError('invalid_nonce', 'Nonce must be at least 8 alphanumeric characters')
  }
  // Always compared (1.9.6 skipped the check for an empty expected nonce).
  if (siwe.nonce !== nonce) throw new SiweVerificationError('nonce_mismatch', 'Nonce mismatch')
  if (statement !== undefined && (siwe.statement ?? '') !== statement) {
    throw new SiweVerificationError('statement_mismatch', 'Statement mismatch')
  }
  if (requestId !== undefined && siwe.request_id !== requestId) {
    throw new SiweVerificationError('request_id_mismatch', 'Request ID mismatch')
  }

  const nowMs = now.getTime()
  if (siwe.expiration_time !== undefined && Date.parse(siwe.expiration_time) <= nowMs) {
    throw new SiweVerificationError('expired', 'Expired message')
  }
  if (siwe.not_before !== undefined && Date.parse(siwe.not_before) > nowMs) {
    throw new SiweVerificationError('not_yet_valid', 'Not Before time has not passed')
  }
  if (Date.parse(siwe.issued_at) - nowMs > maxIssuedAtSkewMs) {
    throw new SiweVerificationError('issued_in_future', 'Issued At is in the future')
  }

  await verifySignature({
    address: payload.address as Address,
    message: payload.message,
    // Legacy v1 hosts send the signature without `0x`; the bytes are the same.
    signature: (payload.signature.startsWith('0x') ? payload.signature : `0x${payload.signature}`) as Hex,
    chainId,
    client,
  })
  return { isValid: true, siweMessageData: siwe }
}

async function verifySignature(parameters: {
  address: Address
  message: string
  signature: Hex
  chainId: number
  client: Client<Transport, Chain | undefined> | undefined
}): Promise<void> {
  const { address, message, signature, chainId } = parameters
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return
  } catch {
    // Not a 65-byte ECDSA signature (a Safe's packed owner signatures, say):
    // only the contract itself can judge it, so fall through to ERC-1271.
  }

  // Only whole bytes can be a signature; the node would refuse the call as
  // bad input, which must not read as an outage.
  if ((signature.length - 2) % 2 !== 0) {
    throw new SiweVerificationError('invalid_signature', 'Signature verification failed', {
      details: 'The signature is not a whole number of bytes',
    })
  }

  let client = parameters.client
  if (!client) {
    // The default client only knows World Chain; asking it about a wallet on
    // another chain would wrongly answer "no contract there".
    if (chainId !== worldchain.id) {
      throw new SiweVerificationError('invalid_signature', 'Signature verification failed', {
        details: `Not an EOA signature, and no client was given for chain ${chainId} to check ERC-1271`,
      })
    }
    // Created here, not at import: EOA sign-ins and SSR imports need no RPC.
    client = createPublicClient({ chain: worldchain, transport: http() })
  }

  let result: Hex
  try {
    result = await readContract(client, {
      address,
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    })
  } catch (cause) {
    if (isRpcFailure(cause)) {
      // The node never judged the signature, so neither can we: a retry may
      // succeed, and calling it invalid would blame the user for our outage.
      throw new SiweVerificationError('verifier_unavailable', 'Signature verifier unavailable', {
        cause,
        details: 'The ERC-1271 isValidSignature call did not reach the chain',
      })
    }
    throw new SiweVerificationError('invalid_signature', 'Signature verification failed', {
      cause,
      details: 'The ERC-1271 isValidSignature call failed',
    })
  }
  if (result.toLowerCase() !== erc1271MagicValue) {
    throw new SiweVerificationError('invalid_signature', 'Signature verification failed', {
      details: 'The wallet contract did not return the ERC-1271 magic value',
    })
  }
}

/**
 * viem errors meaning "the contract answered, and the answer is no": a revert
 * (with or without data), or empty return data (no code at the address).
 */
const contractAnswerNames = new Set([
  'ExecutionRevertedError',
  'RawContractError',
  'ContractFunctionZeroDataError',
  'AbiDecodingZeroDataError',
])
/** viem errors meaning "the request never got an answer from the chain". */
const transportFailureNames = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
  'RpcRequestError',
  'ProviderDisconnectedError',
  'ChainDisconnectedError',
])
/** Deeper than any chain viem builds (ContractFunctionExecutionError → CallExecutionError → RpcError → cause). */
const maxCauseDepth = 16

/**
 * Did the ERC-1271 call fail in transport (HTTP error, timeout, refused
 * connection, a JSON-RPC error that is not a revert) rather than get the
 * contract's answer? Matched by viem's stable error `name`, not `instanceof`:
 * the caller's client may come from another copy of viem than ours.
 */
function isRpcFailure(error: unknown): boolean {
  const chain: Error[] = []
  for (let current: unknown = error; current instanceof Error && chain.length < maxCauseDepth; current = current.cause) {
    chain.push(current)
  }
  if (chain.some(isContractAnswer)) return false
  // viem's JSON-RPC error classes (InternalRpcError, LimitExceededRpcError,
  // UnknownRpcError for a custom transport that threw…) all end in `RpcError`.
  return chain.some((link) => transportFailureNames.has(link.name) || link.name.endsWith('RpcError'))
}

function isContractAnswer(error: Error): boolean {
  if (contractAnswerNames.has(error.name)) return true
  if (error.name !== 'ContractFunctionRevertedError') return false
  // viem also files a bare JSON-RPC "internal error" (-32603) under this name;
  // only revert data or a revert reason make it the contract's own answer.
  const { raw, reason } = error as Error & { raw?: unknown; reason?: unknown }
  return (typeof raw === 'string' && raw !== '0x') || (typeof reason === 'string' && /revert/i.test(reason))
}
