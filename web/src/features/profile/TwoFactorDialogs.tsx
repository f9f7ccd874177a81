import { useState } from 'react';
import { Box, Button, Group, Image, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isProblem } from '@/shared/api/client';
import type { TwoFactorSetup } from '@/shared/api/types';
import { codeFieldErrors, errorMessage } from '@/shared/ui/problems';
import { notifyError } from '@/shared/ui/notify';
import { confirmTwoFactor, startTwoFactor } from './api';
import { CodeInput, RecoveryCodesPanel, typedCode } from './RecoveryCodes';
import { CopyValue } from '@/shared/ui/CopyValue';

/**
 * A base32 secret in groups of four ("ABCD EFGH …"), easier to type from the
 * screen, in two halves that each stay on one line: a 32-character key reads
 * as two lines of four groups rather than six and two.
 */
function GroupedKey({ secret }: { secret: string }) {
  const groups = secret.match(/.{1,4}/g) ?? [];
  const half = Math.ceil(groups.length / 2);
  return (
    <Text ff="monospace" fw={600} style={{ flex: 1, minWidth: 0 }}>
      <span style={{ whiteSpace: 'nowrap' }}>{groups.slice(0, half).join(' ')}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{groups.slice(half).join(' ')}</span>
    </Text>
  );
}

/** The form state of a dialog: its fields' errors from the server, and whether it is waiting for it. */
function useSubmit() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setErrors({});
    } catch (e) {
      setErrors(codeFieldErrors(t, e));
      notifyError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}

type TurnOnStep = { at: 'password' } | { at: 'scan'; setup: TwoFactorSetup } | { at: 'codes'; codes: string[] };

/**
 * Turning two-step verification on, in three steps: the current password
 * starts a setup; the app scans its QR code (or takes the key by hand) and
 * its first code confirms it; the recovery codes are shown once. From then
 * on it is on: closing the dialog at the last step is the same as Done.
 */
export function TurnOnDialog({ onClose, onEnabled }: { onClose: () => void; onEnabled: (recoveryCodes: number) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<TurnOnStep>({ at: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { errors, setErrors, busy, run } = useSubmit();
  const number = step.at === 'password' ? 1 : step.at === 'scan' ? 2 : 3;
  const finish = () => {
    if (step.at === 'codes') onEnabled(step.codes.length);
    onClose();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step.at === 'password') {
      if (!password) return setErrors({ currentPassword: t('fieldErrors.required') });
      void run(async () => setStep({ at: 'scan', setup: await startTwoFactor(password) }));
    } else if (step.at === 'scan') {
      const typed = typedCode(code);
      if (!typed) return setErrors({ code: t('fieldErrors.required') });
      void run(async () => {
        try {
          setStep({ at: 'codes', codes: (await confirmTwoFactor(typed)).recoveryCodes });
        } catch (err) {
          // The pending setup is gone (it expired): the password starts another.
          if (isProblem(err) && err.code === 'two_factor_not_started') setStep({ at: 'password' });
          throw err;
        }
      });
    }
  };

  return (
    <Modal
      opened
      onClose={step.at === 'codes' ? finish : onClose}
      title={t('twoFactor.setupTitle')}
      // The recovery codes are shown once: a click beside the dialog does not lose them.
      closeOnClickOutside={step.at !== 'codes'}
    >
      <Text size="xs" c="dimmed" mb="xs">
        {t('twoFactor.step', { step: number })}
      </Text>
      {step.at === 'codes' ? (
        <Stack gap="md">
          <RecoveryCodesPanel codes={step.codes} />
          <Group justify="flex-end">
            <Button onClick={finish}>{t('twoFactor.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" component="form" onSubmit={submit}>
          {step.at === 'password' ? (
            <>
              <Text size="sm">{t('twoFactor.passwordStep')}</Text>
              <PasswordInput
                label={t('profile.currentPassword')}
                autoComplete="current-password"
                data-autofocus
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.currentPassword}
              />
            </>
          ) : (
            <>
              <Text size="sm">{t('twoFactor.scan')}</Text>
              {/* The QR code on white in both themes: a dark quiet zone is read by fewer apps. */}
              <Image src={step.setup.qrCode} alt={t('twoFactor.qrAlt')} w={196} h={196} p={8} bg="white" radius="md" mx="auto" fit="contain" />
              <div>
                <Text size="sm">{t('twoFactor.manual')}</Text>
                <Group wrap="nowrap" gap="xs" mt={4} py={6} px="sm" style={{ border: '1px solid var(--cc-border)', borderRadius: 'var(--mantine-radius-md)' }}>
                  <GroupedKey secret={step.setup.secret} />
                  <CopyValue value={step.setup.secret} label={t('twoFactor.copyKey')} copied={t('twoFactor.copied')} icon />
                </Group>
              </div>
              <Box>
                <Text size="sm" mb={4}>
                  {t('twoFactor.enterCode')}
                </Text>
                <CodeInput label={t('twoFactor.code')} autoFocus value={code} onChange={(e) => setCode(e.currentTarget.value)} error={errors.code} />
              </Box>
            </>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {step.at === 'password' ? t('common.continue') : t('twoFactor.turnOn')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * A change that the password and a code confirm (new recovery codes, turning
 * two-step verification off). act answers the new recovery codes to show, or
 * nothing when the dialog is done.
 */
export function ConfirmWithCodeDialog({
  title,
  hint,
  action,
  danger = false,
  act,
  onClose,
}: {
  title: string;
  hint: string;
  action: string;
  danger?: boolean;
  act: (password: string, code: string) => Promise<string[] | void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const { errors, setErrors, busy, run } = useSubmit();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const typed = typedCode(code);
    const missing: Record<string, string> = {};
    if (!password) missing.currentPassword = t('fieldErrors.required');
    if (!typed) missing.code = t('fieldErrors.required');
    if (Object.keys(missing).length) return setErrors(missing);
    void run(async () => {
      const fresh = await act(password, typed);
      if (fresh) setCodes(fresh);
      else onClose();
    });
  };
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={!codes}>
      {codes ? (
        <Stack gap="md">
          <RecoveryCodesPanel codes={codes} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('twoFactor.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" component="form" onSubmit={submit}>
          <Text size="sm">{hint}</Text>
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.currentPassword}
          />
          <CodeInput
            label={t('twoFactor.codeOrRecovery')}
            inputMode="text"
            autoCapitalize="none"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={busy}>
              {action}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
