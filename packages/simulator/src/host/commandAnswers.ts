import { WORLD_CHAIN_ID } from '@worldmap/minikit'
import type { HostCommand } from '@worldmap/minikit/wire'
import { bytesToHex, encodeAbiParameters, type Hex, hexToBytes, keccak256, stringToBytes } from 'viem'
import type { SimulatorWallet, WireTypedData } from '../wallet/createSimulatorWallet.js'
import type { SimulatedIdentity } from '../worldId/createSimulatedIdentity.js'

/** A contact returned by share-contacts. */
export interface SimulatedContact {
  username: string
  walletAddress: string
  profilePictureUrl: string | null
}

/** The host permissions a mini app can ask for, and whether each is granted. */
export type SimulatedPermissions = { notifications: boolean; contacts: boolean; microphone: boolean }

/** What an answer may read and change: the simulator's wallet, identity and permissions. */
export interface AnswerContext {
  wallet: SimulatorWallet
  identity: SimulatedIdentity
  appId: string
  permissions: SimulatedPermissions
  contacts: readonly SimulatedContact[]
  /** The next user operation's nonce: the wallet's count of bundled calldata batches. */
  nextUserOperation(): bigint
}

type CalldataTransaction = { to: Hex; data?: Hex; value?: Hex }

/**
 * What each answer reads from its payload. The host contract
 * (`hostMessageContract`) has checked the payload before any answer runs, so
 * these are the contract's shapes, narrowed to the fields used here.
 */
interface AnsweredPayloads {
  'wallet-auth': { siweMessage: string }
  'sign-message': { message: string }
  'sign-typed-data': WireTypedData & { chainId?: number | string }
  verify: { verification_level: string; action: string; signal: Hex }
  pay: { reference: string }
  'send-transaction': { chainId?: number; transactions?: CalldataTransaction[] }
  attestation: { request_hash: string }
  chat: { to?: unknown[] }
  'share-contacts': Record<string, unknown>
  'request-permission': { permission: keyof SimulatedPermissions }
  'get-permissions': Record<string, unknown>
  'send-haptic-feedback': Record<string, unknown>
  share: { files?: unknown[] }
}

/** Every command World App answers (close-miniapp closes the webview instead). */
export type AnsweredCommand = Exclude<HostCommand, 'close-miniapp'>

/** How the simulator approves one command: the reply World App would send. */
export type CommandAnswer<C extends AnsweredCommand> = (
  context: AnswerContext,
  payload: AnsweredPayloads[C],
  version: number,
) => Promise<Record<string, unknown>> | Record<string, unknown>

const now = () => new Date().toISOString()
const randomHex = (bytes: number): Hex => bytesToHex(crypto.getRandomValues(new Uint8Array(bytes)))
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const base64urlJson = (value: unknown) => base64url(stringToBytes(JSON.stringify(value)))
const USER_OPERATION = [
  { name: 'from', type: 'address' },
  { name: 'chainId', type: 'uint256' },
  {
    name: 'calls',
    type: 'tuple[]',
    components: [
      { name: 'to', type: 'address' },
      { name: 'data', type: 'bytes' },
      { name: 'value', type: 'uint256' },
    ],
  },
  { name: 'nonce', type: 'uint256' },
] as const

/**
 * A token shaped like the host's attestation (a compact JWS): the request
 * hash and app, signed by the simulator's wallet. Plausible, not verifiable
 * by World's attestation service.
 */
async function attestationToken(context: AnswerContext, requestHash: string): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000)
  const header = base64urlJson({ alg: 'ES256K', typ: 'JWT', kid: context.wallet.address })
  const claims = base64urlJson({
    iss: 'worldmap-simulator',
    aud: context.appId,
    request_hash: requestHash,
    iat: issuedAt,
    exp: issuedAt + 300,
  })
  const signature = await context.wallet.signMessage(`${header}.${claims}`)
  return `${header}.${claims}.${base64url(hexToBytes(signature))}`
}

/** send-transaction 2: the calldata batch, bundled as one user operation of the wallet; its hash identifies it until it lands. */
function answerCalldataBatch(
  { wallet, nextUserOperation }: AnswerContext,
  payload: AnsweredPayloads['send-transaction'],
  version: number,
) {
  if (payload.chainId !== WORLD_CHAIN_ID) return { status: 'error', error_code: 'invalid_operation', version }
  const calls = (payload.transactions ?? []).map((call) => ({
    to: call.to,
    data: call.data ?? '0x',
    value: BigInt(call.value ?? 0),
  }))
  const hash = keccak256(
    encodeAbiParameters(USER_OPERATION, [wallet.address, BigInt(WORLD_CHAIN_ID), calls, nextUserOperation()]),
  )
  return { status: 'success', userOpHash: hash, from: wallet.address, network: 'worldchain', timestamp: now(), version }
}

/**
 * How the simulator approves each command, one row per command World App
 * answers: the success reply (or the error World App sends for a request it
 * cannot serve, like a chain other than World Chain). Rejections, malformed
 * requests and scripted behaviour are decided before a row runs.
 *
 * @example
 * ```ts
 * const reply = await COMMAND_ANSWERS['sign-message'](context, { message: 'hello' }, 1)
 * ```
 */
export const COMMAND_ANSWERS: { readonly [C in AnsweredCommand]: CommandAnswer<C> } = {
  'wallet-auth': async ({ wallet }, payload, version) => {
    const { message, signature } = await wallet.signSiwe(payload.siweMessage)
    return { status: 'success', message, signature, address: wallet.address, version }
  },
  'sign-message': async ({ wallet }, payload, version) => ({
    status: 'success',
    signature: await wallet.signMessage(payload.message),
    address: wallet.address,
    version,
  }),
  'sign-typed-data': async ({ wallet }, payload, version) => {
    if (Number(payload.chainId) !== WORLD_CHAIN_ID) return { status: 'error', error_code: 'invalid_operation', version }
    return { status: 'success', signature: await wallet.signTypedData(payload), address: wallet.address, version }
  },
  verify: async ({ identity, appId }, payload, version) => {
    const level = payload.verification_level
    if (!identity.satisfies(level)) return { status: 'error', error_code: 'credential_unavailable', version }
    const proof = await identity.prove({ appId, action: payload.action, signalHash: payload.signal, level })
    return { status: 'success', ...proof, version }
  },
  pay: ({ wallet }, payload, version) => ({
    status: 'success',
    transaction_status: 'submitted',
    transaction_id: randomHex(32),
    reference: payload.reference,
    from: wallet.address,
    chain: 'worldchain',
    timestamp: now(),
    version,
  }),
  'send-transaction': (context, payload, version) =>
    version === 2
      ? answerCalldataBatch(context, payload, version)
      : {
          status: 'success',
          transaction_status: 'submitted',
          transaction_id: randomHex(32),
          // The request carries none; World App makes one up (1.9.6's types require it).
          reference: crypto.randomUUID(),
          from: context.wallet.address,
          chain: 'worldchain',
          timestamp: now(),
          version,
          mini_app_id: context.appId,
        },
  attestation: async (context, payload, version) => ({
    status: 'success',
    token: await attestationToken(context, payload.request_hash),
    version,
  }),
  chat: (_, payload, version) => ({
    status: 'success',
    // Without recipients the person picks one chat.
    count: Array.isArray(payload.to) && payload.to.length ? payload.to.length : 1,
    timestamp: now(),
    version,
  }),
  'share-contacts': ({ contacts }, _, version) => ({ status: 'success', contacts, version, timestamp: now() }),
  'request-permission': ({ permissions }, { permission }, version) => {
    if (permissions[permission]) return { status: 'error', error_code: 'already_granted', version }
    permissions[permission] = true
    return { status: 'success', permission, timestamp: now(), version }
  },
  'get-permissions': ({ permissions }, _, version) => ({
    status: 'success',
    permissions: { ...permissions },
    version,
    timestamp: now(),
  }),
  'send-haptic-feedback': (_, __, version) => ({ status: 'success', version, timestamp: now() }),
  share: (_, payload, version) => ({
    status: 'success',
    shared_files_count: Array.isArray(payload.files) ? payload.files.length : 0,
    version,
    timestamp: now(),
  }),
}

/**
 * The reply approving `command`, from its row of {@link COMMAND_ANSWERS}; a
 * generic error for a command without one (close-miniapp, or a host-only
 * command added to the protocol before its row).
 */
export function answerCommand(
  context: AnswerContext,
  command: HostCommand,
  version: number,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> | Record<string, unknown> {
  const answer = Object.hasOwn(COMMAND_ANSWERS, command)
    ? (COMMAND_ANSWERS[command as AnsweredCommand] as CommandAnswer<AnsweredCommand>)
    : undefined
  if (!answer) return { status: 'error', error_code: 'generic_error', version }
  return answer(context, payload as never, version)
}

/** share-contacts' answer when the simulator is given none. */
export const DEFAULT_CONTACTS: SimulatedContact[] = [
  { username: 'ana.world', walletAddress: '0x1111111111111111111111111111111111111111', profilePictureUrl: null },
  { username: 'ben.world', walletAddress: '0x2222222222222222222222222222222222222222', profilePictureUrl: null },
]
