import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

type Rule = string | boolean | string[]
interface RuleNode {
  [key: string]: Rule | RuleNode
}

const rules = JSON.parse(readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8')).rules as RuleNode
const OWNER = 'auth != null && auth.uid === $uid'
const DISPLAY_FIELDS = ['username', 'profilePictureUrl', 'lastSeenAt']
const PUBLIC_DISPLAY_FIELDS = ['username', 'profilePictureUrl']

/** Every rule node with its path, depth first. */
function walk(node: RuleNode, path: string[] = []): { path: string[]; node: RuleNode }[] {
  const children = Object.entries(node).filter(([key]) => !key.startsWith('.'))
  return [{ path, node }, ...children.flatMap(([key, child]) => walk(child as RuleNode, [...path, key]))]
}
const nodes = walk(rules)
const at = (...path: string[]) => nodes.find((entry) => entry.path.join('/') === path.join('/'))?.node

describe('database.rules.json', () => {
  test('default', () => {
    expect(rules['.read']).toBe(false)
    expect(rules['.write']).toBe(false)
    expect(Object.keys(rules).filter((key) => !key.startsWith('.'))).toEqual([
      'drops',
      'spawned',
      'claims',
      'spotFinds',
      'streakRewards',
      'streakDrops',
      'inventories',
      'profiles',
      'publicProfiles',
      'leaderboards',
      'players',
      'nonces',
      'nullifiers',
      'meta',
      'quarantine',
      'crowd',
    ])
  })

  test('behavior: every path has an explicit .read and .write', () => {
    for (const { path, node } of nodes) {
      expect(node, `/${path.join('/')}`).toHaveProperty(['.read'])
      expect(node, `/${path.join('/')}`).toHaveProperty(['.write'])
    }
  })

  test('behavior: nothing is writable by clients except the display fields of their own private profile', () => {
    const writable = nodes.filter(({ node }) => node['.write'] !== false).map(({ path }) => path.join('/'))
    expect(writable).toEqual(DISPLAY_FIELDS.map((field) => `profiles/$uid/${field}`))
    for (const field of DISPLAY_FIELDS) {
      const node = at('profiles', '$uid', field)
      expect(node?.['.write']).toBe(OWNER)
      expect(typeof node?.['.validate']).toBe('string')
      expect(node?.['.validate']).toMatch(/^newData\.is(String|Number)\(\)/)
    }
  })

  test("behavior: the public card's name and avatar are server-only (issue 22: World's usernames service, not the client)", () => {
    for (const field of PUBLIC_DISPLAY_FIELDS) {
      expect(at('publicProfiles', '$publicId', field)).toEqual({ '.read': 'auth != null', '.write': false })
    }
  })

  test('behavior: no rule grants access unconditionally', () => {
    for (const { node } of nodes) {
      expect(node['.read']).not.toBe(true)
      expect(node['.write']).not.toBe(true)
      for (const key of ['.read', '.write'] as const) {
        if (typeof node[key] === 'string') expect(node[key]).toMatch(/^auth != null/)
      }
    }
  })

  test('behavior: reads: one watch cell at a time, owner-only private data, public cards, nothing server-only', () => {
    expect(at('drops')?.['.read']).toBe(false)
    expect(at('drops', '$window')?.['.read']).toBe(false)
    expect(at('drops', '$window', '$watchCell')?.['.read']).toBe('auth != null && $watchCell.matches(/^[0-9b-hjkmnp-z]{6}$/)')
    expect(at('inventories')?.['.read']).toBe(false)
    expect(at('inventories', '$uid')?.['.read']).toBe(OWNER)
    // A streak reward is its player's alone: nobody else sees where it lies.
    expect(at('streakDrops')?.['.read']).toBe(false)
    expect(at('streakDrops', '$uid')).toEqual({ '.read': OWNER, '.write': false })
    // The spots a player found today are theirs to read (the map hides those spots' later drops), one day at a time.
    expect(at('spotFinds')).toMatchObject({ '.read': false, '.write': false })
    expect(at('spotFinds', '$day')).toMatchObject({ '.read': false, '.write': false })
    expect(at('spotFinds', '$day', '$uid')).toEqual({ '.read': OWNER, '.write': false })
    expect(at('profiles')?.['.read']).toBe(false)
    expect(at('profiles', '$uid')?.['.read']).toBe(OWNER)
    expect(at('publicProfiles')?.['.read']).toBe(false)
    expect(at('publicProfiles', '$publicId')?.['.read']).toBe('auth != null')
    // `crowd`: the limits across wallets (issue 22) — counters only the functions touch.
    // `streakRewards`: who got a streak reward (issue 24) — server-only.
    for (const serverOnly of [
      'spawned',
      'claims',
      'streakRewards',
      'leaderboards',
      'players',
      'nullifiers',
      'meta',
      'quarantine',
      'crowd',
    ]) {
      expect(at(serverOnly)).toEqual({ '.read': false, '.write': false })
    }
    // Spent nonces are purged oldest first (`orderByChild('spentAt')`): indexed, still closed to clients.
    expect(at('nonces')).toEqual({ '.read': false, '.write': false, '.indexOn': ['spentAt'] })
  })

  test('behavior: server-only profile fields are never client-writable and unknown children are refused', () => {
    for (const field of ['publicId', 'verifiedLevel', 'stats', 'createdAt', 'progress', 'collection', 'week']) {
      expect(at('profiles', '$uid', field)?.['.write']).toBe(false)
      expect(at('profiles', '$uid', field)?.['.read']).toBe(OWNER)
    }
    expect(at('profiles', '$uid', 'walletAddress')).toBeUndefined()
    expect(at('publicProfiles', '$publicId', 'verified')?.['.write']).toBe(false)
    expect(at('publicProfiles', '$publicId', '$other')?.['.validate']).toBe(false)
    expect(at('profiles', '$uid', '$other')?.['.validate']).toBe(false)
    expect(at('profiles', '$uid', '$other')?.['.write']).toBe(false)
  })

  test('behavior: a read granted above is not narrowed below (RTDB rules cascade)', () => {
    for (const { path, node } of nodes) {
      const parent = at(...path.slice(0, -1))
      if (path.length > 0 && parent && parent['.read'] !== false) expect(node['.read'], path.join('/')).toBe(parent['.read'])
    }
  })

  test('behavior: streaks, collection, weekly points and leaderboards: written by the functions only', () => {
    // Nothing below these is writable (the walk above lists every writable node); the owner reads its own.
    for (const field of ['progress', 'collection', 'week']) {
      expect(at('profiles', '$uid', field)).toEqual({ '.read': OWNER, '.write': false })
    }
    expect(nodes.filter(({ path }) => path[0] === 'leaderboards').map(({ node }) => node)).toEqual([
      { '.read': false, '.write': false },
    ])
  })

  test('behavior: keys are valid database keys', () => {
    for (const { path } of nodes) for (const key of path) expect(key).toMatch(/^\$?[^.#$/[\]]+$/)
  })
})
