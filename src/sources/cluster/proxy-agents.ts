// The proxy agents client-node itself uses for `proxy-url` (bundled with it; loaded only when a cluster has one).
export { HttpProxyAgent, HttpsProxyAgent } from 'hpagent';
export { SocksProxyAgent } from 'socks-proxy-agent';
