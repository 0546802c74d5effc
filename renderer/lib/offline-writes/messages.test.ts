import { describe, expect, it } from 'vitest';
import { queueAnnouncement, queueSummary } from './messages';

const q = (status: 'queued' | 'refused') => ({ status });

describe('offline write queue texts', () => {
  it('counts waiting and refused changes apart', () => {
    expect(queueSummary([q('queued')])).toBe('1 change waiting to be sent');
    expect(queueSummary([q('queued'), q('queued')])).toBe('2 changes waiting to be sent');
    expect(queueSummary([q('queued'), q('refused')])).toBe('1 change waiting to be sent, 1 change refused by the hub');
    expect(queueSummary([q('refused'), q('refused')])).toBe('2 changes refused by the hub');
    expect(queueSummary([])).toBe('');
  });

  it('says what the hub did with the queue, not what the person did', () => {
    expect(queueAnnouncement({ waiting: 0, refused: 0 }, { waiting: 1, refused: 0 }, 1)).toBe('The change was sent.');
    expect(queueAnnouncement({ waiting: 0, refused: 0 }, { waiting: 3, refused: 0 }, 3)).toBe('3 changes were sent.');
    expect(queueAnnouncement({ waiting: 1, refused: 0 }, { waiting: 3, refused: 0 }, 2)).toBe('2 changes sent, 1 still waiting.');
    expect(queueAnnouncement({ waiting: 0, refused: 1 }, { waiting: 2, refused: 0 }, 1)).toBe('The change was sent. The hub refused 1 change: see the changes waiting to be sent.');
    expect(queueAnnouncement({ waiting: 0, refused: 1 }, { waiting: 1, refused: 0 }, 0)).toBe('The hub refused 1 change: see the changes waiting to be sent.');
    // a cancel, a dismissed refusal, a new change kept: nothing to hear
    expect(queueAnnouncement({ waiting: 0, refused: 0 }, { waiting: 0, refused: 1 }, 0)).toBe('');
    expect(queueAnnouncement({ waiting: 1, refused: 0 }, { waiting: 2, refused: 0 }, 0)).toBe('');
    expect(queueAnnouncement({ waiting: 2, refused: 0 }, { waiting: 1, refused: 0 }, 0)).toBe('');
  });
});
