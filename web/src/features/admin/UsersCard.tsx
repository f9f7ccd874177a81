import { useId, useState } from 'react';
import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconKey, IconShieldCheck, IconShieldOff, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROL, type AdminUser, type AdminUserPatch, type PasswordResetLink } from '@/shared/api/types';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useNarrowerThan } from '@/shared/viewport';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useAdminUsers, useResetLink, useUpdateUser } from './api';
import { DisableDialog, ResetLinkDialog, userName } from './UserDialogs';

/** "Email and password" for the email provider, else the provider (google.com, an issuer's URL) as the server says it. */
function methodOf(t: TFunction, u: AdminUser): string {
  return u.providerId === 'Email' ? t('admin.users.emailMethod') : u.providerId;
}

function RoleBadge({ u }: { u: AdminUser }) {
  const { t } = useTranslation();
  return (
    // Never cut short ("ADMINISTRA…") when a long email squeezes the table.
    <Badge size="sm" variant="light" color={u.rol === ADMIN_ROL ? 'brand' : 'gray'} style={{ flex: 'none', minWidth: 'max-content' }}>
      {t(`admin.users.roles.${u.rol}`, { defaultValue: u.rol })}
    </Badge>
  );
}

/** The name with what marks the user out (you, two-step verification, disabled), and the email under it. */
function Who({ u }: { u: AdminUser }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap">
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {userName(u)}
        </Text>
        {u.you && (
          <Badge size="sm" variant="light" color="gray">
            {t('admin.users.you')}
          </Badge>
        )}
        {u.twoFactor && (
          <Badge size="sm" variant="filled" color="green" title={t('admin.users.twoFactorTitle')}>
            <span aria-hidden>{t('admin.users.twoFactor')}</span>
            <VisuallyHidden>{t('admin.users.twoFactorTitle')}</VisuallyHidden>
          </Badge>
        )}
        {u.disabled && (
          <Badge size="sm" variant="filled" color="red.9">
            {t('admin.users.disabled')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {u.email}
      </Text>
    </div>
  );
}

/**
 * What an administrator does to a user: disable or enable, make or unmake an
 * administrator, a password-reset link. Their own row cannot be disabled or
 * lose its role (the server would keep an administrator anyway): those items
 * are there, disabled, with the reason under them.
 */
function Actions({
  u,
  onDisable,
  onPatch,
  onResetLink,
}: {
  u: AdminUser;
  onDisable: () => void;
  onPatch: (patch: AdminUserPatch) => void;
  onResetLink: () => void;
}) {
  const { t } = useTranslation();
  const admin = u.rol === ADMIN_ROL;
  const self = u.you ? t('admin.users.selfNote') : undefined;
  // Which items work; the first of them takes the focus when the menu opens (arrows and Escape work from there).
  const can = { access: u.disabled || !u.you, rol: !(admin && u.you), link: !u.disabled };
  const first = can.access ? 'access' : can.rol ? 'rol' : 'link';
  const focus = (item: keyof typeof can) => (item === first ? { 'data-autofocus': true } : {});
  return (
    // In the page (not a portal): its items stay inside the main landmark.
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${userName(u)}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown maw={300}>
        {u.disabled ? (
          <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => onPatch({ disabled: false })} {...focus('access')}>
            {t('admin.users.enable')}
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={onDisable} disabled={!can.access} title={self} {...focus('access')}>
            {t('admin.users.disable')}
          </Menu.Item>
        )}
        {admin ? (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => onPatch({ rol: 'Usuario' })} disabled={!can.rol} title={self} {...focus('rol')}>
            {t('admin.users.removeAdmin')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={() => onPatch({ rol: ADMIN_ROL })} {...focus('rol')}>
            {t('admin.users.makeAdmin')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconKey size={16} />}
          onClick={onResetLink}
          disabled={!can.link}
          title={u.disabled ? t('admin.users.disabledNote') : undefined}
          {...focus('link')}
        >
          {t('admin.users.resetLink')}
        </Menu.Item>
        {(u.you || u.disabled) && <Menu.Label style={{ whiteSpace: 'normal' }}>{u.you ? t('admin.users.selfNote') : t('admin.users.disabledNote')}</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Everyone with an account: who they are, their rol, how they sign in, since
 * when, when they last signed in and how many movements they keep; a table on
 * a wide screen, a card per user on a narrow one (nothing runs off the side).
 */
export function UsersCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const users = useAdminUsers();
  const update = useUpdateUser();
  const resetLink = useResetLink();
  const narrow = useNarrowerThan(breakpoints.laptop);
  // Who is being disabled stays while the dialog fades out (its text does not change under it).
  const [disabling, setDisabling] = useState<AdminUser | null>(null);
  const [asking, setAsking] = useState(false);
  const [made, setMade] = useState<{ user: AdminUser; link: PasswordResetLink } | null>(null);
  const [showing, setShowing] = useState(false);
  const locale = localeOf(i18n.language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(locale);

  const patch = async (u: AdminUser, p: AdminUserPatch) => {
    try {
      const out = await update.mutateAsync({ id: u.id, patch: p });
      const name = userName(out);
      notifyOk(
        p.disabled === true
          ? t('admin.users.disabledOk', { name })
          : p.disabled === false
            ? t('admin.users.enabledOk', { name })
            : p.rol === ADMIN_ROL
              ? t('admin.users.madeAdminOk', { name })
              : t('admin.users.removedAdminOk', { name }),
      );
      return true;
    } catch (e) {
      notifyError(errorMessage(t, e));
      return false;
    }
  };
  const confirmDisable = async () => {
    if (disabling && (await patch(disabling, { disabled: true }))) setAsking(false);
  };
  const makeLink = async (u: AdminUser) => {
    try {
      setMade({ user: u, link: await resetLink.mutateAsync(u.id) });
      setShowing(true);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const actions = (u: AdminUser) => (
    <Actions
      u={u}
      onDisable={() => {
        setDisabling(u);
        setAsking(true);
      }}
      onPatch={(p) => void patch(u, p)}
      onResetLink={() => void makeLink(u)}
    />
  );
  const created = (u: AdminUser) => <time dateTime={new Date(u.createdAt).toISOString()}>{day.format(u.createdAt)}</time>;
  const lastSignIn = (u: AdminUser) =>
    u.lastSignInAt === null ? null : <time dateTime={new Date(u.lastSignInAt).toISOString()}>{moment.format(u.lastSignInAt)}</time>;
  const list = users.data ?? [];

  return (
    <Card
      title={t('admin.users.title')}
      titleId={titleId}
      action={
        users.data && (
          <Text size="sm" c="dimmed">
            {t('admin.users.count', { count: list.length })}
          </Text>
        )
      }
    >
      <Loaded query={users} skeleton={96}>
        {() =>
          narrow ? (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {list.map((u) => (
                <Stack key={u.id} component="li" gap={4} py={10} style={{ borderBottom: '1px solid var(--cc-border)', minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Who u={u} />
                    {actions(u)}
                  </Group>
                  <Group gap={6} wrap="wrap">
                    <RoleBadge u={u} />
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {methodOf(t, u)}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('admin.users.createdOn', { date: day.format(u.createdAt) })}
                    {' · '}
                    {t('admin.users.movementCount', { count: u.movements })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {u.lastSignInAt === null ? t('admin.users.lastNever') : t('admin.users.lastOn', { date: moment.format(u.lastSignInAt) })}
                  </Text>
                </Stack>
              ))}
            </Stack>
          ) : (
            <Table verticalSpacing={8} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.users.user')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.role')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.method')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.created')}</Table.Th>
                  <Table.Th scope="col">{t('admin.users.lastSignIn')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('admin.users.movements')}
                  </Table.Th>
                  <Table.Th scope="col" w={44}>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Who u={u} />
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge u={u} />
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm">{methodOf(t, u)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{created(u)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={u.lastSignInAt === null ? 'dimmed' : undefined}>
                        {lastSignIn(u) ?? t('admin.users.never')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      <Text size="sm">{count.format(u.movements)}</Text>
                    </Table.Td>
                    <Table.Td>{actions(u)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
      <DisableDialog user={disabling} opened={asking} busy={update.isPending} onCancel={() => setAsking(false)} onConfirm={() => void confirmDisable()} />
      <ResetLinkDialog made={made} opened={showing} onClose={() => setShowing(false)} />
    </Card>
  );
}
