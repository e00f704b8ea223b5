// The string catalogue's guard: every language has every key (fragment by
// fragment), plurals have `other`, translations keep English's placeholders,
// and no TSX file of the app shows a string that is not in the catalogue.
// The catalogue checks cover every catalogue root of the repository: the
// app's, and the notifications the functions send (apps/functions).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type Catalogue, LOCALES, type Message, placeholdersOf } from '@worldmap/game'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { CATALOGUES } from './catalogues/index.js'

const appDir = join(import.meta.dirname, '..', '..', '..')

/** Words no language translates: the brand names. */
const UNTRANSLATED = new Set(['WorldMap', 'World App', 'World ID', 'Orb'])

/** JSX attributes a player reads or hears (a screen reader reads labels). */
const VISIBLE_ATTRIBUTE =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|aria-placeholder|title|alt|placeholder|label|caption|description|hint|message|heading|text|[a-z]+(Label|Title|Text|Message|Caption|Hint|Description|Heading))$/

// ---- catalogues -------------------------------------------------------------

type Fragments = Record<string, Catalogue>

/** Where a catalogue file belongs: its language and its feature; `null` for a file that is no fragment (an index). */
type Place = { locale: string; feature: string } | null

/** Every fragment file's exported catalogue, per locale, by feature. */
function fragmentsOf(
  modules: Record<string, Record<string, Catalogue>>,
  place: (path: string) => Place,
): Record<string, Fragments> {
  const found: Record<string, Fragments> = {}
  for (const [path, module] of Object.entries(modules)) {
    const at = place(path)
    if (!at) continue
    const exported = Object.values(module)
    expect(exported, `${path} exports one catalogue`).toHaveLength(1)
    found[at.locale] ??= {}
    ;(found[at.locale] as Fragments)[at.feature] = exported[0] as Catalogue
  }
  return found
}

/** The app's fragments: `catalogues/<locale>/<feature>.ts`, each language's index aside. */
const fragments = fragmentsOf(import.meta.glob('./catalogues/*/*.ts', { eager: true }), (path) => {
  const [, locale, feature] = /^\.\/catalogues\/([^/]+)\/([^/]+)\.ts$/.exec(path) ?? []
  return locale && feature && feature !== 'index' ? { locale, feature } : null
})

/** A locale as the functions name their files: `notificationsPtBR.ts` for pt-BR. */
const fileSuffixOf = (locale: string) =>
  locale
    .split('-')
    .map((part, index) => (index === 0 ? `${part.charAt(0).toUpperCase()}${part.slice(1)}` : part))
    .join('')

/** The notifications' fragments (apps/functions): `notifications<Locale>.ts`, one feature. */
const notificationFragments = fragmentsOf(
  import.meta.glob('../../../../functions/src/notifications/catalogue/*.ts', { eager: true }),
  (path) => {
    const locale = LOCALES.find((candidate) => path.endsWith(`/notifications${fileSuffixOf(candidate)}.ts`))
    expect(locale, `${path} is named notifications<Locale>.ts`).toBeDefined()
    return locale ? { locale, feature: 'notifications' } : null
  },
)

/** Every catalogue root the guard checks, by name. */
const ROOTS: Record<string, Record<string, Fragments>> = { app: fragments, notifications: notificationFragments }

/** Problems of one translated message against its English source. */
function messageProblems(key: string, english: Message, translated: Message | undefined): string[] {
  if (translated === undefined) return [`${key}: missing`]
  const problems: string[] = []
  if (typeof translated !== 'string' && typeof translated.other !== 'string') problems.push(`${key}: a plural without \`other\``)
  if (typeof english !== typeof translated)
    problems.push(
      `${key}: ${typeof english === 'string' ? 'a plural' : 'not a plural'} where English has ${typeof english === 'string' ? 'a plain message' : 'a plural'}`,
    )
  const wanted = placeholdersOf(english)
  const got = placeholdersOf(translated)
  for (const name of wanted) if (!got.has(name)) problems.push(`${key}: placeholder {${name}} missing`)
  for (const name of got) if (!wanted.has(name)) problems.push(`${key}: placeholder {${name}} not in English`)
  return problems
}

/** Problems of one language's fragment of a feature against English's. */
export function fragmentProblems(feature: string, english: Catalogue, translated: Catalogue | undefined): string[] {
  if (!translated) return [`${feature}: no fragment`]
  const problems: string[] = []
  for (const [key, message] of Object.entries(english)) {
    if (!key.startsWith(`${feature}.`)) problems.push(`${key}: keys of ${feature}.ts start with "${feature}."`)
    if (typeof message !== 'string' && typeof message.other !== 'string')
      problems.push(`${key}: a plural without \`other\` (English)`)
    problems.push(...messageProblems(key, message, translated[key]))
  }
  for (const key of Object.keys(translated)) if (!Object.hasOwn(english, key)) problems.push(`${key}: not in English`)
  return problems
}

function textsOf(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message)
}

// ---- literals in TSX --------------------------------------------------------

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !/\.test\.tsx$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Whether a piece of text is something a player reads: it has a letter, and is no brand name. */
function isWords(text: string): boolean {
  const trimmed = text.trim()
  return /\p{L}/u.test(trimmed) && !UNTRANSLATED.has(trimmed)
}

/** The string literals an expression can evaluate to, without looking inside calls (t('key') is fine). */
function resultLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return isWords(node.text) ? [node] : []
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
    return parts.some(isWords) ? [node] : []
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return resultLiterals(node.expression)
  }
  if (ts.isConditionalExpression(node)) return [...resultLiterals(node.whenTrue), ...resultLiterals(node.whenFalse)]
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind
    if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return resultLiterals(node.right)
    if (kind === ts.SyntaxKind.BarBarToken || kind === ts.SyntaxKind.QuestionQuestionToken || kind === ts.SyntaxKind.PlusToken) {
      return [...resultLiterals(node.left), ...resultLiterals(node.right)]
    }
  }
  return []
}

/**
 * Every user-visible literal of a TSX source: JSX text with words, string
 * children (`{'…'}`, `{ok ? 'Yes' : 'No'}`) and user-visible attributes
 * given a literal. Each as `file:line: text`.
 */
export function visibleLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file))
    found.push(`${fileName}:${line + 1}: ${text.trim().replace(/\s+/g, ' ').slice(0, 80)}`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isWords(node.text)) report(node, node.text)
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of resultLiterals(node.expression)) report(literal, literal.getText(file))
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTE.test(node.name.getText(file)) && node.initializer) {
      const value = node.initializer
      if (ts.isStringLiteral(value) && isWords(value.text)) report(value, `${node.name.getText(file)}="${value.text}"`)
      else if (ts.isJsxExpression(value) && value.expression) {
        for (const literal of resultLiterals(value.expression))
          report(literal, `${node.name.getText(file)}=${literal.getText(file)}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

// ---- the tests --------------------------------------------------------------

/** Every problem of one catalogue root: each language against English, fragment by fragment. */
function rootProblems(root: Record<string, Fragments>): string[] {
  const english = root.en ?? {}
  const problems = LOCALES.filter((locale) => locale !== 'en').flatMap((locale) =>
    Object.entries(english).flatMap(([feature, catalogue]) =>
      fragmentProblems(feature, catalogue, root[locale]?.[feature]).map((problem) => `${locale}/${problem}`),
    ),
  )
  for (const locale of LOCALES) {
    for (const feature of Object.keys(root[locale] ?? {})) {
      if (!english[feature]) problems.push(`${locale}/${feature}.ts: no English fragment`)
    }
  }
  return problems
}

describe('catalogues', () => {
  const english = fragments.en ?? {}

  test('default: every language has every fragment, key for key, with English placeholders and plurals with `other`', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0)
    // The notifications' root is found too: one fragment in each language.
    for (const locale of LOCALES) expect(Object.keys(notificationFragments[locale] ?? {}), locale).toEqual(['notifications'])
    for (const [name, root] of Object.entries(ROOTS)) expect(rootProblems(root), name).toEqual([])
  })

  test("behavior: each language's index spreads every one of its fragments, and nothing else", () => {
    for (const locale of LOCALES) {
      const fromFragments = Object.values(fragments[locale] ?? {}).flatMap((fragment) => Object.keys(fragment))
      expect(Object.keys(CATALOGUES[locale]).sort(), locale).toEqual([...new Set(fromFragments)].sort())
      expect(fromFragments.length, `${locale}: a key in two fragments`).toBe(new Set(fromFragments).size)
    }
    // The functions' index of the notifications: each language is its own fragment.
    const [notificationIndex] = Object.values(
      import.meta.glob<Record<string, Catalogue>>('../../../../functions/src/notifications/streakNudgeMessage.ts', {
        eager: true,
        import: 'NOTIFICATION_CATALOGUES',
      }),
    )
    for (const locale of LOCALES) expect(notificationIndex?.[locale], locale).toBe(notificationFragments[locale]?.notifications)
  })

  test('behavior: translations are translations: no fragment mostly copied from English', () => {
    const copied: string[] = []
    for (const [name, root] of Object.entries(ROOTS)) {
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        for (const [feature, catalogue] of Object.entries(root.en ?? {})) {
          const keys = Object.keys(catalogue).filter((key) => textsOf(catalogue[key] as Message).some(isWords))
          const same = keys.filter((key) => JSON.stringify(root[locale]?.[feature]?.[key]) === JSON.stringify(catalogue[key]))
          if (keys.length > 0 && same.length / keys.length > 0.5)
            copied.push(`${name}: ${locale}/${feature}.ts: ${same.join(', ')}`)
        }
      }
    }
    expect(copied).toEqual([])
  })

  test('error: the checks see a missing key, an extra key, a plural without `other` and a lost placeholder', () => {
    const source = { 'x.a': 'Hi {name}', 'x.b': { one: '{count} day', other: '{count} days' } } as Catalogue
    expect(fragmentProblems('x', source, { 'x.a': 'Hola {name}', 'x.b': { one: '{count} día', other: '{count} días' } })).toEqual(
      [],
    )
    expect(
      fragmentProblems('x', source, { 'x.a': 'Hola', 'x.b': { one: '{count} día' } as unknown as Message, 'x.c': 'extra' }),
    ).toEqual(['x.a: placeholder {name} missing', 'x.b: a plural without `other`', 'x.c: not in English'])
    expect(fragmentProblems('x', source, { 'x.b': 'días' })).toEqual([
      'x.a: missing',
      'x.b: not a plural where English has a plural',
      'x.b: placeholder {count} missing',
    ])
    expect(fragmentProblems('x', source, undefined)).toEqual(['x: no fragment'])
  })
})

describe('no string outside the catalogues', () => {
  test('default: no TSX file of the app shows a literal string', () => {
    const files = [...tsxFiles(join(appDir, 'src')), ...tsxFiles(join(appDir, 'pages'))]
    expect(files.length).toBeGreaterThan(20)
    const found = files.flatMap((path) => visibleLiterals(relative(appDir, path), readFileSync(path, 'utf8')))
    expect(found).toEqual([])
  })

  test('error: the scan sees JSX text, string children and visible attributes, and not keys, classes or brand names', () => {
    const source = `export const A = () => (
      <div className="card" data-kind="gem" aria-label="Close">
        Hello there
        {ok ? 'Yes' : t('x.no')}
        <img alt={\`Photo of \${name}\`} src="/a.png" />
        <Spinner label={busy && 'Signing in'} />
        <Logo aria-label="WorldMap" /> · {count} {'—'}
        <p title={t('x.title')}>{t('x.body', { name: 'Ana' })}</p>
      </div>
    )`
    expect(visibleLiterals('a.tsx', source)).toEqual([
      'a.tsx:2: aria-label="Close"',
      'a.tsx:3: Hello there',
      "a.tsx:4: 'Yes'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source's own template, as text.
      'a.tsx:5: alt=`Photo of ${name}`',
      "a.tsx:6: label='Signing in'",
    ])
  })
})
