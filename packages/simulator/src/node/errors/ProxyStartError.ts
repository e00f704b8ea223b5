import { BaseError, type BaseErrorParameters } from '@worldmap/minikit'

/**
 * The `--proxy` server could not listen (usually: the port is taken).
 *
 * @example
 * ```ts
 * await startSimulatorProxy({ target: 'http://localhost:5173/', port: 4390 }) // rejects if 4390 is in use
 * ```
 */
export class ProxyStartError extends BaseError {
  override name = 'ProxyStartError'
  override readonly code = 'cli_proxy_start_failed'
  readonly port: number
  constructor(host: string, port: number, parameters: BaseErrorParameters = {}) {
    super(`The proxy could not listen on ${host}:${port}.`, {
      metaMessages: ['Pick another port with --proxy <port>, or --proxy 0 for any free port.'],
      ...parameters,
    })
    this.port = port
  }
}
