import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';
import { useCommonPartChanges, useCommonParts } from '../api.ts';
import { ArticleLines } from '../components/ArticleLines.tsx';

/** MachineModelCommonParts: the parts a model usually needs, in order; the Admin adds, orders and removes. */
export default function CommonPartsPage() {
  const { t } = useTranslation('articles');
  const modelId = Number(useParams().modelId);
  const parts = useCommonParts(modelId);
  const change = useCommonPartChanges(modelId);
  const canEdit = useCan('Module.Admin');
  const lines = (parts.data ?? []).map((p) => ({ ...p, key: p.ArticleId }));
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {t('commonParts.title')}
      </Typography>
      {parts.data ? (
        <ArticleLines
          label={t('commonParts.title')}
          lines={lines}
          editable={canEdit}
          onAdd={(a) => change.add.mutate([{ ArticleId: a.Id, Quantity: 1 }])}
          onQuantity={(l, q) => change.add.mutate([{ ArticleId: l.key, Quantity: q }])}
          onRemove={(l) => change.remove.mutate(l.key)}
          onMove={(l, position) => change.move.mutate({ articleId: l.key, position })}
        />
      ) : null}
    </Box>
  );
}
