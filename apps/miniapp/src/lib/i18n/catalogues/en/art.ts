// The drop art's words (features/art): each kind's one line of flavour, in the reveal, the book's detail and the share card.
export const artEn = {
  'art.about.coin': 'Still warm from a stranger’s pocket. Lucky, probably.',
  'art.about.gem': 'A cut stone that catches light nobody else noticed.',
  'art.about.shell': 'Hold it to your ear: the sea, miles from any shore.',
  'art.about.feather': 'Dropped mid-flight by a bird that knows the way home.',
  'art.about.crystal': 'Grew in the dark for a thousand years, waiting for you.',
  'art.about.compass': 'Its needle points to the next thing worth finding.',
  'art.about.scroll': 'A half-finished map in a hand you almost recognise.',
  'art.about.relic': 'Older than the streets around it. Someone kept it safe for you.',
} as const
