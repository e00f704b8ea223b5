import { expectTypeOf, test } from 'vitest'
import type { hostContract } from '../wire/hostContract.js'
import type { CommandDefinition } from './CommandDefinition.js'
import type { COMMAND_METHODS, Command, CommandEvent, ResponseEvent } from './protocol.js'

test('default: Command is the union of the table’s wire names', () => {
  expectTypeOf<Command>().toEqualTypeOf<
    | 'verify'
    | 'pay'
    | 'wallet-auth'
    | 'send-transaction'
    | 'sign-message'
    | 'sign-typed-data'
    | 'share-contacts'
    | 'request-permission'
    | 'get-permissions'
    | 'send-haptic-feedback'
    | 'share'
    | 'chat'
    | 'attestation'
    | 'close-miniapp'
  >()
})

test('behavior: the derived objects keep literal keys and values', () => {
  expectTypeOf<(typeof Command)['WalletAuth']>().toEqualTypeOf<'wallet-auth'>()
  expectTypeOf<(typeof ResponseEvent)['MiniAppPayment']>().toEqualTypeOf<'miniapp-payment'>()
  expectTypeOf<(typeof ResponseEvent)['MiniAppMicrophone']>().toEqualTypeOf<'miniapp-microphone'>()
  expectTypeOf<(typeof COMMAND_METHODS)['send-haptic-feedback']>().toEqualTypeOf<'sendHapticFeedback'>()
  expectTypeOf<CommandEvent<'verify'>>().toEqualTypeOf<'miniapp-verify-action'>()
  expectTypeOf<'miniapp-microphone'>().toExtend<ResponseEvent>()
})

test('behavior: the host contract has a wire shape for exactly the table’s commands', () => {
  expectTypeOf<keyof typeof hostContract>().toEqualTypeOf<Command>()
})

test('error: a definition whose event is another command’s does not compile', () => {
  const reply = { safeParse: (data: unknown) => ({ success: true as const, data }) }
  const good: CommandDefinition = { command: 'pay', event: 'miniapp-payment', method: 'pay', reply }
  // @ts-expect-error pay is answered with miniapp-payment
  const bad: CommandDefinition = { command: 'pay', event: 'miniapp-share', method: 'pay', reply }
  expectTypeOf<typeof good | typeof bad>().toEqualTypeOf<CommandDefinition>()
})
