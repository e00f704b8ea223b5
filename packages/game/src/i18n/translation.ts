/** The plural categories of `Intl.PluralRules` (CLDR). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/**
 * A message that depends on a count: one form per plural category the
 * language uses, `other` always (the category every language has).
 */
export type PluralMessage = { readonly other: string } & { readonly [category in Exclude<PluralCategory, 'other'>]?: string }

/** One catalogue entry: a plain message, or a {@link PluralMessage} chosen by `count`. */
export type Message = string | PluralMessage

/** A catalogue: keys (`<feature>.<name>`) to messages. */
export type Catalogue = Readonly<Record<string, Message>>

/**
 * A translation of an English catalogue fragment: the same keys, no more and
 * no fewer; a plain string stays a string, a plural stays a plural (its
 * categories are the language's own, `other` required).
 *
 * @example
 * ```ts
 * const catchEn = { 'catch.points': { one: '+{count} point', other: '+{count} points' } } as const
 * const catchEs: Translation<typeof catchEn> = { 'catch.points': { one: '+{count} punto', other: '+{count} puntos' } }
 * ```
 */
export type Translation<T extends Catalogue> = {
  readonly [K in keyof T]: T[K] extends string ? string : PluralMessage
}

type PlaceholdersOf<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never

/** A value put into a placeholder: strings as they are, numbers formatted for the locale. */
export type MessageValue = string | number

/**
 * The values a message needs, from its English text: `{name}` placeholders
 * are required, a plural requires `count`.
 *
 * @example
 * ```ts
 * type V = MessageValues<'Goal met — {streak}-day streak'> // { readonly streak: MessageValue }
 * ```
 */
export type MessageValues<M> = M extends string
  ? { readonly [Name in PlaceholdersOf<M>]: MessageValue }
  : { readonly count: number } & { readonly [Name in PlaceholdersOf<M[keyof M]>]: MessageValue }
