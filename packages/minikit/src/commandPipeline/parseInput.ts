import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'

interface Parser<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string; path: PropertyKey[] }> } }
}

/**
 * Validate command input; the first issue's message (the spec's text)
 * becomes the error's short message, every issue goes into `details`.
 */
export function parseInput<T>(schema: Parser<T>, input: unknown, command: string): T {
  let result: ReturnType<Parser<T>['safeParse']>
  try {
    result = schema.safeParse(input)
  } catch (cause) {
    // zod's length checks read `.length` even off non-strings/arrays, so
    // `{ length: Object.create(null) }` makes safeParse itself throw a TypeError.
    throw new InvalidPayloadError('Invalid input', { command, cause })
  }
  if (result.success) return result.data
  const [first, ...rest] = result.error.issues
  return fail(
    first?.message ?? 'Invalid input',
    command,
    rest.length ? result.error.issues.map((i) => i.message).join('; ') : undefined,
  )
}

/** Throw the command's {@link InvalidPayloadError}. */
export function fail(message: string, command: string, details?: string): never {
  throw new InvalidPayloadError(message, details === undefined ? { command } : { command, details })
}
