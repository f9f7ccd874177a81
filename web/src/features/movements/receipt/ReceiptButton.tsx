import { lazy, Suspense, useId, useState } from 'react';
import { Button, FileButton, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/i18n';
import { ensureReceiptStrings } from './strings';
import type { ReceiptValues } from './values';

// The reader (its dialog, the parser and, once a photo is chosen, the OCR
// engine) is its own chunk: no screen loads it until the person picks a photo.
const ReceiptDialog = lazy(() => import('./ReceiptDialog'));

/**
 * "Read a receipt": a photo from the phone's camera (capture) or a file on a
 * desktop, read on this device into the movement form's fields (onRead), the
 * photo kept to attach to the movement.
 */
export function ReceiptButton({
  onRead,
  currencies,
  accountCurrency,
}: {
  onRead: (values: ReceiptValues, photo: File) => void;
  /** The currencies of the user's accounts (a bare "$" is the one dollar among them). */
  currencies: string[];
  /** The chosen account's: the amount's when the receipt names none. */
  accountCurrency: string;
}) {
  const { t, i18n } = useTranslation();
  const hint = useId();
  const lang = i18n.language as Language;
  const [photo, setPhoto] = useState<File | null>(null);
  // Its strings are their own chunk per language (the sign-in page never loads them).
  const strings = useQuery({
    queryKey: ['i18n', 'receipt', lang],
    queryFn: () => ensureReceiptStrings(i18n, lang),
    staleTime: Infinity,
    gcTime: Infinity,
    networkMode: 'always',
  });
  if (!strings.data) return null;
  return (
    <>
      <div>
        <FileButton onChange={setPhoto} accept="image/*" capture="environment">
          {(props) => (
            <Button
              {...props}
              onClick={() => {
                props.onClick();
                // Asked for: the engine loads while the camera or the file picker is open.
                void import('./ocr').then((m) => m.warmUp()).catch(() => undefined);
              }}
              variant="default"
              size="compact-sm"
              leftSection={<IconReceipt size={16} aria-hidden />}
              aria-describedby={hint}
            >
              {t('receipt.read')}
            </Button>
          )}
        </FileButton>
        <Text id={hint} size="xs" c="dimmed" mt={4}>
          {t('receipt.readHint')}
        </Text>
      </div>
      {photo && (
        <Suspense fallback={null}>
          <ReceiptDialog
            key={`${photo.name}-${photo.size}-${photo.lastModified}`}
            photo={photo}
            currencies={currencies}
            accountCurrency={accountCurrency}
            onClose={() => setPhoto(null)}
            onUse={(values) => {
              onRead(values, photo);
              setPhoto(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
