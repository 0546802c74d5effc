import { useState, type FormEvent } from 'react';
import { Combobox, Field, Input, makeStyles, Option, Textarea, tokens } from '@fluentui/react-components';
import { linkBodySchema, type Link } from '../../../../shared/api/links';
import { LinkPicture } from '../../../lib/components/LinkCard';
import type { LinkSave } from '../api/links';
import { readPicture } from '../picture-file';
import { generalError, hubFieldErrors } from '../../../lib/field-errors';
import { FormDialog } from './FormDialog';

const useStyles = makeStyles({
  // reflow (WCAG 1.4.10): two columns that may shrink, one in a narrow window
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' }, gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  wide: { gridColumn: '1 / -1' },
  picture: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

type Values = { name: string; category: string; url: string; description: string };
const FIELDS = ['name', 'category', 'url', 'description', 'image'] as const;

/** Field messages of the shared schema: the form shows what the hub would answer (spec §5 link rules). */
function check(values: Values): Record<string, string> {
  const parsed = linkBodySchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

interface Props {
  link: Link | null;
  categories: string[];
  onClose: () => void;
  save: (input: LinkSave) => Promise<unknown>;
  saving: boolean;
}

/** Create and edit a link: name, category, url, description (all required, spec §5) and a picture. */
export function LinkDialog({ link, categories, onClose, save, saving }: Props) {
  const styles = useStyles();
  const [values, setValues] = useState<Values>({ name: link?.name ?? '', category: link?.category ?? '', url: link?.url ?? '', description: link?.description ?? '' });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [server, setServer] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [picture, setPicture] = useState<{ base64?: string; type?: string; problem?: string }>({});
  const local = check(values);
  const messageOf = (field: string) => (touched.has(field) ? local[field] : undefined) ?? server[field];
  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
    setServer((s) => ({ ...s, [field]: '' }));
  };

  const choose = async (file: File | undefined) => {
    if (!file) return setPicture({});
    const read = await readPicture(file);
    setPicture('problem' in read ? { problem: read.problem } : read);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    if (Object.keys(local).length > 0 || picture.problem) return;
    try {
      // the status is kept as it is: deleting and restoring have their own actions
      await save({ id: link?.id, body: { ...values, status: link?.status ?? 'active' }, picture: picture.base64 });
      onClose();
    } catch (error) {
      setServer(hubFieldErrors(error));
      setGeneral(generalError(error, [...FIELDS]));
    }
  };

  const field = (name: string) => ({ validationMessage: messageOf(name), validationState: messageOf(name) ? ('error' as const) : ('none' as const) });

  return (
    <FormDialog
      title={link ? 'Edit link' : 'New link'}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      general={general}
      contentClassName={styles.form}
      generalClassName={styles.wide}
      maxWidth={720}
    >
      <Field label="Name" required {...field('name')}>
        <Input value={values.name} maxLength={100} onChange={(_, d) => set('name', d.value)} />
      </Field>
      <Field label="Category" required {...field('category')}>
        <Combobox freeform value={values.category} selectedOptions={[values.category]} onInput={(e) => set('category', (e.target as HTMLInputElement).value)} onOptionSelect={(_, d) => set('category', d.optionValue ?? '')}>
          {categories.map((c) => <Option key={c} value={c}>{c}</Option>)}
        </Combobox>
      </Field>
      <Field label="URL" required className={styles.wide} {...field('url')} hint="An http:// or https:// address">
        <Input type="url" value={values.url} maxLength={2000} onChange={(_, d) => set('url', d.value)} />
      </Field>
      <Field label="Description" required className={styles.wide} {...field('description')}>
        <Textarea value={values.description} maxLength={2000} rows={3} onChange={(_, d) => set('description', d.value)} />
      </Field>
      <Field
        label="Picture"
        className={styles.wide}
        hint="png or jpeg, at most 1MB"
        validationMessage={picture.problem ?? server.image}
        validationState={picture.problem || server.image ? 'error' : 'none'}
      >
        <div className={styles.picture}>
          {link && !picture.base64 && <LinkPicture link={link} size={40} />}
          {picture.base64 && <img src={`data:${picture.type};base64,${picture.base64}`} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />}
          <input type="file" accept="image/png,image/jpeg" aria-label="Picture" onChange={(e) => void choose(e.target.files?.[0])} />
        </div>
      </Field>
    </FormDialog>
  );
}
