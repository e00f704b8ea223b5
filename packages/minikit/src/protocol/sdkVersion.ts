// What this SDK announces to World App, and which World App builds understand what.

/** Toolkit version announced to the host in the `init` message. */
export const MINIKIT_VERSION = 1
/** Toolkit minor version announced to the host in the `init` message. */
export const MINIKIT_MINOR_VERSION = 96

/** World App builds above this number understand wallet-auth version 2. */
export const WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION = 2087900
