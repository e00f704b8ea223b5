import { describe, expect, test } from 'vitest'
import { actionFields, toActionLogEntry } from './toActionLogEntry.js'

const actionId = '4bf92f3577b34da6a3ce929d0e0e4736'

describe('toActionLogEntry', () => {
  test('default: a refused collect, with its action id as label and trace', () => {
    expect(
      toActionLogEntry(
        { action: 'collectDrop', outcome: 'refused', code: 'out_of_reach', durationMs: 84.4, actionId },
        'demo-worldmap',
      ),
    ).toEqual({
      severity: 'WARNING',
      message: 'collectDrop refused out_of_reach in 84 ms',
      event: 'action_outcome',
      action: 'collectDrop',
      outcome: 'refused',
      code: 'out_of_reach',
      durationMs: 84,
      actionId,
      'logging.googleapis.com/labels': { event: 'action_outcome', action: 'collectDrop', actionId },
      'logging.googleapis.com/trace': `projects/demo-worldmap/traces/${actionId}`,
    })
  })

  test('behavior: ok is INFO, failed is ERROR; no action id, no trace', () => {
    const ok = toActionLogEntry({ action: 'signIn', outcome: 'ok', durationMs: 120 }, 'p')
    expect(ok).toMatchObject({ severity: 'INFO', message: 'signIn ok in 120 ms' })
    expect(ok).not.toHaveProperty('logging.googleapis.com/trace')
    expect(toActionLogEntry({ action: 'signIn', outcome: 'failed', code: 'internal', durationMs: 1 }, 'p').severity).toBe('ERROR')
  })
})

describe('actionFields', () => {
  test('default', () => {
    expect(actionFields(actionId, 'p')).toEqual({
      actionId,
      'logging.googleapis.com/labels': { actionId },
      'logging.googleapis.com/trace': `projects/p/traces/${actionId}`,
    })
    expect(actionFields(undefined, 'p')).toEqual({})
  })
})
