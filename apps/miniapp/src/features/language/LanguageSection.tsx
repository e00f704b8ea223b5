import { LOCALES } from '@worldmap/game'
import { useId, useState } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { LANGUAGE_NAMES, type LanguageChoice, languageChoiceCookie, readLanguageChoice } from './languageChoice.js'
import './language.css'

/** Props of {@link LanguageSection}: the browser's cookie and reload, replaceable in tests. */
export interface LanguageSectionProps {
  /** The current choice. @default read from `document.cookie` */
  readChoice?: () => LanguageChoice
  /** Records a choice and shows the app in it. @default sets the cookie and reloads the page */
  choose?: (choice: LanguageChoice) => void
}

const readCookie = () => readLanguageChoice(document.cookie)

// The server picks the page's language (cookie, else World App's), and the
// page carries only that language's catalogue: a reload is how a new choice
// takes effect everywhere at once, the page title and <html lang> included.
const chooseAndReload = (choice: LanguageChoice) => {
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie, read by the server on the next request.
  document.cookie = languageChoiceCookie(choice, window.location.protocol === 'https:')
  window.location.reload()
}

/**
 * The profile's language choice: "Automatic (World App)", the default, which
 * follows World App's language, or one of the languages WorldMap speaks,
 * each named in itself. Choosing one saves it (a first-party cookie the
 * server reads) and reloads the page in it.
 *
 * @example
 * ```tsx
 * <ProfileScreen sections={<><VerificationSection /><LanguageSection /></>} />
 * ```
 */
export function LanguageSection({ readChoice = readCookie, choose = chooseAndReload }: LanguageSectionProps) {
  const t = useT()
  const titleId = useId()
  // Rendered in the browser only (the profile is behind sign-in), so the cookie is there to read.
  const [choice, setChoice] = useState<LanguageChoice>(readChoice)
  const options: readonly { value: LanguageChoice; label: string }[] = [
    { value: 'auto', label: t('language.automatic') },
    ...LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] })),
  ]
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('language.title')}</h2>
      <fieldset className="language-options" aria-labelledby={titleId}>
        {options.map(({ value, label }) => (
          <label key={value} className="language-option">
            <input
              type="radio"
              name="language"
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value)
                choose(value)
              }}
            />
            <span className="language-dot" aria-hidden="true" />
            <span lang={value === 'auto' ? undefined : value}>{label}</span>
          </label>
        ))}
      </fieldset>
    </section>
  )
}
