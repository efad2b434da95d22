import type { City, Country } from '../../reference/nordic-towns.ts';
import { CITIES } from '../../reference/nordic-towns.ts';
import type { Fake } from './fake.ts';
import { pick } from './fake.ts';

export { CITIES, type City } from '../../reference/nordic-towns.ts';

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
