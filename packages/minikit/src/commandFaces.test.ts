import { expect, test } from 'vitest'
import { statics } from './commandFaces.js'
import { statics as functions } from './v2/statics.js'

test('default: MiniKit has a 2.x static shell for every 2.x function, and only those', () => {
  expect(Object.keys(statics).sort()).toStrictEqual(Object.keys(functions).sort())
  for (const shell of Object.values(statics)) expect(typeof shell).toBe('function')
})

test('behavior: a shell hands every argument to its 2.x function and returns its promise (first call and later)', async () => {
  // Outside World App with no fallback, the 2.x function rejects the same way on every call.
  for (let call = 0; call < 2; call++) {
    const direct = await functions.signMessage({ message: 'hi' }).catch((error: unknown) => error)
    const viaShell = await statics.signMessage({ message: 'hi' }).catch((error: unknown) => error)
    expect(viaShell).toStrictEqual(direct)
    expect((viaShell as Error).name).toBe('CommandUnavailableError')
  }
})
