/**
 * The demo catalog's tax data (docs/shop-rules.md#tax-data), by product title: HSN codes of the customs tariff,
 * GST rates as they stand after the September 2025 rate changes (apparel and footwear up to ₹2,500 a piece at
 * 5 %, shampoo and steel tableware at 5 %, machinery at 18 %), manufacturers, countries of origin, and made-up
 * certificate numbers in the usual formats: PESO approvals (P/HQ/..) on dispensers, nozzles and gas-filled
 * extinguishers, Legal Metrology model approvals (IND/yy/yy/nnn) on dispensers and measures, BIS licences
 * (CM/L-..........) on extinguishers, helmets and safety shoes. Demo values: an owner checks the rates that
 * apply to the goods they actually sell.
 */
import type { GstRate } from '@pumpkart/shared';

export interface DemoTaxData {
  hsnCode: string;
  gstRate: GstRate;
  /** None for a service (docs/shop-rules.md#service-products). */
  manufacturer?: string;
  /** India when not given. */
  countryOfOrigin?: string;
  bisLicence?: string;
  pesoApproval?: string;
  legalMetrologyApproval?: string;
}

export const DEMO_TAX_DATA: Record<string, DemoTaxData> = {
  // Fuel Dispensers: pumps for dispensing fuel, fitted with a measuring device (8413 11 00)
  'Gilbarco SK700-II Single Product Fuel Dispenser': {
    hsnCode: '84131100',
    gstRate: 18,
    manufacturer: 'Gilbarco Veeder-Root India Pvt. Ltd., Chakan MIDC, Pune 410501, Maharashtra',
    pesoApproval: 'P/HQ/MH/15/4521 (P412837)',
    legalMetrologyApproval: 'IND/09/21/418',
  },
  'Tokheim Quantium 510 Duo Fuel Dispenser': {
    hsnCode: '84131100',
    gstRate: 18,
    manufacturer: 'Tokheim Netherlands B.V., Bladel, Netherlands; imported by Tokheim India Pvt. Ltd., Mumbai',
    countryOfOrigin: 'Netherlands',
    pesoApproval: 'P/HQ/MH/15/4788 (P415902)',
    legalMetrologyApproval: 'IND/13/19/339',
  },
  'Tatsuno Sunny Twin-Nozzle Dispenser': {
    hsnCode: '84131100',
    gstRate: 18,
    manufacturer: 'Tatsuno Corporation, Minato-ku, Tokyo, Japan; imported by Tatsuno India Pvt. Ltd., Chennai',
    countryOfOrigin: 'Japan',
    pesoApproval: 'P/HQ/TN/15/3907 (P398114)',
    legalMetrologyApproval: 'IND/09/20/276',
  },
  'Midco Eco-Line Diesel Dispenser': {
    hsnCode: '84131100',
    gstRate: 18,
    manufacturer: 'Midco Ltd., Guindy Industrial Estate, Chennai 600032, Tamil Nadu',
    pesoApproval: 'P/HQ/TN/15/5102 (P420556)',
    legalMetrologyApproval: 'IND/09/22/512',
  },
  'Wayne Helix 2000 Multi-Product Dispenser': {
    hsnCode: '84131100',
    gstRate: 18,
    manufacturer: 'Dover Fueling Solutions, Malmö, Sweden; imported by Dover India Pvt. Ltd., Pune',
    countryOfOrigin: 'Sweden',
    pesoApproval: 'P/HQ/MH/15/4950 (P418273)',
    legalMetrologyApproval: 'IND/13/21/447',
  },
  'OPW 11A Automatic Fuel Nozzle': {
    hsnCode: '84818090',
    gstRate: 18,
    manufacturer: 'OPW Fueling Components, Hamilton, Ohio, United States; imported by Dover India Pvt. Ltd., Pune',
    countryOfOrigin: 'United States',
    pesoApproval: 'P/HQ/MH/15/3314 (P387460)',
  },
  'Elaflex Dispenser Hose 3/4 inch': {
    hsnCode: '40094200',
    gstRate: 18,
    manufacturer: 'Elaflex Hiby GmbH & Co. KG, Hamburg, Germany; imported by PumpKart Equipment Pvt. Ltd., Pune',
    countryOfOrigin: 'Germany',
  },
  'OPW 66V Breakaway Coupling': {
    hsnCode: '84818090',
    gstRate: 18,
    manufacturer: 'OPW Fueling Components, Hamilton, Ohio, United States; imported by Dover India Pvt. Ltd., Pune',
    countryOfOrigin: 'United States',
  },

  // Safety Gear & Uniforms
  'Karam Reflective Safety Vest': {
    hsnCode: '62114390',
    gstRate: 5,
    manufacturer: 'Karam Industries, Sector 63, Noida 201301, Uttar Pradesh',
  },
  'Karam PN521 Safety Helmet': {
    hsnCode: '65061010',
    gstRate: 18,
    manufacturer: 'Karam Industries, Sector 63, Noida 201301, Uttar Pradesh',
    bisLicence: 'CM/L-5100045872',
  },
  'Petrol Pump Attendant Uniform Set': {
    hsnCode: '62034200',
    gstRate: 5,
    manufacturer: 'Unistar Uniforms, Bhiwandi 421302, Maharashtra',
  },
  'Allen Cooper AC-1008 Safety Shoes': {
    hsnCode: '64034000',
    gstRate: 5,
    manufacturer: 'Allen Cooper Safety Pvt. Ltd., Kanpur 208022, Uttar Pradesh',
    bisLicence: 'CM/L-8900061234',
  },
  'Udyogi Nitrile Chemical Gloves': {
    hsnCode: '40151900',
    gstRate: 18,
    manufacturer: 'Udyogi Safety Appliances Pvt. Ltd., Rabale MIDC, Navi Mumbai 400701, Maharashtra',
  },
  '3M 8210 N95 Respirator (Pack of 20)': {
    hsnCode: '63079090',
    gstRate: 5,
    manufacturer: '3M India Ltd., Electronic City, Bengaluru 560100, Karnataka',
  },
  'Karam ES-001 Safety Goggles': {
    hsnCode: '90049090',
    gstRate: 18,
    manufacturer: 'Karam Industries, Sector 63, Noida 201301, Uttar Pradesh',
  },
  'Attendant Winter Jacket with Reflective Tape': {
    hsnCode: '62019390',
    gstRate: 5,
    manufacturer: 'Unistar Uniforms, Bhiwandi 421302, Maharashtra',
  },

  // Air Machines
  'ELGi 2 HP Reciprocating Air Compressor': {
    hsnCode: '84148011',
    gstRate: 18,
    manufacturer: 'ELGi Equipments Ltd., Singanallur, Coimbatore 641005, Tamil Nadu',
  },
  'PCL Accura Digital Tyre Inflator': {
    hsnCode: '90262000',
    gstRate: 18,
    manufacturer: 'PCL (Pneumatic Components Ltd.), Sheffield, United Kingdom; imported by PCL India, Pune',
    countryOfOrigin: 'United Kingdom',
  },
  'Tyre Pro Nitrogen Generator NG-4': {
    hsnCode: '84213990',
    gstRate: 18,
    manufacturer: 'Tyre Pro Equipments, Bhosari MIDC, Pune 411026, Maharashtra',
  },
  'PCL Dial Tyre Pressure Gauge': {
    hsnCode: '90262000',
    gstRate: 18,
    manufacturer: 'PCL (Pneumatic Components Ltd.), Sheffield, United Kingdom; imported by PCL India, Pune',
    countryOfOrigin: 'United Kingdom',
    legalMetrologyApproval: 'IND/09/18/204',
  },
  'Sun Hoses PU Air Hose with Couplers': {
    hsnCode: '39173990',
    gstRate: 18,
    manufacturer: 'Sun Hoses Pvt. Ltd., Vatva GIDC, Ahmedabad 382445, Gujarat',
  },
  'Brass Clip-On Air Chuck': {
    hsnCode: '84818090',
    gstRate: 18,
    manufacturer: 'PCL India, Bhosari MIDC, Pune 411026, Maharashtra',
  },

  // Water Coolers
  'Voltas FS 40/80 Water Cooler': {
    hsnCode: '84186990',
    gstRate: 18,
    manufacturer: 'Voltas Ltd., Pantnagar 263153, Uttarakhand',
  },
  'Blue Star SDLX 60/120 Water Cooler': {
    hsnCode: '84186990',
    gstRate: 18,
    manufacturer: 'Blue Star Ltd., Wada 421303, Maharashtra',
  },
  'Usha SS 20/40 Water Cooler': {
    hsnCode: '84186990',
    gstRate: 18,
    manufacturer: 'Usha International Ltd., Faridabad 121003, Haryana',
  },
  'Voltas Mini Magic Pure-R Water Dispenser': {
    hsnCode: '84186990',
    gstRate: 18,
    manufacturer: 'Voltas Ltd., Pantnagar 263153, Uttarakhand',
  },
  'Blue Star Aristo RO Purifier for Coolers': {
    hsnCode: '84212120',
    gstRate: 18,
    manufacturer: 'Blue Star Ltd., Baddi 173205, Himachal Pradesh',
  },
  'Water Cooler Push Tap': {
    hsnCode: '84818020',
    gstRate: 18,
    manufacturer: 'Blue Star Ltd., Wada 421303, Maharashtra',
  },
  'Stainless Steel Glass with Chain (Set of 2)': {
    hsnCode: '73239390',
    gstRate: 5,
    manufacturer: 'TTK Prestige Ltd., Hosur 635126, Tamil Nadu',
  },

  // Fire Safety
  'Ceasefire ABC Powder Fire Extinguisher': {
    hsnCode: '84241000',
    gstRate: 18,
    manufacturer: 'Ceasefire Industries Pvt. Ltd., Sector 63, Noida 201301, Uttar Pradesh',
    bisLicence: 'CM/L-4100078213',
  },
  'Safex CO2 Fire Extinguisher 4.5 kg': {
    hsnCode: '84241000',
    gstRate: 18,
    manufacturer: 'Safex Fire Services Ltd., Andheri East, Mumbai 400093, Maharashtra',
    bisLicence: 'CM/L-4100081550',
    pesoApproval: 'P/HQ/MH/16/2218 (G104572)',
  },
  'Minimax Mechanical Foam Extinguisher 9 L': {
    hsnCode: '84241000',
    gstRate: 18,
    manufacturer: 'Minimax Fire Solutions India Pvt. Ltd., Chakan MIDC, Pune 410501, Maharashtra',
    bisLicence: 'CM/L-4100069937',
  },
  'Fire Bucket Stand with 4 Buckets': {
    hsnCode: '73269099',
    gstRate: 18,
    manufacturer: 'Kanex Fire Solutions Ltd., Bhosari MIDC, Pune 411026, Maharashtra',
  },
  'No Smoking Sign Board': {
    hsnCode: '39269099',
    gstRate: 18,
    manufacturer: 'SignPro Graphics, Kasba Peth, Pune 411011, Maharashtra',
  },
  'Fire Blanket 1.2 x 1.8 m': {
    hsnCode: '70199090',
    gstRate: 18,
    manufacturer: 'Ceasefire Industries Pvt. Ltd., Sector 63, Noida 201301, Uttar Pradesh',
  },
  'Ceasefire Automatic Fire Ball': {
    hsnCode: '84241000',
    gstRate: 18,
    manufacturer: 'Ceasefire Industries Pvt. Ltd., Sector 63, Noida 201301, Uttar Pradesh',
  },

  // Testing Equipment: measures and gauges (9031 80 00, 9017, 9025)
  'Petroleum Density Hydrometer 650-700 kg/m³': {
    hsnCode: '90258090',
    gstRate: 18,
    manufacturer: 'Glassco Laboratory Equipments Pvt. Ltd., Ambala Cantt 133001, Haryana',
    legalMetrologyApproval: 'IND/09/17/152',
  },
  'Borosil Measuring Cylinder 500 ml': {
    hsnCode: '70179090',
    gstRate: 18,
    manufacturer: 'Borosil Scientific Ltd., Bharuch 392130, Gujarat',
  },
  '5 Litre Standard Measure (W&M Certified)': {
    hsnCode: '90318000',
    gstRate: 18,
    manufacturer: 'Raj Testing Instruments, Paschim Vihar, New Delhi 110063, Delhi',
    legalMetrologyApproval: 'IND/09/19/231',
  },
  'ASTM 12C Thermometer': {
    hsnCode: '90251990',
    gstRate: 18,
    manufacturer: 'Glassco Laboratory Equipments Pvt. Ltd., Ambala Cantt 133001, Haryana',
  },
  'Kolor Kut Water Finding Paste': {
    hsnCode: '38249900',
    gstRate: 18,
    manufacturer:
      'Kolor Kut Products Co., Houston, Texas, United States; imported by Raj Testing Instruments, New Delhi',
    countryOfOrigin: 'United States',
  },
  'Fuel Adulteration Test Kit': {
    hsnCode: '90318000',
    gstRate: 18,
    manufacturer: 'Raj Testing Instruments, Paschim Vihar, New Delhi 110063, Delhi',
  },
  'Anton Paar DMA 35 Portable Density Meter': {
    hsnCode: '90278990',
    gstRate: 18,
    manufacturer: 'Anton Paar GmbH, Graz, Austria; imported by Anton Paar India Pvt. Ltd., Gurugram',
    countryOfOrigin: 'Austria',
    legalMetrologyApproval: 'IND/13/22/561',
  },
  'Brass Tank Dip Rod': {
    hsnCode: '90178010',
    gstRate: 18,
    manufacturer: 'Raj Testing Instruments, Paschim Vihar, New Delhi 110063, Delhi',
    legalMetrologyApproval: 'IND/09/20/298',
  },

  // Pet Supplies
  'Pedigree Adult Dry Dog Food, Chicken & Vegetables': {
    hsnCode: '23091000',
    gstRate: 18,
    manufacturer: 'Mars International India Pvt. Ltd., Khed, Pune 410501, Maharashtra',
  },
  'Drools Ocean Fish Adult Cat Food 1.2 kg': {
    hsnCode: '23091000',
    gstRate: 18,
    manufacturer: 'Indian Broiler Group (Drools), Rajnandgaon 491441, Chhattisgarh',
  },
  'Whiskas Tuna in Jelly (Pack of 12)': {
    hsnCode: '23091000',
    gstRate: 18,
    manufacturer: 'Mars Petcare, Bangkok, Thailand; imported by Mars International India Pvt. Ltd., Gurugram',
    countryOfOrigin: 'Thailand',
  },
  'Royal Canin Maxi Adult 4 kg': {
    hsnCode: '23091000',
    gstRate: 18,
    manufacturer: 'Royal Canin India Pvt. Ltd., Khed, Pune 410501, Maharashtra',
  },
  'Himalaya Erina-EP Pet Shampoo 200 ml': {
    hsnCode: '33051090',
    gstRate: 5,
    manufacturer: 'Himalaya Wellness Company, Makali, Bengaluru 562162, Karnataka',
  },
  'Nylon Dog Collar and Leash Set': {
    hsnCode: '42010000',
    gstRate: 5,
    manufacturer: 'Pets Empire, Okhla Industrial Area, New Delhi 110020, Delhi',
  },
  'Cat Scratching Post with Toy': {
    hsnCode: '44219990',
    gstRate: 18,
    manufacturer: 'Pets Empire, Okhla Industrial Area, New Delhi 110020, Delhi',
  },

  // Services (docs/shop-rules.md#service-products): SAC codes of the scheme of classification of services, 18 %.
  // 998719 maintenance and repair services of other machinery and equipment; 998346 technical testing and analysis.
  'Fire Extinguisher Refill (Dry Powder), per Unit': { hsnCode: '998719', gstRate: 18 },
  'CO2 Extinguisher Refill, per Unit': { hsnCode: '998719', gstRate: 18 },
  'Hydraulic Pressure Test of an Extinguisher': { hsnCode: '998346', gstRate: 18 },
  'Dispenser Re-verification and Stamping Visit': { hsnCode: '998346', gstRate: 18 },
  '5 Litre Measure Re-verification': { hsnCode: '998346', gstRate: 18 },
};

/** The tax fields of a demo product as the product form sends them. */
export function demoTaxFields(title: string): Record<string, string> {
  const data = DEMO_TAX_DATA[title];
  if (!data) throw new Error(`The demo product "${title}" has no tax data in demo-tax-data.ts.`);
  return {
    hsnCode: data.hsnCode,
    gstRate: String(data.gstRate),
    countryOfOrigin: data.countryOfOrigin ?? 'India',
    manufacturer: data.manufacturer ?? '',
    bisLicence: data.bisLicence ?? '',
    pesoApproval: data.pesoApproval ?? '',
    legalMetrologyApproval: data.legalMetrologyApproval ?? '',
  };
}
