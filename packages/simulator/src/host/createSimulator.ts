import { ResponseEvent } from '@worldmap/minikit'
import {
  type HostCommand,
  hostMessageContract,
  replyProblems,
  supportedCommandsOf,
  type WireCommand,
  WORLD_APP_RELEASES,
} from '@worldmap/minikit/wire'
import type { Hex } from 'viem'
import { createSimulatorWallet, type SimulatorWallet } from '../wallet/createSimulatorWallet.js'
import { createBridgeWallet, type WalletRequest } from '../worldId/createBridgeWallet.js'
import {
  createSimulatedIdentity,
  type SimulatedIdentity,
  type SimulatedIdentityOptions,
} from '../worldId/createSimulatedIdentity.js'
import {
  type AnswerContext,
  answerCommand,
  DEFAULT_CONTACTS,
  type SimulatedContact,
  type SimulatedPermissions,
} from './commandAnswers.js'
import { type HostSurfaceOptions, installHostSurface } from './hostSurface.js'
import { MALFORMED_CODE, NEEDS_CONSENT, REJECT_CODE, REPLY_EVENT } from './replies.js'
import { WIRE_EVENTS } from './wireEvents.js'

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
  permissions: SimulatedPermissions
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
type HostWindow = Window & HostGlobals

/** Replies fired on the page's timers and messages still being answered: what {@link Simulator.settled} waits for. */
interface ReplyQueue {
  /** Fire `event` with `payload` through `window.MiniKit.trigger` after `delay` ms, `times` times. */
  fire(event: string, payload: Record<string, unknown>, delay: number, times?: number): void
  /** Count `work` as pending until it settles. */
  track(work: Promise<void>): void
  settled(): Promise<void>
}

/**
 * Tell listeners in the page (the CLI's log, a test) what crossed the wire:
 * a `CustomEvent` whose `detail` is the {@link ReceivedMessage} (without `raw`) or the {@link SentReply}.
 */
function announce(win: HostWindow, type: keyof typeof WIRE_EVENTS, detail: unknown): void {
  const Event = (win as unknown as { CustomEvent?: typeof CustomEvent }).CustomEvent
  if (typeof Event !== 'function' || typeof win.dispatchEvent !== 'function') return
  try {
    win.dispatchEvent(new Event(WIRE_EVENTS[type], { detail }))
  } catch (error) {
    // Telling listeners must never stop a reply (a page may have replaced CustomEvent).
    console.error('[simulator] a wire listener failed', error)
  }
}

function createReplyQueue(win: HostWindow, sent: SentReply[]): ReplyQueue {
  const pending = new Set<Promise<void>>()
  const track = (work: Promise<void>) => {
    pending.add(work)
    work.then(() => pending.delete(work))
  }
  return {
    fire(event, payload, delay, times = 1) {
      track(
        new Promise<void>((resolve) =>
          setTimeout(() => {
            for (let i = 0; i < times; i++) {
              sent.push({ event, payload })
              announce(win, 'reply', { event, payload })
              win.MiniKit?.trigger(event, payload)
            }
            resolve()
          }, delay),
        ),
      )
    },
    track,
    async settled() {
      while (pending.size) await Promise.all([...pending])
    },
  }
}

/** Everything answering a message needs: the running simulator, its options and how it replies. */
interface HostState {
  win: HostWindow
  options: SimulatorOptions
  simulator: Simulator
  answers: AnswerContext
  behaviour: Partial<Record<HostCommand, CommandBehaviour>>
  /** What this World App build speaks: commands it does not know go unanswered. */
  advertised: ReadonlyMap<string, readonly number[]>
  worldAppVersion: number
  queue: ReplyQueue
}

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
  const win = (options.window ?? globalThis.window) as unknown as HostWindow
  const worldAppVersion = options.worldAppVersion ?? WORLD_APP_RELEASES.current
  const replies: SentReply[] = []
  const queue = createReplyQueue(win, replies)
  let removeSurface = () => {}
  const behaviour: Partial<Record<HostCommand, CommandBehaviour>> = { ...options.behaviour }
  const simulator = createSimulatorHandle(options, queue, replies, behaviour, () => removeSurface())
  let userOperations = 0n
  const state: HostState = {
    win,
    options,
    simulator,
    // Read through the handle: a caller may replace its app id or permissions.
    answers: {
      wallet: simulator.wallet,
      identity: simulator.identity,
      get appId() {
        return simulator.appId
      },
      get permissions() {
        return simulator.permissions
      },
      contacts: options.contacts ?? DEFAULT_CONTACTS,
      nextUserOperation: () => (userOperations += 1n),
    },
    behaviour,
    advertised: new Map(
      (options.supportedCommands ?? supportedCommandsOf(worldAppVersion)).map((entry) => [entry.name, entry.supported_versions]),
    ),
    worldAppVersion,
    queue,
  }
  const receive = (raw: unknown) => {
    const message = readHostMessage(raw)
    if (!message) return
    simulator.received.push(message)
    announce(win, 'command', { command: message.command, version: message.version, payload: message.payload })
    // World App answers after postMessage returns, never inside it.
    const work = Promise.resolve().then(() => handleMessage(state, message))
    queue.track(work.catch((error) => console.error('[simulator] failed to answer', message.command, error)))
  }
  removeSurface = options.surface ? options.surface.connect(receive) : installHostSurface(win, options, receive)
  // The fast boot could not know the wallet (deriving it is most of the simulator's
  // code); from now on World App advertises the one that signs.
  if (win.WorldApp && typeof win.WorldApp === 'object')
    (win.WorldApp as { wallet_address?: string }).wallet_address = simulator.wallet.address
  return simulator
}

/** The {@link Simulator} a caller holds: its wallet, identity, what it received and sent, and its controls. */
function createSimulatorHandle(
  options: SimulatorOptions,
  queue: ReplyQueue,
  replies: SentReply[],
  behaviour: Partial<Record<HostCommand, CommandBehaviour>>,
  removeSurface: () => void,
): Simulator {
  const wallet = createSimulatorWallet(options.privateKey)
  const identity = createSimulatedIdentity(options.identity)
  const simulator: Simulator = {
    wallet,
    identity,
    appId: options.appId ?? 'app_staging_worldmap_simulator',
    received: [],
    replies,
    openMicrophoneStreams: new Set(),
    permissions: { notifications: false, contacts: false, microphone: false, ...options.permissions },
    closed: false,
    setBehaviour(command, value) {
      behaviour[command] = value
    },
    revokeMicrophone(code = 'mini_app_permission_not_enabled') {
      simulator.permissions.microphone = false
      queue.fire(ResponseEvent.MiniAppMicrophone, { status: 'error', error_code: code, version: 1 }, 0)
    },
    openBridgeRequest(connectorURI, bridgeUrl) {
      return createBridgeWallet({ identity, ...(bridgeUrl ? { bridgeUrl } : {}) }).open(connectorURI)
    },
    settled: () => queue.settled(),
    uninstall: removeSurface,
  }
  return simulator
}

/** A message as the native handler got it (an object on iOS, a JSON string on Android); undefined when it is not JSON. */
function readHostMessage(raw: unknown): ReceivedMessage | undefined {
  let parsed: { command?: unknown; version?: unknown; payload?: unknown }
  try {
    parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as typeof parsed
  } catch {
    console.error('[simulator] a message that is not JSON reached the Android handler', raw)
    return undefined
  }
  return {
    command: String(parsed?.command),
    version: typeof parsed?.version === 'number' ? parsed.version : undefined,
    payload: parsed?.payload,
    raw,
  }
}

/** Answer one message as World App would: note streams, ignore what the build does not know, reply to the rest. */
async function handleMessage(state: HostState, message: ReceivedMessage): Promise<void> {
  const { simulator, behaviour, worldAppVersion, queue } = state
  if (message.command === 'init') return
  if (message.command === 'microphone-stream-started' || message.command === 'microphone-stream-ended') {
    const id = (message.payload as { streamId?: string })?.streamId
    if (id) simulator.openMicrophoneStreams[message.command.endsWith('started') ? 'add' : 'delete'](id)
    return
  }
  const command = message.command as HostCommand
  // Own keys only: 'toString' or 'constructor' are no commands.
  if (!Object.hasOwn(REPLY_EVENT, command)) return
  const versions = state.advertised.get(command)
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
    return queue.fire(event, { status: 'error', error_code: MALFORMED_CODE[command], details, version }, delay)
  }
  const payload = message.payload as Record<string, unknown>
  const outcome = await decideOutcome(state, command, payload)
  // On iOS the share sheet is the system's own (the simulator's sheet stands in for it) and World App sends no reply.
  if (command === 'share' && (state.options.os ?? 'ios') === 'ios') return
  if (outcome === 'drop') return
  const reply = await replyTo(state, command, version, payload, outcome)
  // The wire contract holds the simulator to what World App sends; a departure is a simulator bug.
  const problems = replyProblems(command, version, reply)
  if (problems.length) console.error('[simulator] reply departs from the wire contract', command, problems)
  queue.fire(event, reply, delay, script.duplicate ? 2 : 1)
}

/** Approve, reject or drop: the scripted behaviour, or the person's answer in interactive mode. */
async function decideOutcome(
  { options, behaviour, simulator, win }: HostState,
  command: HostCommand,
  payload: Record<string, unknown>,
): Promise<NonNullable<CommandBehaviour['outcome']>> {
  // A behaviour scripted for this command (at start or with setBehaviour) answers instead of the person.
  if (options.confirm && asksConsent(command) && !behaviour[command]) {
    const approved = await options.confirm({
      command,
      payload,
      address: simulator.wallet.address,
      domain: win.location?.host ?? '',
    })
    return approved ? 'approve' : 'reject'
  }
  return behaviour[command]?.outcome ?? 'approve'
}

/** The reply to a valid request: the command's rejection, its answer, or the error World App sends when answering fails. */
async function replyTo(
  { answers, behaviour }: HostState,
  command: HostCommand,
  version: number,
  payload: Record<string, unknown>,
  outcome: 'approve' | 'reject',
): Promise<Record<string, unknown>> {
  if (outcome === 'reject') return { status: 'error', error_code: behaviour[command]?.errorCode ?? REJECT_CODE[command], version }
  try {
    return await answerCommand(answers, command, version, payload)
  } catch (error) {
    // Input the contract lets through but the wallet cannot use (typed data
    // with a bad address, say): World App answers with an error, it never
    // leaves the mini app waiting.
    console.error('[simulator] failed to answer', command, error)
    const details = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    return { status: 'error', error_code: MALFORMED_CODE[command], details, version }
  }
}

const asksConsent = (command: HostCommand): command is WireCommand => (NEEDS_CONSENT as ReadonlySet<HostCommand>).has(command)
