// The alert policies and log-based metrics in ops/ are Cloud Monitoring's and
// Cloud Logging's own resources as JSON (`gcloud monitoring policies create
// --policy-from-file`, `gcloud logging metrics create --config-from-file`).
// Each file is checked against the resource's documented fields (AlertPolicy,
// projects.alertPolicies in monitoring v3; LogMetric in logging v2), strictly,
// so a misspelt field fails here and not at deploy time; each policy's metric
// is one defined in ops/metrics, and its documentation names a runbook section
// that exists in docs/operations.md.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import * as z from 'zod'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const jsonFiles = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, value: JSON.parse(readFileSync(join(root, dir, name), 'utf8')) as unknown }))

/** google.protobuf.Duration in JSON: seconds with an `s`. */
const duration = z.string().regex(/^\d+(\.\d{1,9})?s$/)
/** Cloud Monitoring's user label keys and values: lower case letters, digits, `_` and `-`, at most 63. */
const labelText = z.string().regex(/^[a-z0-9_-]{1,63}$/)

const ALIGNERS = [
  'ALIGN_NONE',
  'ALIGN_DELTA',
  'ALIGN_RATE',
  'ALIGN_INTERPOLATE',
  'ALIGN_NEXT_OLDER',
  'ALIGN_MIN',
  'ALIGN_MAX',
  'ALIGN_MEAN',
  'ALIGN_COUNT',
  'ALIGN_SUM',
  'ALIGN_STDDEV',
  'ALIGN_COUNT_TRUE',
  'ALIGN_COUNT_FALSE',
  'ALIGN_FRACTION_TRUE',
  'ALIGN_PERCENTILE_99',
  'ALIGN_PERCENTILE_95',
  'ALIGN_PERCENTILE_50',
  'ALIGN_PERCENTILE_05',
  'ALIGN_PERCENT_CHANGE',
] as const
const REDUCERS = [
  'REDUCE_NONE',
  'REDUCE_MEAN',
  'REDUCE_MIN',
  'REDUCE_MAX',
  'REDUCE_SUM',
  'REDUCE_STDDEV',
  'REDUCE_COUNT',
  'REDUCE_COUNT_TRUE',
  'REDUCE_COUNT_FALSE',
  'REDUCE_FRACTION_TRUE',
  'REDUCE_PERCENTILE_99',
  'REDUCE_PERCENTILE_95',
  'REDUCE_PERCENTILE_50',
  'REDUCE_PERCENTILE_05',
] as const

const aggregation = z.strictObject({
  alignmentPeriod: duration.optional(),
  perSeriesAligner: z.enum(ALIGNERS).optional(),
  crossSeriesReducer: z.enum(REDUCERS).optional(),
  groupByFields: z.array(z.string()).optional(),
})

const trigger = z.union([z.strictObject({ count: z.int().positive() }), z.strictObject({ percent: z.number().gt(0).lte(100) })])

const conditionThreshold = z.strictObject({
  filter: z.string().min(1),
  aggregations: z.array(aggregation).optional(),
  denominatorFilter: z.string().min(1).optional(),
  denominatorAggregations: z.array(aggregation).optional(),
  forecastOptions: z.strictObject({ forecastHorizon: duration }).optional(),
  comparison: z.enum(['COMPARISON_GT', 'COMPARISON_GE', 'COMPARISON_LT', 'COMPARISON_LE', 'COMPARISON_EQ', 'COMPARISON_NE']),
  thresholdValue: z.number(),
  duration,
  trigger: trigger.optional(),
  evaluationMissingData: z
    .enum([
      'EVALUATION_MISSING_DATA_UNSPECIFIED',
      'EVALUATION_MISSING_DATA_INACTIVE',
      'EVALUATION_MISSING_DATA_ACTIVE',
      'EVALUATION_MISSING_DATA_NO_OP',
    ])
    .optional(),
})

const conditionAbsent = z.strictObject({
  filter: z.string().min(1),
  aggregations: z.array(aggregation).optional(),
  duration,
  trigger: trigger.optional(),
})

const conditionMatchedLog = z.strictObject({
  filter: z.string().min(1),
  labelExtractors: z.record(z.string(), z.string().regex(/^(EXTRACT|REGEXP_EXTRACT)\(/)).optional(),
})

const condition = z
  .strictObject({
    name: z.string().optional(),
    displayName: z.string().min(1).max(512),
    conditionThreshold: conditionThreshold.optional(),
    conditionAbsent: conditionAbsent.optional(),
    conditionMatchedLog: conditionMatchedLog.optional(),
    conditionMonitoringQueryLanguage: z.strictObject({ query: z.string(), duration, trigger: trigger.optional() }).optional(),
    conditionPrometheusQueryLanguage: z
      .strictObject({ query: z.string(), duration: duration.optional(), evaluationInterval: duration.optional() })
      .optional(),
  })
  .refine(
    (value) =>
      [
        value.conditionThreshold,
        value.conditionAbsent,
        value.conditionMatchedLog,
        value.conditionMonitoringQueryLanguage,
        value.conditionPrometheusQueryLanguage,
      ].filter(Boolean).length === 1,
    'a condition has exactly one of its condition types (the oneof `condition`)',
  )

/** AlertPolicy (monitoring v3), the fields a policy file may set (no output-only fields). */
const alertPolicySchema = z
  .strictObject({
    displayName: z.string().min(1).max(512),
    documentation: z.strictObject({
      content: z.string().min(1).max(10_240),
      mimeType: z.literal('text/markdown'),
      subject: z.string().max(255).optional(),
      links: z.array(z.strictObject({ displayName: z.string(), url: z.url() })).optional(),
    }),
    userLabels: z.record(labelText, labelText).optional(),
    conditions: z.array(condition).min(1).max(6),
    combiner: z.enum(['COMBINE_UNSPECIFIED', 'AND', 'OR', 'AND_WITH_MATCHING_RESOURCE']),
    enabled: z.boolean().optional(),
    notificationChannels: z.array(z.string().regex(/^projects\/[^/]+\/notificationChannels\/[^/]+$/)).optional(),
    alertStrategy: z
      .strictObject({
        notificationRateLimit: z.strictObject({ period: duration }).optional(),
        autoClose: duration.optional(),
        notificationChannelStrategy: z
          .array(z.strictObject({ notificationChannelNames: z.array(z.string()), renotifyInterval: duration }))
          .optional(),
      })
      .optional(),
    severity: z.enum(['SEVERITY_UNSPECIFIED', 'CRITICAL', 'ERROR', 'WARNING']).optional(),
  })
  // Google: a log-match condition is the policy's only condition, and needs a notification rate limit.
  .refine(
    (policy) =>
      !policy.conditions.some((c) => c.conditionMatchedLog) ||
      (policy.conditions.length === 1 && policy.alertStrategy?.notificationRateLimit !== undefined),
    'a log-match policy has one condition and alertStrategy.notificationRateLimit',
  )

/** LogMetric (logging v2): a log-based metric. */
const logMetricSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.\-/]{1,100}$/),
  description: z.string().max(8000).optional(),
  filter: z.string().min(1).max(20_000),
  metricDescriptor: z.strictObject({
    metricKind: z.enum(['DELTA']),
    valueType: z.enum(['INT64', 'DISTRIBUTION']),
    unit: z.string().optional(),
    labels: z.array(z.strictObject({ key: z.string(), valueType: z.enum(['STRING', 'BOOL', 'INT64']), description: z.string() })),
  }),
  labelExtractors: z.record(z.string(), z.string().regex(/^(EXTRACT|REGEXP_EXTRACT)\(/)).optional(),
  valueExtractor: z
    .string()
    .regex(/^(EXTRACT|REGEXP_EXTRACT)\(/)
    .optional(),
  bucketOptions: z
    .strictObject({
      exponentialBuckets: z.strictObject({
        numFiniteBuckets: z.int().positive(),
        growthFactor: z.number().gt(1),
        scale: z.number().positive(),
      }),
    })
    .optional(),
})

/** GitHub's anchor for a Markdown heading (as docsLinks.test.ts reads them). */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8').replace(/^```[\s\S]*?^```/gm, '')
const anchors = new Set([...operations.matchAll(/^#{1,6} +(.+?)\s*$/gm)].map(([, heading]) => anchorOf(heading ?? '')))

const policies = jsonFiles('ops/alerts')
const metrics = jsonFiles('ops/metrics')

describe('ops/metrics', () => {
  test.each(metrics.map(({ name, value }) => [name, value]))('default: %s is a LogMetric', (name, value) => {
    const metric = logMetricSchema.parse(value)
    expect(`${metric.name}.json`).toBe(name)
    // Every label the descriptor declares has its extractor, and a distribution has its value.
    expect(Object.keys(metric.labelExtractors ?? {}).sort()).toEqual(
      metric.metricDescriptor.labels.map((label) => label.key).sort(),
    )
    expect(metric.valueExtractor !== undefined).toBe(metric.metricDescriptor.valueType === 'DISTRIBUTION')
  })
})

describe('ops/alerts', () => {
  test('default: there are policies and metrics to check', () => {
    expect(policies.length).toBeGreaterThanOrEqual(4)
    expect(metrics.length).toBeGreaterThanOrEqual(3)
  })

  test.each(policies.map(({ name, value }) => [name, value]))(
    'default: %s is an AlertPolicy on our metrics, with a runbook in docs/operations.md',
    (_, value) => {
      const policy = alertPolicySchema.parse(value)
      for (const { conditionThreshold } of policy.conditions) {
        for (const filter of [conditionThreshold?.filter, conditionThreshold?.denominatorFilter]) {
          const used = filter?.match(/metric\.type="logging\.googleapis\.com\/user\/([^"]+)"/)?.[1]
          if (filter !== undefined) expect(metrics.map(({ value: metric }) => (metric as { name: string }).name)).toContain(used)
        }
      }
      const runbook = policy.documentation.content.match(/docs\/operations\.md#([\w-]+)/)?.[1]
      expect(runbook, 'the documentation names docs/operations.md#<runbook>').toBeDefined()
      expect(anchors.has(runbook ?? '')).toBe(true)
      expect(runbook).toMatch(/^runbook-/)
    },
  )

  test.each([
    ['a misspelt field', { threshold: 1 }, 'Unrecognized key'],
    [
      'a reducer Cloud Monitoring does not have',
      { aggregations: [{ crossSeriesReducer: 'REDUCE_PERCENTILE_75' }] },
      'Invalid option',
    ],
    ['a duration without its unit', { duration: '600' }, 'Invalid string'],
  ])('error: %s fails the schema', (_, change, message) => {
    const [first] = policies
    const policy = structuredClone(first?.value) as { conditions: { conditionThreshold: object }[] }
    const [head] = policy.conditions
    if (!head) throw new Error('no condition')
    head.conditionThreshold = { ...head.conditionThreshold, ...change }
    expect(() => alertPolicySchema.parse(policy)).toThrow(message)
  })
})
