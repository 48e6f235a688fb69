/** Where the alerts code reads the time: tests inject their own to move time instead of waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** The start of the minute a time falls in: the unit of evaluation. */
export function floorMinute(d: Date): Date {
  return new Date(Math.floor(d.getTime() / MINUTE_MS) * MINUTE_MS);
}
