/**
 * The demo products that are compliance equipment (docs/shop-rules.md#assets): each unit delivered to a business's
 * outlet becomes an asset of its register. Categories and extinguisher types follow the titles; an extinguisher
 * whose title does not say how it is pressurised keeps no type (only inspection and maintenance then,
 * docs/compliance-schedules.md). Warranties are demo values, 12 months throughout.
 */
import type { ComplianceCategoryKey, ExtinguisherType } from '@pumpkart/shared';

interface DemoEquipment {
  complianceCategory: ComplianceCategoryKey;
  extinguisherType?: ExtinguisherType;
  warrantyMonths: number;
}

const dispenser: DemoEquipment = { complianceCategory: 'fuel-dispenser', warrantyMonths: 12 };

export const DEMO_EQUIPMENT: Readonly<Record<string, DemoEquipment>> = {
  'Gilbarco SK700-II Single Product Fuel Dispenser': dispenser,
  'Tokheim Quantium 510 Duo Fuel Dispenser': dispenser,
  'Tatsuno Sunny Twin-Nozzle Dispenser': dispenser,
  'Midco Eco-Line Diesel Dispenser': dispenser,
  'Wayne Helix 2000 Multi-Product Dispenser': dispenser,
  'PCL Accura Digital Tyre Inflator': { complianceCategory: 'air-gauge', warrantyMonths: 12 },
  'PCL Dial Tyre Pressure Gauge': { complianceCategory: 'air-gauge', warrantyMonths: 12 },
  'Ceasefire ABC Powder Fire Extinguisher': {
    complianceCategory: 'fire-extinguisher',
    extinguisherType: 'dry-powder',
    warrantyMonths: 12,
  },
  'Safex CO2 Fire Extinguisher 4.5 kg': {
    complianceCategory: 'fire-extinguisher',
    extinguisherType: 'co2',
    warrantyMonths: 12,
  },
  'Minimax Mechanical Foam Extinguisher 9 L': { complianceCategory: 'fire-extinguisher', warrantyMonths: 12 },
  '5 Litre Standard Measure (W&M Certified)': { complianceCategory: 'capacity-measure', warrantyMonths: 12 },
  'Petroleum Density Hydrometer 650-700 kg/m³': { complianceCategory: 'density-meter', warrantyMonths: 12 },
  'Anton Paar DMA 35 Portable Density Meter': { complianceCategory: 'density-meter', warrantyMonths: 12 },
};

/** The equipment fields of a demo product as the product form sends them (none for other goods). */
export function demoEquipmentFields(title: string): Record<string, string> {
  const data = DEMO_EQUIPMENT[title];
  if (!data) return {};
  return {
    complianceCategory: data.complianceCategory,
    extinguisherType: data.extinguisherType ?? '',
    warrantyMonths: String(data.warrantyMonths),
  };
}
