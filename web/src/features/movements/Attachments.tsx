import { ActionIcon, Anchor, Box, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconCamera, IconFileTypePdf, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isProblem } from '@/shared/api/client';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useAttachmentMutations, useAttachments } from './api';

/** What the server accepts (it sniffs the bytes again; this only spares a useless upload). */
const accepted = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const maxBytes = 10 * 1024 * 1024;
const maxFiles = 10;

/** The files kept with a movement: thumbnails, a drop zone and file picker, and the phone's camera (readOnly: the thumbnails only). */
export function Attachments({ movementId, readOnly = false }: { movementId: string; readOnly?: boolean }) {
  const { t } = useTranslation();
  const { data: items = [] } = useAttachments(movementId);
  const { add, remove } = useAttachmentMutations(movementId);
  const full = items.length >= maxFiles;

  const upload = async (files: File[]) => {
    for (const file of files.slice(0, maxFiles - items.length)) {
      try {
        await add.mutateAsync(file);
        notifyOk(t('attachments.added', { name: file.name }));
      } catch (e) {
        // The server read the bytes: not an image or a PDF, or too large.
        const refused = isProblem(e) && (e.code === 'unsupported_media_type' || e.code === 'payload_too_large');
        notifyError(refused ? t('attachments.rejected') : errorMessage(t, e));
      }
    }
  };

  return (
    <Stack gap="xs">
      <Group gap={6}>
        <IconPaperclip size={16} aria-hidden />
        <Text fw={600} size="sm">
          {t('attachments.title')}
        </Text>
      </Group>
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((a) => (
            <Box component="li" key={a.id} pos="relative">
              <Anchor href={`/api/v1/attachments/${a.id}`} target="_blank" rel="noopener" aria-label={t('attachments.open', { name: a.name })}>
                <Paper withBorder radius="sm" h={88} style={{ overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  {a.thumbnail ? (
                    <Image src={`/api/v1/attachments/${a.id}/thumbnail`} alt={a.name} h={88} w="100%" fit="cover" />
                  ) : (
                    <Stack gap={2} align="center" p={4}>
                      <ThemeIcon variant="default" size="lg" aria-hidden>
                        <IconFileTypePdf size={20} />
                      </ThemeIcon>
                      <Text size="xs" lineClamp={2} ta="center" style={{ overflowWrap: 'anywhere' }}>
                        {a.name}
                      </Text>
                    </Stack>
                  )}
                </Paper>
              </Anchor>
              {!readOnly && (
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  variant="filled"
                  aria-label={t('attachments.remove', { name: a.name })}
                  loading={remove.isPending && remove.variables === a.id}
                  onClick={() => remove.mutate(a.id, { onSuccess: () => notifyOk(t('attachments.removed')), onError: (e) => notifyError(errorMessage(t, e)) })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Box>
          ))}
        </SimpleGrid>
      )}
      {readOnly ? null : full ? (
        <Text size="sm" c="dimmed">
          {t('attachments.full')}
        </Text>
      ) : (
        <>
          <Dropzone
            onDrop={(files) => void upload(files)}
            onReject={() => notifyError(t('attachments.rejected'))}
            accept={accepted}
            maxSize={maxBytes}
            loading={add.isPending}
            p="sm"
            aria-label={t('attachments.drop')}
          >
            <Group gap="sm" justify="center" wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <IconUpload size={22} aria-hidden />
              <div>
                <Text size="sm">{t('attachments.drop')}</Text>
                <Text size="xs" c="dimmed">
                  {t('attachments.hint')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          <Group hiddenFrom="sm">
            <FileButton onChange={(f) => f && void upload([f])} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconCamera size={16} />} loading={add.isPending}>
                  {t('attachments.camera')}
                </Button>
              )}
            </FileButton>
          </Group>
        </>
      )}
    </Stack>
  );
}
