// The host protocol in one table. Everything else that names a command, an
// event or a version derives from it: `Command`, `ResponseEvent`,
// `COMMAND_VERSIONS`, the method names used in messages, the host contract
// (wire/hostContract.ts), the host simulator, the test fake host and the
// generated PROTOCOL.md. Ground level: it imports nothing, so any layer (and
// other packages, through `@worldmap/minikit/wire`) can read it.

/** One host command's row in {@link PROTOCOL}. */
export interface ProtocolEntry {
  /** Version this SDK sends. */
  readonly version: number
  /** Event World App fires with the reply, when it is not `miniapp-<command>`; `null` when it answers nothing. */
  readonly event?: `miniapp-${string}` | null
  /** Versions World App understands, when more than `version` (wallet-auth 2 needs World App > 2087900). */
  readonly hostVersions?: readonly number[]
  /** The official toolkit's method name, when not the camelCase wire name (`closeMiniApp`, not `closeMiniapp`). */
  readonly method?: string
  /**
   * Added after the spec's 1.9.6 (by official 1.9.9-1.11): a World App that
   * lacks it leaves it unavailable but is not "out of date", so an app
   * written for 1.9.x installs where it always did.
   */
  readonly optional?: true
}

/**
 * The host protocol: per wire command (in the order the official toolkit
 * lists them), the version this SDK sends, and where World App departs from
 * its own naming and versioning rules: the reply event when it is not
 * `miniapp-<command>`, the versions it speaks when more than that one.
 * Kept this terse on purpose: install() and every command read it, so each
 * byte here ships in every bundle. PROTOCOL.md lists it spelled out, and
 * COMMAND_EVENTS / HOST_COMMAND_VERSIONS resolve the defaults.
 *
 * @example
 * ```ts
 * PROTOCOL['wallet-auth'] // { version: 2, hostVersions: [1, 2] }
 * COMMAND_EVENTS['wallet-auth'] // 'miniapp-wallet-auth'
 * ```
 */
export const PROTOCOL = {
  verify: { version: 1, event: 'miniapp-verify-action' },
  pay: { version: 1, event: 'miniapp-payment' },
  'wallet-auth': { version: 2, hostVersions: [1, 2] },
  // 2: the calldata batch the 2.x sendTransaction sends; the 1.x one sends 1.
  'send-transaction': { version: 1, hostVersions: [1, 2] },
  'sign-message': { version: 1 },
  'sign-typed-data': { version: 1 },
  'share-contacts': { version: 1 },
  'request-permission': { version: 1 },
  'get-permissions': { version: 1 },
  'send-haptic-feedback': { version: 1 },
  share: { version: 1 },
  // Added by the official toolkit 1.9.9-1.11.
  chat: { version: 1, optional: true },
  attestation: { version: 1, optional: true },
  // Closes the webview: there is nobody left to answer.
  'close-miniapp': { version: 1, event: null, method: 'closeMiniApp', optional: true },
} as const satisfies Readonly<Record<string, ProtocolEntry>>

/** Events World App fires on its own, not as a command's reply. */
export const HOST_EVENTS = ['miniapp-microphone'] as const

// ---------------------------------------------------------------------------
// Derived names. The types follow the table through template literal types;
// the values are built from it once, and marked pure so a bundle that does
// not use one drops it.

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S
type PascalCase<S extends string> = Capitalize<CamelCase<S>>
type EventKey<E extends string> = E extends `miniapp-${infer Rest}` ? `MiniApp${PascalCase<Rest>}` : never

/** Host commands, as sent on the wire in the `command` field. */
export type Command = keyof typeof PROTOCOL
/** The reply event of a command; `null` for one World App never answers (close-miniapp). */
export type CommandEvent<C extends Command = Command> = C extends Command
  ? (typeof PROTOCOL)[C] extends { event: infer E extends string | null }
    ? E
    : `miniapp-${C}`
  : never
/** The commands World App answers with an event (all but close-miniapp). */
export type ReplyingCommand = { [C in Command]: CommandEvent<C> extends null ? never : C }[Command]
/** The versions World App speaks for a command. */
export type CommandHostVersions<C extends Command = Command> = (typeof PROTOCOL)[C] extends {
  hostVersions: infer V extends readonly number[]
}
  ? V
  : readonly [(typeof PROTOCOL)[C]['version']]
/** The camelCase method name of a command (`wallet-auth` → `walletAuth`), as messages name it. */
export type CommandMethod<C extends Command = Command> = C extends Command
  ? (typeof PROTOCOL)[C] extends { method: infer M extends string }
    ? M
    : CamelCase<C>
  : never
/** Events the host fires through `window.MiniKit.trigger(event, payload)`. */
export type ResponseEvent = Exclude<CommandEvent, null> | (typeof HOST_EVENTS)[number]

const camelCase = (name: string) => name.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase())
const pascalCase = (name: string) => camelCase(`-${name}`)
const entryOf = (command: Command): ProtocolEntry => PROTOCOL[command]
const methodOf = (command: Command) => entryOf(command).method ?? camelCase(command)
const eventOf = (command: Command) => {
  const { event } = entryOf(command)
  return event === undefined ? `miniapp-${command}` : event
}
// Each derived object is built by a side-effect-free call of a closure, so a
// bundler that sees it unused (`@__PURE__`) drops the whole computation.
const fromEntries = <V>(entries: () => Array<[string, V]>) => Object.fromEntries(entries())
const byCommand = <V>(value: (command: Command) => V) =>
  fromEntries(() => (Object.keys(PROTOCOL) as Command[]).map((command) => [command, value(command)]))

/** Host commands by PascalCase name (`Command.WalletAuth === 'wallet-auth'`). */
export const Command = /* @__PURE__ */ fromEntries(() =>
  (Object.keys(PROTOCOL) as Command[]).map((command) => [pascalCase(methodOf(command)), command]),
) as { readonly [C in Command as Capitalize<CommandMethod<C>>]: C }

/** Host events by name (`ResponseEvent.MiniAppPayment === 'miniapp-payment'`). */
export const ResponseEvent = /* @__PURE__ */ fromEntries(() =>
  [...(Object.keys(PROTOCOL) as Command[]).map(eventOf), ...HOST_EVENTS]
    .filter((event) => event !== null)
    .map((event) => [`MiniApp${pascalCase(event.slice('miniapp-'.length))}`, event]),
) as { readonly [E in ResponseEvent as EventKey<E>]: E }

/**
 * Command versions this SDK speaks. A data table, so version gating is
 * reviewed and tested in one place.
 */
export const COMMAND_VERSIONS = /* @__PURE__ */ byCommand((command) => entryOf(command).version) as Readonly<
  Record<Command, number>
>

/** The reply event of each command. */
export const COMMAND_EVENTS = /* @__PURE__ */ byCommand(eventOf) as { readonly [C in Command]: CommandEvent<C> }

/** The versions World App speaks, per command. */
export const COMMAND_HOST_VERSIONS = /* @__PURE__ */ byCommand(
  (command) => entryOf(command).hostVersions ?? [entryOf(command).version],
) as { readonly [C in Command]: CommandHostVersions<C> }

/** The camelCase method name of each command, as error messages name it. */
export const COMMAND_METHODS = /* @__PURE__ */ byCommand(methodOf) as { readonly [C in Command]: CommandMethod<C> }
