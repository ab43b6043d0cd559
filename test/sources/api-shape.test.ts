// What kdiag accepts as a list page from an API server. The real kube-apiserver writes an empty typed list as
// `items: []`, but an empty metadata-only list (PartialObjectMetadataList, how kdiag lists Secrets without their
// data) as `items: null`: it builds that list item by item (seen on the test cluster, a namespace with no Secret).
import { describe, expect, it } from 'vitest';
import { checkListPage } from '../../src/sources/cluster/api-shape.js';

const meta = { resourceVersion: '7' };

describe('checkListPage', () => {
  it('an empty metadata-only list written with items: null is an empty list', () => {
    const page = checkListPage({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: meta, items: null }, 'Secret', 'https://s', 'secrets in namespace shop', 'shop');
    expect(page.items).toEqual([]);
  });

  it('near miss: a typed list with items: null is an answer kdiag cannot read', () => {
    expect(() => checkListPage({ kind: 'SecretList', apiVersion: 'v1', metadata: meta, items: null }, 'Secret', 'https://s', 'secrets in namespace shop', 'shop')).toThrow(/items is null/);
  });

  it('near miss: a metadata-only list with no items field at all is still refused', () => {
    expect(() => checkListPage({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: meta }, 'Secret', 'https://s', 'secrets in namespace shop', 'shop')).toThrow(/has no items/);
  });
});
