// The Model Context Protocol SDK, in a chunk of its own (scripts/build.mjs): only `kdiag mcp` loads it.
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { z } from 'zod';
