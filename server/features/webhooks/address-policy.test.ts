import { describe, expect, it } from 'vitest';
import { AddressRefused, forbiddenAddress, parseAllowHosts, urlProblem, type Resolve } from './address-policy';
import { postWebhook, type Connector } from './webhook-transport';

// The address policy against a stub resolver: nothing here may open a connection, so the
// connector fails the test if it is ever called.

const INWARD = ['10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', 'fd00::1', '::1', '127.0.0.2'];
const never: Connector = () => expect.fail('the policy let a delivery connect to an inward address');
const answering = (...addresses: string[]): Resolve => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the webhook address policy', () => {
  it.each(INWARD)('refuses a name resolving to %s without connecting', async (address) => {
    await expect(postWebhook('https://hooks.example.com/in', '{}', {}, { allowHosts: [], resolve: answering(address), connect: never })).rejects.toBeInstanceOf(AddressRefused);
  });

  it('refuses a name one of whose answers is inward (a rebinding name)', async () => {
    await expect(postWebhook('https://hooks.example.com/in', '{}', {}, { allowHosts: [], resolve: answering('93.184.215.14', '10.0.0.1'), connect: never })).rejects.toThrow(/10\.0\.0\.1/);
  });

  it.each([
    '10.1.2.3', '172.31.255.255', '192.168.0.1', '100.64.0.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:a00:1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1',
  ])('counts %s as inward', (address) => {
    expect(forbiddenAddress(address)).not.toBeNull();
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(forbiddenAddress(address)).toBeNull();
  });

  it('refuses address literals and plain http before resolving anything', async () => {
    const resolve: Resolve = () => expect.fail('resolved a literal');
    for (const url of ['https://10.0.0.1/', 'https://[::1]/', 'https://[::ffff:192.168.1.1]/', 'https://169.254.169.254/latest/meta-data', 'http://hooks.example.com/']) {
      await expect(postWebhook(url, '{}', {}, { allowHosts: [], resolve, connect: never })).rejects.toBeInstanceOf(AddressRefused);
    }
  });

  it('lets an allowed host through, plain http included, to the address it checked', async () => {
    let connected: string | null = null;
    const connect: Connector = async ({ address }) => {
      connected = address.address;
      return { statusCode: 204, body: '' };
    };
    const allowHosts = parseAllowHosts(' Receiver.Internal , 127.0.0.1');
    expect(allowHosts).toEqual(['receiver.internal', '127.0.0.1']);
    await postWebhook('http://receiver.internal:8080/in', '{}', {}, { allowHosts, resolve: answering('127.0.0.1'), connect });
    expect(connected).toBe('127.0.0.1');
  });

  it('tells an admin what is wrong with an address as they type it', () => {
    expect(urlProblem(new URL('http://hooks.example.com/'), [])).toBe('https');
    expect(urlProblem(new URL('https://user:pw@hooks.example.com/'), [])).toBe('credentials');
    expect(urlProblem(new URL('https://192.168.1.1/'), [])).toBe('internal');
    expect(urlProblem(new URL('https://localhost/'), [])).toBe('internal');
    expect(urlProblem(new URL('https://hooks.example.com/'), [])).toBeNull();
    expect(urlProblem(new URL('http://127.0.0.1:9/'), ['127.0.0.1'])).toBeNull();
  });
});
