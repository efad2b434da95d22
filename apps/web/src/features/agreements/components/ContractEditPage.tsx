import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { ContractPanel } from './ContractPanel.tsx';

const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * LegacyContractEdit (/agreements/contract-edit?contractId=&contractDetailId=): where the documents
 * open the old site's contract edit page (001 §2.5), ours shows the contract with its edit form open
 * (for those who may edit it), the machine of contractDetailId pointed out among its machines.
 */
export function ContractEditPage() {
  const { t } = useTranslation('agreements');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const contractId = idOf(query.get('contractId'));
  const detailId = idOf(query.get('contractDetailId'));
  if (contractId === null)
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="warning"
          action={
            <Button component={Link} to={pathFor('NextOrders')} color="inherit" size="small">
              {t('contractEdit.toAgreements')}
            </Button>
          }
        >
          {t('contractEdit.noContract')}
        </Alert>
      </Box>
    );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, overflow: 'auto', height: '100%' }}>
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <ContractPanel
          key={contractId}
          id={contractId}
          markedMachineId={detailId}
          startEditing
          onDeleted={() => navigate(pathFor('NextOrders'), { replace: true })}
        />
      </Paper>
    </Box>
  );
}
