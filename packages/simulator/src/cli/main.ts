// The `worldmap-simulator` command, loaded by the committed bin shim
// (bin/worldmap-simulator.js) once the package is built.
import { BaseError } from '@worldmap/minikit'
import { InvalidTargetUrlError } from '../node/errors/InvalidTargetUrlError.js'
import { InvalidFlagsError } from './errors/InvalidFlagsError.js'
import { formatCliError } from './formatCliError.js'
import { runCli } from './runCli.js'

try {
  const run = await runCli(process.argv.slice(2))
  let stopping = false
  const stop = () => {
    // A second Ctrl-C while closing means "now".
    if (stopping) process.exit(130)
    stopping = true
    void run.close()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.on('SIGHUP', stop)
  await run.closed
  process.exit(0)
} catch (error) {
  process.stderr.write(formatCliError(error))
  // 2 for a command line to fix (the usual convention), 1 for everything else.
  process.exit(
    error instanceof InvalidFlagsError || error instanceof InvalidTargetUrlError ? 2 : error instanceof BaseError ? 1 : 70,
  )
}
