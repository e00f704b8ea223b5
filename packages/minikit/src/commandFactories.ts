import { MiniKit, type MiniKitContext } from './facade.js'

// Official 1.11 builds `MiniKit.commands` from one factory per command, each
// taking a context ({ events, state }); its root exports those factories. Here
// the commands exist once, in the facade, over the one dispatcher and state, so
// every factory hands back that command: a factory-made command posts and
// resolves exactly as `MiniKit.commands.<name>` does, and there is no second
// implementation. The context is accepted for the official call shape; ours is
// always MiniKit's own (`MiniKit.getContext()`), so nothing in it needs reading.

type Commands = typeof MiniKit.commands
type AsyncCommands = typeof MiniKit.commandsAsync

/** Official 1.11's `CommandContext`: what `MiniKit.getContext()` returns. */
export type CommandContext = MiniKitContext

const syncFactory =
  <K extends keyof Commands>(name: K) =>
  (_context?: CommandContext): Commands[K] =>
    MiniKit.commands[name]

const asyncFactory =
  <K extends keyof AsyncCommands>(name: K) =>
  // The official's second argument is the sync command the async one sends with; ours sends through the same path.
  (_context?: CommandContext, _syncCommand?: unknown): AsyncCommands[K] =>
    MiniKit.commandsAsync[name]

/**
 * Official 1.11's `createVerifyCommand(ctx)`: `MiniKit.commands.verify`. Every
 * `create<Command>Command` / `create<Command>AsyncCommand` works the same way:
 * it returns that command of `MiniKit.commands` / `MiniKit.commandsAsync`.
 * @example
 * ```ts
 * const verify = createVerifyCommand(MiniKit.getContext())
 * verify({ action: 'vote' }) // posts the verify command, returns its payload or null
 * ```
 */
export const createVerifyCommand = /* @__PURE__ */ syncFactory('verify')
/** Official 1.11's `createVerifyAsyncCommand(ctx, verify)`: `MiniKit.commandsAsync.verify`. @example `const { finalPayload } = await createVerifyAsyncCommand(ctx)({ action: 'vote' })` */
export const createVerifyAsyncCommand = /* @__PURE__ */ asyncFactory('verify')
/** Official 1.11's `createPayCommand(ctx)`: `MiniKit.commands.pay`. @example `createPayCommand(MiniKit.getContext())(payInput)` */
export const createPayCommand = /* @__PURE__ */ syncFactory('pay')
/** Official 1.11's `createPayAsyncCommand(ctx, pay)`: `MiniKit.commandsAsync.pay`. @example `await createPayAsyncCommand(ctx)(payInput)` */
export const createPayAsyncCommand = /* @__PURE__ */ asyncFactory('pay')
/** Official 1.11's `createWalletAuthCommand(ctx)`: `MiniKit.commands.walletAuth`. @example `createWalletAuthCommand(ctx)({ nonce })` */
export const createWalletAuthCommand = /* @__PURE__ */ syncFactory('walletAuth')
/** Official 1.11's `createWalletAuthAsyncCommand(ctx, walletAuth)`: `MiniKit.commandsAsync.walletAuth`. @example `await createWalletAuthAsyncCommand(ctx)({ nonce })` */
export const createWalletAuthAsyncCommand = /* @__PURE__ */ asyncFactory('walletAuth')
/** Official 1.11's `createSendTransactionCommand(ctx)`: `MiniKit.commands.sendTransaction`. @example `createSendTransactionCommand(ctx)({ transaction })` */
export const createSendTransactionCommand = /* @__PURE__ */ syncFactory('sendTransaction')
/** Official 1.11's `createSendTransactionAsyncCommand(ctx, sendTransaction)`: `MiniKit.commandsAsync.sendTransaction`. @example `await createSendTransactionAsyncCommand(ctx)({ transaction })` */
export const createSendTransactionAsyncCommand = /* @__PURE__ */ asyncFactory('sendTransaction')
/** Official 1.11's `createSignMessageCommand(ctx)`: `MiniKit.commands.signMessage`. @example `createSignMessageCommand(ctx)({ message: 'hello' })` */
export const createSignMessageCommand = /* @__PURE__ */ syncFactory('signMessage')
/** Official 1.11's `createSignMessageAsyncCommand(ctx, signMessage)`: `MiniKit.commandsAsync.signMessage`. @example `await createSignMessageAsyncCommand(ctx)({ message: 'hello' })` */
export const createSignMessageAsyncCommand = /* @__PURE__ */ asyncFactory('signMessage')
/** Official 1.11's `createSignTypedDataCommand(ctx)`: `MiniKit.commands.signTypedData`. @example `createSignTypedDataCommand(ctx)(typedData)` */
export const createSignTypedDataCommand = /* @__PURE__ */ syncFactory('signTypedData')
/** Official 1.11's `createSignTypedDataAsyncCommand(ctx, signTypedData)`: `MiniKit.commandsAsync.signTypedData`. @example `await createSignTypedDataAsyncCommand(ctx)(typedData)` */
export const createSignTypedDataAsyncCommand = /* @__PURE__ */ asyncFactory('signTypedData')
/** Official 1.11's `createShareContactsCommand(ctx)`: `MiniKit.commands.shareContacts`. @example `createShareContactsCommand(ctx)({ isMultiSelectEnabled: true })` */
export const createShareContactsCommand = /* @__PURE__ */ syncFactory('shareContacts')
/** Official 1.11's `createShareContactsAsyncCommand(ctx, shareContacts)`: `MiniKit.commandsAsync.shareContacts`. @example `await createShareContactsAsyncCommand(ctx)({})` */
export const createShareContactsAsyncCommand = /* @__PURE__ */ asyncFactory('shareContacts')
/** Official 1.11's `createRequestPermissionCommand(ctx)`: `MiniKit.commands.requestPermission`. @example `createRequestPermissionCommand(ctx)({ permission: Permission.Notifications })` */
export const createRequestPermissionCommand = /* @__PURE__ */ syncFactory('requestPermission')
/** Official 1.11's `createRequestPermissionAsyncCommand(ctx, requestPermission)`: `MiniKit.commandsAsync.requestPermission`. @example `await createRequestPermissionAsyncCommand(ctx)({ permission })` */
export const createRequestPermissionAsyncCommand = /* @__PURE__ */ asyncFactory('requestPermission')
/** Official 1.11's `createGetPermissionsCommand(ctx)`: `MiniKit.commands.getPermissions`. @example `createGetPermissionsCommand(ctx)()` */
export const createGetPermissionsCommand = /* @__PURE__ */ syncFactory('getPermissions')
/** Official 1.11's `createGetPermissionsAsyncCommand(ctx, getPermissions)`: `MiniKit.commandsAsync.getPermissions`. @example `await createGetPermissionsAsyncCommand(ctx)()` */
export const createGetPermissionsAsyncCommand = /* @__PURE__ */ asyncFactory('getPermissions')
/** Official 1.11's `createSendHapticFeedbackCommand(ctx)`: `MiniKit.commands.sendHapticFeedback`. @example `createSendHapticFeedbackCommand(ctx)({ hapticsType: 'impact', style: 'light' })` */
export const createSendHapticFeedbackCommand = /* @__PURE__ */ syncFactory('sendHapticFeedback')
/** Official 1.11's `createSendHapticFeedbackAsyncCommand(ctx, sendHapticFeedback)`: `MiniKit.commandsAsync.sendHapticFeedback`. @example `await createSendHapticFeedbackAsyncCommand(ctx)(input)` */
export const createSendHapticFeedbackAsyncCommand = /* @__PURE__ */ asyncFactory('sendHapticFeedback')
/** Official 1.11's `createShareCommand(ctx)`: `MiniKit.commands.share`. @example `createShareCommand(ctx)({ text: 'Join me' })` */
export const createShareCommand = /* @__PURE__ */ syncFactory('share')
/** Official 1.11's `createShareAsyncCommand(ctx, share)`: `MiniKit.commandsAsync.share`. @example `await createShareAsyncCommand(ctx)({ text: 'Join me' })` */
export const createShareAsyncCommand = /* @__PURE__ */ asyncFactory('share')
/** Official 1.11's `createChatCommand(ctx)`: `MiniKit.commands.chat`. @example `createChatCommand(ctx)({ message: 'gm' })` */
export const createChatCommand = /* @__PURE__ */ syncFactory('chat')
/** Official 1.11's `createChatAsyncCommand(ctx, chat)`: `MiniKit.commandsAsync.chat`. @example `await createChatAsyncCommand(ctx)({ message: 'gm' })` */
export const createChatAsyncCommand = /* @__PURE__ */ asyncFactory('chat')
/** Official 1.11's `createAttestationCommand(ctx)`: `MiniKit.commands.attestation`. @example `createAttestationCommand(ctx)({ requestHash })` */
export const createAttestationCommand = /* @__PURE__ */ syncFactory('attestation')
/** Official 1.11's `createAttestationAsyncCommand(ctx, attestation)`: `MiniKit.commandsAsync.attestation`. @example `await createAttestationAsyncCommand(ctx)({ requestHash })` */
export const createAttestationAsyncCommand = /* @__PURE__ */ asyncFactory('attestation')
/** Official 1.11's `createCloseMiniAppCommand(ctx)`: `MiniKit.commands.closeMiniApp` (no async form, as in the official). @example `createCloseMiniAppCommand(ctx)()` */
export const createCloseMiniAppCommand = /* @__PURE__ */ syncFactory('closeMiniApp')

/**
 * Official 1.11's `createCommands(ctx)`: a fresh object holding every command
 * of `MiniKit.commands` (the same functions).
 *
 * @example
 * ```ts
 * const commands = createCommands(MiniKit.getContext())
 * commands.signMessage({ message: 'hello' })
 * ```
 */
export function createCommands(_context?: CommandContext): Commands {
  return { ...MiniKit.commands }
}

/**
 * Official 1.11's `createAsyncCommands(ctx, commands)`: a fresh object holding
 * every command of `MiniKit.commandsAsync` (the same functions).
 *
 * @example
 * ```ts
 * const commandsAsync = createAsyncCommands(MiniKit.getContext(), createCommands())
 * const { finalPayload } = await commandsAsync.walletAuth({ nonce })
 * ```
 */
export function createAsyncCommands(_context?: CommandContext, _commands?: unknown): AsyncCommands {
  return { ...MiniKit.commandsAsync }
}
