import { expect, test } from 'vitest'
import { notificationsUrlFromStack, publicEnvFromStack } from './publicEnvFromStack.js'

const stack = JSON.stringify({
  name: 'test',
  urls: {
    auth: 'http://127.0.0.1:9199',
    functions: 'http://127.0.0.1:5101',
    database: 'http://127.0.0.1:9100',
    chain: 'http://127.0.0.1:8645',
    customToken: 'http://127.0.0.1:5101/demo-worldmap/asia-southeast1/onRequestCustomToken',
  },
})

test('default: no stack, nothing to add', () => {
  expect(publicEnvFromStack({})).toEqual({})
})

test('behavior: the stack URLs become the client variables', () => {
  expect(publicEnvFromStack({ WORLDMAP_STACK: stack })).toEqual({
    PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://127.0.0.1:9199',
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: 'http://127.0.0.1:5101',
    PUBLIC_ENV__DATABASE_EMULATOR_URL: 'http://127.0.0.1:9100',
    PUBLIC_ENV__CUSTOM_TOKEN_URL: 'http://127.0.0.1:5101/demo-worldmap/asia-southeast1/onRequestCustomToken',
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'http://127.0.0.1:8645',
  })
})

test('behavior: the stack’s region table becomes PUBLIC_ENV__DATABASE_REGIONS; an empty one sets nothing', () => {
  const withRegions = JSON.stringify({ ...JSON.parse(stack), databaseRegions: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1' })
  expect(publicEnvFromStack({ WORLDMAP_STACK: withRegions }).PUBLIC_ENV__DATABASE_REGIONS).toBe(
    'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
  )
  const empty = JSON.stringify({ ...JSON.parse(stack), databaseRegions: '' })
  expect(publicEnvFromStack({ WORLDMAP_STACK: empty })).not.toHaveProperty('PUBLIC_ENV__DATABASE_REGIONS')
})

test('behavior: the stack’s player instances become PUBLIC_ENV__DATABASE_PLAYERS; none (players on main) sets nothing', () => {
  const players = 'http://127.0.0.1:9178/?ns=demo-worldmap-r2'
  const withPlayers = JSON.stringify({ ...JSON.parse(stack), databasePlayers: players, databaseLeaderboards: players })
  expect(publicEnvFromStack({ WORLDMAP_STACK: withPlayers }).PUBLIC_ENV__DATABASE_PLAYERS).toBe(players)
  // A developer's own setting wins.
  expect(publicEnvFromStack({ WORLDMAP_STACK: withPlayers, PUBLIC_ENV__DATABASE_PLAYERS: '' })).not.toHaveProperty(
    'PUBLIC_ENV__DATABASE_PLAYERS',
  )
  const none = JSON.stringify({ ...JSON.parse(stack), databasePlayers: '' })
  expect(publicEnvFromStack({ WORLDMAP_STACK: none })).not.toHaveProperty('PUBLIC_ENV__DATABASE_PLAYERS')
})

test('behavior: the stack never sets a map style, so its map draws offline; a configured one passes through Vite', () => {
  expect(publicEnvFromStack({ WORLDMAP_STACK: stack })).not.toHaveProperty('PUBLIC_ENV__MAP_STYLE_URL')
  expect(
    publicEnvFromStack({ WORLDMAP_STACK: stack, PUBLIC_ENV__MAP_STYLE_URL: 'http://localhost:8080/style.json' }),
  ).not.toHaveProperty('PUBLIC_ENV__MAP_STYLE_URL')
})

test('behavior: variables already set win', () => {
  const mapped = publicEnvFromStack({ WORLDMAP_STACK: stack, PUBLIC_ENV__AUTH_EMULATOR_URL: 'http://10.0.0.2:9099' })
  expect(mapped).not.toHaveProperty('PUBLIC_ENV__AUTH_EMULATOR_URL')
  expect(mapped.PUBLIC_ENV__FUNCTIONS_EMULATOR_URL).toBe('http://127.0.0.1:5101')
})

test('error: malformed WORLDMAP_STACK', () => {
  expect(() => publicEnvFromStack({ WORLDMAP_STACK: '{' })).toThrow('WORLDMAP_STACK is not valid JSON')
  expect(() => publicEnvFromStack({ WORLDMAP_STACK: '{"urls":{}}' })).toThrow('WORLDMAP_STACK lacks urls')
})

test("behavior: the simulator finds the stack's send-notification stand-in; none without a stack, an empty one or an older one", () => {
  const withNotifications = JSON.stringify({
    urls: { ...JSON.parse(stack).urls, notifications: 'http://127.0.0.1:8655' },
  })
  expect(notificationsUrlFromStack({ WORLDMAP_STACK: withNotifications })).toBe('http://127.0.0.1:8655')
  expect(notificationsUrlFromStack({ WORLDMAP_STACK: stack })).toBeUndefined()
  expect(notificationsUrlFromStack({ WORLDMAP_STACK: '' })).toBeUndefined()
  expect(notificationsUrlFromStack({})).toBeUndefined()
  expect(() => notificationsUrlFromStack({ WORLDMAP_STACK: '{' })).toThrow('WORLDMAP_STACK is not valid JSON')
})
