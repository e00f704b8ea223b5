import { Hono } from 'hono'
import * as z from 'zod'

/** The dev username given to the simulator's wallet. */
export const DEV_USERNAME = 'simulator.dev'

const queryBody = z.object({ addresses: z.array(z.string()).min(1).max(100) })

/**
 * A local stand-in for World's usernames service (unreachable from a laptop
 * or CI), mounted at `/api/dev/usernames` in development only. It knows one
 * wallet, the simulator's, as {@link DEV_USERNAME}; every other address is
 * unknown, as it would be for the real service.
 *
 * - `POST /api/v1/query` `{addresses}` → `[{address, username, profile_picture_url}]` for known ones
 * - `GET /api/v1/:username` → `{address, username, profile_picture_url}` or 404
 *
 * @example
 * ```ts
 * app.route('/api/dev/usernames', createDevUsernamesRoutes(async () => simulatorAddress))
 * ```
 */
export function createDevUsernamesRoutes(getDevAddress: () => Promise<string>): Hono {
  const routes = new Hono()
  const profile = (address: string) => ({ address, username: DEV_USERNAME, profile_picture_url: null })

  routes.post('/api/v1/query', async (c) => {
    let json: unknown
    try {
      json = await c.req.json()
    } catch {
      return c.json({ error: 'invalid_json' }, 400)
    }
    const parsed = queryBody.safeParse(json)
    if (!parsed.success) return c.json({ error: 'invalid_body' }, 400)
    const devAddress = (await getDevAddress()).toLowerCase()
    return c.json(parsed.data.addresses.filter((address) => address.toLowerCase() === devAddress).map(profile))
  })

  routes.get('/api/v1/:username', async (c) => {
    if (c.req.param('username') !== DEV_USERNAME) return c.json({ error: 'not_found' }, 404)
    return c.json(profile(await getDevAddress()))
  })

  return routes
}
