import type { MachineTypeName } from './factories/index.ts';

/** One kind of part: its name, unit, purchase price in kroner and the sizes it comes in. */
export interface PartKind {
  name: string;
  unit: 'pcs' | 'l' | 'm' | 'kg' | 'set';
  cost: number;
  sizes: readonly string[];
}

/** The parts each machine type uses: the demo catalogue is every kind in every size. */
export const PARTS_BY_TYPE: Record<MachineTypeName, { prefix: string; parts: readonly PartKind[] }> = {
  Compressor: {
    prefix: 'CMP',
    parts: [
      {
        name: 'Air filter element',
        unit: 'pcs',
        cost: 420,
        sizes: ['GA 37', 'GA 75', 'ASD 40', 'SM 15', 'CSD 105'],
      },
      { name: 'Oil filter', unit: 'pcs', cost: 260, sizes: ['GA 37', 'GA 75', 'ASD/CSD', 'ZR 160'] },
      { name: 'Oil separator', unit: 'pcs', cost: 1850, sizes: ['30 kW', '55 kW', '75 kW', '110 kW'] },
      { name: 'Compressor oil Roto-Inject', unit: 'l', cost: 145, sizes: ['5 l can', '20 l drum'] },
      { name: 'Synthetic compressor oil Sigma S-460', unit: 'l', cost: 165, sizes: ['5 l can', '20 l drum'] },
      { name: 'Minimum pressure valve kit', unit: 'set', cost: 1120, sizes: ['G 1"', 'G 1 1/2"', 'DN 50'] },
      { name: 'Thermostatic valve kit', unit: 'set', cost: 980, sizes: ['70 °C', '80 °C'] },
      { name: 'Drive belt XPA', unit: 'pcs', cost: 310, sizes: ['1250', '1400', '1600'] },
      { name: 'Condensate drain valve', unit: 'pcs', cost: 1450, sizes: ['EWD 50', 'EWD 330'] },
      { name: 'Pressure sensor 0-16 bar', unit: 'pcs', cost: 1280, sizes: ['4-20 mA'] },
      { name: 'Temperature sensor PT1000', unit: 'pcs', cost: 640, sizes: ['M8', 'M12'] },
      { name: 'Shaft seal kit', unit: 'set', cost: 2150, sizes: ['GA 37', 'GA 75'] },
      { name: 'Intake valve overhaul kit', unit: 'set', cost: 2890, sizes: ['GA 37', 'GA 75', 'ASD 40'] },
    ],
  },
  Forklift: {
    prefix: 'FLT',
    parts: [
      { name: 'Hydraulic oil HVLP 32', unit: 'l', cost: 62, sizes: ['20 l drum', '208 l drum'] },
      { name: 'Hydraulic return filter', unit: 'pcs', cost: 340, sizes: ['Traigo', 'Tonero', 'Linde E20'] },
      { name: 'Engine oil 10W-40', unit: 'l', cost: 78, sizes: ['5 l can', '20 l drum'] },
      { name: 'Fuel filter', unit: 'pcs', cost: 190, sizes: ['Tonero 8FD', 'Linde H25'] },
      { name: 'Mast chain LH', unit: 'm', cost: 420, sizes: ['1044', '1266'] },
      { name: 'Load wheel polyurethane', unit: 'pcs', cost: 560, sizes: ['85x100', '82x70', '100x40'] },
      { name: 'Drive tyre superelastic', unit: 'pcs', cost: 1650, sizes: ['18x7-8', '200/50-10', '23x9-10'] },
      { name: 'Brake shoe set', unit: 'set', cost: 980, sizes: ['Traigo 48', 'E20'] },
      { name: 'Lift cylinder seal kit', unit: 'set', cost: 720, sizes: ['Free lift', 'Main lift'] },
      { name: 'Traction battery water top-up', unit: 'l', cost: 18, sizes: ['25 l'] },
      { name: 'Seat switch', unit: 'pcs', cost: 450, sizes: ['Grammer MSG'] },
      { name: 'Warning light LED', unit: 'pcs', cost: 520, sizes: ['Blue spot', 'Amber beacon'] },
      { name: 'Contactor 48 V', unit: 'pcs', cost: 1380, sizes: ['150 A', '250 A'] },
    ],
  },
  Pump: {
    prefix: 'PMP',
    parts: [
      { name: 'Mechanical shaft seal', unit: 'pcs', cost: 1240, sizes: ['12 mm', '16 mm', '22 mm', '32 mm'] },
      { name: 'O-ring kit EPDM', unit: 'set', cost: 240, sizes: ['CR 5', 'CR 10', 'CR 20', 'NB 65'] },
      { name: 'Impeller', unit: 'pcs', cost: 2150, sizes: ['NB 50-200', 'NB 65-160', 'CR 10-04'] },
      { name: 'Ball bearing 6205-2RS', unit: 'pcs', cost: 95, sizes: ['C3'] },
      { name: 'Ball bearing 6306-2Z', unit: 'pcs', cost: 145, sizes: ['C3'] },
      { name: 'Pressure transmitter', unit: 'pcs', cost: 1890, sizes: ['0-10 bar', '0-16 bar', '0-25 bar'] },
      { name: 'Check valve', unit: 'pcs', cost: 690, sizes: ['DN 32', 'DN 50', 'DN 65'] },
      { name: 'Motor fan cover', unit: 'pcs', cost: 210, sizes: ['MG 90', 'MG 112'] },
      { name: 'Coupling insert', unit: 'pcs', cost: 160, sizes: ['Rotex 24', 'Rotex 38'] },
      { name: 'Frequency converter fan', unit: 'pcs', cost: 780, sizes: ['CUE 7.5 kW'] },
      { name: 'Casing gasket', unit: 'pcs', cost: 130, sizes: ['NB 50', 'NB 65', 'NB 80'] },
    ],
  },
  'CNC machine': {
    prefix: 'CNC',
    parts: [
      { name: 'Spindle lubricant', unit: 'l', cost: 210, sizes: ['1 l bottle', '4 l can'] },
      { name: 'Way oil ISO 68', unit: 'l', cost: 58, sizes: ['20 l drum'] },
      { name: 'Coolant concentrate', unit: 'l', cost: 74, sizes: ['20 l drum', '208 l drum'] },
      { name: 'Way wiper', unit: 'pcs', cost: 380, sizes: ['X axis', 'Y axis', 'Z axis'] },
      { name: 'Coolant filter bag', unit: 'pcs', cost: 85, sizes: ['25 µm', '50 µm'] },
      { name: 'Ball screw support bearing', unit: 'pcs', cost: 2450, sizes: ['BSB 025', 'BSB 030'] },
      { name: 'Tool clamp disc spring set', unit: 'set', cost: 1640, sizes: ['BT 40', 'HSK 63'] },
      { name: 'Limit switch', unit: 'pcs', cost: 540, sizes: ['Roller', 'Plunger'] },
      { name: 'Cabinet air filter mat', unit: 'pcs', cost: 65, sizes: ['250x250', '320x320'] },
    ],
  },
  Generator: {
    prefix: 'GEN',
    parts: [
      { name: 'Engine oil 15W-40', unit: 'l', cost: 72, sizes: ['20 l drum', '208 l drum'] },
      { name: 'Oil filter', unit: 'pcs', cost: 230, sizes: ['QAS 150', 'C150 D5', 'HRD 250'] },
      { name: 'Fuel filter', unit: 'pcs', cost: 210, sizes: ['Primary', 'Secondary'] },
      { name: 'Air filter', unit: 'pcs', cost: 480, sizes: ['QAS 150', 'C150 D5'] },
      { name: 'Coolant -37 °C', unit: 'l', cost: 54, sizes: ['20 l drum'] },
      { name: 'Fan belt', unit: 'pcs', cost: 260, sizes: ['AVX13x1175', 'AVX13x1250'] },
      { name: 'Starter battery 12 V', unit: 'pcs', cost: 1490, sizes: ['100 Ah', '180 Ah'] },
      { name: 'Voltage regulator AVR', unit: 'pcs', cost: 3450, sizes: ['R250', 'SX460'] },
      { name: 'Block heater element', unit: 'pcs', cost: 890, sizes: ['1.5 kW', '3 kW'] },
      { name: 'Fuse 10x38 gG', unit: 'pcs', cost: 24, sizes: ['6 A', '10 A', '16 A'] },
    ],
  },
  Boiler: {
    prefix: 'BLR',
    parts: [
      {
        name: 'Burner nozzle',
        unit: 'pcs',
        cost: 165,
        sizes: ['0.60 gph 60°', '0.85 gph 60°', '1.10 gph 80°'],
      },
      { name: 'Ignition electrode set', unit: 'set', cost: 310, sizes: ['Riello 40', 'Weishaupt WL'] },
      { name: 'Photocell flame sensor', unit: 'pcs', cost: 720, sizes: ['QRB1', 'UV QRA2'] },
      { name: 'Oil pump filter', unit: 'pcs', cost: 95, sizes: ['Danfoss BFP', 'Suntec AS'] },
      { name: 'Safety valve 3 bar', unit: 'pcs', cost: 640, sizes: ['1/2"', '3/4"'] },
      { name: 'Expansion vessel', unit: 'pcs', cost: 1150, sizes: ['25 l', '50 l', '80 l'] },
      { name: 'Circulation pump', unit: 'pcs', cost: 2980, sizes: ['Alpha2 25-60', 'Magna1 32-80'] },
      { name: 'Flue gas gasket', unit: 'pcs', cost: 180, sizes: ['DN 100', 'DN 130'] },
      { name: 'Burner control unit', unit: 'pcs', cost: 4250, sizes: ['LMO 44', 'LME 22'] },
    ],
  },
  'Heat pump': {
    prefix: 'HPU',
    parts: [
      { name: 'Refrigerant R410A', unit: 'kg', cost: 690, sizes: ['10 kg bottle'] },
      { name: 'Refrigerant R32', unit: 'kg', cost: 540, sizes: ['9 kg bottle'] },
      { name: 'Filter drier', unit: 'pcs', cost: 320, sizes: ['3/8" flare', '1/2" solder'] },
      { name: 'Expansion valve', unit: 'pcs', cost: 2450, sizes: ['EEV 12 kW', 'EEV 18 kW'] },
      { name: 'Outdoor fan motor', unit: 'pcs', cost: 3150, sizes: ['F2040', 'F2120'] },
      { name: 'Brine pump', unit: 'pcs', cost: 2890, sizes: ['UPM GEO 25-85'] },
      { name: 'Particle filter', unit: 'pcs', cost: 410, sizes: ['DN 25', 'DN 32'] },
      { name: 'Temperature sensor NTC', unit: 'pcs', cost: 260, sizes: ['Outdoor', 'Flow line', 'Hot gas'] },
      { name: 'Anti-freeze brine', unit: 'l', cost: 48, sizes: ['20 l drum'] },
      { name: 'Dust filter', unit: 'pcs', cost: 140, sizes: ['Exhaust air S735'] },
    ],
  },
  Elevator: {
    prefix: 'ELV',
    parts: [
      { name: 'Door roller', unit: 'pcs', cost: 290, sizes: ['Ø 52 mm', 'Ø 62 mm'] },
      { name: 'Door belt', unit: 'pcs', cost: 680, sizes: ['Fermator', 'Selcom'] },
      { name: 'Light curtain', unit: 'set', cost: 5450, sizes: ['2000 mm'] },
      { name: 'Guide shoe insert', unit: 'pcs', cost: 220, sizes: ['10 mm rail', '16 mm rail'] },
      { name: 'Hoist rope 8 mm', unit: 'm', cost: 64, sizes: ['8x19'] },
      { name: 'Brake lining set', unit: 'set', cost: 2650, sizes: ['Ziehl-Abegg', 'Kone MX'] },
      { name: 'Landing push button', unit: 'pcs', cost: 410, sizes: ['Up', 'Down'] },
      { name: 'Emergency phone battery', unit: 'pcs', cost: 590, sizes: ['12 V 1.2 Ah'] },
      { name: 'Car door contact', unit: 'pcs', cost: 760, sizes: ['Schmersal'] },
      { name: 'Gear oil ISO 320', unit: 'l', cost: 98, sizes: ['5 l can', '20 l drum'] },
    ],
  },
};

/** Consumables any machine takes. */
export const GENERAL_PARTS: readonly PartKind[] = [
  { name: 'Cable ties', unit: 'set', cost: 45, sizes: ['100 pcs 200 mm', '100 pcs 370 mm'] },
  { name: 'Contact spray', unit: 'pcs', cost: 89, sizes: ['400 ml'] },
  { name: 'Multi-purpose grease', unit: 'kg', cost: 120, sizes: ['0.4 kg cartridge', '5 kg bucket'] },
  { name: 'Thread sealant', unit: 'pcs', cost: 115, sizes: ['50 ml'] },
  { name: 'Fuse 5x20 glass', unit: 'pcs', cost: 8, sizes: ['1 A', '2 A', '4 A'] },
  { name: 'Relay 24 V DC', unit: 'pcs', cost: 140, sizes: ['2 pole', '4 pole'] },
  { name: 'Hose clamp', unit: 'set', cost: 65, sizes: ['10 pcs 20-32', '10 pcs 32-50'] },
  { name: 'Degreaser', unit: 'l', cost: 68, sizes: ['5 l can'] },
  { name: 'Service label', unit: 'pcs', cost: 4, sizes: ['Standard'] },
];

/**
 * Time articles: hours, not kept in stock. The company's own records, named in the company's one
 * language like the rest of its catalogue (decision 083), not in Norwegian beside English parts.
 */
export const TIME_ARTICLES = [
  {
    number: 'LABOUR',
    name: 'Labour',
    description: 'Labour hour, normal working hours',
    cost: '520.00',
    sales: '895.00',
  },
  { number: 'TRAVEL', name: 'Travel time', description: 'Travel hour', cost: '450.00', sales: '695.00' },
  {
    number: 'OT50',
    name: 'Overtime 50 %',
    description: 'Overtime hour, 50 % supplement',
    cost: '780.00',
    sales: '1295.00',
  },
  {
    number: 'OT100',
    name: 'Overtime 100 %',
    description: 'Overtime hour, 100 % supplement',
    cost: '1040.00',
    sales: '1695.00',
  },
  {
    number: 'SERVICECAR',
    name: 'Service car',
    description: 'Service car per hour',
    cost: '180.00',
    sales: '345.00',
  },
] as const;
