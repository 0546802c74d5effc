import { useEffect, useRef, useState } from 'react';
import {
  Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle,
  makeStyles, MessageBar, MessageBarBody,
} from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { Profile } from '../../../../../shared/api/people';
import { extrasUpdateSchema } from '../../../../../shared/api/people-extras';
import { useAtomValue } from 'jotai';
import { canViewBitstoneInfo, canViewSensitivePersonalInfo, type ExtraSection } from '../../../../../shared/rules/permissions';
import { EXTRA_MESSAGES, PEOPLE_TOASTS } from '../../../../../shared/rules/people-messages';
import { userAtom } from '../../../../lib/session/session';
import { NestedAlert } from '../../../../lib/components/NestedAlert';
import { useNotify } from '../../../../lib/toast';
import { useSaveExtras } from '../../api/extras';
import { hubFieldErrors, zodFieldErrors } from '../form-errors';
import { BitstoneSection } from './BitstoneSection';
import { ExperienceSection } from './ExperienceSection';
import { toBody, toForm, type ExtrasForm } from './extras-form';
import { PersonalSection } from './PersonalSection';
import { ProjectsSection } from './ProjectsSection';

const useStyles = makeStyles({ surface: { maxWidth: '960px', width: '95vw' } });

const TITLES: Record<ExtraSection, string> = {
  bitstoneInfo: 'Bitstone information',
  relevantExperience: 'Relevant experience',
  projectsInfo: 'Project experience',
  personalInfo: 'Personal information',
};
const ORDER: ExtraSection[] = ['bitstoneInfo', 'relevantExperience', 'projectsInfo', 'personalInfo'];
const REQUIRED_MESSAGES = new Set<string>([EXTRA_MESSAGES.field, EXTRA_MESSAGES.company, EXTRA_MESSAGES.position, EXTRA_MESSAGES.projectTitle]);

/**
 * spec §2 'Extra details dialog': four accordion sections, each unlocked by its capability (or
 * the owner / team-lead rules, spec §6); a missing required entry stops the save with
 * 'Action denied' / 'You have required fields unfilled.'.
 */
export default function ExtraDetailsDialog({ profile, sections, onClose }: { profile: Profile; sections: ExtraSection[]; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [form, setForm] = useState<ExtrasForm>(() => toForm(profile.extras));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [denied, setDenied] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  // a refused save moves to its first refused field: in a long dialog it may be out of view
  const surface = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const field = refusals > 0 ? surface.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    // centred, so its message below it is in view too
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  }, [refusals]);
  const save = useSaveExtras(profile.id);
  const actor = useAtomValue(userAtom);
  const target = { id: profile.id, teamIds: profile.team.map((t) => t.id) };
  const showMoney = !!actor && canViewBitstoneInfo(actor, target);
  const showSensitive = !!actor && canViewSensitivePersonalInfo(actor, target);

  const submit = async () => {
    const body = toBody(form, sections);
    const parsed = extrasUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      // spec §5's 'Action denied' is for a required entry left empty; any other message (a birth
      // date out of range) stands by its field alone
      const missing = parsed.error.issues.some((issue) => REQUIRED_MESSAGES.has(issue.message));
      setDenied(missing);
      if (!missing) setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notify.success(PEOPLE_TOASTS.userUpdated);
      onClose();
    } catch (error) {
      const { fields, general: text } = hubFieldErrors(error);
      setErrors(fields);
      setGeneral(text);
      setRefusals((n) => n + 1);
    }
  };

  const panel = (section: ExtraSection) => {
    switch (section) {
      case 'bitstoneInfo': return <BitstoneSection value={form.bitstone} showMoney={showMoney} onChange={(bitstone) => setForm({ ...form, bitstone })} />;
      case 'relevantExperience': return <ExperienceSection rows={form.experience} errors={errors} onChange={(experience) => setForm({ ...form, experience })} />;
      case 'projectsInfo': return <ProjectsSection rows={form.projects} errors={errors} onChange={(projects) => setForm({ ...form, projects })} />;
      case 'personalInfo': return <PersonalSection value={form.personal} errors={errors} showSensitive={showSensitive} onChange={(personal) => setForm({ ...form, personal })} />;
    }
  };

  return (
    <>
      <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface ref={surface} className={styles.surface}>
          <DialogBody>
            <DialogTitle>Extra details</DialogTitle>
            <DialogContent>
              {general && <MessageBar intent="error"><MessageBarBody>{general}</MessageBarBody></MessageBar>}
              <Accordion multiple collapsible defaultOpenItems={sections.slice(0, 1)}>
                {ORDER.map((section) => {
                  const unlocked = sections.includes(section);
                  return (
                    <AccordionItem key={section} value={section} disabled={!unlocked}>
                      <AccordionHeader expandIcon={unlocked ? undefined : <LockClosedRegular aria-label="Locked" />}>{TITLES[section]}</AccordionHeader>
                      {unlocked && <AccordionPanel>{panel(section)}</AccordionPanel>}
                    </AccordionItem>
                  );
                })}
              </Accordion>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" disabledFocusable={save.isPending} onClick={() => void submit()}>{save.isPending ? 'Saving…' : 'Save'}</Button>
            </DialogActions>
          </DialogBody>
          <NestedAlert open={denied} title={EXTRA_MESSAGES.deniedTitle} onClose={() => setDenied(false)}>{EXTRA_MESSAGES.deniedBody}</NestedAlert>
        </DialogSurface>
      </Dialog>
    </>
  );
}
