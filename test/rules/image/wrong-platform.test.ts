import rule from '../../../src/rules/image/wrong-platform.js';
import { IMAGE, node } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { failingPull, resolveError } from './pulling.js';

runRuleTests(rule, {
  valid: [
    { name: 'a plain missing tag', objects: failingPull(`rpc error: code = NotFound desc = ${resolveError(`${IMAGE}: not found`)}`) },
    { name: 'a manifest unknown from CRI-O', objects: failingPull(`initializing source docker://${IMAGE}: reading manifest 1.4.2 in 127.0.0.1:5000/shop/api: manifest unknown`) },
  ],
  invalid: [
    {
      name: 'containerd: no match for platform in manifest',
      objects: [...failingPull(`rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": no match for platform in manifest: not found`), node()],
      expect: [{ severity: 'error', message: /no variant for node node-1's platform linux\/amd64/, evidence: 'architecture', remediation: 'docker buildx build --platform linux/amd64' }],
    },
    {
      name: 'containerd with the digest',
      objects: failingPull(`failed to pull and unpack image "${IMAGE}": no match for platform in manifest sha256:3f1e6a0b5c9d2e7f8a1b4c6d9e0f2a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3e5f: not found`),
      expect: [{ message: 'no match for platform' }],
    },
    {
      name: 'CRI-O manifest list',
      objects: failingPull(`choosing an image from manifest list docker://${IMAGE}: no image found in manifest list for architecture "arm64", variant "v8", OS "linux"`),
      expect: [{ message: 'for architecture "arm64"' }],
    },
  ],
});
