/** A response's JSON body, or `undefined` when it is not JSON (the caller's schema then says what was expected). */
export async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}
