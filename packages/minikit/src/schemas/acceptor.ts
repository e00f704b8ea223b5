import type * as z from 'zod/mini'

type Test = (value: unknown) => boolean

interface DefLike {
  type: string
  checks?: readonly unknown[]
  innerType?: z.core.$ZodType
  values?: readonly unknown[]
}

const types: Record<string, Test> = {
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  // zod's number refuses NaN and ±Infinity.
  number: (value) => Number.isFinite(value),
}

/**
 * A field schema as a plain test, for the kinds reply shapes use (string,
 * number, boolean, a single literal, optional/nullable of those). Anything
 * else (checks, unions, nested objects) has no test, and a shape holding it
 * gets no acceptor: zod alone parses it.
 */
function testOf(schema: z.core.$ZodType): Test | undefined {
  const def = schema._zod.def as DefLike
  if (def.checks?.length) return
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
