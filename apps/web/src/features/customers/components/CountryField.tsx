import { countryName } from '@fieldport/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The ISO 3166-1 alpha-2 codes of the countries (Intl.DisplayNames names each, decision 034). */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/**
 * An address's country: picked from the countries by their names in the reader's language and kept
 * as the ISO code, so every reader sees it in their own language; text that names no country is kept
 * as typed.
 */
export function CountryField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: boolean;
  helperText?: string | undefined;
  readOnly?: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const options = useMemo(
    () => [...COUNTRY_CODES].sort((a, b) => countryName(a, lang).localeCompare(countryName(b, lang), lang)),
    [lang],
  );
  return (
    <Autocomplete
      freeSolo
      autoHighlight
      // Leaving the field takes the highlighted country, or the text as typed when none matches.
      autoSelect
      size="small"
      fullWidth
      readOnly={props.readOnly}
      options={options}
      value={props.value || null}
      getOptionLabel={(code) => countryName(code, lang)}
      onChange={(_, code) => props.onChange(code ?? '')}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField {...params} label={props.label} error={props.error} helperText={props.helperText} />
      )}
    />
  );
}
