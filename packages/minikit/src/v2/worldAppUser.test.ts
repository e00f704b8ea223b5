import { afterEach, describe, expect, test } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { flush } from '../../test/property.js'
import { MiniKit } from '../facade.js'
import { readWorldAppUser } from './worldAppUser.js'

const address = '0x1234567890AbcdEF1234567890aBcdef12345678'
const status = { is_orb_verified: true, is_document_verified: false, is_secure_document_verified: false }

afterEach(() => resetAll())

describe('readWorldAppUser', () => {
  test('default: maps the four 2.x fields', () => {
    expect(
      readWorldAppUser({
        wallet_address: address,
        verification_status: status,
        preferred_currency: 'EUR',
        pending_notifications: 3,
      }),
    ).toEqual({
      walletAddress: address,
      verificationStatus: { isOrbVerified: true, isDocumentVerified: false, isSecureDocumentVerified: false },
      preferredCurrency: 'EUR',
      pendingNotifications: 3,
    })
  })

  test('parameters: missing fields are left out', () => {
    expect(readWorldAppUser({ preferred_currency: 'USD' })).toEqual({ preferredCurrency: 'USD' })
    expect(readWorldAppUser(undefined)).toEqual({})
    expect(readWorldAppUser(null)).toEqual({})
  })

  test.each([
    ['an address that is not 20 bytes', { wallet_address: '0x1234' }],
    ['a verification status missing a credential', { verification_status: { is_orb_verified: true } }],
    ['a currency that is not text', { preferred_currency: 978 }],
    ['a negative notification count', { pending_notifications: -1 }],
    ['a fractional notification count', { pending_notifications: 1.5 }],
  ])('error: %s is ignored, the rest kept', (_, field) => {
    expect(
      readWorldAppUser({ ...field, preferred_currency: (field as { preferred_currency?: unknown }).preferred_currency ?? 'USD' }),
    ).toEqual('preferred_currency' in field ? {} : { preferredCurrency: 'USD' })
  })
})

describe('MiniKit.install', () => {
  test('behavior: puts the 2.x fields on MiniKit.user', async () => {
    createFakeHost()
    Object.assign((window as unknown as { WorldApp: object }).WorldApp, {
      wallet_address: address,
      verification_status: status,
      preferred_currency: 'USD',
      pending_notifications: 0,
    })
    expect(MiniKit.install('app_test')).toEqual({ success: true })
    expect(MiniKit.user).toMatchObject({
      walletAddress: address,
      verificationStatus: { isOrbVerified: true, isDocumentVerified: false, isSecureDocumentVerified: false },
      preferredCurrency: 'USD',
      pendingNotifications: 0,
    })
    await flush()
  })

  test('behavior: a World App without them leaves MiniKit.user as before', async () => {
    createFakeHost()
    MiniKit.install('app_test')
    await flush()
    expect(MiniKit.user.preferredCurrency).toBeUndefined()
    expect(MiniKit.user.walletAddress).toBeUndefined()
  })
})
