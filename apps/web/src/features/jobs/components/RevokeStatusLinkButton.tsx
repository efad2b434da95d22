import { UserType } from '@fieldport/contract';
import LinkOff from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/feedback/index.ts';
import { callApi } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCan } from '../../../lib/use-can.ts';

/**
 * Revoke the customer's status link (decision 072): the links the job's contact was sent answer
 * "expired" at once; the next message (planned, on my way) carries a new one. The office's (Admin with
 * Job.Edit), on a parent job, after a confirm.
 */
export function RevokeStatusLinkButton({ job }: { job: { Id: number; ParentId: number | null } }) {
  const { t } = useTranslation('jobs');
  const { info } = useSession();
  const canEdit = useCan('Job.Edit');
  const confirm = useConfirm();
  const revoke = useMutation({
    mutationFn: () =>
      callApi('jobStatusLinkRevoke', { params: { id: job.Id } }, { notify: t('statusLink.revoked') }),
  });
  if (!canEdit || info?.UserInfo.UserTypeId !== UserType.Admin || job.ParentId !== null) return null;
  const run = async () => {
    const sure = await confirm({
      title: t('statusLink.confirmTitle'),
      message: t('statusLink.confirmMessage'),
      confirmText: t('statusLink.confirm'),
    });
    // A refusal is shown by the API client.
    if (sure) await revoke.mutateAsync().catch(() => undefined);
  };
  return (
    <Button
      startIcon={<LinkOff />}
      onClick={run}
      disabled={revoke.isPending}
      data-testid="revoke-status-link"
    >
      {t('statusLink.revoke')}
    </Button>
  );
}
