import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Numbers of the order lines as the server sends them, shown in the user's language: money with two
 * decimals, quantities with up to three. Only formatting: amounts and totals are the server's.
 */
export function useOrderFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const money = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    return {
      money: (v: number | string) => money.format(Number(v)),
      quantity: (v: number) => quantity.format(v),
      percent: (v: number) => percent.format(v),
    };
  }, [language]);
}

/** A decimal typed with a comma or a dot ('1,5'), as the text the contract's inputs take ('1.5'). */
export const decimalOf = (typed: string): string => typed.trim().replace(/\s/g, '').replace(',', '.');
