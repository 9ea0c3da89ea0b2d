import { createServer, type AddressInfo } from 'node:net';

/** A loopback port nothing listens on (bound, then closed): what a dead server looks like to a client. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
