import { PASSWORD_RULES } from '@fieldport/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The live checklist of the new-password rules (001 §5), ticked as the user types. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('validation');
  return (
    <Box component="ul" id={id} aria-label={t('password_rules')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {PASSWORD_RULES.map((rule) => {
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
              {t(`password_rule_${rule.key}`)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
