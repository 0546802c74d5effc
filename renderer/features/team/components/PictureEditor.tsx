import { useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Slider, Text, tokens,
} from '@fluentui/react-components';
import { PICTURE_MESSAGES } from '../../../../shared/rules/people-messages';
import { errorText } from '../../../lib/api';
import { NestedAlert } from '../../../lib/components/NestedAlert';
import { useNotify } from '../../../lib/toast';
import { useUploadPicture } from '../api/picture';
import { clampCrop, initialCrop, pictureProblem, renderCrop, zoomCrop, type Crop } from './picture-crop';

const VIEW = 360; // the longest side of the preview, in CSS pixels

const useStyles = makeStyles({
  stage: { position: 'relative', margin: '0 auto', overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground3, touchAction: 'none', userSelect: 'none' },
  image: { display: 'block', width: '100%', height: '100%' },
  // over the picture, not the page: a white frame on the dimmed rest reads in every theme;
  // forced colours drop the shadow, so the frame takes the system's highlight there
  box: {
    position: 'absolute', outline: `2px solid ${tokens.colorNeutralForegroundStaticInverted}`, boxShadow: `0 0 0 9999px ${tokens.colorBackgroundOverlay}`, cursor: 'move',
    '@media (forced-colors: active)': { outlineColor: 'Highlight' },
  },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface Loaded { file: File; image: HTMLImageElement; url: string }

/** spec §2/§5 picture editor: choose, crop at 0.8, scale to 400x600, upload; errors in 'Error Message'. */
export default function PictureEditor({ userId, onClose, onSaved }: { userId: number; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const upload = useUploadPicture(userId);
  const input = useRef<HTMLInputElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [zoom, setZoom] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);

  useEffect(() => () => { if (loaded) URL.revokeObjectURL(loaded.url); }, [loaded]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    const problem = pictureProblem(file);
    if (problem || !file) {
      setError(problem);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setLoaded({ file, image, url });
      setCrop(initialCrop(image.naturalWidth, image.naturalHeight));
      setZoom(1);
    };
    image.onerror = () => setError(PICTURE_MESSAGES.type); // a .png that is not an image
    image.src = url;
  };

  const scale = loaded ? VIEW / Math.max(loaded.image.naturalWidth, loaded.image.naturalHeight) : 1;
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!crop) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !loaded) return;
    const start = drag.current;
    const moved = { ...start.crop, x: start.crop.x + (e.clientX - start.x) / scale, y: start.crop.y + (e.clientY - start.y) / scale };
    setCrop(clampCrop(moved, loaded.image.naturalWidth, loaded.image.naturalHeight));
  };

  const save = async () => {
    if (!loaded || !crop) {
      setError(pictureProblem(null));
      return;
    }
    try {
      const blob = await renderCrop(loaded.image, crop, loaded.file.type === 'image/png' ? 'image/png' : 'image/jpeg');
      await upload.mutateAsync(blob);
      notify.success();
      onSaved();
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Update photo</DialogTitle>
            <DialogContent className={styles.body}>
              <input ref={input} type="file" accept="image/jpeg,image/png,.jpg,.jpeg,.png" hidden aria-label="Picture file" onChange={(e) => choose(e.target.files?.[0])} />
              <Button onClick={() => input.current?.click()}>{loaded ? 'Choose another picture' : 'Choose a picture'}</Button>
              {loaded && crop ? (
                <>
                  <div className={styles.stage} style={{ width: loaded.image.naturalWidth * scale, height: loaded.image.naturalHeight * scale }}>
                    <img className={styles.image} src={loaded.url} alt="Chosen picture" draggable={false} />
                    <div
                      className={styles.box}
                      data-testid="crop-box"
                      style={{ left: crop.x * scale, top: crop.y * scale, width: crop.width * scale, height: crop.height * scale }}
                      onPointerDown={onPointerDown}
                      onPointerMove={onPointerMove}
                      onPointerUp={() => { drag.current = null; }}
                    />
                  </div>
                  <Field label="Zoom">
                    <Slider min={1} max={4} step={0.1} value={zoom} onChange={(_, d) => {
                      setZoom(d.value);
                      setCrop(zoomCrop(crop, d.value, loaded.image.naturalWidth, loaded.image.naturalHeight));
                    }} />
                  </Field>
                </>
              ) : (
                <Text>JPEG or PNG, at most 1MB. Drag the frame to choose what shows.</Text>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button appearance="primary" disabledFocusable={upload.isPending} onClick={() => void save()}>{upload.isPending ? 'Saving…' : 'Save'}</Button>
            </DialogActions>
          </DialogBody>
          <NestedAlert open={error !== null} title="Error Message" onClose={() => setError(null)}>{error}</NestedAlert>
        </DialogSurface>
      </Dialog>
    </>
  );
}
