/**
 * A framework-free HTTP reply: the `onRequest`/Hono wrapper sends `status`,
 * `headers` and `body` (as JSON) unchanged.
 *
 * @example
 * ```ts
 * const result: HttpResult<{ error: string }> = { status: 405, headers: { allow: 'POST' }, body: { error: 'method_not_allowed' } }
 * res.status(result.status).set(result.headers ?? {}).json(result.body)
 * ```
 */
export interface HttpResult<body extends object = object> {
  status: number
  headers?: Record<string, string>
  body: body
}
