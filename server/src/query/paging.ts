// Paging in both trees' vocabularies: api `limit` (0-based `offset`) and Core `page-size`
// (1-based `start-index`). `max` asks for the maximum page; asking for more is an error, as
// the api tree documents ("an exception is thrown").
import type { PagingLimits } from './types.js';

/** A malformed paging or order-by parameter (400). */
export class ParameterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParameterError';
  }
}

const COUNT = /^\d{1,15}$/;

export function compilePaging(params: Record<string, string | undefined>, limits: PagingLimits): { limit: number; offset: number } {
  return { limit: pageSize(params, limits), offset: pageStart(params) };
}

function pageSize(params: Record<string, string | undefined>, limits: PagingLimits): number {
  const name = params.limit !== undefined ? 'limit' : 'page-size';
  const raw = params[name]?.trim();
  if (raw === undefined || raw === '') return limits.defaultLimit;
  if (raw.toLowerCase() === 'max') return limits.maxLimit;
  if (!COUNT.test(raw)) throw new ParameterError(`${name} '${raw}' is not a non-negative integer or 'max'`);
  const size = Number(raw);
  if (size > limits.maxLimit) {
    throw new ParameterError(`${name} ${size} exceeds the maximum page size of ${limits.maxLimit}`);
  }
  return size;
}

function pageStart(params: Record<string, string | undefined>): number {
  const offset = params.offset?.trim();
  if (offset !== undefined && offset !== '') {
    if (!COUNT.test(offset)) throw new ParameterError(`offset '${offset}' is not a non-negative integer`);
    return Number(offset);
  }
  const start = params['start-index']?.trim();
  if (start !== undefined && start !== '') {
    if (!COUNT.test(start) || Number(start) < 1) {
      throw new ParameterError(`start-index '${start}' is not a positive integer (it counts from 1)`);
    }
    return Number(start) - 1;
  }
  return 0;
}
