import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@/shared/api/types';
import { isPasskeyCancelled, passkeyErrorMessage } from '@/shared/ui/passkeyErrors';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { usePasskeyMutations } from './passkeysApi';
import { deviceOf } from './userAgent';

/** The longest name the server keeps. */
const NAME_MAX = 100;

/** A first name for a new passkey: this browser and system ("Firefox on Android"), which the user may change. */
function guessName(t: TFunction): string {
  const { browser, os } = deviceOf(navigator.userAgent);
  if (browser && os) return t('security.deviceOn', { browser, os });
  return browser ?? os ?? '';
}

/** The name field of the add and rename dialogs. */
function NameInput({ value, onChange, error, hint }: { value: string; onChange: (v: string) => void; error?: string; hint?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('passkeys.name')}
      description={hint ? t('passkeys.nameHint') : undefined}
      withAsterisk
      aria-required
      maxLength={NAME_MAX}
      autoComplete="off"
      data-autofocus
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * Adds a passkey: a name (this device's, guessed), then the browser's own
 * dialog. Closing that dialog is no failure: the dialog says so calmly and
 * stays, to try again.
 */
export function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { add } = usePasskeyMutations();
  const [name, setName] = useState(() => guessName(t));
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ cancelled: boolean; message: string } | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    setOutcome(null);
    if (!trimmed) return setError(t('fieldErrors.required'));
    setError(undefined);
    try {
      const made = await add.mutateAsync(trimmed);
      notifyOk(t('passkeys.added', { name: made.name }));
      onClose();
    } catch (err) {
      setError(fieldErrors(t, err).name);
      setOutcome({ cancelled: isPasskeyCancelled(err), message: passkeyErrorMessage(t, err) });
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('passkeys.add')}>
      <Stack gap="sm" component="form" onSubmit={(e: React.FormEvent) => void submit(e)}>
        <NameInput value={name} onChange={setName} error={error} hint />
        <Text size="sm" c="dimmed">
          {t('passkeys.addHint')}
        </Text>
        {outcome &&
          (outcome.cancelled ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} role="status" p="sm">
              <Text size="sm">{outcome.message}</Text>
            </Alert>
          ) : (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" p="sm">
              <Text size="sm">{outcome.message}</Text>
            </Alert>
          ))}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('passkeys.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A new name for a passkey. */
export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const { rename } = usePasskeyMutations();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('fieldErrors.required'));
    try {
      await rename.mutateAsync({ id: passkey.id, name: trimmed });
      notifyOk(t('passkeys.renamed'));
      onClose();
    } catch (err) {
      setError(fieldErrors(t, err).name);
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('passkeys.renameTitle')}>
      <Stack gap="sm" component="form" onSubmit={(e: React.FormEvent) => void submit(e)}>
        <NameInput value={name} onChange={setName} error={error} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before removing: the passkey stops signing in (the device may still offer it). */
export function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const { remove } = usePasskeyMutations();
  const go = async () => {
    try {
      await remove.mutateAsync(passkey.id);
      notifyOk(t('passkeys.removed', { name: passkey.name }));
      onClose();
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('passkeys.removeTitle')}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('passkeys.removeQuestion', { name: passkey.name })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void go()}>
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
