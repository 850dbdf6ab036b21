/** Rounding, percentiles and the least-squares fit the report is made of. */

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Bytes as MB, one decimal. */
export const mb = (bytes: number): number => round(bytes / 1024 / 1024, 1);

export function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

export interface Distribution {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Count, p50, p99 and max of `values` (one decimal; NaN when empty). */
export function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** Smallest and largest of the finite `values`, two decimals. */
export function range(values: number[]): { min: number; max: number } {
  return {
    min: round(Math.min(...values.filter(Number.isFinite)), 2),
    max: round(Math.max(...values.filter(Number.isFinite)), 2),
  };
}

export interface Fit {
  slope: number;
  standardError: number;
}

/** `slope ± standard error`, as the tables and checks print a fit. */
export const plusMinus = (fit: Fit): string => `${fit.slope} ± ${fit.standardError}`;

/** Least-squares slope of y over x, and its standard error (NaN with too few points). */
export function leastSquares(points: readonly (readonly [number, number])[]): Fit {
  if (points.length < 2) return { slope: Number.NaN, standardError: Number.NaN };
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  if (variance === 0) return { slope: Number.NaN, standardError: Number.NaN };
  const slope = covariance / variance;
  let squaredResiduals = 0;
  for (const [x, y] of points) squaredResiduals += (y - meanY - slope * (x - meanX)) ** 2;
  const standardError =
    points.length > 2 ? Math.sqrt(squaredResiduals / (points.length - 2) / variance) : Number.NaN;
  return { slope, standardError };
}
