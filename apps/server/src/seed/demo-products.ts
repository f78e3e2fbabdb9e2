/**
 * The demo catalog's products: realistic Indian brands and rupee prices across
 * the seven categories, every price range, size variants, out-of-stock products (one whose variants
 * are all at 0) and products under their low-stock threshold. Prices are in rupees.
 */

export const DEMO_CATEGORIES = [
  'Fuel Dispensers',
  'Safety Gear & Uniforms',
  'Air Machines',
  'Water Coolers',
  'Fire Safety',
  'Testing Equipment',
  'Pet Supplies',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export interface DemoProduct {
  title: string;
  brand: string;
  category: DemoCategory;
  description: string;
  /** Without variants: the product's own price and stock (with variants they are derived). */
  price?: number;
  stock?: number;
  lowStockThreshold?: number;
  variants?: { size: string; price: number; stock: number }[];
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Fuel Dispensers
  {
    title: 'Gilbarco SK700-II Single Product Fuel Dispenser',
    brand: 'Gilbarco Veeder-Root',
    category: 'Fuel Dispensers',
    description:
      'Single-product, dual-hose dispenser with electronic totaliser, backlit LCD price display and preset keypad. Flow rate up to 50 L/min, PESO approved for petrol and diesel forecourts.',
    price: 325000,
    stock: 4,
    lowStockThreshold: 2,
  },
  {
    title: 'Tokheim Quantium 510 Duo Fuel Dispenser',
    brand: 'Tokheim',
    category: 'Fuel Dispensers',
    description:
      'Two-product, four-nozzle dispenser for busy highway outlets. Stainless-steel cladding, vapour recovery ready and automation-ready with DOMS/IFSF protocol support.',
    price: 480000,
    stock: 2,
    lowStockThreshold: 3,
  },
  {
    title: 'Tatsuno Sunny Twin-Nozzle Dispenser',
    brand: 'Tatsuno',
    category: 'Fuel Dispensers',
    description:
      'Compact twin-nozzle dispenser with Japanese metering unit, accuracy within ±0.25% and a large customer display. Ideal for urban retail outlets with tight islands.',
    price: 575000,
    stock: 0,
  },
  {
    title: 'Midco Eco-Line Diesel Dispenser',
    brand: 'Midco',
    category: 'Fuel Dispensers',
    description:
      'Made-in-India diesel dispenser for captive consumers, fleets and rural outlets. Mechanical totaliser backup, 40 L/min pump and weatherproof electronics.',
    price: 165000,
    stock: 6,
  },
  {
    title: 'Wayne Helix 2000 Multi-Product Dispenser',
    brand: 'Wayne',
    category: 'Fuel Dispensers',
    description:
      'Modular multi-product dispenser with up to six hoses, high-contrast displays and a hydraulic module that services without removing the cabinet.',
    price: 595000,
    stock: 1,
    lowStockThreshold: 2,
  },
  {
    title: 'OPW 11A Automatic Fuel Nozzle',
    brand: 'OPW',
    category: 'Fuel Dispensers',
    description:
      'Automatic shut-off nozzle with 3/4" inlet, aluminium body and hand-grip guard. Fits all standard petrol and diesel dispenser hoses.',
    price: 6500,
    stock: 25,
  },
  {
    title: 'Elaflex Dispenser Hose 3/4 inch',
    brand: 'Elaflex',
    category: 'Fuel Dispensers',
    description:
      'Conductive rubber dispenser hose with crimped fittings, resistant to petrol, diesel and up to 15% ethanol blends. Choose the length your island needs.',
    variants: [
      { size: '3 m', price: 1850, stock: 12 },
      { size: '4 m', price: 2350, stock: 8 },
      { size: '5 m', price: 2900, stock: 3 },
    ],
  },
  {
    title: 'OPW 66V Breakaway Coupling',
    brand: 'OPW',
    category: 'Fuel Dispensers',
    description:
      'Reconnectable safe-break valve that stops the flow at both ends when a vehicle drives off with the nozzle attached.',
    price: 4200,
    stock: 9,
  },

  // Safety Gear & Uniforms
  {
    title: 'Karam Reflective Safety Vest',
    brand: 'Karam',
    category: 'Safety Gear & Uniforms',
    description:
      'Fluorescent orange vest with two 50 mm retro-reflective bands, breathable polyester mesh and velcro front closure. One size fits most.',
    price: 250,
    stock: 180,
  },
  {
    title: 'Karam PN521 Safety Helmet',
    brand: 'Karam',
    category: 'Safety Gear & Uniforms',
    description: 'HDPE industrial helmet with 6-point nylon cradle, ratchet adjustment and rain gutter. ISI marked.',
    price: 320,
    stock: 60,
  },
  {
    title: 'Petrol Pump Attendant Uniform Set',
    brand: 'Unistar Uniforms',
    category: 'Safety Gear & Uniforms',
    description:
      'Polyester-cotton shirt and trousers in forecourt colours with reflective piping and a pen pocket. Wash-fast and built for long shifts.',
    lowStockThreshold: 5,
    variants: [
      { size: 'S', price: 899, stock: 14 },
      { size: 'M', price: 899, stock: 22 },
      { size: 'L', price: 949, stock: 3 },
      { size: 'XL', price: 999, stock: 0 },
    ],
  },
  {
    title: 'Allen Cooper AC-1008 Safety Shoes',
    brand: 'Allen Cooper',
    category: 'Safety Gear & Uniforms',
    description:
      'Steel-toe leather safety shoes with an anti-static, oil- and slip-resistant PU sole. Certified to IS 15298.',
    variants: [
      { size: 'UK 7', price: 1450, stock: 0 },
      { size: 'UK 8', price: 1450, stock: 0 },
      { size: 'UK 9', price: 1450, stock: 0 },
      { size: 'UK 10', price: 1490, stock: 0 },
    ],
  },
  {
    title: 'Udyogi Nitrile Chemical Gloves',
    brand: 'Udyogi',
    category: 'Safety Gear & Uniforms',
    description: 'Green nitrile gauntlet gloves, 33 cm long, for handling fuels, oils and cleaning chemicals.',
    price: 180,
    stock: 3,
    lowStockThreshold: 10,
  },
  {
    title: '3M 8210 N95 Respirator (Pack of 20)',
    brand: '3M',
    category: 'Safety Gear & Uniforms',
    description: 'NIOSH N95 particulate respirators with adjustable nose clip, for dusty and fume-prone work.',
    price: 1150,
    stock: 40,
  },
  {
    title: 'Karam ES-001 Safety Goggles',
    brand: 'Karam',
    category: 'Safety Gear & Uniforms',
    description: 'Clear polycarbonate goggles with indirect ventilation and anti-scratch coating.',
    price: 145,
    stock: 75,
  },
  {
    title: 'Attendant Winter Jacket with Reflective Tape',
    brand: 'Unistar Uniforms',
    category: 'Safety Gear & Uniforms',
    description: 'Quilted jacket with high-visibility tape, zip pockets and a detachable hood for night shifts.',
    variants: [
      { size: 'M', price: 1299, stock: 6 },
      { size: 'L', price: 1299, stock: 2 },
      { size: 'XL', price: 1399, stock: 1 },
    ],
  },

  // Air Machines
  {
    title: 'ELGi 2 HP Reciprocating Air Compressor',
    brand: 'ELGi',
    category: 'Air Machines',
    description:
      'Single-stage, belt-driven compressor with a 150 L tank, 12 bar maximum pressure and automatic cut-off. The workhorse of the forecourt air point.',
    price: 48500,
    stock: 5,
  },
  {
    title: 'PCL Accura Digital Tyre Inflator',
    brand: 'PCL',
    category: 'Air Machines',
    description:
      'Wall-mounted automatic tyre inflator: set the pressure, attach the chuck and it inflates or deflates to within 1 psi. Works with cars, bikes and trucks.',
    price: 18900,
    stock: 7,
    lowStockThreshold: 3,
  },
  {
    title: 'Tyre Pro Nitrogen Generator NG-4',
    brand: 'Tyre Pro',
    category: 'Air Machines',
    description:
      'Membrane nitrogen generator producing 95% pure nitrogen for four simultaneous tyre bays, with a 60 L storage tank.',
    price: 185000,
    stock: 2,
  },
  {
    title: 'PCL Dial Tyre Pressure Gauge',
    brand: 'PCL',
    category: 'Air Machines',
    description: 'Handheld 0-100 psi dial gauge with bleed valve and rubber sleeve, calibrated in psi and bar.',
    price: 650,
    stock: 30,
  },
  {
    title: 'Sun Hoses PU Air Hose with Couplers',
    brand: 'Sun Hoses',
    category: 'Air Machines',
    description: 'Kink-resistant 8 mm polyurethane air hose with quick-release brass couplers on both ends.',
    variants: [
      { size: '10 m', price: 1100, stock: 15 },
      { size: '15 m', price: 1500, stock: 9 },
      { size: '20 m', price: 1900, stock: 4 },
    ],
  },
  {
    title: 'Brass Clip-On Air Chuck',
    brand: 'PCL',
    category: 'Air Machines',
    description: 'Heavy-duty brass air chuck with lock-on clip, fits standard Schrader tyre valves.',
    price: 380,
    stock: 2,
    lowStockThreshold: 5,
  },

  // Water Coolers
  {
    title: 'Voltas FS 40/80 Water Cooler',
    brand: 'Voltas',
    category: 'Water Coolers',
    description:
      'Full stainless-steel cooler with 40 L/hr cooling and 80 L storage, three push taps and a food-grade tank. Keeps forecourt drinking water cold all day.',
    price: 38500,
    stock: 3,
  },
  {
    title: 'Blue Star SDLX 60/120 Water Cooler',
    brand: 'Blue Star',
    category: 'Water Coolers',
    description: 'Storage-type water cooler with 60 L/hr cooling, 120 L storage and an energy-efficient compressor.',
    price: 58900,
    stock: 2,
    lowStockThreshold: 3,
  },
  {
    title: 'Usha SS 20/40 Water Cooler',
    brand: 'Usha',
    category: 'Water Coolers',
    description: 'Compact cooler with 20 L/hr cooling and 40 L storage for small outlets and offices.',
    price: 27900,
    stock: 0,
  },
  {
    title: 'Voltas Mini Magic Pure-R Water Dispenser',
    brand: 'Voltas',
    category: 'Water Coolers',
    description: 'Floor-standing hot and cold dispenser for 20 L bottles, with child lock on the hot tap.',
    price: 9490,
    stock: 11,
  },
  {
    title: 'Blue Star Aristo RO Purifier for Coolers',
    brand: 'Blue Star',
    category: 'Water Coolers',
    description: 'Inline RO + UV purifier, 25 L/hr, to feed a water cooler with safe drinking water.',
    price: 16500,
    stock: 6,
  },
  {
    title: 'Water Cooler Push Tap',
    brand: 'Blue Star',
    category: 'Water Coolers',
    description: 'Chrome-plated brass push tap, a direct replacement for most cooler brands.',
    price: 420,
    stock: 40,
  },
  {
    title: 'Stainless Steel Glass with Chain (Set of 2)',
    brand: 'Prestige',
    category: 'Water Coolers',
    description: 'Food-grade steel tumblers with a 60 cm chain to keep them at the cooler.',
    price: 240,
    stock: 50,
  },

  // Fire Safety
  {
    title: 'Ceasefire ABC Powder Fire Extinguisher',
    brand: 'Ceasefire',
    category: 'Fire Safety',
    description:
      'Stored-pressure ABC dry powder extinguisher for fuel, electrical and solid-material fires, with pressure gauge and wall bracket. ISI marked, as required at every dispensing unit.',
    variants: [
      { size: '2 kg', price: 1850, stock: 20 },
      { size: '4 kg', price: 2950, stock: 12 },
      { size: '6 kg', price: 3750, stock: 6 },
    ],
  },
  {
    title: 'Safex CO2 Fire Extinguisher 4.5 kg',
    brand: 'Safex',
    category: 'Fire Safety',
    description: 'Carbon dioxide extinguisher with horn for electrical panels and the sales room; leaves no residue.',
    price: 7800,
    stock: 8,
  },
  {
    title: 'Minimax Mechanical Foam Extinguisher 9 L',
    brand: 'Minimax',
    category: 'Fire Safety',
    description: 'AFFF foam extinguisher for class A and B fires, ideal beside the tank farm and decantation area.',
    price: 4200,
    stock: 4,
    lowStockThreshold: 5,
  },
  // Fire Safety services (docs/shop-rules.md#service-products), done at the outlet on the booked day
  {
    title: 'Fire Extinguisher Refill (Dry Powder), per Unit',
    brand: 'PumpKart Services',
    category: 'Fire Safety',
    description:
      'Our technician empties, checks and refills one ABC dry powder extinguisher (up to 9 kg) at your outlet, with a new seal, a refill label and an entry for your register.',
    price: 450,
    stock: 500,
  },
  {
    title: 'CO2 Extinguisher Refill, per Unit',
    brand: 'PumpKart Services',
    category: 'Fire Safety',
    description:
      'Weighing, recharge and leak check of one CO2 extinguisher (up to 9 kg), collected from and returned to your outlet the same day.',
    price: 850,
    stock: 500,
  },
  {
    title: 'Hydraulic Pressure Test of an Extinguisher',
    brand: 'PumpKart Services',
    category: 'Fire Safety',
    description:
      'Hydraulic pressure test of one extinguisher body as IS 2190 asks, with a test certificate and the test date stamped on the cylinder.',
    price: 600,
    stock: 500,
  },
  {
    title: 'Fire Bucket Stand with 4 Buckets',
    brand: 'Kanex',
    category: 'Fire Safety',
    description: 'Powder-coated stand with four red 9 L buckets, lettered FIRE, for sand and water as per PESO rules.',
    price: 2450,
    stock: 10,
  },
  {
    title: 'No Smoking Sign Board',
    brand: 'SignPro',
    category: 'Fire Safety',
    description: 'Bilingual (Hindi/English) "No Smoking, Switch Off Mobile" sign on 3 mm ACP, 12 x 18 inch.',
    price: 180,
    stock: 0,
  },
  {
    title: 'Fire Blanket 1.2 x 1.8 m',
    brand: 'Ceasefire',
    category: 'Fire Safety',
    description: 'Woven fibreglass blanket in a quick-pull wall pouch, for smothering small fuel and clothing fires.',
    price: 1150,
    stock: 14,
  },
  {
    title: 'Ceasefire Automatic Fire Ball',
    brand: 'Ceasefire',
    category: 'Fire Safety',
    description: 'Self-activating 1.3 kg fire-suppression ball for electrical rooms and generator enclosures.',
    price: 2990,
    stock: 2,
    lowStockThreshold: 4,
  },

  // Testing Equipment
  {
    title: 'Petroleum Density Hydrometer 650-700 kg/m³',
    brand: 'Glassco',
    category: 'Testing Equipment',
    description:
      'ASTM glass hydrometer for the daily density check of petrol at receipt, with a calibration certificate.',
    price: 550,
    stock: 20,
  },
  {
    title: 'Borosil Measuring Cylinder 500 ml',
    brand: 'Borosil',
    category: 'Testing Equipment',
    description: 'Borosilicate glass cylinder with hexagonal base, for the density test sample.',
    price: 780,
    stock: 15,
  },
  // Testing Equipment services (docs/shop-rules.md#service-products)
  {
    title: 'Dispenser Re-verification and Stamping Visit',
    brand: 'PumpKart Services',
    category: 'Testing Equipment',
    description:
      'A visit to prepare your dispensers for the Legal Metrology re-verification: calibration with a 5 L measure, sealing and the stamping by the inspector, for all nozzles of one outlet.',
    price: 3500,
    stock: 200,
  },
  {
    title: '5 Litre Measure Re-verification',
    brand: 'PumpKart Services',
    category: 'Testing Equipment',
    description:
      'Re-verification and stamping of one 5 L standard measure at the Legal Metrology office, collected from and returned to your outlet.',
    price: 750,
    stock: 200,
  },
  {
    title: '5 Litre Standard Measure (W&M Certified)',
    brand: 'Raj Testing',
    category: 'Testing Equipment',
    description:
      'Stainless-steel 5 L proving measure, stamped by Legal Metrology, for the daily dispenser delivery check.',
    price: 3600,
    stock: 5,
  },
  {
    title: 'ASTM 12C Thermometer',
    brand: 'Glassco',
    category: 'Testing Equipment',
    description: 'Mercury-free ASTM thermometer, -20 to 102 °C, for temperature correction of density readings.',
    price: 420,
    stock: 3,
    lowStockThreshold: 6,
  },
  {
    title: 'Kolor Kut Water Finding Paste',
    brand: 'Kolor Kut',
    category: 'Testing Equipment',
    description: 'Paste that turns red on contact with water; smear on the dip rod to find water in a tank.',
    price: 650,
    stock: 25,
  },
  {
    title: 'Fuel Adulteration Test Kit',
    brand: 'Raj Testing',
    category: 'Testing Equipment',
    description: 'Filter-paper and density kit to check petrol for kerosene adulteration, with 100 test papers.',
    price: 3200,
    stock: 0,
  },
  {
    title: 'Anton Paar DMA 35 Portable Density Meter',
    brand: 'Anton Paar',
    category: 'Testing Equipment',
    description:
      'Handheld oscillating U-tube density meter with temperature compensation and data export, accurate to 0.001 g/cm³.',
    price: 345000,
    stock: 1,
    lowStockThreshold: 2,
  },
  {
    title: 'Brass Tank Dip Rod',
    brand: 'Raj Testing',
    category: 'Testing Equipment',
    description: 'Graduated brass dip rod with a non-sparking tip for measuring underground tank stock.',
    variants: [
      { size: '2 m', price: 2800, stock: 4 },
      { size: '3 m', price: 3600, stock: 2 },
    ],
  },

  // Pet Supplies
  {
    title: 'Pedigree Adult Dry Dog Food, Chicken & Vegetables',
    brand: 'Pedigree',
    category: 'Pet Supplies',
    description: 'Complete and balanced food for adult dogs, with omega fatty acids for a healthy coat.',
    variants: [
      { size: '1.2 kg', price: 330, stock: 25 },
      { size: '3 kg', price: 780, stock: 12 },
      { size: '10 kg', price: 2350, stock: 4 },
    ],
  },
  {
    title: 'Drools Ocean Fish Adult Cat Food 1.2 kg',
    brand: 'Drools',
    category: 'Pet Supplies',
    description: 'Dry cat food with real ocean fish, taurine and vitamins for vision and immunity.',
    price: 399,
    stock: 18,
  },
  {
    title: 'Whiskas Tuna in Jelly (Pack of 12)',
    brand: 'Whiskas',
    category: 'Pet Supplies',
    description: 'Wet food pouches, 85 g each, for adult cats.',
    price: 480,
    stock: 0,
  },
  {
    title: 'Royal Canin Maxi Adult 4 kg',
    brand: 'Royal Canin',
    category: 'Pet Supplies',
    description: 'Tailored nutrition for large-breed adult dogs of 26-44 kg.',
    price: 3650,
    stock: 7,
  },
  {
    title: 'Himalaya Erina-EP Pet Shampoo 200 ml',
    brand: 'Himalaya',
    category: 'Pet Supplies',
    description: 'Herbal shampoo that controls ticks and fleas and leaves the coat soft.',
    price: 225,
    stock: 4,
    lowStockThreshold: 10,
  },
  {
    title: 'Nylon Dog Collar and Leash Set',
    brand: 'Pets Empire',
    category: 'Pet Supplies',
    description: 'Padded adjustable collar with a matching 1.2 m leash and a chrome snap hook.',
    variants: [
      { size: 'S', price: 349, stock: 10 },
      { size: 'M', price: 399, stock: 8 },
      { size: 'L', price: 449, stock: 5 },
    ],
  },
  {
    title: 'Cat Scratching Post with Toy',
    brand: 'Pets Empire',
    category: 'Pet Supplies',
    description: 'Sisal-wrapped 60 cm post on a stable base, with a hanging plush toy.',
    price: 1299,
    stock: 6,
  },
];
