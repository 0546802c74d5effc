import { useRef, useState } from 'react';
import { Button, Card, CardHeader, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowUpload20Regular } from '@fluentui/react-icons';
import { HubError } from '../../../../shared/api/hub-error';
import { decodeCsvBytes } from '../../../../shared/rules/csv-bytes';
import { errorText } from '../../../lib/api';
import { useNotify } from '../../../lib/toast';
import { useCsvImport, type CsvKind } from '../api/imports';

const useStyles = makeStyles({
  card: { flex: '1 1 320px' },
  columns: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '160px', overflowY: 'auto' },
});

interface Props {
  kind: CsvKind;
  title: string;
  columns: string;
}

/** design §3: an admin uploads a CSV; a file with any bad row changes nothing and lists each line. */
export function CsvUpload({ kind, title, columns }: Props) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useCsvImport(kind);
  const notify = useNotify();
  const problems = upload.error instanceof HubError ? upload.error.errors.map((e) => e.message) : [];

  const send = async () => {
    if (!file) return;
    try {
      // Excel's plain "CSV" is Windows-1252, which file.text() would read as UTF-8 and mangle
      const { run } = await upload.mutateAsync(decodeCsvBytes(new Uint8Array(await file.arrayBuffer())).text);
      notify.success(`Imported ${run.rows} rows`);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      // shown below, line by line
    }
  };

  return (
    <Card className={styles.card}>
      <CardHeader header={<Text weight="semibold">{title}</Text>} description={<span className={styles.columns}>{columns}</span>} />
      <div className={styles.row}>
        <input ref={input} type="file" accept=".csv,text/csv" aria-label={`${title} file`} onChange={(e) => { setFile(e.target.files?.[0] ?? null); upload.reset(); }} />
        <Button appearance="primary" icon={upload.isPending ? <Spinner size="tiny" /> : <ArrowUpload20Regular />} disabled={!file || upload.isPending} onClick={send}>
          Import
        </Button>
      </div>
      {upload.isError && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{problems[0] ?? errorText(upload.error)}</MessageBarTitle>
            {problems.length > 1 && (
              <ul className={styles.problems}>
                {problems.slice(1).map((p) => <li key={p}>{p}</li>)}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </Card>
  );
}
