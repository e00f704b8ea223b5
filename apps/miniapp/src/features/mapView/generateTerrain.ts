import { EARTH_RADIUS_METERS, type LatLng } from '@worldmap/game'

/** A `[lng, lat]` position. */
export type Position = [number, number]
/** A closed ring of positions (the last repeats the first). */
export type Ring = Position[]

/** Generated terrain, as GeoJSON multi-geometry coordinates per class of feature. */
export interface Terrain {
  /** Parks, pocket parks and the green banks along rivers (MultiPolygon coordinates). */
  parks: Ring[][]
  /** Rivers and ponds (MultiPolygon coordinates). */
  water: Ring[][]
  /** City blocks between the streets (MultiPolygon coordinates). */
  blocks: Ring[][]
  /** Side streets (MultiLineString coordinates). */
  minorStreets: Position[][]
  /** Avenues every other district line; they bridge rivers (MultiLineString coordinates). */
  mainRoads: Position[][]
}

/** A district is this many degrees of latitude tall, about 445 m: a neighbourhood between two streets. */
export const DISTRICT_DEGREES = 0.004
/** Streets, parks and water reach this many districts around the centre's: about ±3.3 km. */
export const TERRAIN_RADIUS_DISTRICTS = 7
/** City blocks, the bulk of the data and drawn only close up, reach this many: about ±2.4 km. */
export const BLOCKS_RADIUS_DISTRICTS = 5
/** One river per band this many degrees of latitude tall (about 6.7 km). */
const RIVER_BAND_DEGREES = 0.06
/** Web Mercator stops near here; nothing is generated beyond. */
const MAX_LAT = 85

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const SHARE_PARK = 0.12
const SHARE_POND = 0.6
const SHARE_POCKET_PARK = 0.08
const SHARE_SPLIT_BLOCK = 0.35
/** Space between a block and the centre line of a side street / an avenue, m. */
const INSET_MINOR_METERS = 7
const INSET_MAIN_METERS = 10
/** The green strip along each river bank, m. */
const BANK_METERS = 22

/** A 32-bit integer hash of a few integers, as a fraction in [0, 1). */
function hash(...values: number[]): number {
  let h = 0x9e3779b9
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
  }
  return (h >>> 0) / 2 ** 32
}

/** mulberry32: a small, fast seeded generator of fractions in [0, 1). */
function random(seed: number): () => number {
  let state = Math.floor(seed * 2 ** 32) | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** Seven decimals (~1 cm): shorter data, and exact equality between runs. */
const round = (value: number) => Math.round(value * 1e7) / 1e7
const at = (lng: number, lat: number): Position => [round(lng), round(lat)]
const rectangle = (west: number, south: number, east: number, north: number): Ring => [
  at(west, south),
  at(east, south),
  at(east, north),
  at(west, north),
  at(west, south),
]

/** A pond around `middle`: a lumpy circle 80–160 m across (`mLng`, `mLat`: degrees per metre). */
function pond(middle: LatLng, next: () => number, mLng: number, mLat: number): Ring {
  const radius = 40 + next() * 40
  const p1 = next() * 2 * Math.PI
  const p2 = next() * 2 * Math.PI
  const ring: Ring = []
  for (let k = 0; k < 24; k++) {
    const theta = (2 * Math.PI * k) / 24
    const r = radius * (1 + 0.18 * Math.sin(2 * theta + p1) + 0.1 * Math.sin(3 * theta + p2))
    ring.push(at(middle.lng + r * Math.cos(theta) * mLng, middle.lat + r * Math.sin(theta) * mLat))
  }
  ring.push(ring[0] as Position)
  return ring
}

interface River {
  /** The centre line's latitude at `lng`, and the half width there (in latitude degrees, wider where it bends). */
  at(lng: number): { lat: number; half: number }
  /** Its widest latitude extent, for a quick "could it be near" test. */
  south: number
  north: number
}

/**
 * The river of latitude band `band`: a meander (two sines) around a line
 * inside the band, all from the band's hash, so it continues seamlessly
 * however the window around it moves. `scale` turns longitude degrees into
 * latitude-sized ones (the cosine of the window's latitude band).
 */
function riverOf(band: number, scale: number): River {
  const base = (band + 0.5) * RIVER_BAND_DEGREES + (hash(band, 1) - 0.5) * 0.02
  const a1 = 0.0022 + hash(band, 2) * 0.0015
  const k1 = (2 * Math.PI) / (0.02 + hash(band, 3) * 0.015)
  const p1 = hash(band, 4) * 2 * Math.PI
  const a2 = 0.0007
  const k2 = (2 * Math.PI) / (0.006 + hash(band, 5) * 0.004)
  const p2 = hash(band, 6) * 2 * Math.PI
  const half = (20 + hash(band, 7) * 16) / METERS_PER_DEGREE
  const reach = a1 + a2 + 2 * half
  return {
    at(lng) {
      const x = lng * scale
      const lat = base + a1 * Math.sin(k1 * x + p1) + a2 * Math.sin(k2 * x + p2)
      const slope = a1 * k1 * Math.cos(k1 * x + p1) + a2 * k2 * Math.cos(k2 * x + p2)
      // Measured across the flow, not north–south, the river keeps its width in bends.
      return { lat, half: half * Math.sqrt(1 + slope * slope) }
    },
    south: base - reach,
    north: base + reach,
  }
}

/** The districts generated around a centre, in degrees, and the degrees a metre spans each way. */
interface TerrainGrid {
  /** Degrees longitude per latitude-sized degree: districts stay roughly square. */
  scale: number
  dLat: number
  dLng: number
  /** Degrees per metre, north–south and east–west. */
  mLat: number
  mLng: number
  /** The centre's district. */
  i0: number
  j0: number
  /** The district rows generated (clamped where Web Mercator stops); none when `iMin > iMax`. */
  iMin: number
  iMax: number
  south: number
  north: number
  west: number
  east: number
}

/** A town being generated: its grid, its rivers and what has been drawn so far. */
interface Town {
  grid: TerrainGrid
  rivers: River[]
  terrain: Terrain
}

/** The grid of (2 × 7 + 1)² districts around `center`'s, anchored to the world. */
function gridAround(center: LatLng): TerrainGrid {
  // Longitude steps follow the latitude in 5° bands, so districts stay roughly square.
  const scale = Math.max(0.2, Math.cos((Math.round(Math.abs(center.lat) / 5) * 5 * Math.PI) / 180))
  const dLat = DISTRICT_DEGREES
  const dLng = DISTRICT_DEGREES / scale
  const mLat = 1 / METERS_PER_DEGREE
  const i0 = Math.floor(center.lat / dLat)
  const j0 = Math.floor(center.lng / dLng)
  const R = TERRAIN_RADIUS_DISTRICTS
  const iMin = Math.max(i0 - R, Math.ceil(-MAX_LAT / dLat))
  const iMax = Math.min(i0 + R, Math.floor(MAX_LAT / dLat) - 1)
  const [south, north] = [iMin * dLat, (iMax + 1) * dLat]
  const [west, east] = [(j0 - R) * dLng, (j0 + R + 1) * dLng]
  return { scale, dLat, dLng, mLat, mLng: mLat / scale, i0, j0, iMin, iMax, south, north, west, east }
}

/** The rivers whose bands reach into the grid. */
function riversIn({ south, north, scale }: TerrainGrid): River[] {
  const rivers: River[] = []
  for (let band = Math.floor(south / RIVER_BAND_DEGREES); band <= Math.floor(north / RIVER_BAND_DEGREES); band++) {
    const river = riverOf(band, scale)
    if (river.north > south && river.south < north) rivers.push(river)
  }
  return rivers
}

/** Whether a river, widened by `margin` m, touches the box. */
function riverNear({ rivers, grid }: Town, boxWest: number, boxSouth: number, boxEast: number, boxNorth: number, margin: number) {
  return rivers.some((river) => {
    if (river.north < boxSouth || river.south > boxNorth) return false
    for (let k = 0; k <= 6; k++) {
      const { lat, half } = river.at(boxWest + ((boxEast - boxWest) * k) / 6)
      const reach = half + margin * grid.mLat
      if (lat + reach > boxSouth && lat - reach < boxNorth) return true
    }
    return false
  })
}

/** A river across the grid: the water, and a wider green strip under it for the banks. */
function drawRiver({ grid, terrain }: Town, river: River): void {
  const { west, east, dLng, mLat } = grid
  const step = dLng / 10
  const samples: { lng: number; lat: number; half: number }[] = []
  for (let lng = west; lng < east + step / 2; lng += step) samples.push({ lng, ...river.at(lng) })
  const clamp = (lat: number) => Math.max(-MAX_LAT, Math.min(MAX_LAT, lat))
  const band = (extra: number): Ring => {
    const ring = [
      ...samples.map(({ lng, lat, half }) => at(lng, clamp(lat + half + extra))),
      ...[...samples].reverse().map(({ lng, lat, half }) => at(lng, clamp(lat - half - extra))),
    ]
    ring.push(ring[0] as Position)
    return ring
  }
  terrain.parks.push([band(BANK_METERS * mLat)])
  terrain.water.push([band(0)])
}

/** A horizontal street, one district piece at a time, leaving out the pieces a river runs along. */
function horizontalStreet(town: Town, lat: number, from: number, to: number, into: Position[][]): void {
  const pieces = 4
  let run: Position[] = []
  for (let k = 0; k < pieces; k++) {
    const a = from + ((to - from) * k) / pieces
    const b = from + ((to - from) * (k + 1)) / pieces
    if (riverNear(town, a, lat, b, lat, 8)) {
      if (run.length > 1) into.push(run)
      run = []
      continue
    }
    if (run.length === 0) run.push(at(a, lat))
    run.push(at(b, lat))
  }
  if (run.length > 1) into.push(run)
}

/** A vertical street; side streets stop at a river's banks, avenues (`bridges`) bridge it. */
function verticalStreet(town: Town, lng: number, from: number, to: number, into: Position[][], bridges: boolean): void {
  const { mLat } = town.grid
  const cuts = bridges
    ? []
    : town.rivers
        .map((river) => river.at(lng))
        .map(({ lat, half }) => [lat - half - 8 * mLat, lat + half + 8 * mLat] as const)
        .filter(([a, b]) => b > from && a < to)
        .sort((x, y) => x[0] - y[0])
  let start = from
  for (const [a, b] of cuts) {
    if (a > start) into.push([at(lng, start), at(lng, a)])
    start = Math.max(start, b)
  }
  if (start < to) into.push([at(lng, start), at(lng, to)])
}

/** Avenues run on even district lines, side streets on the others. */
const isMain = (index: number) => index % 2 === 0
const insetMeters = (index: number) => (isMain(index) ? INSET_MAIN_METERS : INSET_MINOR_METERS)

/** The district lines across the grid: avenues on even ones, side streets between. */
function drawDistrictLines(town: Town): void {
  const { iMin, iMax, j0, dLat, dLng, south, north } = town.grid
  const { mainRoads, minorStreets } = town.terrain
  const R = TERRAIN_RADIUS_DISTRICTS
  for (let i = iMin; i <= iMax + 1; i++) {
    for (let j = j0 - R; j <= j0 + R; j++) {
      horizontalStreet(town, i * dLat, j * dLng, (j + 1) * dLng, isMain(i) ? mainRoads : minorStreets)
    }
  }
  for (let j = j0 - R; j <= j0 + R + 1; j++) {
    verticalStreet(town, j * dLng, south, north, isMain(j) ? mainRoads : minorStreets, isMain(j))
  }
}

/** One block between streets: a riverside or pocket park, two buildings with a lane, or one building. */
function drawBlock(town: Town, [bw, bs, be, bn]: [number, number, number, number], roll: number, split: number): void {
  const { terrain } = town
  const { mLat, mLng } = town.grid
  // By the river, a riverside park (the water draws over it) instead of a block in the water.
  if (roll < SHARE_POCKET_PARK || riverNear(town, bw, bs, be, bn, BANK_METERS)) {
    terrain.parks.push([rectangle(bw, bs, be, bn)])
  } else if (split < SHARE_SPLIT_BLOCK) {
    // Two buildings with a 6 m lane between them, across the longer side.
    const gap = 3
    if ((be - bw) / mLng > (bn - bs) / mLat) {
      const mid = (bw + be) / 2
      terrain.blocks.push([rectangle(bw, bs, mid - gap * mLng, bn)], [rectangle(mid + gap * mLng, bs, be, bn)])
    } else {
      const mid = (bs + bn) / 2
      terrain.blocks.push([rectangle(bw, bs, be, mid - gap * mLat)], [rectangle(bw, mid + gap * mLat, be, bn)])
    }
  } else {
    terrain.blocks.push([rectangle(bw, bs, be, bn)])
  }
}

/** The inset from each edge of district (i, j) to its blocks: wider along avenues. */
function districtInset({ mLat, mLng }: TerrainGrid, i: number, j: number) {
  return {
    south: insetMeters(i) * mLat,
    north: insetMeters(i + 1) * mLat,
    west: insetMeters(j) * mLng,
    east: insetMeters(j + 1) * mLng,
  }
}

/** The blocks of district (i, j) between its side streets at fractions `xs` (west–east) and `ys` (south–north). */
function drawBlocks(town: Town, i: number, j: number, cuts: { xs: number[]; ys: number[]; next: () => number }): void {
  const { dLat, dLng, mLat, mLng } = town.grid
  const s = i * dLat
  const w = j * dLng
  const inset = districtInset(town.grid, i, j)
  const xEdges = [0, ...cuts.xs, 1]
  const yEdges = [0, ...cuts.ys, 1]
  for (let a = 0; a < xEdges.length - 1; a++) {
    for (let b = 0; b < yEdges.length - 1; b++) {
      const bw = w + (xEdges[a] as number) * dLng + (a === 0 ? inset.west : INSET_MINOR_METERS * mLng)
      const be = w + (xEdges[a + 1] as number) * dLng - (a === xEdges.length - 2 ? inset.east : INSET_MINOR_METERS * mLng)
      const bs = s + (yEdges[b] as number) * dLat + (b === 0 ? inset.south : INSET_MINOR_METERS * mLat)
      const bn = s + (yEdges[b + 1] as number) * dLat - (b === yEdges.length - 2 ? inset.north : INSET_MINOR_METERS * mLat)
      const roll = cuts.next()
      const split = cuts.next()
      if (be <= bw || bn <= bs) continue
      drawBlock(town, [bw, bs, be, bn], roll, split)
    }
  }
}

/** District (i, j): a whole-district park (maybe with a pond), or side streets and, close enough, blocks. */
function drawDistrict(town: Town, i: number, j: number): void {
  const { terrain } = town
  const { dLat, dLng, mLat, mLng, i0, j0 } = town.grid
  const s = i * dLat
  const w = j * dLng
  const next = random(hash(i, j, 17))
  if (hash(i, j, 0) < SHARE_PARK) {
    const inset = districtInset(town.grid, i, j)
    terrain.parks.push([rectangle(w + inset.west, s + inset.south, w + dLng - inset.east, s + dLat - inset.north)])
    if (next() < SHARE_POND) {
      const middle = { lng: w + dLng * (0.35 + next() * 0.3), lat: s + dLat * (0.35 + next() * 0.3) }
      terrain.water.push([pond(middle, next, mLng, mLat)])
    }
    return
  }
  // Side streets inside the district, 1 to 3 each way, unevenly spaced.
  const cutsAt = (count: number) =>
    Array.from({ length: count }, (_, k) => (k + 1) / (count + 1) + (next() - 0.5) * (0.45 / (count + 1)))
  const xs = cutsAt(1 + Math.floor(next() * 3))
  const ys = cutsAt(1 + Math.floor(next() * 3))
  for (const x of xs) verticalStreet(town, w + x * dLng, s, s + dLat, terrain.minorStreets, false)
  for (const y of ys) horizontalStreet(town, s + y * dLat, w, w + dLng, terrain.minorStreets)
  if (Math.abs(i - i0) > BLOCKS_RADIUS_DISTRICTS || Math.abs(j - j0) > BLOCKS_RADIUS_DISTRICTS) return
  drawBlocks(town, i, j, { xs, ys, next })
}

/**
 * Generate a town around `center`: a street grid with avenues every other
 * district line and side streets of varying spacing inside each district,
 * city blocks between them (some split, some small parks, parks along the
 * river), whole-district parks with ponds, and a meandering river with green
 * banks. Deterministic
 * and anchored to the world, not to `center`: the same place always looks
 * the same, so a window re-centred on a walking player changes nothing near
 * them. Bounded: (2 × 7 + 1)² districts (blocks in the nearest 11²), about
 * ten thousand positions in all.
 *
 * @example
 * ```ts
 * const { water, parks, blocks, minorStreets, mainRoads } = generateTerrain({ lat: 1.2834, lng: 103.8607 })
 * ```
 */
export function generateTerrain(center: LatLng): Terrain {
  const grid = gridAround(center)
  const terrain: Terrain = { parks: [], water: [], blocks: [], minorStreets: [], mainRoads: [] }
  if (grid.iMin > grid.iMax) return terrain
  const town: Town = { grid, rivers: riversIn(grid), terrain }
  for (const river of town.rivers) drawRiver(town, river)
  drawDistrictLines(town)
  const R = TERRAIN_RADIUS_DISTRICTS
  for (let i = grid.iMin; i <= grid.iMax; i++) {
    for (let j = grid.j0 - R; j <= grid.j0 + R; j++) drawDistrict(town, i, j)
  }
  return terrain
}
