import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

// The listen errors a user can act on, in their words.
const REASONS: Record<string, (host: string, port: number) => string> = {
  EADDRINUSE: (host, port) => `Port ${port} is already in use on ${host}: the proxy cannot listen there.`,
  EACCES: (host, port) => `Port ${port} on ${host} needs privileges this user does not have: the proxy cannot listen there.`,
  EADDRNOTAVAIL: (host, port) => `${host} is not an address of this machine: the proxy cannot listen on ${host}:${port}.`,
}

/**
 * The `--proxy` server could not listen: usually the port is taken (`code`
 * of the cause `EADDRINUSE`), which the message says with the port's number.
 *
 * @example
 * ```ts
 * await startSimulatorProxy({ target: 'http://localhost:5173/', port: 4390 })
 * // rejects with "Port 4390 is already in use on 127.0.0.1: the proxy cannot listen there." if it is
 * ```
 */
export class ProxyStartError extends BaseError {
  override name = 'ProxyStartError'
  override readonly code = 'cli_proxy_start_failed'
  readonly host: string
  readonly port: number
  /** The system's reason (`EADDRINUSE`, `EACCES`…), when it gave one. */
  readonly reason: string | undefined
  constructor(host: string, port: number, parameters: BaseErrorParameters = {}) {
    const reason = (parameters.cause as NodeJS.ErrnoException | undefined)?.code
    const explain = reason === undefined ? undefined : REASONS[reason]
    super(explain ? explain(host, port) : `The proxy could not listen on ${host}:${port}.`, {
      metaMessages: [
        'Stop what uses it, or pick another port with --port <port> (--port 0 for any free one).',
        'A backend that checks the sign-in (SIWE) domain must then allow the new origin too.',
      ],
      ...parameters,
    })
    this.host = host
    this.port = port
    this.reason = reason
  }
}
