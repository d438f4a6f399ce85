/** Seed 002 §2.10, §9: the accordion is staged at 0.5 s (step 1 completes), then 1 s (step 2 opens). */
export const STAGE_MS = [500, 1_000] as const;
