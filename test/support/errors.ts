import { expect } from 'vitest';
import { DicewiseError } from '../../src/errors.ts';

/** The DicewiseError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function errorOf(p: Promise<unknown>): Promise<DicewiseError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(DicewiseError);
    return e as DicewiseError;
  }
  throw new Error('expected a DicewiseError');
}
