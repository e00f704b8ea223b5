import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { createEnvReader } from './createEnvReader.js'

const variables = ['MODE', 'SECRET', 'PORT'] as const

describe('createEnvReader', () => {
  test('default: parsed values, and no problems when every value fits', () => {
    const reader = createEnvReader({ MODE: 'local', PORT: '3000' }, variables)
    expect(reader.parse('MODE', z.enum(['local', 'production']), 'must be local or production')).toBe('local')
    expect(reader.parse('PORT', z.string(), 'must be a port')).toBe('3000')
    expect(reader.parse('SECRET', z.string(), 'must be a secret')).toBeUndefined()
    expect(reader.problems()).toEqual([])
  })

  test('behavior: an empty or blank value is unset; required reports it', () => {
    const reader = createEnvReader({ SECRET: '  ', PORT: '' }, variables)
    expect([reader.read('SECRET'), reader.read('PORT')]).toEqual([undefined, undefined])
    reader.required('SECRET')
    expect(reader.problems()).toEqual([{ variable: 'SECRET', reason: 'is not set' }])
  })

  test('behavior: the first reason per variable wins; problems come in the listed order, never with a value', () => {
    const reader = createEnvReader({ MODE: 'staging', SECRET: 'short' }, variables)
    reader.report('SECRET', 'must be at least 32 characters')
    reader.parse('SECRET', z.string().check(z.minLength(32)), 'is too short')
    reader.parse('MODE', z.enum(['local', 'production']), 'must be local or production')
    expect(reader.has('MODE')).toBe(true)
    expect(reader.has('PORT')).toBe(false)
    expect(reader.problems()).toEqual([
      { variable: 'MODE', reason: 'must be local or production' },
      { variable: 'SECRET', reason: 'must be at least 32 characters' },
    ])
    expect(JSON.stringify(reader.problems())).not.toContain('staging')
  })
})
