/**
 * The HSN master the GSTR-1 HSN summary takes its descriptions from (docs/shop-rules.md#gst-report): the codes the
 * shop's catalogue uses (the demo catalogue's, apps/server/src/seed/demo-tax-data.ts, and the headings above them)
 * with their descriptions in the Customs Tariff's words (the HS nomenclature the GST's HSN follows). A tariff item
 * that the tariff calls only "Other" carries the words of its subheading or heading. docs/decisions/0027-hsn-digits-and-master.md
 * says where the texts come from and their limits.
 */
export const HSN_MASTER: Readonly<Record<string, string>> = {
  '2309': 'Preparations of a kind used in animal feeding',
  '23091000': 'Dog or cat food, put up for retail sale',
  '33051090': 'Shampoos',
  '38249900': 'Other chemical products and preparations of the chemical or allied industries',
  '3917': 'Tubes, pipes and hoses, and fittings therefor, of plastics',
  '39173990': 'Other tubes, pipes and hoses, of plastics',
  '39269099': 'Other articles of plastics',
  '4009': 'Tubes, pipes and hoses, of vulcanised rubber other than hard rubber',
  '40093100': 'Tubes, pipes and hoses of rubber, reinforced with textile materials, without fittings',
  '40094200': 'Tubes, pipes and hoses of rubber, reinforced with other materials, with fittings',
  '40151900': 'Gloves of vulcanised rubber, other than surgical or medical',
  '42010000': 'Saddlery and harness for any animal',
  '44219990': 'Other articles of wood',
  '62019390': "Men's or boys' anoraks and wind-jackets, of man-made fibres",
  '62034200': "Men's or boys' trousers and shorts, of cotton",
  '62114390': "Women's or girls' garments, of man-made fibres",
  '63079090': 'Other made up textile articles',
  '64034000': 'Footwear with uppers of leather, incorporating a protective metal toe-cap',
  '6506': 'Other headgear, whether or not lined or trimmed',
  '65061010': 'Safety headgear (helmets)',
  '70179090': 'Laboratory glassware',
  '70199090': 'Other articles of glass fibres',
  '73239390': 'Household articles of stainless steel',
  '73269099': 'Other articles of iron or steel',
  '8413': 'Pumps for liquids, whether or not fitted with a measuring device; liquid elevators',
  '84131100': 'Pumps for dispensing fuel or lubricants, of the type used in filling-stations or garages',
  '84135010': 'Reciprocating positive displacement pumps',
  '84137010': 'Centrifugal pumps',
  '84139190': 'Parts of pumps',
  '8414': 'Air or vacuum pumps, air or other gas compressors and fans',
  '84148011': 'Air or gas compressors',
  '8418': 'Refrigerators, freezers and other refrigerating or freezing equipment',
  '84186990': 'Other refrigerating or freezing equipment',
  '8421': 'Centrifuges; filtering or purifying machinery and apparatus for liquids or gases',
  '84212120': 'Filtering or purifying machinery and apparatus for water',
  '84213990': 'Filtering or purifying machinery and apparatus for gases',
  '8424': 'Mechanical appliances for projecting, dispersing or spraying liquids or powders; fire extinguishers',
  '84241000': 'Fire extinguishers, whether or not charged',
  '84248990': 'Other appliances for projecting, dispersing or spraying liquids or powders',
  '8481': 'Taps, cocks, valves and similar appliances for pipes, tanks or the like',
  '84818020': 'Taps, cocks, valves and similar appliances',
  '84818090': 'Other taps, cocks, valves and similar appliances',
  '90049090': 'Protective spectacles and goggles',
  '90178010': 'Instruments for measuring length, for use in the hand',
  '90251990': 'Thermometers, not combined with other instruments',
  '90258090': 'Hydrometers and similar floating instruments',
  '90262000': 'Instruments for measuring or checking pressure',
  '90278990': 'Other instruments and apparatus for physical or chemical analysis',
  '9031': 'Measuring or checking instruments, appliances and machines, not elsewhere specified',
  '90318000': 'Other measuring or checking instruments, appliances and machines',
  // SAC codes of the shop's services (docs/shop-rules.md#service-products): chapter 99 of the scheme of
  // classification of services.
  '998346': 'Technical testing and analysis services',
  '998719': 'Maintenance and repair services of other machinery and equipment',
};

/** The offline tool keeps the first 30 characters of an HSN summary's description. */
export const HSN_DESCRIPTION_MAX = 30;

/**
 * The HSN summary's description of a code: the master's text of the code, else of its 6-digit subheading, else of
 * its 4-digit heading, cut at 30 characters; empty when the master does not know the code (the portal then shows
 * its own).
 */
export function hsnDescription(code: string): string {
  const known = [code, code.slice(0, 6), code.slice(0, 4)].find((prefix) => HSN_MASTER[prefix] !== undefined);
  return known ? HSN_MASTER[known]!.slice(0, HSN_DESCRIPTION_MAX).trimEnd() : '';
}
