import { PASSWORD_MIN_LENGTH, passwordRules } from '@fieldport/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The live checklist of the new-password rules (001 §5), ticked as the user types; the minimum length is
 * the company's (the Admin may raise it, decision 060). Whether a password is a common one the server tells.
 */
export function PasswordChecklist({
  password,
  id,
  minLength = PASSWORD_MIN_LENGTH,
}: {
  password: string;
  id?: string;
  minLength?: number;
}) {
  const { t } = useTranslation('validation');
  return (
    <Box component="ul" id={id} aria-label={t('password_rules')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {passwordRules(minLength).map((rule) => {
        const met = rule.test(password);
        return (
          <Box
            component="li"
            key={rule.key}
            data-rule={rule.key}
            data-met={met ? 'true' : 'false'}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
          >
            {met ? (
              <CheckCircle fontSize="small" color="success" titleAccess={t('rule_met')} />
            ) : (
              <RadioButtonUnchecked fontSize="small" color="disabled" titleAccess={t('rule_not_met')} />
            )}
            <Typography variant="body2" color={met ? 'text.primary' : 'text.secondary'}>
              {t(`password_rule_${rule.key}`, { min: minLength })}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
