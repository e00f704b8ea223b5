import { UsernamesServiceError } from '../errors/UsernamesServiceError.js'

interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false }
}

/**
 * Call the usernames service and validate its JSON body; every failure
 * (network, status, body) becomes a {@link UsernamesServiceError}.
 */
export async function requestUsernames<T>(fetcher: typeof fetch, url: string, init: RequestInit, schema: Parser<T>): Promise<T> {
  let response: Response
  try {
    response = await fetcher(url, init)
  } catch (cause) {
    throw new UsernamesServiceError('Usernames service unreachable', { cause })
  }
  if (!response.ok) throw new UsernamesServiceError(`Usernames service answered ${response.status}`, { status: response.status })
  let body: unknown
  try {
    body = await response.json()
  } catch (cause) {
    throw new UsernamesServiceError('Usernames service sent invalid JSON', { cause, status: response.status })
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new UsernamesServiceError('Usernames service sent an unexpected body', { status: response.status })
  return parsed.data
}
