// Every refusal the functions can throw is a row of the contract's refusal
// table, and every code of the table is one the functions throw: the app
// maps exactly these codes to words (apps/miniapp/src/lib/refusalWords.test.ts).
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  collectDropContract,
  ensureDropsNearContract,
  getLeaderboardContract,
  REFUSALS,
  verifyHumanContract,
} from '@worldmap/game/contract'
import { describe, expect, test } from 'vitest'
import { GameError } from './GameError.js'

const src = fileURLToPath(new URL('../', import.meta.url))

/** Every `…Error.ts` under an `errors/` or `refusals/` folder of src/. */
function errorModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return errorModules(path)
    return /[/\\](errors|refusals)[/\\][A-Za-z]+Error\.ts$/.test(path) ? [path] : []
  })
}

// One parameters object that satisfies every subclass's constructor.
const parameters = { retryAfterMs: 60_000, quota: 'collect', distance: 80, reach: 50, reason: 'invalid_proof' } as const

async function gameErrors(): Promise<Map<string, GameError>> {
  const found = new Map<string, GameError>()
  for (const path of errorModules(src)) {
    const module: Record<string, unknown> = await import(pathToFileURL(path).href)
    for (const exported of Object.values(module)) {
      if (typeof exported !== 'function' || exported === GameError || !(exported.prototype instanceof GameError)) continue
      const error = new (exported as new (p: typeof parameters) => GameError)(parameters)
      found.set(`${relative(src, path)} ${error.name}`, error)
    }
  }
  return found
}

describe('refusal codes', () => {
  test('default: every GameError subclass has a code of the contract, and every contract code has a class', async () => {
    const errors = await gameErrors()
    const codes = [...errors.values()].map((error) => error.code)
    expect(errors.size).toBeGreaterThanOrEqual(18)
    expect(new Set(codes).size).toBe(codes.length)
    expect([...codes].sort()).toEqual(Object.keys(REFUSALS).sort())
  })

  test('behavior: each sends the contract’s callable code', async () => {
    for (const error of (await gameErrors()).values()) {
      const wire = REFUSALS[error.code as keyof typeof REFUSALS]
      expect(error.callableCode, error.name).toBe(wire.callableCode)
    }
    expect(new GameError('Something.').callableCode).toBe('failed-precondition')
  })

  test('behavior: every code a callable row lists is one the functions throw', async () => {
    const thrown = new Set([...(await gameErrors()).values()].map((error) => error.code))
    for (const row of [ensureDropsNearContract, collectDropContract, getLeaderboardContract, verifyHumanContract]) {
      for (const code of row.refusals) expect(thrown.has(code as never), `${row.name}: ${code}`).toBe(true)
    }
  })
})
