// The EIP-1193 provider's request side over the 2.x commands: params
// parsing, EIP-1193 error codes, sign-in, signing and sending. The commands
// come in as an argument (`ProviderCommands`). `getWorldAppProvider` loads
// this module on the first request, so the root entry carries only the
// provider's shell (providerState.ts).

import type { Address, EIP1193EventMap } from 'viem'
import { ProviderRpcError, ProviderRpcErrorCode } from '../../errors/wallet/ProviderRpcError.js'
import { WORLD_CHAIN_ID } from '../../protocol/chain.js'
import { isAddress } from '../../utils/checksumAddress.js'
import {
  getProviderAddress,
  type ProviderListeners,
  providerEvents,
  setProviderAddress,
  type WorldAppProvider,
} from './providerState.js'

const WORLD_CHAIN_HEX = '0x1e0'

/** The 2.x commands the provider calls; each resolves `{ data }` or rejects with the command's typed error. */
export interface ProviderCommands {
  /** Inside World App with MiniKit installed: sign-in can run. */
  canAuthenticate(): boolean
  walletAuth(input: { nonce: string; statement: string }): Promise<{ data: { address: string } }>
  signMessage(input: { message: string }): Promise<{ data: { signature: string } }>
  signTypedData(input: TypedDataRequest): Promise<{ data: { signature: string } }>
  sendTransaction(input: {
    chainId: number
    transactions: { to: string; data?: string; value?: string }[]
  }): Promise<{ data: { userOpHash: string } }>
}

/** What `eth_signTypedData*` hands to the sign-typed-data command. */
export interface TypedDataRequest {
  types: Record<string, unknown>
  primaryType: string
  domain?: Record<string, unknown>
  message: Record<string, unknown>
  chainId?: number
}

// ---------------------------------------------------------------------------
// Params. Libraries put params in different orders (`personal_sign` is
// [message, address] in the spec, [address, message] in some wallets), so the
// parsing is as tolerant as the official's; what it cannot read is an
// InvalidParams error that says what was expected.

const HEX = /^0x[0-9a-fA-F]*$/
const invalid = (message: string) => new ProviderRpcError(ProviderRpcErrorCode.InvalidParams, message)
const asArray = (params: unknown): unknown[] => (params === undefined ? [] : Array.isArray(params) ? params : [params])
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// Fatal: bytes that are not UTF-8 text cannot be signed as World App's text
// message without changing what is signed.
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A `0x` message is hex-encoded text (viem's `toHex(message)`); anything else is the text itself. */
function messageText(value: string, method: string): string {
  if (!HEX.test(value)) return value
  const hex = value.slice(2)
  if (hex.length % 2 !== 0) throw invalid(`${method}: the message "${value}" is hex of odd length`)
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  try {
    return utf8.decode(bytes)
  } catch {
    throw invalid(`${method}: World App signs text, and the message's bytes are not UTF-8 text`)
  }
}

/** personal_sign: [message, address] (the spec) or [address, message]. */
export function personalSignMessage(params: unknown): string {
  const [first, second] = asArray(params)
  const message = isAddress(first) && typeof second === 'string' ? second : first
  if (typeof message !== 'string') throw invalid('personal_sign expects params [message, address] with the message as a string')
  return messageText(message, 'personal_sign')
}

/** eth_sign: [address, message]. */
export function ethSignMessage(params: unknown): string {
  const [first, second] = asArray(params)
  const message = typeof second === 'string' ? second : typeof first === 'string' && !isAddress(first) ? first : undefined
  if (message === undefined) throw invalid('eth_sign expects params [address, message] with the message as a string')
  return messageText(message, 'eth_sign')
}

const toChainId = (value: unknown): number | undefined => {
  const number = typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined
}

/** eth_signTypedData(_v3/_v4): [address, typedData] with the typed data as JSON text or an object. */
export function typedDataRequest(method: string, params: unknown): TypedDataRequest {
  const items = asArray(params)
  const candidate = items.length > 1 ? items[1] : items[0]
  let parsed: unknown = candidate
  if (typeof candidate === 'string') {
    try {
      parsed = JSON.parse(candidate)
    } catch {
      throw invalid(`${method}: the typed data is not valid JSON`)
    }
  }
  if (!isRecord(parsed) || typeof parsed.primaryType !== 'string' || !isRecord(parsed.types) || !isRecord(parsed.message))
    throw invalid(`${method} expects params [address, typedData] with typedData { types, primaryType, domain, message }`)
  const domain = isRecord(parsed.domain) ? parsed.domain : undefined
  const chainId = toChainId(domain?.chainId ?? parsed.chainId)
  return {
    types: parsed.types,
    primaryType: parsed.primaryType,
    ...(domain ? { domain } : {}),
    message: parsed.message,
    ...(chainId === undefined ? {} : { chainId }),
  }
}

/** A quantity as the JSON-RPC hex string (viem sends hex; a number or bigint is converted). */
function quantity(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))
    return `0x${value.toString(16)}`
  throw invalid(`eth_sendTransaction: the value ${String(value)} is not a quantity`)
}

/** eth_sendTransaction: [{ to, data?, value?, chainId? }]. */
export function transactionRequest(params: unknown): { to: string; data?: string; value?: string; chainId?: number } {
  const [tx] = asArray(params)
  if (!isRecord(tx)) throw invalid('eth_sendTransaction expects params [{ to, data, value }]')
  if (!isAddress(tx.to)) throw invalid('eth_sendTransaction: "to" must be a 20-byte 0x address')
  if (tx.data !== undefined && (typeof tx.data !== 'string' || !HEX.test(tx.data)))
    throw invalid('eth_sendTransaction: "data" must be 0x hex')
  const chainId = toChainId(tx.chainId)
  const value = quantity(tx.value)
  return {
    to: tx.to,
    // Empty calldata is a plain transfer: send none rather than "0x".
    ...(typeof tx.data === 'string' && tx.data !== '0x' ? { data: tx.data } : {}),
    ...(value === undefined ? {} : { value }),
    ...(chainId === undefined ? {} : { chainId }),
  }
}

/** wallet_switchEthereumChain: [{ chainId }]. */
export function switchChainId(params: unknown): number {
  const [payload] = asArray(params)
  const chainId = isRecord(payload) ? toChainId(payload.chainId) : undefined
  if (chainId === undefined) throw invalid('wallet_switchEthereumChain expects params [{ chainId }]')
  return chainId
}

// ---------------------------------------------------------------------------
// Errors: a command's typed error becomes the EIP-1193 code that names its cause.

const readString = (error: unknown, key: string): string | undefined => {
  const value = isRecord(error) || error instanceof Error ? (error as unknown as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' ? value : undefined
}

/** The EIP-1193 error for a failed command, its SDK error kept as `cause`. */
export function toProviderError(failed: string, error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const name = readString(error, 'name')
  const replyCode = readString(error, 'error_code') ?? readString(error, 'code')
  const text = readString(error, 'shortMessage') ?? readString(error, 'message') ?? String(error)
  const code =
    replyCode === 'user_rejected'
      ? ProviderRpcErrorCode.UserRejected
      : name === 'CommandUnavailableError'
        ? readString(error, 'reason') === 'notInWorldApp' || readString(error, 'reason') === undefined
          ? ProviderRpcErrorCode.Disconnected
          : ProviderRpcErrorCode.UnsupportedMethod
        : name === 'HostUnavailableError'
          ? ProviderRpcErrorCode.Disconnected
          : name === 'InvalidPayloadError'
            ? ProviderRpcErrorCode.InvalidParams
            : ProviderRpcErrorCode.Internal
  return new ProviderRpcError(code, `${failed}: ${text}`, { cause: error })
}

// ---------------------------------------------------------------------------

const CHAIN_ONLY = `World App only supports World Chain (${WORLD_CHAIN_ID})`

/** A random alphanumeric sign-in nonce (World App requires letters and digits only, at least 8). */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** What a method's handler may use: the commands, and the one sign-in the provider shares between callers. */
interface ProviderSession {
  commands: ProviderCommands
  /** eth_requestAccounts: the address, after one shared sign-in sheet when there is none yet. */
  requestAccounts(): Address[] | Promise<Address[]>
}

type MethodHandler = (session: ProviderSession, params: unknown, method: string) => unknown

/** Tell every `event` listener; a listener's bug must not fail the request that notified it. */
function emit<event extends keyof EIP1193EventMap>(
  listeners: ProviderListeners,
  event: event,
  ...args: Parameters<EIP1193EventMap[event]>
): void {
  for (const listener of listeners.get(event) ?? []) {
    try {
      ;(listener as (...values: unknown[]) => void)(...args)
    } catch (error) {
      // It still surfaces, as an uncaught error.
      queueMicrotask(() => {
        throw error
      })
    }
  }
}

/** Sign in with World App and make its address the provider's account (`accountsChanged`). */
async function authenticate(commands: ProviderCommands, listeners: ProviderListeners): Promise<Address[]> {
  if (!commands.canAuthenticate())
    throw new ProviderRpcError(
      ProviderRpcErrorCode.Disconnected,
      'World App provider only works inside World App and must be installed',
    )
  let address: string
  try {
    address = (await commands.walletAuth({ nonce: randomNonce(), statement: 'Sign in with World App' })).data.address
  } catch (error) {
    throw toProviderError('World App wallet auth failed', error)
  }
  setProviderAddress(address)
  const accounts = [getProviderAddress() as Address]
  emit(listeners, 'accountsChanged', accounts)
  return accounts
}

async function sign(failed: string, run: () => Promise<{ data: { signature: string } }>): Promise<string> {
  try {
    return (await run()).data.signature
  } catch (error) {
    throw toProviderError(failed, error)
  }
}

const signTypedData: MethodHandler = ({ commands }, params, method) => {
  const typedData = typedDataRequest(method, params)
  return sign('Sign typed data failed', () => commands.signTypedData(typedData))
}

/** The EIP-1193 methods World App's provider answers, one handler each; any other method is unsupported. */
const METHODS: Readonly<Record<string, MethodHandler>> = {
  eth_requestAccounts: (session) => session.requestAccounts(),
  eth_accounts: () => {
    const address = getProviderAddress()
    return address ? [address] : []
  },
  eth_chainId: () => WORLD_CHAIN_HEX,
  personal_sign: ({ commands }, params) => {
    const message = personalSignMessage(params)
    return sign('Sign message failed', () => commands.signMessage({ message }))
  },
  eth_sign: ({ commands }, params) => {
    const message = ethSignMessage(params)
    return sign('Sign message failed', () => commands.signMessage({ message }))
  },
  eth_signTypedData: signTypedData,
  eth_signTypedData_v3: signTypedData,
  eth_signTypedData_v4: signTypedData,
  eth_sendTransaction: async ({ commands }, params) => {
    const { chainId, ...call } = transactionRequest(params)
    if (chainId !== undefined && chainId !== WORLD_CHAIN_ID)
      throw new ProviderRpcError(ProviderRpcErrorCode.UnrecognizedChain, CHAIN_ONLY)
    try {
      return (await commands.sendTransaction({ chainId: WORLD_CHAIN_ID, transactions: [call] })).data.userOpHash
    } catch (error) {
      throw toProviderError('Send transaction failed', error)
    }
  },
  wallet_switchEthereumChain: (_, params) => {
    if (switchChainId(params) !== WORLD_CHAIN_ID) throw new ProviderRpcError(ProviderRpcErrorCode.UnrecognizedChain, CHAIN_ONLY)
    return null
  },
  wallet_addEthereumChain: () => {
    throw new ProviderRpcError(ProviderRpcErrorCode.UnsupportedMethod, CHAIN_ONLY)
  },
}

/**
 * A new provider over `commands`. Most code wants the page's shared one,
 * {@link getWorldAppProvider}; this is for tests and custom wiring.
 *
 * @example
 * ```ts
 * const provider = createWorldAppProvider(myCommands)
 * await provider.request({ method: 'eth_chainId' }) // '0x1e0'
 * ```
 */
export function createWorldAppProvider(commands: ProviderCommands, listeners: ProviderListeners = new Map()): WorldAppProvider {
  let authInFlight: Promise<Address[]> | undefined
  const session: ProviderSession = {
    commands,
    requestAccounts() {
      const existing = getProviderAddress()
      if (existing) return [existing as Address]
      // One sign-in sheet at a time: concurrent callers share it.
      authInFlight ??= authenticate(commands, listeners).finally(() => {
        authInFlight = undefined
      })
      return authInFlight
    },
  }

  async function request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (!isRecord(args) || typeof args.method !== 'string')
      throw invalid('request expects { method, params } with the method as a string')
    const { method, params } = args
    // Own keys only: 'toString' or 'constructor' are no methods.
    const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
    if (!handler) throw new ProviderRpcError(ProviderRpcErrorCode.UnsupportedMethod, `Unsupported method: ${method}`)
    return handler(session, params, method)
  }

  return { request: request as WorldAppProvider['request'], ...providerEvents(listeners) }
}
