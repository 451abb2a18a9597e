/** Helpers for spelljammer's tests: a shortbow as a sheet carries it. */

/** A shortbow of rank 2 (SC 90, 1d6), its arrows penetrating, as a sheet carries it. */
export const SHORTBOW = {
  name: 'Shortbow',
  sc: 90,
  damage: '1d6',
  rank: 2,
  specialization: 'none',
  kind: 'bow',
  penetrating: 'arrow',
}
