import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowLeftRegular, DocumentPdfRegular, EditRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import type { Profile } from '../../../../shared/api/people';
import { canEditExtraSection, canEditTeams, canEditUserInfo, canSeeFiles, hasCapability, type ExtraSection } from '../../../../shared/rules/permissions';
import { mayChangeUserField } from '../../../../shared/rules/user-fields';
import { userExportFile } from '../../../../shared/rules/people-exports';
import { PEOPLE_TOASTS } from '../../../../shared/rules/people-messages';
import type { SessionUser } from '../../../../shared/api/users';
import { errorText } from '../../../lib/api';
import { CopyLinkButton } from '../../../lib/components/CopyLinkButton';
import { OpenInDesktopApp } from '../../../lib/components/OpenInDesktopApp';
import { EmptyState, PageFrame } from '../../../lib/components/PageFrame';
import { OFFLINE_VIEWS, OfflineBanner, useOffline } from '../../../lib/offline';
import { PATHS, profilePath } from '../../../lib/paths';
import { globalSearchAtom } from '../../../lib/search';
import { userAtom } from '../../../lib/session/session';
import { getTransport } from '../../../lib/transport';
import { useNotify } from '../../../lib/toast';
import { useArchiveMember, useProfile, useRestoreMember } from '../api/members';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ExtraDetailsTabs } from '../components/ExtraDetailsTabs';
import { ProfileHeader } from '../components/ProfileHeader';
import { Section } from '../components/Section';
import { UserInformation } from '../components/UserInformation';
import { VpnFile } from '../components/VpnFile';

const MemberDialog = lazy(() => import('../components/MemberDialog'));
const TeamsDialog = lazy(() => import('../components/TeamsDialog'));
const ExtraDetailsDialog = lazy(() => import('../components/extras/ExtraDetailsDialog'));
const PictureEditor = lazy(() => import('../components/PictureEditor'));
const CvPreviewDialog = lazy(() => import('../components/CvPreviewDialog'));

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

type Open = 'edit' | 'teams' | 'extras' | 'picture' | 'archive' | 'restore' | null;
const SECTIONS: ExtraSection[] = ['bitstoneInfo', 'relevantExperience', 'projectsInfo', 'personalInfo'];

function ProfileBody({ profile, actor }: { profile: Profile; actor: SessionUser }) {
  const styles = useStyles();
  const notify = useNotify();
  const [open, setOpen] = useState<Open>(null);
  const [pictureVersion, setPictureVersion] = useState(0);
  const archive = useArchiveMember();
  const restore = useRestoreMember();
  const target = { id: profile.id, teamIds: profile.team.map((t) => t.id) };
  // offline: a kept profile is read-only, every change needs the hub
  const online = !useOffline();
  const editableSections = online ? SECTIONS.filter((s) => mayChangeUserField(actor, target, s)) : [];
  const close = () => setOpen(null);

  const changeStatus = async (to: 'archive' | 'restore') => {
    try {
      await (to === 'archive' ? archive : restore).mutateAsync(profile.id);
      notify.success(to === 'archive' ? PEOPLE_TOASTS.userArchived : PEOPLE_TOASTS.userRestored);
    } catch (error) {
      notify.failure(errorText(error));
    }
    close();
  };

  return (
    <div className={styles.body}>
      <ProfileHeader
        profile={profile}
        pictureVersion={pictureVersion}
        canChangePicture={online && mayChangeUserField(actor, target, 'picture')}
        canArchive={online && mayChangeUserField(actor, target, 'status')}
        onPicture={() => setOpen('picture')}
        onArchive={() => setOpen('archive')}
        onRestore={() => setOpen('restore')}
      />
      <UserInformation
        profile={profile}
        canEdit={online && canEditUserInfo(actor, target)}
        onEdit={() => setOpen('edit')}
        extraAction={online && canEditTeams(actor) && <Button icon={<PeopleTeamRegular />} onClick={() => setOpen('teams')}>Teams</Button>}
      />
      {online && canSeeFiles(actor, target) && (
        <Section title="FILES"><VpnFile ownerName={profile.name} /></Section>
      )}
      <Section
        title="EXTRA DETAILS"
        actions={editableSections.length > 0 && <Button icon={<EditRegular />} onClick={() => setOpen('extras')}>Edit</Button>}
      >
        <ExtraDetailsTabs extras={profile.extras} showRelevant={canEditExtraSection(actor, target, 'relevantExperience')} />
      </Section>

      <ConfirmDialog open={open === 'archive'} title="Archive member" text={`Are you sure you want to delete ${profile.name}?`} busy={archive.isPending} onNo={close} onYes={() => void changeStatus('archive')} />
      <ConfirmDialog open={open === 'restore'} title="Restore member" text={`Are you sure you want to restore ${profile.name}?`} busy={restore.isPending} onNo={close} onYes={() => void changeStatus('restore')} />
      <Suspense fallback={null}>
        {open === 'edit' && <MemberDialog mode="edit" open member={profile} onClose={close} />}
        {open === 'teams' && <TeamsDialog member={profile} onClose={close} />}
        {open === 'extras' && <ExtraDetailsDialog profile={profile} sections={editableSections} onClose={close} />}
        {open === 'picture' && <PictureEditor userId={profile.id} onClose={close} onSaved={() => setPictureVersion(Date.now())} />}
      </Suspense>
    </div>
  );
}

/** spec §2 'Profile page' (profile/{id}). */
export default function ProfilePage() {
  const styles = useStyles();
  const { id } = useParams();
  const navigate = useNavigate();
  const setSearch = useSetAtom(globalSearchAtom);
  const actor = useAtomValue(userAtom);
  const notify = useNotify();
  const profile = useProfile(Number(id));
  const [cvOpen, setCvOpen] = useState(false);
  const name = profile.data?.user.name;
  const offline = useOffline();

  const exportExcel = async () => {
    if (!profile.data) return;
    const result = await getTransport().download(`/exports/users/${profile.data.user.id}.xlsx`, userExportFile(profile.data.user.name));
    if (result.status === 'failed') notify.failure(result.message);
  };

  const actions = (
    <div className={styles.actions}>
      {/* spec §2: back to the team page clears the search */}
      <Button icon={<ArrowLeftRegular />} onClick={() => { setSearch(''); navigate(PATHS.team); }}>Back</Button>
      {/* 'Copy link': a link to this profile */}
      {profile.data && <CopyLinkButton appPath={profilePath(profile.data.user.id)} />}
      {profile.data && <OpenInDesktopApp appPath={profilePath(profile.data.user.id)} />}
      {name && hasCapability(actor, 'EXPORT_USERS') && <Button icon={<ArrowDownloadRegular />} disabled={offline} onClick={() => void exportExcel()}>Export to excel</Button>}
      {name && hasCapability(actor, 'DOWNLOAD_CV') && <Button icon={<DocumentPdfRegular />} disabled={offline} onClick={() => setCvOpen(true)}>Export CV</Button>}
    </div>
  );

  return (
    <PageFrame title="Profile" actions={actions}>
      <OfflineBanner what={OFFLINE_VIEWS.profile} />
      {profile.isPending ? (
        <Spinner label="Loading profile…" />
      ) : profile.isError ? (
        <EmptyState title="This profile could not be loaded">{errorText(profile.error)}</EmptyState>
      ) : actor ? (
        <ProfileBody key={profile.data.user.id} profile={profile.data.user} actor={actor} />
      ) : null}
      {cvOpen && profile.data && (
        <Suspense fallback={null}><CvPreviewDialog profile={profile.data.user} onClose={() => setCvOpen(false)} /></Suspense>
      )}
    </PageFrame>
  );
}
