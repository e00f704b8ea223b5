// The host's side of the protocol table: what World App accepts, which is
// more than this SDK sends. The SDK's table (protocol/protocol.ts) stays the
// one source for the commands it sends; this file only adds what the host
// speaks beyond it — commands of the official MiniKit 2.x the SDK does not
// offer (attestation, chat, close-miniapp) and newer versions of shared
// commands (send-transaction 2) — plus the World App builds that began to
// speak each of them, so a host simulator can emulate an older World App.
//
// No zod here: the in-page host surface reads this table before the page's
// first script, so it must stay a few hundred bytes.
import { COMMAND_EVENTS, COMMAND_HOST_VERSIONS, type Command, type CommandEvent, PROTOCOL } from '../protocol/protocol.js'

/** A command World App accepts that the SDK's protocol table does not list. */
export interface HostOnlyEntry {
  /** Versions World App speaks. */
  readonly versions: readonly number[]
  /** Reply event, when not `miniapp-<command>`; `null` when World App answers nothing. */
  readonly event?: `miniapp-${string}` | null
}

/**
 * Commands World App accepts that this SDK does not send. None today: the
 * official MiniKit's `attestation`, `chat` and `close-miniapp` (which its
 * 1.11 and 2.x `install()` require, or it reports `app_out_of_date`) moved
 * into the SDK's protocol table. Kept so a future host-only command has its
 * place; a key of the SDK's table does not compile here, so nothing is
 * listed twice.
 *
 * @example
 * ```ts
 * Object.keys(HOST_ONLY_PROTOCOL) // []
 * ```
 */
export const HOST_ONLY_PROTOCOL = {} as const satisfies Readonly<Record<string, HostOnlyEntry>> & {
  readonly [C in Command]?: never
}

/**
 * Versions of the SDK's commands World App speaks although the SDK sends
 * none of them (the protocol table's `hostVersions` lists those the SDK
 * sends). Empty since send-transaction 2, which the 2.x `sendTransaction`
 * sends, moved into the table.
 */
export const HOST_EXTRA_VERSIONS: { readonly [C in Command]?: readonly number[] } = {}

/** Every command World App accepts: the SDK's commands, then the host-only ones. */
export type HostCommand = Command | keyof typeof HOST_ONLY_PROTOCOL

/** The event World App answers a host command with (`null`: no reply). */
export type HostReplyEvent<C extends HostCommand = HostCommand> = C extends Command
  ? CommandEvent<C>
  : C extends keyof typeof HOST_ONLY_PROTOCOL
    ? (typeof HOST_ONLY_PROTOCOL)[C] extends { event: null }
      ? null
      : `miniapp-${C}`
    : never

// Read as a plain record: with no host-only command today its own type is `{}`.
const hostOnly: Readonly<Record<string, HostOnlyEntry>> = HOST_ONLY_PROTOCOL
const extraOf = (command: Command): readonly number[] =>
  Object.hasOwn(HOST_EXTRA_VERSIONS, command) ? (HOST_EXTRA_VERSIONS[command] ?? []) : []

/** Every command World App accepts, in order: the SDK's table first, then the host-only commands. */
export const HOST_COMMANDS = [...Object.keys(PROTOCOL), ...Object.keys(HOST_ONLY_PROTOCOL)] as [HostCommand, ...HostCommand[]]

/**
 * The versions today's World App speaks, per command.
 *
 * @example
 * ```ts
 * HOST_VERSIONS['send-transaction'] // [1, 2]
 * HOST_VERSIONS['wallet-auth'] // [1, 2]
 * ```
 */
export const HOST_VERSIONS = /* @__PURE__ */ Object.fromEntries(
  HOST_COMMANDS.map((command): [HostCommand, readonly number[]] => [
    command,
    Object.hasOwn(hostOnly, command)
      ? (hostOnly[command] as HostOnlyEntry).versions
      : [...COMMAND_HOST_VERSIONS[command as Command], ...extraOf(command as Command)],
  ]),
) as { readonly [C in HostCommand]: readonly number[] }

/**
 * The reply event of each host command; `null` for close-miniapp.
 *
 * @example
 * ```ts
 * HOST_REPLY_EVENTS.pay // 'miniapp-payment'
 * HOST_REPLY_EVENTS.chat // 'miniapp-chat'
 * ```
 */
export const HOST_REPLY_EVENTS = /* @__PURE__ */ Object.fromEntries(
  HOST_COMMANDS.map((command) => {
    const entry = hostOnly[command]
    if (!entry || !Object.hasOwn(hostOnly, command)) return [command, COMMAND_EVENTS[command as Command]]
    return [command, entry.event === undefined ? `miniapp-${command}` : entry.event]
  }),
) as { readonly [C in HostCommand]: HostReplyEvent<C> }

// ---------------------------------------------------------------------------
// World App releases. `world_app_version` is a build number; the official
// toolkits gate on it (wallet-auth 2 needs > 2087900).

/**
 * World App builds with a known change of protocol, oldest first.
 * `walletAuthV2` is documented by the official toolkit (it sends wallet-auth 2
 * above 2087900). The build that added MiniKit 2.x's commands is not public:
 * `current` is this package's label for today's World App, above both.
 */
export const WORLD_APP_RELEASES = {
  /** The spec era: wallet-auth 1 only. */
  legacy: 2087900,
  /** wallet-auth 2 (what official 1.9.6 expects). */
  walletAuthV2: 2087901,
  /** Today's: attestation, chat, close-miniapp and send-transaction 2 as well. */
  current: 2100000,
} as const

/**
 * The first World App build speaking a command version, where it is not
 * spoken by every build: one row per change, the rest is the baseline.
 */
export const HOST_VERSION_SINCE: { readonly [C in HostCommand]?: Readonly<Record<number, number>> } = {
  'wallet-auth': { 2: WORLD_APP_RELEASES.walletAuthV2 },
  'send-transaction': { 2: WORLD_APP_RELEASES.current },
  attestation: { 1: WORLD_APP_RELEASES.current },
  chat: { 1: WORLD_APP_RELEASES.current },
  'close-miniapp': { 1: WORLD_APP_RELEASES.current },
}

/** One entry of `window.WorldApp.supported_commands`. */
export interface SupportedCommand {
  name: HostCommand
  supported_versions: number[]
}

/**
 * What a World App build lists in `window.WorldApp.supported_commands`:
 * every command with the versions that build speaks (commands it does not
 * speak at all are left out, as an older World App does).
 *
 * @example
 * ```ts
 * supportedCommandsOf(WORLD_APP_RELEASES.walletAuthV2).find((c) => c.name === 'chat') // undefined
 * supportedCommandsOf(WORLD_APP_RELEASES.current).find((c) => c.name === 'send-transaction') // { name, supported_versions: [1, 2] }
 * ```
 */
export function supportedCommandsOf(worldAppVersion: number = WORLD_APP_RELEASES.current): SupportedCommand[] {
  const commands: SupportedCommand[] = []
  for (const name of HOST_COMMANDS) {
    const since = HOST_VERSION_SINCE[name] ?? {}
    const versions = HOST_VERSIONS[name].filter((version) => (since[version] ?? 0) <= worldAppVersion)
    if (versions.length) commands.push({ name, supported_versions: versions })
  }
  return commands
}
