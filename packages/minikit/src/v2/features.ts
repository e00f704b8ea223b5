/** What a path can do with send-transaction (the official 2.x `FeatureSupport`). */
export interface FeatureSupport {
  /** Several calls in one transaction. */
  batch: boolean
  /** Permit2 token allowances. */
  permit2: boolean
  /** Gas paid by World App instead of the person. */
  gasSponsorship: boolean
}

/**
 * What send-transaction can do inside World App: batches, Permit2 and
 * sponsored gas (the official 2.x constant).
 *
 * @example
 * ```ts
 * const features = isInWorldApp() ? WORLD_APP_FEATURES : WEB_FEATURES
 * if (!features.batch) await sendOneByOne(calls)
 * ```
 */
export const WORLD_APP_FEATURES: Readonly<FeatureSupport> = /* @__PURE__ */ Object.freeze({
  batch: true,
  permit2: true,
  gasSponsorship: true,
})

/**
 * What send-transaction can do through a web wallet outside World App:
 * none of the three (the official 2.x constant).
 *
 * @example
 * ```ts
 * if (!WEB_FEATURES.gasSponsorship) showGasHint()
 * ```
 */
export const WEB_FEATURES: Readonly<FeatureSupport> = /* @__PURE__ */ Object.freeze({
  batch: false,
  permit2: false,
  gasSponsorship: false,
})
