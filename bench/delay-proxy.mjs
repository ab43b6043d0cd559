// A TCP proxy on loopback that delays every chunk by half the round-trip time in each direction, to
// measure commands at a given network latency against the real test API server.
// Run: node bench/delay-proxy.mjs TARGET_HOST TARGET_PORT RTT_MS — prints the port it listens on.
import net from 'node:net';

const [host, port, rtt] = [process.argv[2] ?? '127.0.0.1', Number(process.argv[3] ?? 6443), Number(process.argv[4] ?? 50)];
const half = rtt / 2;
const server = net.createServer((client) => {
  const upstream = net.connect(port, host);
  const pipe = (from, to) => {
    from.on('data', (d) => setTimeout(() => to.write(d), half));
    from.on('end', () => setTimeout(() => to.end(), half));
    from.on('error', () => to.destroy());
  };
  pipe(client, upstream);
  pipe(upstream, client);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
