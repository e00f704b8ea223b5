import { ResponseEvent } from '@worldmap/minikit'
import { hostMessageContract, type WireCommand } from '@worldmap/minikit/wire'
import type { Hex } from 'viem'
import { createSimulatorWallet, type SimulatorWallet, type WireTypedData } from '../wallet/createSimulatorWallet.js'
import { createBridgeWallet, type WalletRequest } from '../worldId/createBridgeWallet.js'
import {
  createSimulatedIdentity,
  type SimulatedIdentity,
  type SimulatedIdentityOptions,
} from '../worldId/createSimulatedIdentity.js'
import { type HostSurfaceOptions, installHostSurface } from './hostSurface.js'
import { MALFORMED_CODE, NEEDS_CONSENT, REJECT_CODE, REPLY_EVENT } from './replies.js'

/** How the simulator answers one command in scripted mode. */
export interface CommandBehaviour {
  /** approve (default), reject with an error code, or drop the reply entirely. */
  outcome?: 'approve' | 'reject' | 'drop'
  /** Error code for `reject`; the command's user-rejected code by default. */
  errorCode?: string
  /** Delay before replying, in ms. @default 0 (next task, like the real host) */
  delay?: number
  /** Send the reply twice (hosts occasionally do). */
  duplicate?: boolean
}

/** A request shown to the user (interactive mode) or to a test hook. */
export interface ConsentRequest {
  command: WireCommand
  payload: Record<string, unknown>
}

/** A contact returned by share-contacts. */
export interface SimulatedContact {
  username: string
  walletAddress: string
  profilePictureUrl: string | null
}

/** Options of {@link createSimulator}. */
export interface SimulatorOptions extends HostSurfaceOptions {
  /** The page to act as host for. @default globalThis.window */
  window?: Window
  /**
   * A host surface already installed in the page (by `bootSimulator`): the
   * simulator connects its message handling to it instead of defining
   * `window.WorldApp` and the handlers itself. `connect` returns how to remove it.
   */
  surface?: { connect(receive: (raw: unknown) => void): () => void }
  /** The mini app's id as World App knows it (proofs are bound to it). */
  appId?: string
  /** Wallet key; the deterministic dev key by default. */
  privateKey?: Hex
  identity?: SimulatedIdentityOptions
  /** Initial host permissions. */
  permissions?: { notifications?: boolean; contacts?: boolean; microphone?: boolean }
  contacts?: SimulatedContact[]
  /** Scripted answers per command; approve everything by default. */
  behaviour?: Partial<Record<WireCommand, CommandBehaviour>>
  /**
   * Ask before answering commands that need consent (interactive mode).
   * Resolve true to approve. Without it, scripted `behaviour` decides.
   */
  confirm?: (request: ConsentRequest) => Promise<boolean>
}

/** A message the page sent, as the host received it. */
export interface ReceivedMessage {
  command: string
  version?: number
  payload: unknown
  /** What the native handler got: an object on iOS, a JSON string on Android. */
  raw: unknown
}

/** A reply the simulator fired through `window.MiniKit.trigger`. */
export interface SentReply {
  event: string
  payload: Record<string, unknown>
}

/** A running simulator. */
export interface Simulator {
  wallet: SimulatorWallet
  identity: SimulatedIdentity
  appId: string
  received: ReceivedMessage[]
  replies: SentReply[]
  /** Microphone streams the page reported as open. */
  openMicrophoneStreams: Set<string>
  permissions: { notifications: boolean; contacts: boolean; microphone: boolean }
  setBehaviour(command: WireCommand, behaviour: CommandBehaviour | undefined): void
  /** Withdraw microphone permission, as World App does from its settings. */
  revokeMicrophone(code?: 'mini_app_permission_not_enabled' | 'world_app_permission_not_enabled'): void
  /**
   * Act as World App scanning a verification QR code: open the bridge
   * session's connector URI with this identity, ready to approve or reject.
   */
  openBridgeRequest(connectorURI: string, bridgeUrl?: string): Promise<WalletRequest>
  /** Wait until every reply scheduled so far has been fired. */
  settled(): Promise<void>
  uninstall(): void
}

type HostGlobals = { MiniKit?: { trigger(event: string, payload: unknown): void } }

const now = () => new Date().toISOString()
const randomHex = (bytes: number): Hex =>
  `0x${Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Turn a page into a World App webview: defines `window.WorldApp` and the
 * iOS or Android message handler, checks every command against the host's
 * wire contract and answers asynchronously through `window.MiniKit.trigger`,
 * with a real local wallet and a simulated World ID.
 *
 * @example
 * ```ts
 * const simulator = createSimulator({ os: 'android', behaviour: { pay: { outcome: 'reject', errorCode: 'insufficient_balance' } } })
 * MiniKit.install()
 * ```
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const win = (options.window ?? globalThis.window) as unknown as Window & HostGlobals
  const os = options.os ?? 'ios'
  const wallet = createSimulatorWallet(options.privateKey)
  const identity = createSimulatedIdentity(options.identity)
  const behaviour: Partial<Record<WireCommand, CommandBehaviour>> = { ...options.behaviour }
  const pending = new Set<Promise<void>>()
  let removeSurface = () => {}
  const simulator: Simulator = {
    wallet,
    identity,
    appId: options.appId ?? 'app_staging_worldmap_simulator',
    received: [],
    replies: [],
    openMicrophoneStreams: new Set(),
    permissions: { notifications: false, contacts: false, microphone: false, ...options.permissions },
    setBehaviour(command, value) {
      behaviour[command] = value
    },
    revokeMicrophone(code = 'mini_app_permission_not_enabled') {
      simulator.permissions.microphone = false
      fire(ResponseEvent.MiniAppMicrophone, { status: 'error', error_code: code, version: 1 }, 0)
    },
    openBridgeRequest(connectorURI, bridgeUrl) {
      return createBridgeWallet({ identity, ...(bridgeUrl ? { bridgeUrl } : {}) }).open(connectorURI)
    },
    async settled() {
      while (pending.size) await Promise.all([...pending])
    },
    uninstall() {
      removeSurface()
    },
  }

  function fire(event: string, payload: Record<string, unknown>, delay: number, times = 1): void {
    const done = new Promise<void>((resolve) =>
      setTimeout(() => {
        for (let i = 0; i < times; i++) {
          simulator.replies.push({ event, payload })
          win.MiniKit?.trigger(event, payload)
        }
        resolve()
      }, delay),
    )
    pending.add(done)
    done.then(() => pending.delete(done))
  }

  async function answer(
    command: WireCommand,
    version: number,
    payload: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    switch (command) {
      case 'wallet-auth': {
        const { message, signature } = await wallet.signSiwe(payload.siweMessage as string)
        return { status: 'success', message, signature, address: wallet.address, version }
      }
      case 'sign-message':
        return {
          status: 'success',
          signature: await wallet.signMessage(payload.message as string),
          address: wallet.address,
          version,
        }
      case 'sign-typed-data':
        if (Number(payload.chainId) !== 480) return { status: 'error', error_code: 'invalid_operation', version }
        return {
          status: 'success',
          signature: await wallet.signTypedData(payload as unknown as WireTypedData),
          address: wallet.address,
          version,
        }
      case 'verify': {
        const level = payload.verification_level as string
        if (!identity.satisfies(level)) return { status: 'error', error_code: 'credential_unavailable', version }
        const proof = await identity.prove({
          appId: simulator.appId,
          action: payload.action as string,
          signalHash: payload.signal as Hex,
          level,
        })
        return { status: 'success', ...proof, version }
      }
      case 'pay':
        return {
          status: 'success',
          transaction_status: 'submitted',
          transaction_id: randomHex(32),
          reference: payload.reference,
          from: wallet.address,
          chain: 'worldchain',
          timestamp: now(),
          version,
        }
      case 'send-transaction':
        return {
          status: 'success',
          transaction_status: 'submitted',
          transaction_id: randomHex(32),
          from: wallet.address,
          chain: 'worldchain',
          timestamp: now(),
          version,
          mini_app_id: simulator.appId,
        }
      case 'share-contacts':
        return { status: 'success', contacts: options.contacts ?? defaultContacts, version, timestamp: now() }
      case 'request-permission': {
        const permission = payload.permission as keyof Simulator['permissions']
        if (simulator.permissions[permission]) return { status: 'error', error_code: 'already_granted', version }
        simulator.permissions[permission] = true
        return { status: 'success', permission, timestamp: now(), version }
      }
      case 'get-permissions':
        return { status: 'success', permissions: { ...simulator.permissions }, version, timestamp: now() }
      case 'send-haptic-feedback':
        return { status: 'success', version, timestamp: now() }
      case 'share':
        return {
          status: 'success',
          shared_files_count: Array.isArray(payload.files) ? payload.files.length : 0,
          version,
          timestamp: now(),
        }
      default:
        return { status: 'error', error_code: 'generic_error', version }
    }
  }

  async function handle(message: ReceivedMessage): Promise<void> {
    if (message.command === 'init') return
    if (message.command === 'microphone-stream-started' || message.command === 'microphone-stream-ended') {
      const id = (message.payload as { streamId?: string })?.streamId
      if (id) simulator.openMicrophoneStreams[message.command.endsWith('started') ? 'add' : 'delete'](id)
      return
    }
    const command = message.command as WireCommand
    // Own keys only: 'toString' or 'constructor' are no commands.
    if (!Object.hasOwn(REPLY_EVENT, command)) return
    const event = REPLY_EVENT[command]
    const version = message.version ?? 1
    const valid = hostMessageContract.safeParse({ command, version, payload: message.payload })
    const script = behaviour[command] ?? {}
    const delay = script.delay ?? 0
    if (!valid.success) {
      const details = valid.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
      return fire(event, { status: 'error', error_code: MALFORMED_CODE[command], details, version }, delay)
    }
    // On iOS the share sheet is the browser's own and World App sends no reply.
    if (command === 'share' && os === 'ios') return
    const payload = message.payload as Record<string, unknown>
    let outcome = script.outcome ?? 'approve'
    // A behaviour scripted for this command (at start or with setBehaviour) answers instead of the person.
    if (options.confirm && NEEDS_CONSENT.has(command) && !behaviour[command]) {
      outcome = (await options.confirm({ command, payload })) ? 'approve' : 'reject'
    }
    if (outcome === 'drop') return
    let reply: Record<string, unknown>
    try {
      reply =
        outcome === 'reject'
          ? { status: 'error', error_code: script.errorCode ?? REJECT_CODE[command], version }
          : await answer(command, version, payload)
    } catch (error) {
      // Input the contract lets through but the wallet cannot use (typed data
      // with a bad address, say): World App answers with an error, it never
      // leaves the mini app waiting.
      console.error('[simulator] failed to answer', command, error)
      const details =
        error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
      reply = { status: 'error', error_code: MALFORMED_CODE[command], details, version }
    }
    fire(event, reply, delay, script.duplicate ? 2 : 1)
  }

  const receive = (raw: unknown) => {
    let parsed: { command?: unknown; version?: unknown; payload?: unknown }
    try {
      parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as typeof parsed
    } catch {
      console.error('[simulator] a message that is not JSON reached the Android handler', raw)
      return
    }
    const message: ReceivedMessage = {
      command: String(parsed?.command),
      version: typeof parsed?.version === 'number' ? parsed.version : undefined,
      payload: parsed?.payload,
      raw,
    }
    simulator.received.push(message)
    // World App answers after postMessage returns, never inside it.
    const work = Promise.resolve().then(() => handle(message))
    const tracked = work.catch((error) => console.error('[simulator] failed to answer', message.command, error))
    pending.add(tracked)
    tracked.then(() => pending.delete(tracked))
  }

  removeSurface = options.surface ? options.surface.connect(receive) : installHostSurface(win, options, receive)
  return simulator
}

const defaultContacts: SimulatedContact[] = [
  { username: 'ana.world', walletAddress: '0x1111111111111111111111111111111111111111', profilePictureUrl: null },
  { username: 'ben.world', walletAddress: '0x2222222222222222222222222222222222222222', profilePictureUrl: null },
]
