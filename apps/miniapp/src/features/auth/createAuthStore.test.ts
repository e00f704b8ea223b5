import { expect, test, vi } from 'vitest'
import { type AuthUser, createAuthStore, isAuthenticated, signedOut } from './createAuthStore.js'

const user: AuthUser = { uid: '0xabc', walletAddress: '0xabc', username: 'alice', profilePictureUrl: null }

test('default: starts signed out', () => {
  const store = createAuthStore()
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: false })
  expect(isAuthenticated(store.getState())).toBe(false)
})

test('behavior: login start → pending → authenticated', () => {
  const store = createAuthStore()
  store.startLogin()
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: true })
  store.setAuthenticated({ user, idToken: 'id-token' })
  expect(store.getState()).toEqual({ user, idToken: 'id-token', isPending: false })
  expect(isAuthenticated(store.getState())).toBe(true)
})

test('behavior: a failed login leaves pending and stays signed out', () => {
  const store = createAuthStore()
  store.startLogin()
  store.failLogin()
  expect(store.getState()).toEqual(signedOut)
})

test('behavior: a failure is kept with why until the next attempt or success', () => {
  const store = createAuthStore()
  store.startLogin()
  store.failLogin('cancelled')
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: false, failure: 'cancelled' })
  store.startLogin()
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: true })
  expect('failure' in store.getState()).toBe(false)
  store.failLogin('unreachable')
  store.setAuthenticated({ user, idToken: 'id-token' })
  expect(store.getState()).toEqual({ user, idToken: 'id-token', isPending: false })
  expect('failure' in store.getState()).toBe(false)
})

test('behavior: clearing auth after a failure returns to plain signed out', () => {
  const store = createAuthStore()
  store.failLogin('unexpected')
  store.clearAuth()
  expect(store.getState()).toBe(signedOut)
})

test('behavior: clearing auth returns to signed out', () => {
  const store = createAuthStore({ user, idToken: 'id-token', isPending: false })
  store.clearAuth()
  expect(store.getState()).toEqual({ user: null, idToken: '', isPending: false })
})

test('behavior: authenticated needs both a non-empty token and a user', () => {
  expect(isAuthenticated({ user, idToken: '', isPending: false })).toBe(false)
  expect(isAuthenticated({ user: null, idToken: 'token', isPending: false })).toBe(false)
  expect(isAuthenticated({ user, idToken: 'token', isPending: true })).toBe(true)
})

test('behavior: every change is a new state object and notifies subscribers until they unsubscribe', () => {
  const store = createAuthStore()
  const listener = vi.fn()
  const unsubscribe = store.subscribe(listener)
  const before = store.getState()
  store.startLogin()
  expect(store.getState()).not.toBe(before)
  expect(listener).toHaveBeenCalledTimes(1)
  unsubscribe()
  store.clearAuth()
  expect(listener).toHaveBeenCalledTimes(1)
})
