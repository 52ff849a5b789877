import { COPY_CONFIRMATION_MS } from '@omnia/contracts/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { message } from '@/lib/messages';

async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Non-secure contexts (plain http on a LAN address) have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/**
 * Copies text and reports which key was copied for COPY_CONFIRMATION_MS (SPEC §7). With a label,
 * a toast says '{label} copied to clipboard'.
 */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (key: string, text: string, label?: string) => {
    try {
      await writeClipboard(text);
    } catch {
      toast.error(message('unexpectedError'));
      return;
    }
    setCopied(key);
    if (label) toast.success(message('copied', { label }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
  }, []);

  return { copied, copy };
}
