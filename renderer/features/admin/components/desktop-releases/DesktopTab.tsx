import { makeStyles, mergeClasses, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useDesktopReleases } from '../../api/desktop-releases';
import { useTableStyles } from '../admin-table';
import { ConnectedVersions } from './ConnectedVersions';
import { ReleasesTable } from './ReleasesTable';
import { ReleaseUpload } from './ReleaseUpload';

const useStyles = makeStyles({
  panel: { gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * Admin → Desktop app: the hub is the app's update server. The releases it serves, the
 * required mark, publishing by upload, and the app versions signed in now.
 */
export function DesktopTab() {
  const styles = useStyles();
  const table = useTableStyles();
  const releases = useDesktopReleases();
  const noFolder = releases.data?.folder === false;
  return (
    <div className={mergeClasses(table.panel, styles.panel)}>
      <section className={styles.section} aria-labelledby="desktop-releases-title">
        <Text as="h2" size={400} weight="semibold" id="desktop-releases-title">Releases</Text>
        <ReleasesTable query={releases} />
        <Text block className={table.muted}>
          To publish one, build it with <code>npm run dist</code>, then upload <code>latest*.yml</code> with the installers and <code>.blockmap</code> files it names, or copy them into the hub’s releases folder.
        </Text>
      </section>
      <section className={styles.section} aria-labelledby="desktop-upload-title">
        <Text as="h2" size={400} weight="semibold" id="desktop-upload-title">Publish a release</Text>
        {noFolder
          ? <MessageBar intent="info"><MessageBarBody>This hub serves no desktop releases: it was started with HUB_RELEASES_DIR=0.</MessageBarBody></MessageBar>
          : <ReleaseUpload />}
      </section>
      <section className={styles.section} aria-labelledby="desktop-connected-title">
        <Text as="h2" size={400} weight="semibold" id="desktop-connected-title">Connected app versions</Text>
        <ConnectedVersions />
      </section>
    </div>
  );
}
