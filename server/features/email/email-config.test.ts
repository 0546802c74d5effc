import { describe, expect, it } from 'vitest';
import { describeConfig, emailConfigFromEnv } from './email-config';
import { deliveryOfError } from './email-transport';

const base = { HUB_SMTP_URL: 'smtp://hub:secret@mail.company.example:587', HUB_MAIL_FROM: 'Bitstone Hub <hub@company.example>', HUB_PUBLIC_URL: 'https://hub.company.example/' };

describe('emailConfigFromEnv', () => {
  it('is off without HUB_SMTP_URL, and refuses the other settings alone', () => {
    expect(emailConfigFromEnv({})).toBeNull();
    expect(() => emailConfigFromEnv({ HUB_MAIL_FROM: base.HUB_MAIL_FROM })).toThrow(/need HUB_SMTP_URL/);
  });

  it('requires STARTTLS to a relay elsewhere, not to a loopback one, and hides the password', () => {
    const config = emailConfigFromEnv(base)!;
    expect(config).toMatchObject({ host: 'mail.company.example', port: 587, secure: false, requireTls: true, user: 'hub', password: 'secret', fromDomain: 'company.example', publicUrl: 'https://hub.company.example' });
    expect(JSON.stringify(describeConfig(config))).not.toContain('secret');
    expect(describeConfig(config).security).toBe('starttls');
    expect(emailConfigFromEnv({ ...base, HUB_SMTP_URL: 'smtp://127.0.0.1:2525' })!.requireTls).toBe(false);
    expect(emailConfigFromEnv({ ...base, HUB_SMTP_URL: 'smtps://mail.company.example' })).toMatchObject({ secure: true, port: 465, requireTls: false });
  });

  it('stops on a setting that is there and wrong', () => {
    expect(() => emailConfigFromEnv({ ...base, HUB_SMTP_URL: 'http://mail' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => emailConfigFromEnv({ ...base, HUB_MAIL_FROM: 'Bitstone Hub' })).toThrow(/HUB_MAIL_FROM/);
    expect(() => emailConfigFromEnv({ ...base, HUB_PUBLIC_URL: '' })).toThrow(/HUB_PUBLIC_URL/);
    expect(() => emailConfigFromEnv({ ...base, HUB_DKIM_DOMAIN: 'company.example' })).toThrow(/DKIM/);
  });
});

describe('deliveryOfError', () => {
  it('fails a 5xx refusal at once and retries everything else', () => {
    expect(deliveryOfError({ responseCode: 550, response: '550 No such mailbox' })).toEqual({ outcome: 'failed', error: '550 No such mailbox' });
    expect(deliveryOfError({ responseCode: 451, response: '451 Try again later' }).outcome).toBe('retry');
    expect(deliveryOfError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({ outcome: 'retry', error: 'ECONNECTION: connect ECONNREFUSED 127.0.0.1:25' });
  });
});
