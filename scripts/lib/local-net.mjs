// Small helpers the bench scripts share: waiting, and a free local port for a process they start.
import net from 'node:net';

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it).
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // Listening on a TCP port, the address is an AddressInfo (a string would be a pipe's path).
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error(`not a TCP address: ${address}`)),
      );
    });
  });
