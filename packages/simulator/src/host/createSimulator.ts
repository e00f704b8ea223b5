import { ResponseEvent } from '@worldmap/minikit'
import {
  type HostCommand,
  hostMessageContract,
  replyProblems,
  supportedCommandsOf,
  type WireCommand,
  WORLD_APP_RELEASES,
} from '@worldmap/minikit/wire'
import { bytesToHex, encodeAbiParameters, type Hex, hexToBytes, keccak256, stringToBytes } from 'viem'
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
  /** The wallet that will sign or pay: the address a sign-in sheet shows in place of `{address}`. */
  address: Hex
  /** The mini app's domain (host and port), as World App names the app asking. */
  domain: string
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
  /** Scripted answers per command (host-only ones included); approve everything by default. */
  behaviour?: Partial<Record<HostCommand, CommandBehaviour>>
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
  setBehaviour(command: HostCommand, behaviour: CommandBehaviour | undefined): void
  /** Whether the page closed itself (`close-miniapp`), as World App would close the webview. */
  closed: boolean
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

type HostGlobals = { MiniKit?: { trigger(event: string, payload: unknown): void }; WorldApp?: unknown }

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
type CalldataTransaction = { to: Hex; data?: Hex; value?: Hex }

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
  const worldAppVersion = options.worldAppVersion ?? WORLD_APP_RELEASES.current
  const wallet = createSimulatorWallet(options.privateKey)
  const identity = createSimulatedIdentity(options.identity)
  const behaviour: Partial<Record<HostCommand, CommandBehaviour>> = { ...options.behaviour }
  const pending = new Set<Promise<void>>()
  // What this World App build speaks: commands it does not know go unanswered.
  const advertised = new Map<string, readonly number[]>(
    (options.supportedCommands ?? supportedCommandsOf(worldAppVersion)).map((entry) => [entry.name, entry.supported_versions]),
  )
  let userOperations = 0n
  let removeSurface = () => {}
  const simulator: Simulator = {
    wallet,
    identity,
    appId: options.appId ?? 'app_staging_worldmap_simulator',
    received: [],
    replies: [],
    openMicrophoneStreams: new Set(),
    permissions: { notifications: false, contacts: false, microphone: false, ...options.permissions },
    closed: false,
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
    command: HostCommand,
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
      case 'send-transaction': {
        if (version === 2) {
          if (payload.chainId !== 480) return { status: 'error', error_code: 'invalid_operation', version }
          // Bundled as one user operation of the wallet; its hash identifies it until it lands.
          userOperations += 1n
          const calls = (payload.transactions as CalldataTransaction[]).map((call) => ({
            to: call.to,
            data: call.data ?? '0x',
            value: BigInt(call.value ?? 0),
          }))
          return {
            status: 'success',
            userOpHash: keccak256(encodeAbiParameters(USER_OPERATION, [wallet.address, 480n, calls, userOperations])),
            from: wallet.address,
            network: 'worldchain',
            timestamp: now(),
            version,
          }
        }
        return {
          status: 'success',
          transaction_status: 'submitted',
          transaction_id: randomHex(32),
          // The request carries none; World App makes one up (1.9.6's types require it).
          reference: crypto.randomUUID(),
          from: wallet.address,
          chain: 'worldchain',
          timestamp: now(),
          version,
          mini_app_id: simulator.appId,
        }
      }
      case 'attestation':
        return { status: 'success', token: await attestationToken(payload.request_hash as string), version }
      case 'chat':
        return {
          status: 'success',
          // Without recipients the person picks one chat.
          count: Array.isArray(payload.to) && payload.to.length ? payload.to.length : 1,
          timestamp: now(),
          version,
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

  /**
   * A token shaped like the host's attestation (a compact JWS): the request
   * hash and app, signed by the simulator's wallet. Plausible, not verifiable
   * by World's attestation service.
   */
  async function attestationToken(requestHash: string): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000)
    const header = base64urlJson({ alg: 'ES256K', typ: 'JWT', kid: wallet.address })
    const claims = base64urlJson({
      iss: 'worldmap-simulator',
      aud: simulator.appId,
      request_hash: requestHash,
      iat: issuedAt,
      exp: issuedAt + 300,
    })
    const signature = await wallet.signMessage(`${header}.${claims}`)
    return `${header}.${claims}.${base64url(hexToBytes(signature))}`
  }

  async function handle(message: ReceivedMessage): Promise<void> {
    if (message.command === 'init') return
    if (message.command === 'microphone-stream-started' || message.command === 'microphone-stream-ended') {
      const id = (message.payload as { streamId?: string })?.streamId
      if (id) simulator.openMicrophoneStreams[message.command.endsWith('started') ? 'add' : 'delete'](id)
      return
    }
    const command = message.command as HostCommand
    // Own keys only: 'toString' or 'constructor' are no commands.
    if (!Object.hasOwn(REPLY_EVENT, command)) return
    const versions = advertised.get(command)
    // A build that does not list a command does not know it: nothing answers.
    if (!versions) return console.warn(`[simulator] World App ${worldAppVersion} does not know ${command}`)
    const version = message.version ?? 1
    const valid = hostMessageContract.safeParse({ command, version, payload: message.payload })
    const script = behaviour[command] ?? {}
    const delay = script.delay ?? 0
    if (command === 'close-miniapp') {
      if (valid.success) simulator.closed = true
      return
    }
    const event = REPLY_EVENT[command] as string
    if (!valid.success || !versions.includes(version)) {
      const details = valid.success
        ? `version: World App ${worldAppVersion} does not speak ${command} ${version}`
        : valid.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
      return fire(event, { status: 'error', error_code: MALFORMED_CODE[command], details, version }, delay)
    }
    const payload = message.payload as Record<string, unknown>
    let outcome = script.outcome ?? 'approve'
    // A behaviour scripted for this command (at start or with setBehaviour) answers instead of the person.
    if (options.confirm && asksConsent(command) && !behaviour[command]) {
      outcome = (await options.confirm({ command, payload, address: wallet.address, domain: win.location?.host ?? '' }))
        ? 'approve'
        : 'reject'
    }
    // On iOS the share sheet is the system's own (the simulator's sheet stands in for it) and World App sends no reply.
    if (command === 'share' && os === 'ios') return
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
    // The wire contract holds the simulator to what World App sends; a departure is a simulator bug.
    const problems = replyProblems(command, version, reply)
    if (problems.length) console.error('[simulator] reply departs from the wire contract', command, problems)
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
  // The fast boot could not know the wallet (deriving it is most of the simulator's
  // code); from now on World App advertises the one that signs.
  if (win.WorldApp && typeof win.WorldApp === 'object')
    (win.WorldApp as { wallet_address?: string }).wallet_address = wallet.address
  return simulator
}

const asksConsent = (command: HostCommand): command is WireCommand => (NEEDS_CONSENT as ReadonlySet<HostCommand>).has(command)

const defaultContacts: SimulatedContact[] = [
  { username: 'ana.world', walletAddress: '0x1111111111111111111111111111111111111111', profilePictureUrl: null },
  { username: 'ben.world', walletAddress: '0x2222222222222222222222222222222222222222', profilePictureUrl: null },
]
