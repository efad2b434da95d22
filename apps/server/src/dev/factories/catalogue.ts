import type { LocalNames } from '@fieldport/contract';

/** Real makes and models of the machines a Nordic field-service company looks after. */

export const MACHINE_TYPES = [
  'Compressor',
  'Forklift',
  'Pump',
  'CNC machine',
  'Generator',
  'Boiler',
  'Heat pump',
  'Elevator',
] as const;
export type MachineTypeName = (typeof MACHINE_TYPES)[number];

/**
 * The demo company's machine types in each of the five languages (decision 089): a company that works
 * in several languages names its own types per language; the stored name is the English one.
 */
export const MACHINE_TYPE_NAMES: Record<MachineTypeName, LocalNames> = {
  Compressor: { en: 'Compressor', no: 'Kompressor', sv: 'Kompressor', 'zh-CN': '压缩机', 'zh-HK': '壓縮機' },
  Forklift: { en: 'Forklift', no: 'Gaffeltruck', sv: 'Gaffeltruck', 'zh-CN': '叉车', 'zh-HK': '叉車' },
  Pump: { en: 'Pump', no: 'Pumpe', sv: 'Pump', 'zh-CN': '泵', 'zh-HK': '泵' },
  'CNC machine': {
    en: 'CNC machine',
    no: 'CNC-maskin',
    sv: 'CNC-maskin',
    'zh-CN': '数控机床',
    'zh-HK': '數控機床',
  },
  Generator: { en: 'Generator', no: 'Aggregat', sv: 'Generator', 'zh-CN': '发电机', 'zh-HK': '發電機' },
  Boiler: { en: 'Boiler', no: 'Kjele', sv: 'Värmepanna', 'zh-CN': '锅炉', 'zh-HK': '鍋爐' },
  'Heat pump': { en: 'Heat pump', no: 'Varmepumpe', sv: 'Värmepump', 'zh-CN': '热泵', 'zh-HK': '熱泵' },
  Elevator: { en: 'Elevator', no: 'Heis', sv: 'Hiss', 'zh-CN': '电梯', 'zh-HK': '升降機' },
};

export const ASSET_TYPES = [
  'Production equipment',
  'Building services',
  'Vehicles',
  'Energy and power',
] as const;
export type AssetTypeName = (typeof ASSET_TYPES)[number];

export const ASSET_TYPE_OF: Record<MachineTypeName, AssetTypeName> = {
  Compressor: 'Production equipment',
  Forklift: 'Vehicles',
  Pump: 'Building services',
  'CNC machine': 'Production equipment',
  Generator: 'Energy and power',
  Boiler: 'Energy and power',
  'Heat pump': 'Building services',
  Elevator: 'Building services',
};

export interface SupplierEntry {
  name: string;
  email: string;
  phone: string;
  /** Serial numbers of this make start with it. */
  serialPrefix: string;
  models: readonly { name: string; type: MachineTypeName }[];
}

export const SUPPLIERS: readonly SupplierEntry[] = [
  {
    name: 'Atlas Copco',
    email: 'service.no@atlascopco.example',
    phone: '+47 64 86 08 60',
    serialPrefix: 'AIF',
    models: [
      { name: 'GA 37 VSD+', type: 'Compressor' },
      { name: 'GA 75 FF', type: 'Compressor' },
      { name: 'ZR 160 VSD', type: 'Compressor' },
      { name: 'QAS 150 generator', type: 'Generator' },
    ],
  },
  {
    name: 'Kaeser Kompressoren',
    email: 'service@kaeser.example',
    phone: '+47 22 90 35 00',
    serialPrefix: 'KA',
    models: [
      { name: 'ASD 40 T', type: 'Compressor' },
      { name: 'SM 15', type: 'Compressor' },
      { name: 'CSD 105', type: 'Compressor' },
    ],
  },
  {
    name: 'Toyota Material Handling',
    email: 'service@toyota-mh.example',
    phone: '+47 69 24 20 00',
    serialPrefix: 'TMH',
    models: [
      { name: 'Traigo 48 8FBE16T', type: 'Forklift' },
      { name: 'Tonero 8FD25', type: 'Forklift' },
      { name: 'BT Reflex RRE160', type: 'Forklift' },
    ],
  },
  {
    name: 'Linde Material Handling',
    email: 'service@linde-mh.example',
    phone: '+46 31 726 65 00',
    serialPrefix: 'LMH',
    models: [
      { name: 'E20 PH', type: 'Forklift' },
      { name: 'H25 D', type: 'Forklift' },
    ],
  },
  {
    name: 'Jungheinrich',
    email: 'service@jungheinrich.example',
    phone: '+45 43 22 41 00',
    serialPrefix: 'JH',
    models: [
      { name: 'EFG 216', type: 'Forklift' },
      { name: 'ETV 216', type: 'Forklift' },
    ],
  },
  {
    name: 'Grundfos',
    email: 'service@grundfos.example',
    phone: '+45 87 50 14 00',
    serialPrefix: 'GF',
    models: [
      { name: 'CR 32-4', type: 'Pump' },
      { name: 'NB 65-200', type: 'Pump' },
      { name: 'Hydro MPC-E 3 CRE 15', type: 'Pump' },
    ],
  },
  {
    name: 'Xylem Flygt',
    email: 'service@xylem.example',
    phone: '+46 8 475 60 00',
    serialPrefix: 'FL',
    models: [
      { name: 'Flygt 3153 SH', type: 'Pump' },
      { name: 'Flygt 3085 MT', type: 'Pump' },
    ],
  },
  {
    name: 'Haas Automation',
    email: 'service@haas-nordic.example',
    phone: '+46 31 89 31 00',
    serialPrefix: 'HA',
    models: [
      { name: 'VF-2SS', type: 'CNC machine' },
      { name: 'ST-20Y', type: 'CNC machine' },
      { name: 'UMC-750', type: 'CNC machine' },
    ],
  },
  {
    name: 'DMG Mori',
    email: 'service@dmgmori-nordic.example',
    phone: '+45 70 21 11 11',
    serialPrefix: 'DMG',
    models: [
      { name: 'CMX 1100 V', type: 'CNC machine' },
      { name: 'CLX 450', type: 'CNC machine' },
    ],
  },
  {
    name: 'Mazak',
    email: 'service@mazak-nordic.example',
    phone: '+46 31 795 40 00',
    serialPrefix: 'MZ',
    models: [{ name: 'Quick Turn 200', type: 'CNC machine' }],
  },
  {
    name: 'Volvo Penta',
    email: 'service@volvopenta.example',
    phone: '+46 31 322 00 00',
    serialPrefix: 'VP',
    models: [
      { name: 'TAD1641GE genset', type: 'Generator' },
      { name: 'TAD734GE genset', type: 'Generator' },
    ],
  },
  {
    name: 'Caterpillar',
    email: 'service@pon-cat.example',
    phone: '+47 23 14 10 00',
    serialPrefix: 'CAT',
    models: [
      { name: 'DE110 GC', type: 'Generator' },
      { name: 'C15 1500 kVA', type: 'Generator' },
    ],
  },
  {
    name: 'Viessmann',
    email: 'service@viessmann.example',
    phone: '+47 22 72 77 00',
    serialPrefix: 'VI',
    models: [
      { name: 'Vitoplex 200 SX2A', type: 'Boiler' },
      { name: 'Vitocrossal 300 CR3B', type: 'Boiler' },
      { name: 'Vitocal 350-A', type: 'Heat pump' },
    ],
  },
  {
    name: 'Bosch Industriekessel',
    email: 'service@bosch-industrial.example',
    phone: '+49 9831 56 253',
    serialPrefix: 'BI',
    models: [
      { name: 'Universal UL-S', type: 'Boiler' },
      { name: 'Unimat UT-L', type: 'Boiler' },
    ],
  },
  {
    name: 'NIBE',
    email: 'service@nibe.example',
    phone: '+46 433 27 30 00',
    serialPrefix: 'NB',
    models: [
      { name: 'F2120-20', type: 'Heat pump' },
      { name: 'S1255-12', type: 'Heat pump' },
    ],
  },
  {
    name: 'KONE',
    email: 'service@kone.example',
    phone: '+358 204 751',
    serialPrefix: 'KN',
    models: [
      { name: 'MonoSpace 500', type: 'Elevator' },
      { name: 'TranSys', type: 'Elevator' },
    ],
  },
];

/** Where on a site a machine stands: part of its display name. */
export const MACHINE_PLACES = [
  'Hall A',
  'Hall B',
  'Workshop',
  'Boiler room',
  'Warehouse',
  'Line 1',
  'Line 2',
  'Basement',
  'Loading bay',
  'Pump station',
  'Roof',
  'Production',
] as const;

/** What customers report, by machine type: first-line and customer comments of repair jobs. */
export const FAULTS: Record<MachineTypeName, readonly string[]> = {
  Compressor: [
    'Trips on high temperature',
    'Oil in the compressed air',
    'Pressure drops under load',
    'Abnormal noise from the air end',
  ],
  Forklift: [
    'Hydraulic leak at the mast',
    'Battery does not hold charge',
    'Brakes feel soft',
    'Error code on the display',
  ],
  Pump: ['Leaking shaft seal', 'Low flow', 'Vibrates at full speed', 'Motor protection trips'],
  'CNC machine': ['Spindle alarm', 'Tool changer jams', 'Axis loses position', 'Coolant pump not running'],
  Generator: [
    'Will not start on test run',
    'Low oil pressure alarm',
    'Voltage unstable under load',
    'Coolant leak',
  ],
  Boiler: ['Burner lockout', 'Low water level alarm', 'Flue gas temperature high', 'Safety valve weeping'],
  'Heat pump': [
    'High-pressure alarm',
    'Not reaching set temperature',
    'Ice on the outdoor unit',
    'Circulation pump fault',
  ],
  Elevator: ['Doors do not close', 'Stops between floors', 'Noise in the shaft', 'Alarm button fault'],
};
