import { describe, expect, test } from 'vitest';
import type { AppDeps } from '../deps';
import { checkHealth } from './health';

function depsWith(maintenanceMessage: string | undefined): AppDeps {
  return {
    db: { kind: 'pglite', rows: async () => [{ products: 3 }] },
    now: () => new Date('2026-11-20T03:00:00.000Z'),
    config: { maintenanceMessage },
  } as unknown as AppDeps;
}

describe('checkHealth maintenance flag', () => {
  test('is inactive when MAINTENANCE_MESSAGE is not configured', async () => {
    const health = await checkHealth(depsWith(undefined));
    expect(health.maintenance).toEqual({ active: false, message: null });
  });

  test('carries the configured announcement', async () => {
    const health = await checkHealth(
      depsWith('11月21日 2:00〜5:00 はメンテナンスのため注文できません。'),
    );
    expect(health.maintenance).toEqual({
      active: true,
      message: '11月21日 2:00〜5:00 はメンテナンスのため注文できません。',
    });
  });
});
