import { afterEach, describe, expect, it } from 'vitest';
import { instantMs } from './instant-text.ts';

describe('instantMs', () => {
  const tz = process.env.TZ;
  afterEach(() => { if (tz === undefined) delete process.env.TZ; else process.env.TZ = tz; });

  it('reads zone-less text as UTC whatever the machine zone is (Date.parse reads it as local time)', () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai']) {
      process.env.TZ = zone;
      expect(instantMs('2025-03-30 04:55:00.792')).toBe(Date.UTC(2025, 2, 30, 4, 55, 0, 792));
      expect(instantMs('2025-03-30T04:55')).toBe(Date.UTC(2025, 2, 30, 4, 55));
      expect(instantMs('2025-03-30')).toBe(Date.UTC(2025, 2, 30));
    }
  });

  it('honours a zone: Z, ±HH:MM, ±HHMM, ±HH', () => {
    expect(instantMs('2025-03-30T06:55:00.792+02:00')).toBe(Date.UTC(2025, 2, 30, 4, 55, 0, 792));
    expect(instantMs('2025-03-30T06:55:00+0200')).toBe(Date.UTC(2025, 2, 30, 4, 55));
    expect(instantMs('2025-03-29T23:55:00-05')).toBe(Date.UTC(2025, 2, 30, 4, 55));
    expect(instantMs('2025-03-30T04:55:00z')).toBe(Date.UTC(2025, 2, 30, 4, 55));
  });

  it('floors a fraction finer than a millisecond, also before 1970', () => {
    expect(instantMs('2025-03-30T04:55:00.7929999Z')).toBe(Date.UTC(2025, 2, 30, 4, 55, 0, 792));
    expect(instantMs('1969-12-31T23:59:59.9995Z')).toBe(-1);
  });

  it('refuses days the month lacks and out-of-range clock fields (Date.parse rolled 2025-04-31 to May 1)', () => {
    for (const bad of ['2025-04-31', '2025-02-29T00:00:00Z', '2025-03-30T24:00:00Z', '2025-03-30T04:60:00Z', '2025-03-30T04:55:60Z', '2025-13-01', 'yesterday', '2025-3-30', '']) {
      expect(typeof instantMs(bad), bad).toBe('string');
    }
    expect(instantMs('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });
});
