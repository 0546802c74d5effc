import { describe, expect, it, vi } from 'vitest';
import { sanitizeFileName, saveFile, type SaveFileDeps } from '../../electron/save-file';

vi.mock('electron', () => ({}));

const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

function deps(choice: { canceled: boolean; filePath?: string }, writeFile: SaveFileDeps['writeFile'] = vi.fn(async () => {})) {
  return {
    dialog: { showSaveDialog: vi.fn(async () => ({ canceled: choice.canceled, filePath: choice.filePath ?? '' })) },
    writeFile,
    window: null,
    defaultDir: '/home/ada/Downloads',
  } satisfies SaveFileDeps;
}

describe('save file', () => {
  it('writes the bytes where the user chose and says so', async () => {
    const d = deps({ canceled: false, filePath: '/home/ada/Documents/Ada_CV.pdf' });
    expect(await saveFile(d, { suggestedName: 'Ada_CV.pdf', bytes })).toEqual({ status: 'saved', path: '/home/ada/Documents/Ada_CV.pdf' });
    expect(d.writeFile).toHaveBeenCalledWith('/home/ada/Documents/Ada_CV.pdf', bytes);
    expect(d.dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: '/home/ada/Downloads/Ada_CV.pdf' }));
  });

  it('reports a cancelled dialog and writes nothing', async () => {
    const d = deps({ canceled: true });
    expect(await saveFile(d, { suggestedName: 'users.xlsx', bytes })).toEqual({ status: 'cancelled' });
    expect(d.writeFile).not.toHaveBeenCalled();
  });

  it('reports a failed write with a message, not an exception', async () => {
    const failing = vi.fn(async () => {
      throw Object.assign(new Error("EACCES: permission denied, open '/root/x'"), { code: 'EACCES' });
    });
    const result = await saveFile(deps({ canceled: false, filePath: '/root/x.xlsx' }, failing), { suggestedName: 'x.xlsx', bytes });
    expect(result).toEqual({ status: 'failed', message: 'The file could not be saved there: permission denied.' });
  });

  it('offers only a file name, never a path the renderer or hub chose', async () => {
    const d = deps({ canceled: true });
    await saveFile(d, { suggestedName: '../../.ssh/authorized_keys', bytes });
    const options = d.dialog.showSaveDialog.mock.calls[0] as unknown as [{ defaultPath: string }];
    expect(options[0].defaultPath).toBe('/home/ada/Downloads/_.._.ssh_authorized_keys');
  });

  it.each([
    ['Ada Lovelace_CV.pdf', 'Ada Lovelace_CV.pdf'],
    ['..\\..\\Windows\\win.ini', '_.._Windows_win.ini'],
    ['/etc/passwd', '_etc_passwd'],
    ['a<b>c:d"e|f?g*h.xlsx', 'a_b_c_d_e_f_g_h.xlsx'],
    ['.bashrc', 'bashrc'],
    ['report. ', 'report'],
    ['', 'download'],
    ['...', 'download'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
  ])('sanitises %j to %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });
});
