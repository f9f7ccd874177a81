import { Anchor, Button, Center, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, isProblem } from '@/shared/api/client';
import { useUser } from '@/shared/api/queries';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useAcceptInvitation, useInvitationPreview } from './api';

/** Why an invitation cannot be accepted, in words: gone (unknown, used, expired, revoked), for someone else, already a member. */
function Problem({ error, invited }: { error: unknown; invited?: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const status = isProblem(error) ? error.status : 0;
  const message =
    status === 404
      ? t('invitation.gone')
      : status === 403
        ? invited
          ? t('invitation.otherEmailTo', { email: user.email, invited })
          : t('invitation.otherEmail', { email: user.email })
        : status === 409
          ? t('invitation.alreadyMember')
          : errorMessage(t, error);
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start" role="alert">
        <IconAlertCircle
          size={24}
          aria-hidden
          color={status === 409 ? 'var(--mantine-primary-color-filled)' : 'var(--cc-expenses)'}
          style={{ flexShrink: 0 }}
        />
        <div>
          <Text fw={600}>{t('invitation.cannotTitle')}</Text>
          <Text size="sm">{message}</Text>
        </div>
      </Group>
      <Anchor component={Link} to="/">
        {t('app.goHome')}
      </Anchor>
    </Stack>
  );
}

/** /invitations/:token: who invites the user to which ledger, with what role; accepting makes it the current ledger. */
export default function InvitationPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const inv = preview.data;
  const user = useUser();
  // The server refuses another address's invitation (403): said before anyone presses Accept.
  const forSomeoneElse = inv !== undefined && inv.email.trim().toLowerCase() !== user.email.trim().toLowerCase();

  const onAccept = async () => {
    try {
      const l = await accept.mutateAsync();
      notifyOk(t('invitation.accepted', { name: l.name }));
      void navigate('/movements');
    } catch (e) {
      // A problem with the invitation itself (gone, for another email, already a member) is said on the page.
      if (!isProblem(e) || ![403, 404, 409].includes(e.status)) notifyError(errorMessage(t, e));
    }
  };
  const failure = preview.error ?? (isProblem(accept.error) && [403, 404, 409].includes(accept.error.status) ? accept.error : null);

  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={520}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconMailOpened size={28} aria-hidden />
            <Title order={1} size="h2">
              {t('invitation.title')}
            </Title>
          </Group>
          {failure || forSomeoneElse ? (
            <Problem error={failure ?? new ApiProblem(403, 'forbidden', '')} invited={forSomeoneElse ? inv.email : undefined} />
          ) : !inv ? (
            <Skeleton h={96} />
          ) : (
            <>
              <Text>{t('invitation.text', { who: inv.invitedBy, name: inv.ledgerName })}</Text>
              <Text size="sm" c="dimmed">
                {t('invitation.roleLine', { role: t(`ledgers.roles.${inv.role}`) })} {t(`ledgers.roleHints.${inv.role}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('invitation.expires', { date: new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long' }).format(new Date(inv.expiresAt)) })}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" component={Link} to="/">
                  {t('invitation.notNow')}
                </Button>
                <Button onClick={() => void onAccept()} loading={accept.isPending} data-autofocus>
                  {t('invitation.accept')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
