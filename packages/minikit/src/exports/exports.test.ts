import { expect, test } from 'vitest'
import * as addressBook from './addressBook.js'
import * as bridge from './bridge.js'
import * as commands from './commands.js'
import * as root from './index.js'
import * as internal from './internal.js'
import * as siwe from './siwe.js'
import * as transactions from './transactions.js'
import * as wire from './wire.js'

// A changed export list is a public API change: review it, then update.
test('default: root entry export list', () => {
  expect(Object.keys(root).sort()).toMatchSnapshot()
})

test('default: internal entry export list', () => {
  expect(Object.keys(internal).sort()).toMatchSnapshot()
})

test('behavior: no internal name is also on the root entry', () => {
  const moved = Object.keys(internal).filter((name) => name in root)
  expect(moved).toStrictEqual([])
})

test('default: siwe entry export list', () => {
  expect(Object.keys(siwe).sort()).toMatchSnapshot()
})

test('default: bridge entry export list', () => {
  expect(Object.keys(bridge).sort()).toMatchSnapshot()
})

test('default: wire entry export list', () => {
  expect(Object.keys(wire).sort()).toMatchSnapshot()
})

test('default: transactions entry export list', () => {
  expect(Object.keys(transactions).sort()).toMatchSnapshot()
})

test('default: address-book entry export list', () => {
  expect(Object.keys(addressBook).sort()).toMatchSnapshot()
})

test('default: commands entry export list', () => {
  expect(Object.keys(commands).sort()).toMatchSnapshot()
})
