import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSetUser, useUser } from '@/shared/api/queries';
import { localeOf } from '@/shared/i18n';
import { notifyOk } from '@/shared/ui/notify';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { newRecoveryCodes, turnOffTwoFactor, useSecurityChanged, useTwoFactorStatus } from './api';
import { ConfirmWithCodeDialog, TurnOnDialog } from './TwoFactorDialogs';

/** At or below this many recovery codes left, the section warns. */
const FEW_CODES = 3;

type Dialog = 'on' | 'codes' | 'off' | null;

/**
 * Two-step verification on the profile: off, an explanation and the button
 * that turns it on (an account without a password sets one first); on, since
 * when, how many recovery codes are left, new codes, and turning it off.
 */
export function TwoFactorSection() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  const status = useTwoFactorStatus();
  const changed = useSecurityChanged();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const on = status.data?.enabled ?? user.twoFactor;
  const left = status.data?.recoveryCodesLeft ?? 0;
  const since = status.data?.enabledAt ? new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long' }).format(status.data.enabledAt) : null;

  return (
    <Card
      title={t('twoFactor.title')}
      icon={IconShieldLock}
      badge={
        status.data && (
          <Badge color={on ? 'green' : 'gray'} variant="filled" style={{ flex: 'none' }}>
            {on ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )
      }
    >
      <Loaded query={status} skeleton={72}>
        {() =>
          on ? (
            <Stack gap="xs">
              {since && <Text size="sm">{t('twoFactor.since', { date: since })}</Text>}
              <Group gap={6} wrap="nowrap" align="flex-start">
                {left <= FEW_CODES && <IconAlertTriangle size={18} aria-hidden color="var(--cc-accent)" style={{ flex: 'none', marginTop: 1 }} />}
                <div>
                  <Text size="sm" fw={left <= FEW_CODES ? 600 : undefined}>
                    {t('twoFactor.codesLeft', { count: left })}
                  </Text>
                  {left <= FEW_CODES && <Text size="sm">{t('twoFactor.codesLow')}</Text>}
                </div>
              </Group>
              <Group gap="sm" mt="xs">
                <Button variant="default" onClick={() => setDialog('codes')}>
                  {t('twoFactor.newCodes')}
                </Button>
                <Button variant="default" onClick={() => setDialog('off')}>
                  {t('twoFactor.turnOff')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                {t('twoFactor.hint')}
              </Text>
              {!user.hasPassword && <Text size="sm">{t('twoFactor.needsPassword')}</Text>}
              <Button mt="xs" onClick={() => setDialog('on')} disabled={!user.hasPassword}>
                {t('twoFactor.turnOn')}
              </Button>
            </Stack>
          )
        }
      </Loaded>
      {dialog === 'on' && (
        <TurnOnDialog
          onClose={close}
          onEnabled={(codes) => {
            setUser({ ...user, twoFactor: true });
            void changed({ enabled: true, enabledAt: Date.now(), recoveryCodesLeft: codes });
            notifyOk(t('twoFactor.enabled'));
          }}
        />
      )}
      {dialog === 'codes' && (
        <ConfirmWithCodeDialog
          title={t('twoFactor.newCodes')}
          hint={t('twoFactor.newCodesHint')}
          action={t('twoFactor.create')}
          act={async (password, code) => {
            const { recoveryCodes } = await newRecoveryCodes(password, code);
            void changed();
            return recoveryCodes;
          }}
          onClose={close}
        />
      )}
      {dialog === 'off' && (
        <ConfirmWithCodeDialog
          title={t('twoFactor.offTitle')}
          hint={t('twoFactor.offHint')}
          action={t('twoFactor.turnOff')}
          danger
          act={async (password, code) => {
            await turnOffTwoFactor(password, code);
            setUser({ ...user, twoFactor: false });
            void changed({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
            notifyOk(t('twoFactor.disabled'));
          }}
          onClose={close}
        />
      )}
    </Card>
  );
}
