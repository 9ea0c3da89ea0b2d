/**
 * Who may talk to a server bound to 127.0.0.1: the checks the browser-mode host and the bus server share.
 * A web page the user visits can open a WebSocket to any local port; only its Origin and Host give it away.
 */

/** The origins a browser may connect from: the server's own address, by IP or by localhost. */
export function allowedOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** Is this Host header the server's own loopback address? Anything else is a DNS-rebinding page or a proxy. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  return allowedOrigins(port).includes(`http://${host ?? ''}`);
}

/** Is the address one of this machine's loopback addresses (where the Host check applies)? */
export function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}
