// @vitest-environment node
// The error enums are data the root entry ships to every app: one table per
// command, one pure call per enum, so an app keeps only the enums it uses.
import { join } from 'node:path'
import { build } from 'esbuild'
import { expect, test } from 'vitest'
import {
  COMMAND_ERRORS,
  errorCodes,
  errorMessages,
  PaymentValidationErrors,
  WALLET_AUTH_ERRORS,
  WalletAuthErrorCodes,
  WalletAuthErrorMessage,
} from './errorCodes.js'

test('default: both enums of a command come from its one table', () => {
  expect(WalletAuthErrorCodes).toStrictEqual({
    MalformedRequest: 'malformed_request',
    UserRejected: 'user_rejected',
    GenericError: 'generic_error',
  })
  expect(WalletAuthErrorMessage).toStrictEqual({
    malformed_request: WALLET_AUTH_ERRORS.MalformedRequest[1],
    user_rejected: WALLET_AUTH_ERRORS.UserRejected[1],
    generic_error: WALLET_AUTH_ERRORS.GenericError[1],
  })
})

test('behavior: every table has distinct codes and non-empty messages', () => {
  for (const [command, table] of Object.entries(COMMAND_ERRORS)) {
    const codes = Object.values(table).map(([code]) => code)
    expect({ command, distinct: new Set(codes).size }).toStrictEqual({ command, distinct: codes.length })
    for (const [, message] of Object.values(table)) expect(message.length).toBeGreaterThan(0)
    expect(Object.keys(errorMessages(table))).toStrictEqual(Object.values(errorCodes(table)))
  }
})

test('behavior: the enums are frozen', () => {
  expect(Object.isFrozen(WalletAuthErrorCodes)).toBe(true)
  expect(Object.isFrozen(PaymentValidationErrors)).toBe(true)
  expect(() => {
    ;(WalletAuthErrorCodes as { UserRejected: string }).UserRejected = 'x'
  }).toThrow(TypeError)
})

test('behavior: importing one enum bundles only its own table', async () => {
  const result = await build({
    stdin: {
      contents: "export { WalletAuthErrorCodes } from './errorCodes.ts'",
      resolveDir: join(import.meta.dirname),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  expect(code).toContain('user_rejected')
  // Other commands' tables (codes and messages) stay out, and so do the tables-of-tables.
  expect(code).not.toContain('insufficient_balance')
  expect(code).not.toContain('daily_tx_limit_reached')
  expect(code).not.toContain('Permitted amount')
  expect(code).not.toContain('mini_app_permission_not_enabled')
})
