import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let lib: Fresh['lib']
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ lib } = await loadFresh())
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider appId="app_test">{children}</lib.MiniKitProvider>

test('default: empty before install, device facts and permissions after', async () => {
  host = createFakeHost()
  const { result } = renderHook(() => lib.useUser(), { wrapper })
  await waitFor(() => expect(result.current.permissions).toEqual({ notifications: true, contacts: false }))
  expect(result.current.walletAddress).toBeUndefined()
})

test('behavior: updates after walletAuth with the address, then the username profile', async () => {
  const address = `0x${'c'.repeat(40)}`
  const fetch = vi.fn(async () => Response.json([{ username: 'alice', profile_picture_url: 'https://img.test/a.png' }]))
  vi.stubGlobal('fetch', fetch)
  host = createFakeHost({
    respond: { 'wallet-auth': () => ({ status: 'success', message: 'siwe', signature: '0xsig', address, version: 2 }) },
  })
  const { result } = renderHook(() => ({ user: lib.useUser(), auth: lib.useWalletAuth() }), { wrapper })
  await waitFor(() => expect(result.current.user.permissions).toBeDefined())
  await act(async () => {
    await result.current.auth.walletAuth({ nonce: 'abcdef123456' })
  })
  expect(result.current.user).toMatchObject({
    walletAddress: address,
    username: 'alice',
    profilePictureUrl: 'https://img.test/a.png',
  })
  expect(fetch).toHaveBeenCalledWith('https://usernames.worldcoin.org/api/v1/query', expect.objectContaining({ method: 'POST' }))
})
