import { useEffect, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { LinkRegular } from '@fluentui/react-icons';
import { COPY_LINK_TEXT } from '../../../shared/rules/app-links';
import { shareableLink } from '../copy-link';
import { useNotify } from '../toast';

/**
 * 'Copy link' for a screen (renderer/lib/copy-link.ts says which link). The link is
 * worked out before the click, so the clipboard is written in the click itself, as browsers ask.
 * The desktop window may write to the clipboard (electron/window-security.ts).
 */
export function CopyLinkButton({ appPath }: { appPath: string }) {
  const notify = useNotify();
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void shareableLink(appPath).then((value) => current && setLink(value), () => undefined);
    return () => {
      current = false;
    };
  }, [appPath]);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify.success(COPY_LINK_TEXT.copied);
    } catch {
      // no clipboard access (an old browser, a page without focus): the link is in the toast to copy by hand
      notify.failure(`${COPY_LINK_TEXT.failed} ${link}`);
    }
  };

  return (
    <Button icon={<LinkRegular />} disabled={!link} onClick={() => void copy()}>
      {COPY_LINK_TEXT.action}
    </Button>
  );
}
