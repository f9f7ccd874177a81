import { useState } from 'react';
import { Alert, Button, FileButton, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBuildingBank, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BankConnectInput } from '@/shared/api/schema.gen';
import { FormActions } from '@/shared/ui/FormActions';
import { LazyModal } from '@/shared/ui/LazyModal';
import { notifyOk } from '@/shared/ui/notify';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { Card } from '@/shared/ui/Card';
import { useConnectBank } from './api';

type Provider = 'simplefin' | 'enablebanking';

/** Connect a bank: SimpleFIN (a setup token) or Enable Banking (the user's own application); each opens its form in a dialog. */
export function ConnectSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Provider | null>(null);
  // The provider last opened: the dialog keeps its title while it fades out.
  const [shown, setShown] = useState<Provider>('simplefin');
  const openFor = (p: Provider) => {
    setShown(p);
    setOpen(p);
  };
  return (
    <Card title={t('banks.connectTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('banks.intro')}</Text>
        {(['simplefin', 'enablebanking'] as const).map((p) => (
          <Group key={p} justify="space-between" wrap="wrap" gap="sm">
            <div style={{ flex: '1 1 240px' }}>
              <Text size="sm" fw={500}>
                {t(`banks.${p}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`banks.${p}Hint`)}
              </Text>
            </div>
            <Button variant="default" leftSection={<IconBuildingBank size={18} aria-hidden />} onClick={() => openFor(p)} disabled={disabled}>
              {t(p === 'simplefin' ? 'banks.connectSimplefin' : 'banks.connectEnableBanking')}
            </Button>
          </Group>
        ))}
      </Stack>
      <LazyModal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t(shown === 'enablebanking' ? 'banks.connectEnableBanking' : 'banks.connectSimplefin')}
        size="lg"
      >
        {open && <ConnectForm provider={open} onCancel={() => setOpen(null)} onDone={() => setOpen(null)} />}
      </LazyModal>
    </Card>
  );
}

function ConnectForm({ provider, onCancel, onDone }: { provider: Provider; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const connect = useConnectBank();
  const [token, setToken] = useState('');
  const [appId, setAppId] = useState('');
  const [key, setKey] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const errs = { ...fieldErrors(t, connect.error), ...missing };
  // A problem of no field of the form (the server's key, the provider's failure) is said above the buttons.
  const shown = provider === 'simplefin' ? ['setupToken'] : ['applicationId', 'privateKey'];
  const served = fieldErrors(t, connect.error);
  const general = connect.error ? (Object.keys(served).some((f) => shown.includes(f)) ? null : errorMessage(t, connect.error)) : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input: BankConnectInput =
      provider === 'simplefin' ? { provider, setupToken: token.trim() } : { provider, applicationId: appId.trim(), privateKey: key.trim() };
    const need: Record<string, string> = {};
    for (const f of shown) if (!input[f as keyof BankConnectInput]) need[f] = t('fieldErrors.required');
    setMissing(need);
    if (Object.keys(need).length > 0) return;
    try {
      await connect.mutateAsync(input);
      if (provider === 'simplefin') notifyOk(t('banks.connected'));
      onDone();
    } catch {
      // shown below: at its field, or in the alert
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {provider === 'simplefin' ? (
          <Textarea
            label={t('banks.setupToken')}
            description={t('banks.setupTokenHint')}
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            error={errs.setupToken}
            autosize
            minRows={3}
            maxRows={8}
            required
            data-autofocus
            spellCheck={false}
            autoComplete="off"
          />
        ) : (
          <>
            <TextInput
              label={t('banks.applicationId')}
              description={t('banks.applicationIdHint')}
              value={appId}
              onChange={(e) => setAppId(e.currentTarget.value)}
              error={errs.applicationId}
              required
              data-autofocus
              spellCheck={false}
              autoComplete="off"
            />
            <Textarea
              label={t('banks.privateKey')}
              description={t('banks.privateKeyHint')}
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              error={errs.privateKey}
              autosize
              minRows={4}
              maxRows={10}
              required
              spellCheck={false}
              autoComplete="off"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group>
              <FileButton onChange={(f) => void f?.text().then(setKey)} accept=".pem,.key,text/plain,application/x-pem-file">
                {(props) => (
                  <Button {...props} variant="subtle" size="xs" leftSection={<IconFileUpload size={16} aria-hidden />}>
                    {t('banks.privateKeyFile')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        )}
        {general && (
          <Alert color="red" role="alert">
            {general}
          </Alert>
        )}
        <FormActions onCancel={onCancel} label={t('banks.connect')} busy={connect.isPending} />
      </Stack>
    </form>
  );
}
