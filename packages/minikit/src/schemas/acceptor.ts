import type * as z from 'zod/mini'

type Test = (value: unknown) => boolean

interface DefLike {
  type: string
  checks?: readonly z.core.$ZodCheck[]
  innerType?: z.core.$ZodType
  values?: readonly unknown[]
}

const types: Record<string, Test> = {
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  // zod's number refuses NaN and ±Infinity, its date an invalid Date.
  number: (value) => Number.isFinite(value),
  date: (value) => value instanceof Date && !Number.isNaN(value.getTime()),
}

/**
 * `test`, then the schema's own checks (lengths, refinements…) run on the
 * value as zod runs them: each one reports into a payload, and any issue,
 * an async check or a check that rewrites the value declines, leaving the
 * value to zod. The rules are the schema's, never a copy of them.
 */
const checked =
  (test: Test, checks: readonly z.core.$ZodCheck[]): Test =>
  (value) => {
    if (!test(value)) return false
    const payload = { value, issues: [] as unknown[] }
    // A sync check returns nothing; an async one returns its promise.
    for (const check of checks) if (check._zod.check(payload as never)) return false
    return !payload.issues.length && payload.value === value
  }

/**
 * A field schema as a plain test, for the kinds reply and input shapes use
 * (string, number, boolean, date, a single literal, optional/nullable of
 * those, each with its checks). Anything else (unions, nested objects) has
 * no test, and a shape holding it gets no acceptor: zod alone parses it.
 */
function testOf(schema: z.core.$ZodType): Test | undefined {
  const def = schema._zod.def as DefLike
  const test = kindTest(def)
  return test && def.checks?.length ? checked(test, def.checks) : test
}

function kindTest(def: DefLike): Test | undefined {
  if (def.type === 'literal') {
    const [only, ...more] = def.values ?? []
    return more.length ? undefined : (value) => value === only
  }
  if (def.type === 'optional' || def.type === 'nullable') {
    const inner = def.innerType && testOf(def.innerType)
    const empty = def.type === 'optional' ? undefined : null
    return inner && ((value) => value === empty || inner(value))
  }
  return types[def.type]
}

/**
 * Derive from a zod object shape a function that accepts the well-formed
 * values the schema accepts, with the schema's output (a copy: every key
 * for a loose object, the shape's keys present in the input otherwise),
 * and returns `undefined` for anything else, including every invalid value.
 *
 * zod's object parse allocates a result, an issue list and a payload per
 * field; for a reply that is most of a round trip. Callers run the
 * acceptor first and the schema only when it declines, so the schema stays
 * the single source of the rules and of every error message. A property
 * test holds it to "accepted here implies the same output from zod".
 *
 * @returns `undefined` when the shape has a field kind this cannot mirror
 */
export function acceptorOf(shape: Record<string, z.core.$ZodType>, loose: boolean) {
  const fields: [string, Test][] = []
  for (const key in shape) {
    const test = testOf(shape[key] as z.core.$ZodType)
    if (!test) return
    fields.push([key, test])
  }
  return (data: unknown): Record<string, unknown> | undefined => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return
    const input = data as Record<string, unknown>
    // An own `__proto__` key (JSON.parse makes one) is copied differently
    // by a spread and by zod; leave that rare case to zod.
    if (loose && Object.hasOwn(input, '__proto__')) return
    const out: Record<string, unknown> = loose ? { ...input } : {}
    for (const [key, test] of fields) {
      const value = input[key]
      if (!test(value)) return
      if (!loose && key in input) out[key] = value
    }
    return out
  }
}
