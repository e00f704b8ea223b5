// The drop-in promise, measured: every runtime name of official
// @worldcoin/minikit-js 1.9.6 exists on our root entry (and on `MiniKit`),
// and every plain-data export (enums, tables) has the official values.
import { beforeAll, expect, test } from 'vitest'
import { importOfficial196 } from '../../test/official.js'
import { importOfficial111 } from '../../test/official111.js'
import * as addressBook from './addressBook.js'
import * as root from './index.js'
import * as siwe from './siwe.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official: Record<string, any>
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let official111: Record<string, any>
beforeAll(async () => {
  official = await importOfficial196()
  official111 = await importOfficial111()
})

const missingFrom = (ours: object, names: string[]) => names.filter((name) => !(name in ours)).sort()

// Official 1.x root names that need viem, which nothing on our root may
// reach, static or behind import() (issue 34: a bundler without code
// splitting inlines import()). Each lives on the subpath official 2.x gives
// it; the README's migration note says so.
const MOVED: Record<string, { subpath: string; module: object }> = {
  verifySiweMessage: { subpath: './siwe', module: siwe },
  getIsUserVerified: { subpath: './address-book', module: addressBook },
}
/** Names of `names` neither on our root nor moved to the subpath recorded for them. */
const missingFromRoot = (names: string[]) =>
  names.filter((name) => !(name in root) && !(MOVED[name] && name in MOVED[name].module)).sort()

test('behavior: the moved 1.x root names are on their subpath, and not on the root', () => {
  for (const [name, { subpath, module }] of Object.entries(MOVED)) {
    expect({ name, subpath, onSubpath: name in module, onRoot: name in root }).toStrictEqual({
      name,
      subpath,
      onSubpath: true,
      onRoot: false,
    })
  }
})

test('behavior: every runtime root name of official 1.9.6 is on our root entry, or on its recorded subpath', () => {
  const names = Object.keys(official)
  expect(names.length).toBe(40)
  const missing = missingFromRoot(names)
  // Printed in the failure so the gap is a list to work through.
  expect(missing, `missing from @worldmap/minikit: ${missing.join(', ')}`).toStrictEqual([])
})

test('behavior: every static of the official MiniKit is on ours', () => {
  const names = Object.getOwnPropertyNames(official.MiniKit).filter((name) => !['length', 'name', 'prototype'].includes(name))
  const missing = missingFrom(root.MiniKit, names)
  expect(missing, `missing from MiniKit: ${missing.join(', ')}`).toStrictEqual([])
  for (const group of ['commands', 'commandsAsync'] as const) {
    const commands = missingFrom(root.MiniKit[group], Object.keys(official.MiniKit[group]))
    expect(commands, `missing from MiniKit.${group}`).toStrictEqual([])
  }
})

test('behavior: every runtime root name of official 1.11.0 is on our root entry, or on its recorded subpath', () => {
  const names = Object.keys(official111)
  expect(names.length).toBe(76)
  const missing = missingFromRoot(names)
  expect(missing, `missing from @worldmap/minikit: ${missing.join(', ')}`).toStrictEqual([])
})

test('behavior: every static of the official 1.11.0 MiniKit is on ours, and every command of its commands/commandsAsync', () => {
  const names = Object.getOwnPropertyNames(official111.MiniKit).filter((name) => !['length', 'name', 'prototype'].includes(name))
  const missing = missingFrom(root.MiniKit, names)
  expect(missing, `missing from MiniKit: ${missing.join(', ')}`).toStrictEqual([])
  for (const group of ['commands', 'commandsAsync'] as const) {
    const commands = missingFrom(root.MiniKit[group], Object.keys(official111.MiniKit[group]))
    expect(commands, `missing from MiniKit.${group}`).toStrictEqual([])
  }
})

test('behavior: every enum and table of official 1.11.0 has the official keys and values', () => {
  const data = Object.keys(official111).filter((name) => typeof official111[name] === 'object' && name !== 'MiniKit')
  for (const name of data) {
    const ours = { ...((root as Record<string, unknown>)[name] as object) }
    expect({ name, ours }).toStrictEqual({ name, ours: { ...official111[name] } })
  }
})

test('behavior: every enum and table of official 1.9.6 has the official keys and values', () => {
  const data = Object.keys(official).filter((name) => typeof official[name] === 'object' && name !== 'MiniKit')
  // Command, Network, Permission, ResponseEvent, Tokens, TokenDecimals, VerificationLevel,
  // the install codes and messages, and the 25 command error enums.
  expect(data.length).toBe(34)
  for (const name of data) {
    const ours = { ...((root as Record<string, unknown>)[name] as object) }
    // Command and ResponseEvent also name the commands 1.9.9-1.11 added; every 1.9.6 entry is as it was.
    if (name === 'Command' || name === 'ResponseEvent') expect({ name, ours }).toMatchObject({ name, ours: official[name] })
    else expect({ name, ours }).toStrictEqual({ name, ours: { ...official[name] } })
  }
})

test('behavior: the error enums are frozen, and one table per command feeds both enums', () => {
  expect(Object.isFrozen(root.WalletAuthErrorCodes)).toBe(true)
  expect(Object.isFrozen(root.WalletAuthErrorMessage)).toBe(true)
  // Every code has its message, and no message is without a code.
  const pairs = [
    [root.VerificationErrorCodes, root.VerificationErrorMessage],
    [root.PaymentErrorCodes, root.PaymentErrorMessage],
    [root.WalletAuthErrorCodes, root.WalletAuthErrorMessage],
    [root.SendTransactionErrorCodes, root.SendTransactionErrorMessage],
    [root.SignMessageErrorCodes, root.SignMessageErrorMessage],
    [root.SignTypedDataErrorCodes, root.SignTypedDataErrorMessage],
    [root.ShareContactsErrorCodes, root.ShareContactsErrorMessage],
    [root.RequestPermissionErrorCodes, root.RequestPermissionErrorMessage],
    [root.GetPermissionsErrorCodes, root.GetPermissionsErrorMessage],
    [root.SendHapticFeedbackErrorCodes, root.SendHapticFeedbackErrorMessage],
    [root.ShareFilesErrorCodes, root.ShareFilesErrorMessage],
    [root.MicrophoneErrorCodes, root.MicrophoneErrorMessage],
  ] as const
  for (const [codes, messages] of pairs) {
    expect(Object.keys(messages).sort()).toStrictEqual(Object.values(codes).sort())
  }
})
