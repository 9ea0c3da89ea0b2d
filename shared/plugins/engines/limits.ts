import { z } from 'zod';

/** A whole-number loop limit of at least 1 with its OVOS default, titled for the engine's form. */
export function loopLimit(key: string, fallback: number, title: string, description: string) {
  return z
    .number()
    .int(`${key} is a whole number.`)
    .positive(`${key} must be at least 1.`)
    .default(fallback)
    .meta({ title, description });
}
