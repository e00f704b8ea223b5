/** The kinds of item a drop can be. */
export const DROP_KINDS = ['coin', 'gem', 'shell', 'feather', 'crystal', 'compass', 'scroll', 'relic'] as const

/** One of {@link DROP_KINDS}. */
export type DropKind = (typeof DROP_KINDS)[number]
