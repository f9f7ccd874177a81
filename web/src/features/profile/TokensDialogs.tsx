import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Modal, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isProblem } from '@/shared/api/client';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { expiries, expiryDay, useTokenMutations, type Expiry } from './tokensApi';
import { CopyValue } from '@/shared/ui/CopyValue';

/** The longest name the server keeps. */
const NAME_MAX = 100;

const expiryLabel: Record<Expiry, string> = { '30': 'tokens.expiry30', '90': 'tokens.expiry90', '365': 'tokens.expiry365', never: 'tokens.expiryNever' };

/**
 * A token just made, shown this once: a warning, the secret to copy, and a
 * command that tries it. Long lines wrap inside the dialog, never widen the
 * page. The title takes the focus, so that a screen reader reads from it.
 */
function TokenSecret({ token }: { token: CreatedApiToken }) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const command = `curl -H "Authorization: Bearer ${token.token}" ${window.location.origin}/api/v1/accounts`;
  const wrap = { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } as const;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" ref={title} tabIndex={-1} style={{ outline: 'none' }}>
        {t('tokens.secretTitle')}
      </Title>
      {/* The text in the text's colour: Mantine's yellow on the alert's yellow is below 4.5:1. */}
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} p="sm">
        <Text size="sm">{t('tokens.secretOnce')}</Text>
      </Alert>
      <Textarea
        label={t('tokens.secret')}
        value={token.token}
        readOnly
        autosize
        minRows={1}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { ...wrap, fontWeight: 600 } }}
      />
      <Group>
        <CopyValue value={token.token} label={t('tokens.copy')} copied={t('tokens.copied')} />
      </Group>
      <div>
        <Text size="sm" mb={4}>
          {t('tokens.tryIt')}
        </Text>
        <Group wrap="nowrap" gap="xs" align="flex-start">
          <Code block style={{ ...wrap, flex: 1, minWidth: 0, whiteSpace: 'pre-wrap' }}>
            {command}
          </Code>
          <CopyValue value={command} label={t('tokens.copyCommand')} copied={t('tokens.copied')} icon />
        </Group>
      </div>
    </Stack>
  );
}

/**
 * A new token: a name, read only (the default) or read and write, and when it
 * expires (90 days by default: at the end of that day on the user's clock).
 * Once made, the dialog shows its secret, and a click beside it does not lose it.
 */
export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { create } = useTokenMutations();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const day = expiryDay(expiry);
  const date = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long' });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setErrors({ name: t('fieldErrors.required') });
    const end = expiryDay(expiry);
    try {
      setMade(await create.mutateAsync({ name: trimmed, scope, ...(end && { expiresAt: end.getTime() }) }));
      setErrors({});
    } catch (err) {
      setErrors(fieldErrors(t, err));
      // limit_exceeded's general message speaks of amounts; here it is the 50 tokens.
      notifyError(isProblem(err) && err.code === 'limit_exceeded' ? t('tokens.limit') : errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('tokens.new')} closeOnClickOutside={!made}>
      {made ? (
        <Stack gap="md">
          <TokenSecret token={made} />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('tokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" component="form" onSubmit={(e: React.FormEvent) => void submit(e)}>
          <TextInput
            label={t('tokens.name')}
            description={t('tokens.nameHint')}
            // Required, said by the form itself (not the browser's bubble, in another language).
            withAsterisk
            aria-required
            maxLength={NAME_MAX}
            autoComplete="off"
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Radio.Group label={t('tokens.scope')} value={scope} onChange={(v) => setScope(v as ApiTokenScope)} error={errors.scope}>
            <Stack gap="xs" mt={6}>
              <Radio value="read" label={t('tokens.read')} description={t('tokens.readHint')} />
              <Radio value="write" label={t('tokens.write')} description={t('tokens.writeHint')} />
            </Stack>
          </Radio.Group>
          <Select
            label={t('tokens.expiry')}
            description={day ? t('tokens.until', { date: date.format(day) }) : t('tokens.untilRevoked')}
            data={expiries.map((x) => ({ value: x, label: t(expiryLabel[x]) }))}
            value={expiry}
            onChange={(v) => v && setExpiry(v as Expiry)}
            allowDeselect={false}
            error={errors.expiresAt}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('tokens.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Asks before revoking: whatever uses the token is refused from then on. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const { t } = useTranslation();
  const { revoke } = useTokenMutations();
  const go = async () => {
    try {
      await revoke.mutateAsync(token.id);
      notifyOk(t('tokens.revoked', { name: token.name }));
      onClose();
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('tokens.revokeTitle')}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('tokens.revokeQuestion', { name: token.name })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => void go()}>
            {t('tokens.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
