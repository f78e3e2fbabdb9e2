/**
 * The demo catalog's service products (docs/shop-rules.md#service-products): work done at the outlet, each doing
 * compliance tasks of the default schedule (packages/shared/src/compliance/tasks.ts), so that a reminder of such a
 * task links to it. Their SAC codes are in demo-tax-data.ts. Prices are demo values.
 */
import type { ProductKind } from '@pumpkart/shared';

interface DemoService {
  kind: ProductKind;
  taskKeys: string[];
}

export const DEMO_SERVICES: Readonly<Record<string, DemoService>> = {
  'Fire Extinguisher Refill (Dry Powder), per Unit': { kind: 'service', taskKeys: ['extinguisher-refill-dry-powder'] },
  'CO2 Extinguisher Refill, per Unit': { kind: 'service', taskKeys: ['extinguisher-refill-co2-clean-agent'] },
  'Hydraulic Pressure Test of an Extinguisher': {
    kind: 'service',
    taskKeys: ['extinguisher-pressure-test', 'extinguisher-pressure-test-co2'],
  },
  'Dispenser Re-verification and Stamping Visit': { kind: 'service', taskKeys: ['dispenser-reverification'] },
  '5 Litre Measure Re-verification': { kind: 'service', taskKeys: ['measure-reverification'] },
};

/** The kind fields of a demo product as the product form sends them (none for goods). */
export function demoServiceFields(title: string): Record<string, string> {
  const data = DEMO_SERVICES[title];
  return data ? { kind: data.kind, taskKeys: data.taskKeys.join(',') } : {};
}
