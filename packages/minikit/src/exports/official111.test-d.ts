// Official 1.11.0 call sites of the command factories and MiniKit internals
// compile unchanged against our root.
import { expectTypeOf, test } from 'vitest'
import {
  type CommandContext,
  createAsyncCommands,
  createCommands,
  createPayCommand,
  createSignMessageAsyncCommand,
  createSignMessageCommand,
  createWalletAuthAsyncCommand,
  MiniKit,
} from './index.js'

test('default: factories take MiniKit.getContext() and give the MiniKit commands', async () => {
  const context: CommandContext = MiniKit.getContext()
  const signMessage = createSignMessageCommand(context)
  expectTypeOf(signMessage).toEqualTypeOf(MiniKit.commands.signMessage)
  const signMessageAsync = createSignMessageAsyncCommand(context, signMessage)
  const { commandPayload, finalPayload } = await signMessageAsync({ message: 'hello' })
  expectTypeOf(commandPayload).toEqualTypeOf<Parameters<typeof MiniKit.commands.signMessage>[0]>()
  expectTypeOf(finalPayload.status).toEqualTypeOf<'success' | 'error'>()
  expectTypeOf(createPayCommand(context)).toEqualTypeOf(MiniKit.commands.pay)
  expectTypeOf(createWalletAuthAsyncCommand(context)).toEqualTypeOf(MiniKit.commandsAsync.walletAuth)
  const commands = createCommands(context)
  expectTypeOf(createAsyncCommands(context, commands).verify).toEqualTypeOf(MiniKit.commandsAsync.verify)
})

test('default: the event and state managers as 1.11.0 test setups use them', () => {
  MiniKit.eventManager.subscribe('miniapp-share', (payload) => expectTypeOf(payload).toBeUnknown())
  MiniKit.eventManager.trigger('miniapp-share', { status: 'success' })
  MiniKit.eventManager.unsubscribe('miniapp-share')
  MiniKit.stateManager.user = { username: 'alice' }
  MiniKit.stateManager.appId = 'app_staging_123'
  MiniKit.stateManager.isReady = true
  expectTypeOf(MiniKit.stateManager.location).toEqualTypeOf(MiniKit.location)
  expectTypeOf(MiniKit.commandsInstance).toEqualTypeOf(MiniKit.commands)
  expectTypeOf(MiniKit.asyncCommandsInstance).toEqualTypeOf(MiniKit.commandsAsync)
  expectTypeOf(MiniKit.getActiveMiniKit()).toEqualTypeOf(MiniKit)
})
