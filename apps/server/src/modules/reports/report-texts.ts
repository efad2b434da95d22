import type { Language } from '@fieldport/contract';
import en from '@fieldport/contract/i18n/en/reports.json' with { type: 'json' };
import no from '@fieldport/contract/i18n/no/reports.json' with { type: 'json' };
import sv from '@fieldport/contract/i18n/sv/reports.json' with { type: 'json' };
import zhCN from '@fieldport/contract/i18n/zh-CN/reports.json' with { type: 'json' };
import zhHK from '@fieldport/contract/i18n/zh-HK/reports.json' with { type: 'json' };

type Texts = typeof en;
const catalogues: Record<Language, Texts> = { en, no, sv, 'zh-CN': zhCN, 'zh-HK': zhHK };

/** Dotted paths of the `reports` namespace's texts ('hazardAnalysis.hazards.electrical'). */
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
export type ReportText = Paths<Texts>;

/** The hazards of the checklist, in the order the form lists them. */
export const HAZARDS = Object.keys(en.hazardAnalysis.hazards) as (keyof Texts['hazardAnalysis']['hazards'])[];

/** The `reports` texts in one language, with {{values}} filled in. */
export function reportTexts(lang: Language) {
  const catalogue = catalogues[lang];
  return (key: ReportText, values: Record<string, string | number> = {}): string => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
    return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
