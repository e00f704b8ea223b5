// Why `install()` fails, as the official toolkit names it.

/** Install failure codes (`MiniKitInstallErrorCodes` in the official toolkit). */
export const MiniKitInstallErrorCodes = {
  Unknown: 'unknown',
  AlreadyInstalled: 'already_installed',
  OutsideOfWorldApp: 'outside_of_worldapp',
  NotOnClient: 'not_on_client',
  AppOutOfDate: 'app_out_of_date',
} as const
export type MiniKitInstallErrorCodes = (typeof MiniKitInstallErrorCodes)[keyof typeof MiniKitInstallErrorCodes]

/** Messages for {@link MiniKitInstallErrorCodes}, exactly as the spec words them. */
export const MiniKitInstallErrorMessage: Readonly<Record<MiniKitInstallErrorCodes, string>> = {
  unknown: 'Failed to install MiniKit.',
  already_installed: 'MiniKit is already installed.',
  outside_of_worldapp: 'MiniApp launched outside of WorldApp.',
  not_on_client: 'Window object is not available.',
  app_out_of_date: 'WorldApp is out of date. Please update the app.',
}
