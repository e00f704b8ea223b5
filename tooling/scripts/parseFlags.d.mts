// Types of parseFlags.mjs, for the TypeScript tests that use it.
import type { ParseArgsConfig } from 'node:util'

export declare const USAGE_EXIT_CODE: 2
export declare function parseFlags(
  argv: string[],
  config: {
    usage: string
    options?: ParseArgsConfig['options']
    allowPositionals?: boolean
    check?: (values: Record<string, unknown>, positionals: string[]) => string | undefined
  },
): { values: Record<string, string | boolean | undefined>; positionals: string[] }
