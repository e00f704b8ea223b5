import type { LogEntry } from 'firebase-functions/logger'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { actionLog, currentActionId, inAction, withActionFields } from './actionLog.js'

const written = vi.hoisted(() => [] as LogEntry[])
vi.mock('firebase-functions/logger', async (original) => ({
  ...(await original<typeof import('firebase-functions/logger')>()),
  write: (entry: LogEntry) => written.push(entry),
}))

const first = '4bf92f3577b34da6a3ce929d0e0e4736'
const second = '00f067aa0ba902b700f067aa0ba902b7'

beforeEach(() => {
  written.length = 0
  vi.stubEnv('GCLOUD_PROJECT', 'demo-worldmap')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

describe('inAction', () => {
  test('default: the id holds through awaits and timers the work starts, and not outside it', async () => {
    const seen: (string | undefined)[] = []
    await inAction(first, async () => {
      seen.push(currentActionId())
      await new Promise((resolve) => setTimeout(resolve, 1))
      seen.push(currentActionId())
    })
    seen.push(currentActionId())
    expect(seen).toEqual([first, first, undefined])
  })

  test('behavior: two actions handled at once never see each other’s id', async () => {
    const seen: string[] = []
    const work = (id: string, waitMs: number) =>
      inAction(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, waitMs))
        seen.push(`${id.slice(0, 4)}:${currentActionId()?.slice(0, 4)}`)
      })
    await Promise.all([work(first, 5), work(second, 1)])
    expect(seen).toEqual(['00f0:00f0', '4bf9:4bf9'])
  })

  test('behavior: a request without an id runs outside any action, even inside another one', () => {
    expect(inAction(first, () => inAction(undefined, () => currentActionId()))).toBeUndefined()
  })
})

describe('actionLog', () => {
  test('default: a line written while an action is handled carries its id, label and trace', async () => {
    await inAction(first, async () => {
      await Promise.resolve()
      actionLog.error('collectDrop failed unexpectedly', { errorName: 'TypeError' })
      actionLog.info('spawned', { drops: 3 })
    })
    expect(written).toEqual([
      {
        severity: 'ERROR',
        message: 'collectDrop failed unexpectedly',
        errorName: 'TypeError',
        actionId: first,
        'logging.googleapis.com/labels': { actionId: first },
        'logging.googleapis.com/trace': `projects/demo-worldmap/traces/${first}`,
      },
      expect.objectContaining({ severity: 'INFO', message: 'spawned', drops: 3, actionId: first }),
    ])
  })

  test('behavior: outside an action a line carries no id', () => {
    actionLog.warn('purge slow', { ms: 1200 })
    expect(written).toEqual([{ severity: 'WARNING', message: 'purge slow', ms: 1200 }])
  })

  test('behavior: an entry’s own labels stay beside the id; an entry naming its action keeps it', () => {
    const outcome: LogEntry = { severity: 'INFO', message: 'ok', 'logging.googleapis.com/labels': { event: 'action_outcome' } }
    expect(inAction(first, () => withActionFields(outcome))['logging.googleapis.com/labels']).toEqual({
      event: 'action_outcome',
      actionId: first,
    })
    const named: LogEntry = { severity: 'INFO', message: 'ok', actionId: second }
    expect(inAction(first, () => withActionFields(named))).toBe(named)
  })
})
