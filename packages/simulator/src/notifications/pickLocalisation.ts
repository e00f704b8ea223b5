/** One language of a notification, as the send-notification request carries it. */
export interface NotificationLocalisation {
  language: string
  title: string
  message: string
}

/**
 * The localisation World App shows on a device whose languages are
 * `languages` (`navigator.languages`): the first whose primary subtag matches
 * (`pt-BR` → `pt`), else English, else the first.
 *
 * @example
 * ```ts
 * pickLocalisation(localisations, ['es-MX', 'en']) // the `es` one
 * ```
 */
export function pickLocalisation(
  localisations: readonly NotificationLocalisation[],
  languages: readonly string[],
): NotificationLocalisation | undefined {
  for (const tag of languages) {
    const primary = tag.split(/[-_]/, 1)[0]?.toLowerCase()
    const found = localisations.find((entry) => entry.language === primary)
    if (found) return found
  }
  return localisations.find((entry) => entry.language === 'en') ?? localisations[0]
}
