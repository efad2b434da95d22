import type { Country, Fake } from './fake.ts';
import { pick } from './fake.ts';

/** Real Nordic cities with their centre coordinates, a real postcode and the county or region. */
export interface City {
  city: string;
  zips: readonly string[];
  county: string;
  country: Country;
  lat: number;
  lon: number;
}

export const COUNTRY_NAMES: Record<Country, string> = {
  NO: 'Norway',
  SE: 'Sweden',
  DK: 'Denmark',
  FI: 'Finland',
};

export const CITIES: readonly City[] = [
  {
    city: 'Oslo',
    zips: ['0150', '0581', '0668', '1081'],
    county: 'Oslo',
    country: 'NO',
    lat: 59.9139,
    lon: 10.7522,
  },
  {
    city: 'Bergen',
    zips: ['5003', '5058', '5147'],
    county: 'Vestland',
    country: 'NO',
    lat: 60.3913,
    lon: 5.3221,
  },
  {
    city: 'Trondheim',
    zips: ['7010', '7041', '7080'],
    county: 'Trøndelag',
    country: 'NO',
    lat: 63.4305,
    lon: 10.3951,
  },
  { city: 'Stavanger', zips: ['4006', '4021'], county: 'Rogaland', country: 'NO', lat: 58.97, lon: 5.7331 },
  { city: 'Drammen', zips: ['3015', '3036'], county: 'Buskerud', country: 'NO', lat: 59.7439, lon: 10.2045 },
  { city: 'Kristiansand', zips: ['4610', '4632'], county: 'Agder', country: 'NO', lat: 58.1467, lon: 7.9956 },
  { city: 'Tromsø', zips: ['9008', '9015'], county: 'Troms', country: 'NO', lat: 69.6492, lon: 18.9553 },
  {
    city: 'Fredrikstad',
    zips: ['1606', '1630'],
    county: 'Østfold',
    country: 'NO',
    lat: 59.2181,
    lon: 10.9298,
  },
  { city: 'Sandnes', zips: ['4306', '4313'], county: 'Rogaland', country: 'NO', lat: 58.8517, lon: 5.735 },
  {
    city: 'Ålesund',
    zips: ['6002', '6018'],
    county: 'Møre og Romsdal',
    country: 'NO',
    lat: 62.4722,
    lon: 6.1495,
  },
  { city: 'Bodø', zips: ['8006', '8012'], county: 'Nordland', country: 'NO', lat: 67.2804, lon: 14.4049 },
  { city: 'Hamar', zips: ['2317', '2322'], county: 'Innlandet', country: 'NO', lat: 60.7945, lon: 11.068 },
  {
    city: 'Lillehammer',
    zips: ['2609', '2615'],
    county: 'Innlandet',
    country: 'NO',
    lat: 61.1153,
    lon: 10.4662,
  },
  { city: 'Haugesund', zips: ['5527', '5531'], county: 'Rogaland', country: 'NO', lat: 59.4138, lon: 5.268 },
  { city: 'Tønsberg', zips: ['3111', '3126'], county: 'Vestfold', country: 'NO', lat: 59.2675, lon: 10.4076 },
  { city: 'Skien', zips: ['3724', '3733'], county: 'Telemark', country: 'NO', lat: 59.2096, lon: 9.609 },
  {
    city: 'Molde',
    zips: ['6413', '6415'],
    county: 'Møre og Romsdal',
    country: 'NO',
    lat: 62.7375,
    lon: 7.1591,
  },
  { city: 'Gjøvik', zips: ['2815', '2821'], county: 'Innlandet', country: 'NO', lat: 60.7957, lon: 10.6916 },
  {
    city: 'Stockholm',
    zips: ['111 20', '112 51', '120 30'],
    county: 'Stockholms län',
    country: 'SE',
    lat: 59.3293,
    lon: 18.0686,
  },
  {
    city: 'Göteborg',
    zips: ['411 03', '417 05', '421 30'],
    county: 'Västra Götalands län',
    country: 'SE',
    lat: 57.7089,
    lon: 11.9746,
  },
  {
    city: 'Malmö',
    zips: ['211 20', '212 15'],
    county: 'Skåne län',
    country: 'SE',
    lat: 55.605,
    lon: 13.0038,
  },
  {
    city: 'Uppsala',
    zips: ['753 20', '754 50'],
    county: 'Uppsala län',
    country: 'SE',
    lat: 59.8586,
    lon: 17.6389,
  },
  {
    city: 'Västerås',
    zips: ['722 11', '721 36'],
    county: 'Västmanlands län',
    country: 'SE',
    lat: 59.6099,
    lon: 16.5448,
  },
  {
    city: 'Örebro',
    zips: ['702 10', '703 61'],
    county: 'Örebro län',
    country: 'SE',
    lat: 59.2753,
    lon: 15.2134,
  },
  {
    city: 'Linköping',
    zips: ['582 24', '582 73'],
    county: 'Östergötlands län',
    country: 'SE',
    lat: 58.4108,
    lon: 15.6214,
  },
  {
    city: 'Norrköping',
    zips: ['602 24', '602 38'],
    county: 'Östergötlands län',
    country: 'SE',
    lat: 58.5877,
    lon: 16.1924,
  },
  {
    city: 'Jönköping',
    zips: ['553 20', '554 54'],
    county: 'Jönköpings län',
    country: 'SE',
    lat: 57.7826,
    lon: 14.1618,
  },
  {
    city: 'Umeå',
    zips: ['903 26', '904 22'],
    county: 'Västerbottens län',
    country: 'SE',
    lat: 63.8258,
    lon: 20.263,
  },
  {
    city: 'Karlstad',
    zips: ['652 24', '653 41'],
    county: 'Värmlands län',
    country: 'SE',
    lat: 59.3793,
    lon: 13.5036,
  },
  {
    city: 'Luleå',
    zips: ['972 31', '973 45'],
    county: 'Norrbottens län',
    country: 'SE',
    lat: 65.5848,
    lon: 22.1567,
  },
  {
    city: 'Sundsvall',
    zips: ['852 30', '856 50'],
    county: 'Västernorrlands län',
    country: 'SE',
    lat: 62.3908,
    lon: 17.3069,
  },
  {
    city: 'Gävle',
    zips: ['803 20', '802 91'],
    county: 'Gävleborgs län',
    country: 'SE',
    lat: 60.6749,
    lon: 17.1413,
  },
  {
    city: 'København',
    zips: ['1050', '2300', '2450'],
    county: 'Region Hovedstaden',
    country: 'DK',
    lat: 55.6761,
    lon: 12.5683,
  },
  {
    city: 'Aarhus',
    zips: ['8000', '8200'],
    county: 'Region Midtjylland',
    country: 'DK',
    lat: 56.1629,
    lon: 10.2039,
  },
  {
    city: 'Odense',
    zips: ['5000', '5220'],
    county: 'Region Syddanmark',
    country: 'DK',
    lat: 55.4038,
    lon: 10.4024,
  },
  {
    city: 'Aalborg',
    zips: ['9000', '9220'],
    county: 'Region Nordjylland',
    country: 'DK',
    lat: 57.0488,
    lon: 9.9217,
  },
  {
    city: 'Esbjerg',
    zips: ['6700', '6705'],
    county: 'Region Syddanmark',
    country: 'DK',
    lat: 55.4765,
    lon: 8.4594,
  },
  {
    city: 'Randers',
    zips: ['8900', '8930'],
    county: 'Region Midtjylland',
    country: 'DK',
    lat: 56.4607,
    lon: 10.0364,
  },
  { city: 'Kolding', zips: ['6000'], county: 'Region Syddanmark', country: 'DK', lat: 55.4904, lon: 9.4722 },
  { city: 'Vejle', zips: ['7100'], county: 'Region Syddanmark', country: 'DK', lat: 55.7093, lon: 9.5357 },
  { city: 'Horsens', zips: ['8700'], county: 'Region Midtjylland', country: 'DK', lat: 55.8607, lon: 9.8503 },
  {
    city: 'Helsinki',
    zips: ['00100', '00510', '00880'],
    county: 'Uusimaa',
    country: 'FI',
    lat: 60.1699,
    lon: 24.9384,
  },
  { city: 'Espoo', zips: ['02100', '02600'], county: 'Uusimaa', country: 'FI', lat: 60.2055, lon: 24.6559 },
  {
    city: 'Tampere',
    zips: ['33100', '33720'],
    county: 'Pirkanmaa',
    country: 'FI',
    lat: 61.4978,
    lon: 23.761,
  },
  {
    city: 'Turku',
    zips: ['20100', '20360'],
    county: 'Varsinais-Suomi',
    country: 'FI',
    lat: 60.4518,
    lon: 22.2666,
  },
  {
    city: 'Oulu',
    zips: ['90100', '90460'],
    county: 'Pohjois-Pohjanmaa',
    country: 'FI',
    lat: 65.0121,
    lon: 25.4651,
  },
  {
    city: 'Jyväskylä',
    zips: ['40100', '40320'],
    county: 'Keski-Suomi',
    country: 'FI',
    lat: 62.2426,
    lon: 25.7473,
  },
  {
    city: 'Lahti',
    zips: ['15110', '15140'],
    county: 'Päijät-Häme',
    country: 'FI',
    lat: 60.9827,
    lon: 25.6612,
  },
  {
    city: 'Kuopio',
    zips: ['70100', '70780'],
    county: 'Pohjois-Savo',
    country: 'FI',
    lat: 62.8924,
    lon: 27.677,
  },
  { city: 'Pori', zips: ['28100'], county: 'Satakunta', country: 'FI', lat: 61.4851, lon: 21.7974 },
  { city: 'Vaasa', zips: ['65100'], county: 'Pohjanmaa', country: 'FI', lat: 63.0951, lon: 21.6165 },
];

/** Streets of the kind where machines stand: industrial, harbour and town-centre streets. */
export const STREETS: Record<Country, readonly string[]> = {
  NO: [
    'Industriveien',
    'Storgata',
    'Kongens gate',
    'Havnegata',
    'Strandveien',
    'Verkstedveien',
    'Fabrikkveien',
    'Næringsveien',
    'Dronningens gate',
    'Kirkegata',
    'Brugata',
    'Sjøgata',
    'Stasjonsveien',
    'Bedriftsveien',
    'Kanalveien',
    'Smieveien',
    'Lagerveien',
    'Havneveien',
  ],
  SE: [
    'Industrigatan',
    'Storgatan',
    'Drottninggatan',
    'Kungsgatan',
    'Hamngatan',
    'Verkstadsgatan',
    'Fabriksgatan',
    'Järnvägsgatan',
    'Industrivägen',
    'Lagervägen',
    'Smedjegatan',
    'Sjögatan',
    'Stationsgatan',
    'Kvarngatan',
  ],
  DK: [
    'Industrivej',
    'Hovedgaden',
    'Havnegade',
    'Vestergade',
    'Østergade',
    'Stationsvej',
    'Fabriksvej',
    'Værkstedsvej',
    'Erhvervsvej',
    'Lagervej',
    'Smedevej',
    'Strandvejen',
    'Kongevejen',
    'Nørregade',
  ],
  FI: [
    'Teollisuuskatu',
    'Satamakatu',
    'Hämeenkatu',
    'Rautatienkatu',
    'Tehtaankatu',
    'Asemakatu',
    'Kauppakatu',
    'Konepajankatu',
    'Varastokatu',
    'Sepänkatu',
    'Kirkkokatu',
    'Rantakatu',
    'Yrittäjäntie',
    'Teollisuustie',
  ],
};

/** The legal-form suffix of a company name in each country. */
export const COMPANY_FORMS: Record<Country, readonly string[]> = {
  NO: ['AS', 'AS', 'AS', 'ASA'],
  SE: ['AB', 'AB', 'AB', 'HB'],
  DK: ['A/S', 'A/S', 'ApS'],
  FI: ['Oy', 'Oy', 'Oy Ab'],
};

/** Trades and words of industry that go into a customer's name, in the country's language. */
export const TRADES: Record<Country, readonly string[]> = {
  NO: [
    'Mekaniske',
    'Maskin',
    'Industri',
    'Transport',
    'Bygg',
    'Energi',
    'Fisk',
    'Sjømat',
    'Trelast',
    'Entreprenør',
    'Logistikk',
    'Verksted',
    'Betong',
    'Meieri',
    'Bakeri',
    'Eiendom',
    'Kjøl og Frys',
    'Sag og Høvleri',
  ],
  SE: [
    'Mekaniska',
    'Maskin',
    'Industri',
    'Transport',
    'Bygg',
    'Energi',
    'Livsmedel',
    'Trävaror',
    'Entreprenad',
    'Logistik',
    'Verkstad',
    'Betong',
    'Mejeri',
    'Bageri',
    'Fastigheter',
    'Kyl och Frys',
    'Sågverk',
  ],
  DK: [
    'Maskinfabrik',
    'Maskin',
    'Industri',
    'Transport',
    'Byg',
    'Energi',
    'Fødevarer',
    'Tømmerhandel',
    'Entreprenør',
    'Logistik',
    'Værksted',
    'Beton',
    'Mejeri',
    'Bageri',
    'Ejendomme',
    'Køl og Frys',
  ],
  FI: [
    'Konepaja',
    'Kone',
    'Teollisuus',
    'Kuljetus',
    'Rakennus',
    'Energia',
    'Elintarvike',
    'Puutavara',
    'Urakointi',
    'Logistiikka',
    'Korjaamo',
    'Betoni',
    'Meijeri',
    'Leipomo',
    'Kiinteistöt',
    'Kylmä',
  ],
};

/** Small offsets (a few kilometres) around a city centre, rounded to metres. */
export function jitter(f: Fake, city: City): { latitude: number; longitude: number } {
  const d = (max: number) => f.faker.number.float({ min: -max, max, fractionDigits: 5 });
  return { latitude: round5(city.lat + d(0.015)), longitude: round5(city.lon + d(0.03)) };
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

export function pickCity(f: Fake, country?: Country): City {
  return pick(f, country ? CITIES.filter((c) => c.country === country) : CITIES);
}

/** A mobile number in the country's usual written form. */
export function mobileNumber(f: Fake, country: Country): string {
  const d = (n: number) => f.faker.string.numeric({ length: n, allowLeadingZeros: true });
  switch (country) {
    case 'NO':
      return `+47 ${pick(f, ['9', '4'])}${d(2)} ${d(2)} ${d(3)}`;
    case 'SE':
      return `+46 7${pick(f, ['0', '2', '3', '6'])} ${d(3)} ${d(2)} ${d(2)}`;
    case 'DK':
      return `+45 ${pick(f, ['2', '3', '4', '5'])}${d(1)} ${d(2)} ${d(2)} ${d(2)}`;
    case 'FI':
      return `+358 4${pick(f, ['0', '4', '5'])} ${d(3)} ${d(4)}`;
  }
}

/** An office (fixed-line) number. */
export function officeNumber(f: Fake, country: Country): string {
  const d = (n: number) => f.faker.string.numeric({ length: n, allowLeadingZeros: true });
  switch (country) {
    case 'NO':
      return `+47 ${pick(f, ['22', '55', '73', '51', '38'])} ${d(2)} ${d(2)} ${d(2)}`;
    case 'SE':
      return `+46 ${pick(f, ['8', '31', '40', '18'])} ${d(3)} ${d(2)} ${d(2)}`;
    case 'DK':
      return `+45 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`;
    case 'FI':
      return `+358 ${pick(f, ['9', '2', '3'])} ${d(3)} ${d(4)}`;
  }
}

/** A person's name in the country's style (no titles or suffixes). */
export function personName(f: Fake, country: Country): string {
  const local = f.nordic[country];
  return `${local.person.firstName()} ${local.person.lastName()}`;
}
